"""Limits a client cannot dodge: a made-up token or seat cookie is no client of its own (its
reads count against the address that sends it, and a seat reads on meanwhile); ten streams
opened at once with one token get its four places; anonymous watchers, new players and invite
codes tried are bounded per address; a decision holds no more text or entries than a game can
use, and a seat's decisions to a match that ended are refused before they reach the log."""

import asyncio
import contextlib
import secrets
import time

import httpx

from events.platform_rules import MATCH_OVER
from events.storable import MAX_ITEMS, MAX_TEXT
from services.gateway.context import (
    INVITES_TRIED,
    NEW_PLAYERS,
    READS_PER_S,
    STREAMS_PER_TOKEN,
    WATCHERS_PER_ADDRESS,
)
from tests.gateway.test_security import _join, _open, _wait
from tests.stack import Stack


def _made_up() -> str:
    return secrets.token_urlsafe(24)


async def test_made_up_tokens_and_cookies_count_against_their_address_and_a_seat_reads_on(
    shared_stack: Stack,
) -> None:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as http:
        match_id = await _open(http, shared_stack)
        me = await _join(http, match_id, 0)
        for flood in (
            lambda: http.get(
                f"/web/matches/{match_id}/watch", headers={"cookie": f"seat={_made_up()}"}
            ),
            lambda: http.get(
                f"/matches/{match_id}", headers={"authorization": f"Bearer {_made_up()}"}
            ),
        ):
            await asyncio.sleep(1.0)  # the last burst leaves the window
            started = time.monotonic()
            burst = [
                reply.status_code
                for reply in await asyncio.gather(*(flood() for _ in range(3 * READS_PER_S)))
            ]
            took = time.monotonic() - started
            # the address's reads a second went through, however long a busy machine took to
            # serve the burst (within a second: 50 of its 150)
            assert set(burst) <= {200, 429}, burst
            assert burst.count(200) <= READS_PER_S * (int(took) + 1), (burst.count(200), took)
            assert (await http.get(f"/matches/{match_id}/view", headers=me)).status_code == 200


async def test_ten_streams_opened_at_once_with_one_token_get_its_places_and_no_more(
    shared_stack: Stack,
) -> None:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as http:
        match_id = await _open(http, shared_stack)
        me = await _join(http, match_id, 0)
        path = f"/matches/{match_id}/stream"
        async with contextlib.AsyncExitStack() as held:
            opened = await asyncio.gather(
                *(held.enter_async_context(http.stream("GET", path, headers=me)) for _ in range(10))
            )
            statuses = sorted(reply.status_code for reply in opened)
            assert statuses == [200] * STREAMS_PER_TOKEN + [429] * (10 - STREAMS_PER_TOKEN)


async def test_anonymous_watchers_are_bounded_per_address(shared_stack: Stack) -> None:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as http:
        match_id = await _open(http, shared_stack)
        path = f"/web/matches/{match_id}/watch/stream"
        async with contextlib.AsyncExitStack() as held:
            opened = await asyncio.gather(
                *(
                    held.enter_async_context(http.stream("GET", path))
                    for _ in range(2 * WATCHERS_PER_ADDRESS)
                )
            )
            statuses = sorted(reply.status_code for reply in opened)
            assert statuses == [200] * WATCHERS_PER_ADDRESS + [429] * WATCHERS_PER_ADDRESS
        for _ in range(50):  # closed, their places are given back
            async with http.stream("GET", path) as reply:
                if reply.status_code == 200:
                    return
            await asyncio.sleep(0.1)
        raise AssertionError("closed watch streams were never given back")


async def test_new_players_are_bounded_per_address(shared_stack: Stack) -> None:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as http:
        made = [
            (await http.post("/players", json={"name": f"p{n}"})).status_code
            for n in range(NEW_PLAYERS[0] + 2)
        ]
    assert made == [201] * NEW_PLAYERS[0] + [429] * 2


