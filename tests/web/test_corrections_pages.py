"""Take-backs and disputes in a real browser against the real stack, by plain forms: Ann takes
back her last decision from her seat page, and accepts Ben's take-back there once it is asked
of her; Ben disputes Ann's roll from its replay step, and the organiser's page lists the
dispute with its ruling explained (rule ID and words) and rolls the match back to before it.
In a match that lets the organiser decide take-backs alone, its page lists Ann's take-back of
a roll, accepted there, and takes back Ben's last decision, as `starledger takeback --organiser
--seat 0` takes back Ann's; in the match that does not, the page offers neither and the
command is refused.
Forks from the replay page: anyone forks an ended race from one of its steps, one seat a bot,
and joins the other from the lobby the page links; a seat of a running race forks it from its
own view, while a stranger sees no button and a forged post is refused."""

import asyncio
from pathlib import Path

import asyncpg
import httpx
import pytest
from playwright.async_api import Browser, expect

from services.client import tokens
from services.gateway import api
from tests.client.test_corrections_cli import _Race
from tests.client.test_forks_stack import _cli, _row
from tests.stack import Stack
from tests.web.test_browser import WAIT_MS, _join, _page_path, _seat_page
from tests.web.test_organiser_seats import _organiser_page, _ruled_accepted


async def test_a_take_back_from_the_seat_page_and_a_dispute_rolled_back_by_the_organiser(
    shared_stack: Stack,
    browser: Browser,
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    stack = shared_stack
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv(tokens.TOKEN_ENV, stack.organiser_token)
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=stack.organiser(),
            json={"game": "race-to-21", "seats": 2, "options": {"target": 100}},
        )
        match_id = opened.json()["match_id"]
        while (await http.get(f"/matches/{match_id}")).status_code != 200:
            await asyncio.sleep(0.1)
        ann = await (await browser.new_context()).new_page()
        await _join(ann, stack, match_id, 0, "ann")
        [cookie] = [c for c in await ann.context.cookies() if c["name"] == "seat"]
        joined = await http.post(f"/matches/{match_id}/join", json={"seat": 1, "player": "ben"})
        ann_seat = api.Joined(match_id=match_id, seat=0, token=cookie["value"], decision_id="")
        race = _Race(http, match_id, [ann_seat, api.Joined(**joined.json())])
        await race.until(1, 0, 0)

        # Ann's 3 taken back alone from her page: as if it had not been made.
        added = await race.add(0, {"type": "race.add", "amount": 3})
        await ann.goto(_page_path(stack, match_id, "seat"))
        await ann.get_by_role("button", name="Take back my last decision").click()
        await ann.wait_for_url(_page_path(stack, match_id, "seat"))
        await race.until(1, 0, 0)
        await expect(ann.locator("#live")).to_contain_text(f"entries {added} to", timeout=WAIT_MS)

        # Ann rolls; Ben adds, Ann adds, then Ben asks to take his back: Ann accepts on her page.
        rolled = await race.add(0, {"type": "race.roll"})
        after_roll = (await race.view(1))["view"]["total"]
        await race.add(1, {"type": "race.add", "amount": 2})
        await race.add(0, {"type": "race.add", "amount": 1})
        await http.post(f"/matches/{match_id}/take-back", headers=race.auth(1))
        await expect(ann.locator("#take-back")).to_contain_text(
            "ben asks to take back the decision at entry", timeout=WAIT_MS
        )
        await ann.get_by_role("button", name="Accept the take-back").click()
        await race.until(0, after_roll, 1)
        await expect(ann.get_by_role("button", name="Take back my last decision")).to_be_visible()

        # Ben disputes the roll from its replay step; the organiser rolls the match back.
        ben = await _seat_page(browser, stack, match_id, race.seats[1].token)
        await ben.goto(_page_path(stack, match_id, f"replay/{rolled}"))
        await ben.get_by_label("Reason").fill("the die was loaded")
        await ben.get_by_role("button", name="Dispute this ruling").click()
        await ben.wait_for_url(_page_path(stack, match_id, "seat"))
        organiser = await _organiser_page(browser, stack, match_id)
        listed = organiser.locator(f'article.dispute[data-seq="{rolled}"]')
        await expect(listed).to_contain_text("disputed by ben")
        await expect(listed).to_contain_text("the die was loaded")
        await expect(listed.locator(".ruling")).to_contain_text(
            "accepted under T-1 (Add 1, 2 or 3 to the total on your turn"
        )
        await organiser.screenshot(path=screenshots / "organise-dispute.png", full_page=True)
        await listed.get_by_label("Note").fill("replayed without the die")
        await listed.get_by_role(
            "button", name=f"Roll the match back to before entry {rolled}"
        ).click()
        await _ruled_accepted(organiser)
        await expect(organiser.locator("article.dispute")).to_have_count(0)
        await race.until(1, 0, 0)  # back to before the roll
        told = "\n".join(await race.lines(1))
        assert f"are set aside (dispute): play goes on from before entry {rolled}" in told
        assert "the organiser corrected the ruling" in told and "replayed without the die" in told
        await expect(organiser.locator("#take-backs")).to_have_count(0)  # not the organiser's
        assert await _cli("takeback", match_id, "--organiser", "--seat", "0") == 1
        assert "the organiser may not take one back" in capsys.readouterr().err

        # A match that lets the organiser decide take-backs alone.
        opened = await http.post(
            "/matches",
            headers=stack.organiser(),
            json={
                "game": "race-to-21",
                "seats": 2,
                "options": {"target": 100},
                "organiser_take_backs": True,
            },
        )
        free_id = opened.json()["match_id"]
        while (await http.get(f"/matches/{free_id}")).status_code != 200:
            await asyncio.sleep(0.1)
        free_seats = [
            api.Joined(**(await http.post(f"/matches/{free_id}/join", json=joining)).json())
            for joining in ({"seat": 0, "player": "ann"}, {"seat": 1, "player": "ben"})
        ]
        free = _Race(http, free_id, free_seats)
        await free.until(1, 0, 0)
        free_roll = await free.add(0, {"type": "race.roll"})
        await http.post(f"/matches/{free_id}/take-back", headers=free.auth(0))
        await free.told(1, "ann asks to take back the decision at entry")
        await organiser.goto(_page_path(stack, free_id, "organise"))
        await expect(organiser.locator("#take-back-waiting")).to_contain_text(
            f"ann asks to take back the decision at entry {free_roll} (it drew chance);"
            " waiting for ben, or for you"
        )
        await organiser.screenshot(path=screenshots / "organise-take-back.png", full_page=True)
        await organiser.get_by_role("button", name="Accept the take-back").click()
        await _ruled_accepted(organiser)
        await free.until(1, 0, 0)  # the roll set aside
        await expect(organiser.locator("#take-back-waiting")).to_have_count(0)
        await free.add(0, {"type": "race.add", "amount": 2})
        await free.add(1, {"type": "race.add", "amount": 3})
        await organiser.locator('#take-backs ~ form select[name="seat"]').select_option("1")
        await organiser.get_by_role("button", name="Take back the last decision").click()
        await _ruled_accepted(organiser)
        await free.until(0, 2, 1)  # Ben's 3 taken back: his to decide again
        assert await _cli("takeback", free_id, "--organiser", "--seat", "0") == 0
        assert "seat 0's last decision in" in capsys.readouterr().out
        await free.until(0, 0, 0)  # Ann's 2 taken back
        assert "take-back" in (await free.lines(1))[-1]

    # the new forms take posts from our own pages alone, with the form's token
    seat_cookie = {"cookie": f"seat={cookie['value']}", "origin": "http://elsewhere.example"}
    take_back = _page_path(stack, match_id, "seat/take-back")
    assert httpx.post(take_back, headers=seat_cookie).status_code == 403
    resolve = _page_path(stack, match_id, f"organise/disputes/{rolled}")
    organiser_cookie = {"cookie": f"organiser={stack.organiser_token}", "origin": stack.gateway}
    refused = httpx.post(resolve, data={"action": "uphold"}, headers=organiser_cookie)
    assert refused.status_code == 403
    taken = _page_path(stack, free_id, "organise/take-back")
    assert httpx.post(taken, data={"seat": "1"}, headers=organiser_cookie).status_code == 403


