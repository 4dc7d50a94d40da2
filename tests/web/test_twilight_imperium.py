"""Twilight Imperium 3 as a player meets it in the browser: offered in the lobby's games, a
3-seat match with two greedy bots, and the seat page showing the galaxy as a hex map with the
sections beside it (its picture: `ti3-seat.png` in the run's screenshots)."""

import re
from pathlib import Path

from playwright.async_api import Browser, expect

from services.gateway import api
from tests.stack import Stack
from tests.web.test_browser import WAIT_MS, _join, _open

GAME = "twilight-imperium-3"
HEXES = 28  # the 3-player galaxy (RULES.md TI-G3)
SECTIONS = ("Game", "Players", "Systems with units", "Strategy cards", "Objectives")


async def test_a_seat_page_shows_the_galaxy_map_and_the_sections_beside_it(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    bots = [api.BotSeat(1, "greedy"), api.BotSeat(2, "greedy")]
    match_id = _open(shared_stack, 3, bots, GAME)
    page = await (await browser.new_context(viewport={"width": 1280, "height": 900})).new_page()
    await page.goto(f"{shared_stack.gateway}/web/")
    await expect(page.get_by_label("Game").get_by_role("option", name=GAME)).to_have_count(1)
    await _join(page, shared_stack, match_id, 0, "Ada Lovelace")

    cells = page.locator("figure.board svg g.cell")
    await expect(cells).to_have_count(HEXES, timeout=WAIT_MS)
    await expect(page.locator('g.cell[data-code="000"] text.title')).to_have_text("Mecatol Rex")
    titles = [await h.inner_text() for h in await page.locator("section.part h3").all()]
    assert set(SECTIONS) <= set(titles), titles
    # a home of several planets first shares its starting units out (TI-S4), else cards are picked
    first = page.locator("form.options button").first
    await expect(first).to_have_text(re.compile(r"^(station|pick) "), timeout=WAIT_MS)
    await page.screenshot(path=screenshots / "ti3-seat.png", full_page=True)
