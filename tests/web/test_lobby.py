"""The lobby as a compact table: filtered by game, status, open seats and the browser's own
matches, searched by match id or player, a page at a time; a finished match tells its result,
and "My seat" shows only where this browser holds one."""

import re
import time
from pathlib import Path

import httpx
from playwright.async_api import Browser, Page, expect

from services.gateway import api
from tests.stack import Stack
from tests.web.test_browser import PHONE, SHORT_GAME, WAIT_MS, _join, _open, _until_ruled

PAGE_ROWS = 25  # services.web.lobby


def _finished(stack: Stack, match_id: str) -> dict:
    deadline = time.monotonic() + WAIT_MS / 1000
    while (row := httpx.get(f"{stack.gateway}/matches/{match_id}").json())["status"] != "finished":
        assert time.monotonic() < deadline, row
        time.sleep(0.1)
    return row


async def _rows(page: Page) -> list[str]:
    return [await r.get_attribute("data-match") or "" for r in await page.locator("tr.match").all()]


async def _statuses(page: Page) -> set[str]:
    return {
        await r.get_attribute("data-status") or "" for r in await page.locator("tr.match").all()
    }


async def test_the_lobby_filters_searches_and_pages(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    gateway = shared_stack.gateway
    bots = [api.BotSeat(0, "greedy"), api.BotSeat(1, "greedy")]
    done = _open(shared_stack, 2, bots, SHORT_GAME)
    open_realms = _open(shared_stack, 2, [api.BotSeat(1, "greedy")], "star-realms")
    mine = _open(shared_stack, 2, [api.BotSeat(1, "greedy")], "core-worlds")
    page = await (await browser.new_context()).new_page()
    await _join(page, shared_stack, mine, 0, "Ada Lovelace")
    ended = _finished(shared_stack, done)

    # game, from the form
    await page.goto(f"{gateway}/web/")
    await page.get_by_label("Game").select_option("star-realms")
    await page.get_by_role("button", name="Find").click()
    await page.wait_for_url(re.compile(r".*/web/\?game=star-realms&"))
    assert open_realms in await _rows(page) and mine not in await _rows(page)
    await expect(page.locator('tr.match:not([data-game="star-realms"])')).to_have_count(0)
    # status and open seats
    await page.goto(f"{gateway}/web/?status=finished")
    assert done in await _rows(page) and await _statuses(page) == {"finished"}
    finished = page.locator(f'tr.match[data-match="{done}"]')
    scores = "\N{EN DASH}".join(map(str, ended["scores"]))
    await expect(finished.locator(".result")).to_have_text(
        f"Won by bot:greedy (seat {ended['winners'][0]}) ({scores})"
    )
    await page.goto(f"{gateway}/web/?open=1")
    assert open_realms in await _rows(page) and mine not in await _rows(page)
    with_open_seats = page.locator("tr.match:has(.seat.open)")
    assert await page.locator("tr.match").count() == await with_open_seats.count()
    # mine, and "My seat" only there
    await page.goto(f"{gateway}/web/?mine=1")
    assert await _rows(page) == [mine]
    await page.goto(f"{gateway}/web/")
    my_seats = page.get_by_role("link", name="My seat")
    await expect(my_seats).to_have_count(1)
    await my_seats.click()
    await page.wait_for_url(f"**/matches/{mine}/seat")
    # search by a player, any case, or by the match id
    await page.goto(f"{gateway}/web/")
    await page.get_by_label("Match or player").fill("ada love")
    await page.get_by_label("Match or player").press("Enter")
    await page.wait_for_url(re.compile(r".*/web/\?.*q=ada\+love"))
    assert await _rows(page) == [mine]
    await page.goto(f"{gateway}/web/?q={open_realms.upper()}")
    assert open_realms in await _rows(page) and mine not in await _rows(page)
    await expect(page.locator('tr.match:not([data-game="star-realms"])')).to_have_count(0)
    # a match its organiser named: listed and found by its name
    body = {"game": SHORT_GAME, "seats": 2, "name": "League week 3: Ann v Bob"}
    named = httpx.post(f"{gateway}/matches", json=body, headers=shared_stack.organiser()).json()
    _until_ruled(shared_stack, named["match_id"], named["decision_id"])
    assert httpx.get(f"{gateway}/matches/{named['match_id']}").json()["name"] == body["name"]
    await page.goto(f"{gateway}/web/?q=WEEK+3")
    assert await _rows(page) == [named["match_id"]]
    await expect(page.locator("tr.match td").first).to_contain_text("League week 3: Ann v Bob")
    await page.goto(f"{gateway}/web/?q=%25")  # a % is a character searched for, no wildcard
    assert await _rows(page) == []
    await page.screenshot(path=screenshots / "lobby-nothing-found.png", full_page=True)

    # a page at a time, the filters kept from page to page
    waiting = [_open(shared_stack, 2, [], SHORT_GAME) for _ in range(PAGE_ROWS + 1)]
    await page.goto(f"{gateway}/web/?game={SHORT_GAME}&open=1")
    await expect(page.locator("#found")).to_contain_text("page 1 of ")  # other tests' too
    first = await _rows(page)
    assert len(first) == PAGE_ROWS and waiting[::-1][:PAGE_ROWS] == first
    await page.screenshot(path=screenshots / "lobby.png", full_page=True)
    await page.get_by_role("link", name="Older").click()
    await page.wait_for_url(f"**/web/?game={SHORT_GAME}&open=1&page=2")
    await expect(page.locator("#found")).to_contain_text("page 2 of ")
    second = await _rows(page)
    assert second[0] == waiting[0] and not set(first) & set(second)
    await page.set_viewport_size(PHONE)
    await page.goto(f"{gateway}/web/")
    assert await page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    await page.screenshot(path=screenshots / "lobby-phone.png", full_page=True)
    await page.context.close()