async def test_forks_from_a_replay_step_by_whoever_may_fork_there(
    shared_stack: Stack, browser: Browser, screenshots: Path
) -> None:
    stack = shared_stack
    organiser = stack.organiser()
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        bots = [{"seat": 0, "bot": "greedy"}, {"seat": 1, "bot": "random"}]
        opened = await http.post(
            "/matches", headers=organiser, json={"game": "race-to-21", "seats": 2, "bots": bots}
        )
        ended = opened.json()["match_id"]
        at = (await _row(http, ended, "finished"))["seq"] // 2

        # Anyone forks the ended race after a step, seat 1 a bot, and joins seat 0 in the lobby.
        anyone = await (await browser.new_context()).new_page()
        await anyone.goto(_page_path(stack, ended, f"replay/{at}"))
        await anyone.get_by_label("Seat 1 of the fork").select_option("greedy")
        await anyone.get_by_role("button", name="Fork from here").click()
        forked = anyone.locator("#forked")
        await expect(forked).to_contain_text("is made", timeout=WAIT_MS)
        await anyone.screenshot(path=screenshots / "replay-forked.png", full_page=True)
        fork = await forked.get_by_role("link").first.inner_text()
        row = await _row(http, fork)
        assert (row["fork_of"], row["fork_at"], row["players"]) == (ended, at, [None, "bot:greedy"])
        await forked.get_by_role("link", name="in the lobby").click()
        listed = anyone.locator(f'tr.match[data-match="{fork}"]')
        await listed.locator('input[name="player"]').fill("cat")
        await listed.get_by_role("button", name="Join").click()
        await anyone.wait_for_url(_page_path(stack, fork, "seat"))
        assert (await _row(http, fork, "in_progress"))["players"] == ["cat", "bot:greedy"]

        # A running race: its seat forks it from its own view; a stranger sees no button.
        opened = await http.post(
            "/matches",
            headers=organiser,
            json={"game": "race-to-21", "seats": 2, "bots": [{"seat": 1, "bot": "pass"}]},
        )
        running = opened.json()["match_id"]
        await _row(http, running)
        ann = await (await browser.new_context()).new_page()
        await _join(ann, stack, running, 0, "ann")
        now = (await _row(http, running, "in_progress"))["seq"]
        stranger = await (await browser.new_context()).new_page()
        await stranger.goto(_page_path(stack, running, f"replay/{now}"))
        await expect(stranger.locator("#narration")).to_be_visible()
        await expect(stranger.get_by_role("button", name="Fork from here")).to_have_count(0)
        await ann.goto(_page_path(stack, running, f"replay/{now}"))
        await ann.get_by_label("Seat 1 of the fork").select_option("pass")
        await ann.get_by_role("button", name="Fork from here").click()
        await expect(ann.locator("#forked")).to_contain_text("is made", timeout=WAIT_MS)
        seat_fork = await ann.locator("#forked").get_by_role("link").first.inner_text()
        assert (await _row(http, seat_fork))["fork_of"] == running

    # refused: from another site, from a stranger to a running match, with another form token
    path = _page_path(stack, running, f"replay/{now}/fork")
    [cookie] = [c for c in await ann.context.cookies() if c["name"] == "seat"]
    ann_cookie = f"seat={cookie['value']}"
    elsewhere = {"cookie": ann_cookie, "origin": "http://elsewhere.example"}
    assert httpx.post(path, headers=elsewhere).status_code == 403
    assert httpx.post(path, headers={"origin": stack.gateway}).status_code == 401
    forged = {"cookie": ann_cookie, "origin": stack.gateway}
    assert httpx.post(path, data={"csrf": "0" * 64}, headers=forged).status_code == 403
    conn = await asyncpg.connect(stack.settings.database_url)
    try:
        asked = await conn.fetch("SELECT seat FROM fork_requests WHERE match_id = $1", running)
    finally:
        await conn.close()
    assert [r["seat"] for r in asked] == [0]  # Ann's, as she sees it, and no other
