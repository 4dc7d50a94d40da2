"""One identity, every face: a seat held from the command line opens in a browser through
`starledger match open`'s link, once (its page only shows a button, so fetching it spends
nothing), and never after it expired; a name typed in the lobby's join becomes a player, whose
seat is in My games and whose token the page hands to the command line."""

import time
from datetime import datetime
from urllib.parse import quote

import httpx
import pytest
from playwright.async_api import Browser, expect

from services.cli import main
from tests.stack import Stack
from tests.web.test_browser import SHORT_GAME, WAIT_MS, _join, _open, _until_ruled


def _cli_player_at_seat_0(stack: Stack) -> tuple[str, str]:
    """A match whose seat 0 a player joined from the command line: the match, its token."""
    match_id = _open(stack, 2, [], SHORT_GAME)
    made = httpx.post(f"{stack.gateway}/players", json={"name": "cato"}).json()
    me = {"authorization": f"Bearer {made['token']}"}
    joined = httpx.post(
        f"{stack.gateway}/matches/{match_id}/join", json={"seat": 0}, headers=me
    ).json()
    assert _until_ruled(stack, match_id, joined["decision_id"], 0)["status"] == "accepted"
    return match_id, made["token"]


def _link(stack: Stack, match_id: str, token: str, expires_s: int) -> dict:
    made = httpx.post(
        f"{stack.gateway}/matches/{quote(match_id, safe='')}/seat/link",
        json={"expires_s": expires_s},
        headers={"authorization": f"Bearer {token}"},
    )
    assert made.status_code == 201, made.text
    return dict(made.json())


async def test_a_command_line_seat_opens_in_the_browser_once_through_its_link(
    shared_stack: Stack,
    browser: Browser,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    stack = shared_stack
    match_id, token = _cli_player_at_seat_0(stack)
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv("STARLEDGER_PLAYER_TOKEN", token)
    assert main(["match", "open", match_id]) == 0
    link = capsys.readouterr().out.split()[-1]
    assert link.startswith(f"{stack.gateway}/web/matches/{match_id}/seat/link/")

    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(link)
    await page.goto(link)  # a link scanner's fetch spends nothing: the page only shows a button
    await page.get_by_role("button", name="Sign in to seat 0").click()
    await page.wait_for_url(f"{stack.gateway}/web/matches/{match_id}/seat")
    await expect(page.locator("#live")).to_be_visible(timeout=WAIT_MS)
    [cookie] = [c for c in await context.cookies() if c["name"] == "seat"]
    assert (cookie["httpOnly"], cookie["sameSite"]) == (True, "Strict")
    assert cookie["path"] == f"/web/matches/{match_id}"
    assert cookie["value"] != token

    again = await (await browser.new_context()).new_page()
    assert (await again.goto(link)).status == 410  # type: ignore[union-attr]
    spent = await again.request.post(link, headers={"origin": stack.gateway})
    assert spent.status == 410

    # the organiser revokes the seat's tokens: the browser's, made by the link, stops too
    revoked = httpx.post(
        f"{stack.gateway}/matches/{match_id}/seats/0/revoke", headers=stack.organiser()
    )
    assert revoked.status_code == 200 and revoked.json()["revoked"] >= 2
    assert (await page.goto(f"{stack.gateway}/web/matches/{match_id}/seat")).status == 401  # type: ignore[union-attr]


async def test_a_sign_in_link_is_refused_once_it_expired(
    shared_stack: Stack, browser: Browser
) -> None:
    stack = shared_stack
    match_id, token = _cli_player_at_seat_0(stack)
    made = _link(stack, match_id, token, expires_s=1)
    page = await (await browser.new_context()).new_page()
    await page.goto(f"{stack.gateway}{made['path']}")
    await expect(page.get_by_role("button", name="Sign in to seat 0")).to_be_visible()
    expires = datetime.fromisoformat(made["expires_at"]).timestamp()
    time.sleep(max(0.0, expires - time.time()) + 0.2)
    sign_in = page.get_by_role("button", name="Sign in to seat 0")
    async with page.expect_response(lambda r: r.request.method == "POST") as posted:
        await sign_in.click()
    assert (await posted.value).status == 410
    await expect(page.locator("main")).to_contain_text("unknown, used or expired")


async def test_a_name_given_in_the_lobby_becomes_a_player_with_the_seat_in_my_games(
    shared_stack: Stack, browser: Browser
) -> None:
    stack = shared_stack
    match_id = _open(stack, 2, [], SHORT_GAME)
    context = await browser.new_context()
    page = await context.new_page()
    await _join(page, stack, match_id, 0, "uma")
    [cookie] = [c for c in await context.cookies() if c["name"] == "player"]
    player = {"authorization": f"Bearer {cookie['value']}"}
    mine = httpx.get(f"{stack.gateway}/players/me/matches", headers=player).json()
    assert [(m["match_id"], m["seat"]) for m in mine] == [(match_id, 0)]

    await page.goto(f"{stack.gateway}/web/me")
    await expect(page.locator("#me")).to_have_text("uma")
    await expect(page.locator(f'li.match[data-match="{match_id}"]')).to_be_visible()
    # taken to the command line: a new token shown once, the browser's old one stopped
    await page.get_by_role("button", name="Use this identity from the command line").click()
    shown = (await page.locator("#token").text_content() or "").strip()
    assert httpx.get(f"{stack.gateway}/players/me", headers=player).status_code == 401
    cli = {"authorization": f"Bearer {shown}"}
    assert httpx.get(f"{stack.gateway}/players/me", headers=cli).json()["name"] == "uma"
    await page.goto(f"{stack.gateway}/web/me")
    await expect(page.locator(f'li.match[data-match="{match_id}"]')).to_be_visible()
