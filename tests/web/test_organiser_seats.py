"""The organiser's seat tools and message in a real browser against the real stack: an invite
code shown once opens its reserved seat in the lobby (and nothing else does), a message reaches
the seat pages' log, a replaced player's token stops acting while the newcomer signs in to the
seat with the token the page showed, and a seat handed to a bot is played by it, its former
player told so on the seat's page."""

import re
import time
from pathlib import Path

import httpx
from playwright.async_api import Browser, Page, expect

from tests.stack import Stack
from tests.web.test_browser import SHORT_GAME, WAIT_MS, _open, _page_path, _until_ruled

MESSAGE = "Round two starts Monday: play on, please."


async def _organiser_page(browser: Browser, stack: Stack, match_id: str) -> Page:
    page = await (await browser.new_context()).new_page()
    await page.goto(_page_path(stack, match_id, "organise"))
    await page.get_by_label("Organiser token").fill(stack.organiser_token)
    await page.get_by_role("button", name="Sign in").click()
    await page.wait_for_url(_page_path(stack, match_id, "organise"))
    return page


async def _ruled_accepted(page: Page) -> None:
    await expect(page.locator("#ruled")).to_have_attribute("data-verdict", "accepted")


async def _join_lobby(page: Page, stack: Stack, match_id: str, invite: str) -> None:
    await page.goto(f"{stack.gateway}/web/?q={match_id}")
    row = page.locator(f'tr.match[data-match="{match_id}"]')
    await row.locator('input[name="player"]').fill("ann")
    await row.locator('input[name="invite"]').fill(invite)
    await row.get_by_role("button", name="Join").click()


def _holder(stack: Stack, match_id: str, seat: int) -> str | None:
    holder: str | None = httpx.get(f"{stack.gateway}/matches/{match_id}").json()["players"][seat]
    return holder


def _until_held(stack: Stack, match_id: str, seat: int, wanted: str) -> None:
    deadline = time.monotonic() + WAIT_MS / 1000
    while _holder(stack, match_id, seat) != wanted:
        assert time.monotonic() < deadline, f"seat {seat} never went to {wanted}"
        time.sleep(0.1)