async def test_invite_codes_tried_are_bounded_per_address(shared_stack: Stack) -> None:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as http:
        match_id = await _open(http, shared_stack)
        join = f"/matches/{match_id}/join"
        guess = {"seat": 1, "player": "eve"}
        guessed = [
            (await http.post(join, json=guess | {"invite": _made_up()})).status_code
            for _ in range(INVITES_TRIED[0] + 2)
        ]
    assert guessed == [403] * INVITES_TRIED[0] + [429] * 2


async def test_a_decision_holds_no_more_text_or_entries_than_a_game_can_use(
    shared_stack: Stack,
) -> None:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as http:
        match_id = await _open(http, shared_stack)
        me = await _join(http, match_id, 0)
        await _join(http, match_id, 1)
        path = f"/matches/{match_id}/decisions"
        typed = {"type": "cw.invade", "world": 1, "uses": [{"card": 1, "choice": "x" * 60_000}]}
        listed = {"type": "cw.deploy", "units": [1] * 30_000}
        within = {"type": "cw.deploy", "units": [1] * MAX_ITEMS}
        for n, body in enumerate((typed, listed)):
            sent = {"decision_id": f"big-{n}", "body": body}
            refused = await http.post(path, headers=me, json=sent)
            assert refused.status_code == 422, refused.text
            assert f"at most {MAX_TEXT if n == 0 else MAX_ITEMS}" in refused.text
        taken = await http.post(path, headers=me, json={"decision_id": "ok", "body": within})
        assert taken.status_code == 202, taken.text  # judged by the game, which refuses it


async def test_a_seats_decisions_to_a_match_that_ended_are_refused_before_the_log(
    shared_stack: Stack,
) -> None:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=shared_stack.organiser(),
            json={"game": "race-to-21", "seats": 2, "options": {"target": 3}},
        )
        match_id = opened.json()["match_id"]
        await _wait(lambda: http.get(f"/matches/{match_id}"), 200)
        me = await _join(http, match_id, 0)
        await _join(http, match_id, 1)
        path = f"/matches/{match_id}/decisions"
        won = {"decision_id": "win", "body": {"type": "race.add", "amount": 3}}
        assert (await http.post(path, headers=me, json=won)).status_code == 202
        for _ in range(300):
            if (await http.get(f"/matches/{match_id}")).json()["status"] == "finished":
                break
            await asyncio.sleep(0.1)
        after = {"decision_id": "after", "body": {"type": "race.add", "amount": 1}}
        for refused in (
            await http.post(path, headers=me, json=after),
            await http.post(f"/matches/{match_id}/say", headers=me, json={"text": "add 1"}),
            await http.post(f"/matches/{match_id}/resign", headers=me),
        ):
            assert refused.status_code == 409 and MATCH_OVER in refused.text, refused.text
        assert (await http.get(f"/matches/{match_id}/view", headers=me)).status_code == 200
        helped = await http.post(f"/matches/{match_id}/say", headers=me, json={"text": "help"})
        assert helped.status_code == 200, helped.text  # asking is no decision


async def test_a_seat_that_joins_from_a_busy_address_reads_at_once(shared_stack: Stack) -> None:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as http:
        match_id = await _open(http, shared_stack)
        joined = await http.post(f"/matches/{match_id}/join", json={"seat": 0, "player": "ann"})
        me = {"authorization": f"Bearer {joined.json()['token']}"}
        made_up = {"authorization": f"Bearer {_made_up()}"}
        row = f"/matches/{match_id}"
        busy = await asyncio.gather(
            *(http.get(row, headers=made_up) for _ in range(3 * READS_PER_S))
        )
        assert 429 in [reply.status_code for reply in busy]  # the address has spent its reads
        mine = await http.get(
            f"/matches/{match_id}/decisions/{joined.json()['decision_id']}", headers=me
        )
        assert mine.status_code == 200, mine.text  # its token is its own client from the first
