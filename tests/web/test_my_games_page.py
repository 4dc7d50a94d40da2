"""My games in a real browser against the real stack: a new player is made on the page, its
token kept in an HttpOnly, SameSite=Strict cookie; a match waiting on the player is listed
first and counted in the title; the lobby's join claims a seat for the signed-in player; its
seat page plays with the player's cookie alone; signing
out and in again with the token works."""

import time
from pathlib import Path

import httpx
from playwright.async_api import Browser, expect

from tests.stack import Stack

WAIT_S = 60


def _open_against_a_bot(stack: Stack) -> str:
    body = {"game": "race-to-21", "seats": 2, "bots": [{"seat": 1, "bot": "pass"}]}
    opened = httpx.post(f"{stack.gateway}/matches", json=body, headers=stack.organiser()).json()
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        row = httpx.get(f"{stack.gateway}/matches/{opened['match_id']}")
        if row.status_code == 200 and row.json()["players"][1]:
            return str(opened["match_id"])
        time.sleep(0.1)
    raise AssertionError("the match never showed up")


async def test_my_games_lists_what_waits_and_plays_it_with_the_player_cookie(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    stack = shared_stack
    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(f"{stack.gateway}/web/me")
    await page.locator('form.new-player input[name="name"]').fill("ivy")
    await page.locator("form.new-player button").click()
    await expect(page.locator("#me")).to_have_text("ivy")
    token = (await page.locator("#token").text_content() or "").strip()
    [cookie] = [c for c in await context.cookies() if c["name"] == "player"]
    assert (cookie["httpOnly"], cookie["sameSite"], cookie["path"]) == (True, "Strict", "/web")
    assert token not in page.url

    waiting = _open_against_a_bot(stack)
    other = _open_against_a_bot(stack)
    me = {"authorization": f"Bearer {token}"}
    joined = httpx.post(f"{stack.gateway}/matches/{other}/join", json={"seat": 0}, headers=me)
    assert joined.status_code == 202, joined.text
    # the lobby's join, signed in, claims the seat for her under her name: no name to type
    await page.goto(f"{stack.gateway}/web/?q={waiting}")
    row = page.locator(f'tr.match[data-match="{waiting}"]')
    assert await row.locator('input[name="player"]').count() == 0
    await expect(row.locator("form.join")).to_contain_text("as ivy")
    await row.get_by_role("button", name="Join").click()
    await expect(page.locator("#live")).to_be_visible(timeout=WAIT_S * 1000)
    await page.goto(f"{stack.gateway}/web/me")
    # seat 0 plays first, so both wait on her: the title counts two
    deadline = time.monotonic() + WAIT_S
    while (title := await page.title()) != "(2) My games · Starledger":
        assert time.monotonic() < deadline, title
        await page.goto(f"{stack.gateway}/web/me")
    await page.screenshot(path=screenshots / "my-games.png", full_page=True)
    listed = page.locator("li.match")
    assert await listed.count() == 2
    assert await page.locator('li.match[data-waiting="true"]').count() == 2
    icon = page.locator('link[rel="icon"]')
    assert (await icon.get_attribute("href") or "").endswith("/favicon-waiting.svg")
    assert (await page.request.get(stack.gateway + (await icon.get_attribute("href") or ""))).ok

    # the seat page acts with the player cookie alone
    await page.locator(f'li.match[data-match="{waiting}"] a', has_text="Play").click()
    await expect(page.locator("#live")).to_have_attribute(
        "data-turn", "must", timeout=WAIT_S * 1000
    )

    # signing out forgets the cookie; the token signs in again
    await page.goto(f"{stack.gateway}/web/me")
    await page.get_by_role("button", name="Sign out").click()
    await expect(page.locator("form.sign-in")).to_be_visible()
    assert (await icon.get_attribute("href") or "").endswith("/favicon.svg")
    assert not [c for c in await context.cookies() if c["name"] == "player"]
    await page.locator('form.sign-in input[name="token"]').fill(token)
    await page.locator("form.sign-in button").click()
    await expect(page.locator("#me")).to_have_text("ivy")
    assert await page.locator("li.match").count() == 2
    await context.close()
