"""A 3-seat Core Worlds match through the real stack: the test plays seat 0 over HTTP with
text commands, two bots play the others, to the final scores."""

import asyncio
import random
import re
import time

import asyncpg
import httpx
import pytest

from events.ruleset import default_game, get_ruleset
from events.rulesets.core_worlds.bots import greedy_bot
from events.rulesets.core_worlds.text import render
from projections import replay
from services.stack import open_demo_match
from tests.stack import Stack


async def _until(check, timeout: float = 60.0, step: float = 0.1):
    deadline = time.monotonic() + timeout
    while (found := await check()) is None:
        assert time.monotonic() < deadline, "the stack did not get there in time"
        await asyncio.sleep(step)
    return found


@pytest.mark.tansu_too
async def test_a_person_and_two_bots_play_to_the_end(stack: Stack) -> None:
    pool = await asyncpg.create_pool(stack.settings.database_url, min_size=1, max_size=2)
    rng = random.Random(5)
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=stack.organiser(),
            json={"seats": 3, "bots": [{"seat": 1, "bot": "greedy"}, {"seat": 2, "bot": "greedy"}]},
        )
        assert opened.status_code == 202, opened.text
        match_id = opened.json()["match_id"]

        async def lobby_row():
            reply = await http.get(f"/matches/{match_id}")
            return reply.json() if reply.status_code == 200 else None

        await _until(lobby_row)
        joined = (
            await http.post(f"/matches/{match_id}/join", json={"seat": 0, "player": "tester"})
        ).json()
        me = {"authorization": f"Bearer {joined['token']}"}

        async def my_turn_or_end():
            row = await lobby_row()
            if row and (
                row["status"] == "finished"
                or (row["status"] == "in_progress" and 0 in row["to_act"])
            ):
                return row
            return None

        said, row = 0, await _until(my_turn_or_end)
        while row["status"] != "finished":
            record = await replay.record_at(pool, match_id)
            if record.seq != row["seq"]:  # the replay table is a step behind the lobby
                await asyncio.sleep(0.05)
                row = await _until(my_turn_or_end)
                continue
            text = render(record.state, 0, greedy_bot(record.state, 0, rng))
            reply = await http.post(
                f"/matches/{match_id}/say", headers=me, json={"text": text, "seen_seq": record.seq}
            )
            assert reply.status_code == 202, (text, reply.text)
            decision_id = reply.json()["decision_id"]
            ruling = await _until(lambda d=decision_id: _ruled(http, me, match_id, d))
            assert ruling["status"] == "accepted", (text, ruling)
            said += 1

            async def moved_on(seq=record.seq):
                found = await my_turn_or_end()
                return found if found and found["seq"] > seq else None

            row = await _until(moved_on)
        record = await replay.record_at(pool, match_id)

        # Once over, the public reads the final score, and a reader of full replays any seat's
        # eyes: the match told as seat 1 saw it, down to the seed's reveal.
        public = (await http.get(f"/matches/{match_id}/public")).json()["description"]
        assert "Final score" in [s["title"] for s in public["sections"]]
        told = await http.get(
            f"/matches/{match_id}/narration", headers=stack.organiser(), params={"seat": 1}
        )
        lines = [t["line"] for t in told.json()["entries"]]
        assert lines[-2].startswith("Game over: ") and lines[-1].startswith("The seed is revealed")
        drew = [line for line in lines if line.startswith("bot:greedy (seat ")]
        assert any(re.fullmatch(r"bot:greedy \(seat 2\) drew \d+ cards?", line) for line in drew)
        assert any(re.match(r"bot:greedy \(seat 1\) drew [A-Z]", line) for line in drew)
        assert len(lines) == record.seq
    await pool.close()
    assert said > 20
    assert get_ruleset("core-worlds").is_over(record.state)
    assert row["scores"] == [s.total for s in record.state.scores]
    assert row["winners"] == list(record.state.winners)


async def _ruled(http: httpx.AsyncClient, me: dict[str, str], match_id: str, decision_id: str):
    found = (await http.get(f"/matches/{match_id}/decisions/{decision_id}", headers=me)).json()
    return None if found["status"] == "pending" else found


async def test_a_bot_waits_for_the_open_seats_then_plays(stack: Stack) -> None:
    """A bot that must act first in a match with an open seat sends nothing (each refusal
    would stay on the log forever) until the seat is taken; then it plays at once."""
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=stack.organiser(),
            json={"game": "race-to-21", "seats": 2, "bots": [{"seat": 0, "bot": "greedy"}]},
        )
        match_id = opened.json()["match_id"]

        async def row_when(check):
            reply = await http.get(f"/matches/{match_id}")
            return reply.json() if reply.status_code == 200 and check(reply.json()) else None

        claimed = await _until(lambda: row_when(lambda r: r["players"][0] == "bot:greedy"))
        await asyncio.sleep(3)
        idle = await _until(lambda: row_when(lambda r: True))
        assert (idle["seq"], idle["status"], idle["to_act"]) == (claimed["seq"], "waiting", [])
        await http.post(f"/matches/{match_id}/join", json={"seat": 1, "player": "late"})
        played = await _until(lambda: row_when(lambda r: r["to_act"] == [1]))
        assert played["status"] == "in_progress" and played["round"] > 0


async def test_the_demo_match_is_announced_once_a_join_finds_it(stack: Stack) -> None:
    """`make run` tells a newcomer the join command only when joining works."""
    told = await asyncio.to_thread(open_demo_match, stack.gateway, stack.organiser_token)
    match_id = re.search(r"match join (\S+) --seat 0", told)[1]
    assert f"A {default_game()} match is open: seat 0 is yours, seats 1 and 2 are greedy" in told
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        joined = await http.post(f"/matches/{match_id}/join", json={"seat": 0, "player": "you"})
    assert joined.status_code == 202, joined.text
