"""Choices of several cards made by ticking them: Race for the Galaxy's opening discard (2 of
the 6 dealt) is six cards to tick and one button, not fifteen; ticked with the keyboard alone,
or posted from a page without JavaScript (even one loaded before another seat chose); too few
ticked is refused, saying how many."""

import time
from pathlib import Path

from playwright.async_api import Browser, Locator, Page, expect

from services.gateway import api
from tests.stack import Stack
from tests.web.test_browser import WAIT_MS, _join, _open

GAME = "race-for-the-galaxy"
DISCARD = "discard the 2 ticked"


def _hand_size(page: Page) -> Locator:
    mine = page.locator("#live section.part", has=page.locator("h3", has_text="(you)"))
    return mine.locator("dl.fields div", has=page.locator("dt", has_text="Hand")).locator("dd")


async def test_the_opening_discard_is_two_cards_ticked_with_the_keyboard(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    match_id = _open(shared_stack, 2, [api.BotSeat(1, "greedy")], GAME)
    page = await (await browser.new_context()).new_page()
    await _join(page, shared_stack, match_id, 0, "ada")
    boxes = page.locator("#live #picks input[name=card]")
    await expect(boxes).to_have_count(6)
    await expect(page.locator("#live form.options button")).to_have_text([DISCARD])
    await page.screenshot(path=screenshots / f"{GAME}-opening-discard.png", full_page=True)

    await boxes.first.check()
    await page.get_by_role("button", name=DISCARD).click()
    refused = page.locator("#rulings li").first
    await expect(refused).to_contain_text("tick 2 cards, not 1")
    await expect(refused).to_have_attribute("data-verdict", "refused")

    # the keyboard alone: from the first card, Tab to the second and tick it with Space, then
    # Tab on to the button and press Enter
    await boxes.first.focus()
    await page.keyboard.press("Tab")
    await page.keyboard.press("Space")
    await expect(boxes.nth(1)).to_be_checked()
    for _ in range(6):
        await page.keyboard.press("Tab")
        if await page.evaluate("document.activeElement.name") == "pick":
            break
    await page.keyboard.press("Enter")
    sent = page.locator("#rulings li").first
    await expect(sent).to_have_attribute("data-verdict", "accepted", timeout=WAIT_MS)
    await expect(sent).to_contain_text(DISCARD + ": ")  # and the two cards' names
    await expect(_hand_size(page)).to_have_text("4 cards", timeout=WAIT_MS)
    await page.context.close()


async def test_a_page_without_javascript_posts_the_ticked_cards_after_another_seat_chose(
    shared_stack: Stack, browser: Browser
) -> None:
    """Bea's sealed discard moves the match on but changes nothing Ada decides on: Ada's page,
    loaded before it and never refreshed, still posts her discard."""
    match_id = _open(shared_stack, 2, [], GAME)
    ada, bea = [
        await (await browser.new_context(java_script_enabled=False)).new_page() for _ in range(2)
    ]
    await _join(ada, shared_stack, match_id, 0, "ada")
    await _join(bea, shared_stack, match_id, 1, "bea")
    await ada.reload()  # both seats taken: the page Ada will post from
    for page in (bea, ada):
        boxes = page.locator("#live #picks input[name=card]")
        await boxes.nth(2).check()
        await boxes.nth(5).check()
        await page.get_by_role("button", name=DISCARD).click()
        await page.wait_for_url(f"**/{match_id}/seat")
    for page in (ada, bea):
        deadline = time.monotonic() + WAIT_MS / 1000
        while await _hand_size(page).inner_text() != "4 cards" and time.monotonic() < deadline:
            time.sleep(0.2)
            await page.reload()
        assert await _hand_size(page).inner_text() == "4 cards"
        await page.context.close()