async def test_an_organiser_invites_messages_replaces_and_hands_a_seat_to_a_bot(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    stack = shared_stack
    match_id = _open(stack, 2, [], SHORT_GAME)
    organiser = await _organiser_page(browser, stack, match_id)

    # an invite reserves seat 0: the lobby's join takes it with the code alone
    await organiser.get_by_role("button", name="Invite a player to seat 0").click()
    code = (await organiser.locator("#invite-code").text_content() or "").strip()
    assert code and code not in organiser.url
    ann = await (await browser.new_context()).new_page()
    await _join_lobby(ann, stack, match_id, "not-the-code")
    await expect(ann.locator("#refusal")).to_contain_text("does not open seat 0")
    await _join_lobby(ann, stack, match_id, code)
    await ann.wait_for_url(_page_path(stack, match_id, "seat"))
    await expect(ann.locator("h1")).to_contain_text("you are ann")

    bob = httpx.post(
        f"{stack.gateway}/matches/{match_id}/join", json={"seat": 1, "player": "bob"}
    ).json()
    _until_ruled(stack, match_id, bob["decision_id"], 1)

    # a message to every player: ruled, then in ann's narrated log without a reload
    await organiser.goto(_page_path(stack, match_id, "organise"))
    await organiser.get_by_role("textbox", name="Message").fill(MESSAGE)
    await organiser.get_by_role("button", name="Send the message").click()
    await _ruled_accepted(organiser)
    await expect(ann.locator("#live")).to_contain_text(MESSAGE, timeout=WAIT_MS)

    # bob replaced by cy: bob's token stops acting; cy signs in with the token shown once
    row = organiser.locator('tr[data-seat="1"]')
    await row.get_by_label("New player").fill("cy")
    await row.get_by_role("button", name="Replace bob").click()
    await _ruled_accepted(organiser)
    token = (await organiser.locator("#seat-token").text_content() or "").strip()
    await organiser.screenshot(path=screenshots / "organise-replaced.png", full_page=True)
    bobs = {"authorization": f"Bearer {bob['token']}"}
    assert httpx.get(f"{stack.gateway}/matches/{match_id}/view", headers=bobs).status_code == 401
    cy = await (await browser.new_context()).new_page()
    await cy.goto(_page_path(stack, match_id, "seat"))
    await cy.get_by_label("Seat token").fill(bob["token"])
    await cy.get_by_role("button", name="Sign in").click()
    await expect(cy.locator("#refusal")).to_be_visible()
    await cy.goto(_page_path(stack, match_id, "seat"))
    await cy.get_by_label("Seat token").fill(token)
    await cy.get_by_role("button", name="Sign in").click()
    await cy.wait_for_url(_page_path(stack, match_id, "seat"))
    await expect(cy.locator("h1")).to_contain_text("you are cy (seat 1)")

    # cy's seat handed to the greedy bot, which then holds it
    await organiser.goto(_page_path(stack, match_id, "organise"))
    row = organiser.locator('tr[data-seat="1"]')
    await row.locator('select[name="level"]').select_option("greedy")
    await row.get_by_role("button", name="Hand cy's seat to a bot").click()
    await _ruled_accepted(organiser)
    _until_held(stack, match_id, 1, "bot:greedy")
    await organiser.screenshot(path=screenshots / "organise-seats.png", full_page=True)
    # cy's seat cookie now reads what the public reads, and tells cy why; the lobby row keeps
    # who played the seat before
    await cy.goto(_page_path(stack, match_id, "seat"))
    await expect(cy.locator(".handed-away")).to_have_text(
        "Your seat was handed to the greedy bot by the organiser."
    )
    former = httpx.get(f"{stack.gateway}/matches/{match_id}").json()["former"]
    assert former == [{"seat": 1, "player": "bob"}, {"seat": 1, "player": "cy"}]

    # each seat tool takes posts from the organiser's own page only
    [cookie] = await organiser.context.cookies()
    invite = _page_path(stack, match_id, "organise/invite")
    own = {"origin": stack.gateway, "cookie": f"organiser={cookie['value']}"}
    forged = httpx.post(invite, data={"csrf": "0" * 64, "seat": "0"}, headers=own)
    assert forged.status_code == 403
    for page in (organiser, ann, cy):
        await page.context.close()


async def test_an_organiser_opens_a_match_from_the_lobby(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    """The lobby's new match form: game, seats, a bot and its level, a clock; a setup its game
    refuses is told why and opens nothing."""
    stack = shared_stack
    page = await (await browser.new_context()).new_page()
    await page.goto(f"{stack.gateway}/web/")
    await page.get_by_role("link", name="Open a new match").click()
    await page.get_by_label("Organiser token").fill(stack.organiser_token)
    await page.get_by_role("button", name="Sign in").click()
    await page.wait_for_url(f"{stack.gateway}/web/matches/new")

    # the form is the chosen game's alone: its seats, its bots, its options
    await page.locator("form.choose-game select").select_option("star-realms")
    await page.wait_for_url("**/web/matches/new?game=star-realms")
    seats = page.locator('input[name="seats"]')
    assert (await seats.get_attribute("min"), await seats.get_attribute("max")) == ("2", "2")
    await expect(page.locator('select[name="seat2"]')).to_have_count(0)
    await expect(
        page.locator('input[name^="option."]:not([name^="option.star-realms."])')
    ).to_have_count(0)
    await seats.evaluate("box => box.removeAttribute('max')")  # as a hand-made post could
    await seats.fill("3")
    await page.locator('input[value="organise"]').check()
    await page.get_by_role("button", name="Open the match").click()
    await expect(page.locator("#refusal")).to_contain_text("seats")
    before = httpx.get(f"{stack.gateway}/matches").json()

    await page.goto(f"{stack.gateway}/web/matches/new?game={SHORT_GAME}")
    await page.locator('input[name="seats"]').fill("2")
    await page.locator('select[name="seat1"]').select_option("greedy")
    await page.locator('input[name="hours"]').fill("24")
    await page.locator('select[name="on_timeout"]').select_option("wait")
    await page.locator('select[name="messages"]').select_option("private")
    await page.get_by_label("a seat may leave a message unsigned").check()
    await page.locator('input[value="organise"]').check()
    await page.screenshot(path=screenshots / "new-match.png", full_page=True)
    await page.get_by_role("button", name="Open the match").click()
    await page.wait_for_url("**/organise?ruled=*")
    await _ruled_accepted(page)
    match_id = page.url.split("/matches/")[1].split("/")[0]
    assert match_id not in {row["match_id"] for row in before}
    _until_held(stack, match_id, 1, "bot:greedy")
    row = httpx.get(f"{stack.gateway}/matches/{match_id}").json()
    assert (row["game"], row["seats"], row["players"][0]) == (SHORT_GAME, 2, None)
    clock = row["clock"]
    assert (clock["per_decision_s"], clock["per"], clock["on_timeout"]) == (86_400, "turn", "wait")
    await page.goto(f"{stack.gateway}/web/?q={match_id}")  # the lobby tells its clock and bot
    listed = page.locator(f'tr.match[data-match="{match_id}"]')
    await expect(listed.locator(".clock")).to_have_text(
        "Clock: 24 h 0 min a turn; on a missed deadline, wait."
    )
    await expect(listed).to_contain_text("1: bot:greedy")
    await expect(listed.locator(".talk")).to_have_text(  # as the join form shows it
        "Messages: public and private messages, signed or anonymous."
    )

    # opened, it leads to the match: the organiser's own seat (the first no bot plays), or
    # the watch page
    for then, lands in (("seat", "seat"), ("watch", "watch")):
        await page.goto(f"{stack.gateway}/web/matches/new?game={SHORT_GAME}")
        await page.locator('select[name="seat0"]').select_option("greedy")
        await page.locator(f'input[value="{then}"]').check()
        if then == "seat":
            await page.get_by_label("Your name").fill("olga")
        await page.get_by_role("button", name="Open the match").click()
        await page.wait_for_url(re.compile(rf".*/web/matches/m-[0-9a-f]+/{lands}$"))
        await expect(page.locator("#live")).to_be_visible()
    assert await page.locator("#live").get_attribute("data-turn") == ""  # watching
    opened = page.url.split("/matches/")[1].split("/")[0]
    assert httpx.get(f"{stack.gateway}/matches/{opened}").json()["players"][1] is None
    await page.goto(f"{stack.gateway}/web/?mine=1")
    [seated] = await page.locator("tr.match").all()
    await expect(seated).to_contain_text("1: olga")
    await page.context.close()


async def test_the_new_match_form_opens_an_unrated_match_asking_a_minimum_reliability(
    shared_stack: Stack, browser: Browser
) -> None:
    """The form's "unrated" box and minimum reliability reach the match's creation: the lobby
    row says so, and the lobby page tells players before they join."""
    stack = shared_stack
    page = await (await browser.new_context()).new_page()
    await page.goto(f"{stack.gateway}/web/matches/new?game={SHORT_GAME}")
    await page.get_by_label("Organiser token").fill(stack.organiser_token)
    await page.get_by_role("button", name="Sign in").click()
    await page.wait_for_url("**/web/matches/new*")
    await page.goto(f"{stack.gateway}/web/matches/new?game={SHORT_GAME}")
    await page.locator('select[name="seat1"]').select_option("greedy")
    await page.get_by_label("unrated").check()
    await page.locator('input[name="min_reliability"]').fill("80")
    await page.locator('input[value="organise"]').check()
    await page.get_by_role("button", name="Open the match").click()
    await page.wait_for_url("**/organise?ruled=*")
    await _ruled_accepted(page)
    match_id = page.url.split("/matches/")[1].split("/")[0]
    row = httpx.get(f"{stack.gateway}/matches/{match_id}").json()
    assert (row["rated"], row["min_reliability"]) == (False, 0.8)
    await page.goto(f"{stack.gateway}/web/?q={match_id}")
    listed = page.locator(f'tr.match[data-match="{match_id}"]')
    await expect(listed.locator(".unrated")).to_have_text("Unrated: no rating counts it.")
    await expect(listed.locator(".min-reliability")).to_contain_text("Asks 80 %")
    await page.context.close()
