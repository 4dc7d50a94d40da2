"""Forks through the whole stack, from the command line: given a race two bots played to its
end, anyone forks it after an entry into a practice match that bots play to its end, marked as
a fork in the lobby, left out of analytics and re-judged to the same hashes by `verify`; given
a running race, only its seats fork it, each as it sees it: the fork shows the seat its own card
and the total, while the other seat's card is dealt anew, kept out of every read model."""

import argparse
import asyncio
import re
from typing import Any

import asyncpg
import httpx
import msgspec
import pytest

from events.codec import game_codec
from events.envelope import MatchCreated
from projections import replay
from services.client import add_parsers, tokens
from services.gateway import api
from tests.stack import Stack


async def _cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return await asyncio.to_thread(args.func, args)


async def _row(http: httpx.AsyncClient, match_id: str, status: str = "") -> dict[str, Any]:
    """The match's lobby row, once listed (and of `status`, if given)."""
    for _ in range(600):
        reply = await http.get(f"/matches/{match_id}")
        if reply.status_code == 200 and reply.json()["status"] in (
            status or reply.json()["status"]
        ):
            return reply.json()
        await asyncio.sleep(0.1)
    raise AssertionError(f"match {match_id} never {status or 'listed'}")


def _forked(out: str) -> str:
    found = re.search(r"into (m-\w+)", out)
    assert found, out
    return found.group(1)


async def test_an_ended_match_forked_is_played_to_the_end_by_bots_and_verifies(
    shared_stack: Stack, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stack = shared_stack
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv(tokens.TOKEN_ENV, stack.organiser_token)
    monkeypatch.setenv("DATABASE_URL", stack.settings.database_url)
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=stack.organiser(),
            json={
                "game": "race-to-21",
                "seats": 2,
                "bots": [{"seat": 0, "bot": "greedy"}, {"seat": 1, "bot": "random"}],
            },
        )
        original = opened.json()["match_id"]
        ended = await _row(http, original, "finished")
        at = ended["seq"] // 2
        bots = ("--bot", "0:random", "--bot", "1:greedy")
        assert await _cli("fork", original, "--at", str(at), *bots) == 0
        out = capsys.readouterr().out
        fork = _forked(out)
        assert f"a fork of {original} after entry {at} (practice: never rated)" in out
        row = await _row(http, fork, "finished")
        assert (row["fork_of"], row["fork_at"], row["rated"]) == (original, at, False)
        listed = (await http.get("/matches", params={"status": "finished"})).json()
        assert any(r["match_id"] == fork and r["fork_of"] == original for r in listed)
        marked = f'A fork of <a href="/web/matches/{original}'
        assert marked in (await http.get("/web/", params={"q": fork})).text
        assert marked in (await http.get(f"/web/matches/{fork}/replay/1")).text
    assert await _cli("verify", fork) == 0
    assert "OK" in capsys.readouterr().out
    conn = await asyncpg.connect(stack.settings.database_url)
    try:
        entries = await replay.entries(conn, original)
        kept = next(e.state_hash for e in entries if e.seq == at)
        assert (await replay.entries(conn, fork))[0].state_hash == kept  # where it stood
        counted = await conn.fetch(
            "SELECT match_id FROM analytics_matches WHERE match_id = ANY($1)", [original, fork]
        )
        assert [r["match_id"] for r in counted] == [original]  # the fork tells no balance
    finally:
        await conn.close()


async def test_a_seat_forks_its_running_match_as_it_sees_it_and_nobody_else_may(
    shared_stack: Stack, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stack = shared_stack
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv("DATABASE_URL", stack.settings.database_url)
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=stack.organiser(),
            json={"game": "race-to-21", "seats": 2, "bots": [{"seat": 1, "bot": "pass"}]},
        )
        running = opened.json()["match_id"]
        await _row(http, running)
        joined = await http.post(f"/matches/{running}/join", json={"seat": 0, "player": "ann"})
        ann = api.Joined(**joined.json())
        tokens.save_seat_token(running, 0, ann.token)
        row = await _row(http, running, "in_progress")
        seen = (await http.get(f"/matches/{running}/view", headers=_auth(ann.token))).json()
        refused = await http.post(
            f"/matches/{running}/forks", json={"at": row["seq"]}, headers=stack.organiser()
        )
        assert refused.status_code == 403  # the organiser sees no seat's hidden card
        forks = []
        for _ in range(3):
            assert await _cli("fork", running, "--at", str(row["seq"]), "--bot", "1:pass") == 0
            out = capsys.readouterr().out
            assert "as seat 0 sees it" in out
            forks.append(_forked(out))
        cards = []
        for fork in forks:
            assert (await _row(http, fork))["players"] == [None, "bot:pass"]
            joined = await http.post(f"/matches/{fork}/join", json={"seat": 0, "player": "ann"})
            token = joined.json()["token"]
            await _row(http, fork, "in_progress")
            view = (await http.get(f"/matches/{fork}/view", headers=_auth(token))).json()
            assert view["view"]["my_card"] == seen["view"]["my_card"]  # what the seat saw
            assert view["view"]["total"] == seen["view"]["total"]
            cards.append(await _dealt(stack, fork))
    conn = await asyncpg.connect(stack.settings.database_url)
    try:
        archived = await conn.fetchval(
            "SELECT body::text FROM archive WHERE match_id = $1 AND kind = 'match.created'",
            forks[0],
        )
    finally:
        await conn.close()
    assert msgspec.json.decode(archived)["fork"] == {
        "match_id": running,
        "seq": row["seq"],
        "seat": 0,
        "state": "",
    }  # the archive, which organisers read, holds no dealt card
    hidden = await _dealt(stack, running)
    assert any(card != hidden for card in cards)  # dealt anew, not the match's own


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def _dealt(stack: Stack, match_id: str) -> int:
    """Seat 1's hidden card, as only the replay read model (and the rules service) hold it."""
    conn = await asyncpg.connect(stack.settings.database_url)
    try:
        first = await replay.entries(conn, match_id, 0, 3)
    finally:
        await conn.close()
    created = first[0].body
    assert isinstance(created, MatchCreated)
    if created.fork:
        return game_codec("race-to-21").decode_state(created.fork.state).cards[1]
    dealt = next(e.body for e in first if type(e.body).__name__ == "Dealt")
    return msgspec.structs.asdict(dealt)["cards"][1]
