"""Messages between players through the real stack, from the command line and the HTTP API:
given a 3-seat match opened for private and unsigned messages, when ann writes privately to
bob and cid writes to everyone and unsigned, then each reads what it may; a private message's
text is in no row of any table but its readers' message rows (the log's replay steps aside,
which only the rules and projection workers read), so no channel serves it to anyone else, the
organiser included; hostile text is stored as written and printed escaped; the limits hold; the
organiser hides a message with a reason; a seat mutes another for itself alone."""

import argparse
import asyncio
import time

import asyncpg
import httpx
import pytest

from services.client import add_parsers, tokens
from tests.stack import Stack

SECRET = "SECRET-PLAN"
HOSTILE = f"{SECRET} <script>alert(1)</script>\u202eevil\tand\nnewline " + "🚀" * 900


async def _cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return await asyncio.to_thread(args.func, args)


async def _until(check, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while not (found := await check()):
        assert time.monotonic() < deadline, "the stack did not get there in time"
        await asyncio.sleep(0.1)
    return found


async def _tables_holding(pool: asyncpg.Pool, text: str) -> set[str]:
    """Every table a row of which holds `text`, whatever its columns."""
    names = await pool.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        " AND table_type = 'BASE TABLE'"
    )
    found = set()
    for row in names:
        name = row["table_name"]
        hit = await pool.fetchval(
            f'SELECT count(*) FROM "{name}" AS t WHERE position($1 IN'
            " convert_from(convert_to(t::text, 'UTF8'), 'UTF8')) > 0",
            text,
        )
        if hit:
            found.add(name)
    return found


async def test_messages_are_read_only_by_whom_secrecy_names_on_every_channel(
    shared_stack: Stack, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stack = shared_stack
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv(tokens.TOKEN_ENV, stack.organiser_token)
    pool = await asyncpg.create_pool(stack.settings.database_url, min_size=1, max_size=2)
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        rules = {"allowed": "private", "anonymous": True}
        opened = await http.post(
            "/matches",
            headers=stack.organiser(),
            json={"game": "race-to-21", "seats": 3, "messages": rules},
        )
        assert opened.status_code == 202, opened.text
        match_id = opened.json()["match_id"]
        await _until(lambda: _answers(http, f"/matches/{match_id}"))
        seat = {}
        for n, name in enumerate(("ann", "bob", "cid")):
            joined = await http.post(f"/matches/{match_id}/join", json={"seat": n, "player": name})
            seat[n] = {"authorization": f"Bearer {joined.json()['token']}"}
            tokens.save_seat_token(match_id, n, joined.json()["token"])
        await _until(lambda: _answers(http, f"/matches/{match_id}/view", seat[2]))

        async def read(who: dict[str, str] | None) -> list[dict]:
            reply = await http.get(f"/matches/{match_id}/messages", headers=who or {})
            assert reply.status_code == 200, reply.text
            return reply.json()["messages"]

        # the text face: ann writes privately to bob, cid to everyone and unsigned
        assert await _cli("msg", match_id, "--to", "1", HOSTILE, "--seat", "0") == 0
        assert await _cli("msg", match_id, "hello all", "--seat", "2") == 0
        assert await _cli("msg", match_id, "guess who", "--unsigned", "--seat", "2") == 0
        assert "message to seats 1 sent" in capsys.readouterr().out
        bobs = await _until(lambda: _has(read(seat[1]), 3))
        assert [(m["writer"], m["to"], m["unread"]) for m in bobs] == [
            ("ann", [1], True),
            ("cid", [], True),
            ("anonymous", [], True),
        ]
        assert bobs[0]["text"] == HOSTILE  # stored as written, every character
        assert next(m["text"] for m in await read(seat[0])) == HOSTILE  # its writer reads it
        for other in (seat[2], stack.organiser(), None):
            assert [m["text"] for m in await read(other)] == ["hello all", "guess who"]

        # no channel serves the private text to anyone else, the organiser included
        last = (await http.get(f"/matches/{match_id}")).json()["seq"]
        for who in (seat[2], stack.organiser(), None):
            for path in [
                f"/matches/{match_id}/narration",
                f"/matches/{match_id}/rejections",
                f"/matches/{match_id}",
                *(f"/matches/{match_id}/replay/{k}" for k in range(1, last + 1)),
                *(f"/matches/{match_id}/explain/{k}" for k in range(1, last + 1)),
            ]:
                reply = await http.get(path, headers=who or {})
                assert SECRET not in reply.text, path
        holding = await _tables_holding(pool, SECRET)
        assert holding <= {"messages", "replay_steps", "rules_snapshots"}, holding
        eyes = await pool.fetch(
            "SELECT eyes FROM messages WHERE match_id = $1 AND position($2 IN text) > 0",
            match_id,
            SECRET,
        )
        assert sorted(r["eyes"] for r in eyes) == [0, 1]
        # the record keeps who wrote neither the private nor the unsigned one
        kept = await pool.fetch(
            "SELECT seat, sender FROM audit WHERE match_id = $1"
            " AND asked->>'type' = 'match.write' AND asked->>'text' = ''",
            match_id,
        )
        assert [(r["seat"], r["sender"]) for r in kept] == [(None, "")] * 2

        # the text face prints it escaped, with unread marks, then read
        assert await _cli("messages", match_id, "--seat", "1") == 0
        printed = capsys.readouterr().out
        assert "* #" in printed and "\\u202eevil\\tand\\nnewline" in printed
        assert "\u202e" not in printed and "<script>" in printed  # as text, nothing run
        assert await _cli("messages", match_id, "--seat", "1") == 0
        assert "* #" not in capsys.readouterr().out

        # limits: length, what no text holds, and a seat's pace
        for text in ("🚀" * 10_000, "x" * 1001, "nul\x00here", "bell\x07"):
            refused = await http.post(
                f"/matches/{match_id}/messages", headers=seat[2], json={"text": text}
            )
            assert refused.status_code == 422, (text[:10], refused.text)
        for n in range(12):
            await http.post(
                f"/matches/{match_id}/messages", headers=seat[2], json={"text": f"spam {n}"}
            )
        await _until(lambda: _rejected(http, match_id, stack.organiser(), "SL-22"))
        cids = [m for m in await read(None) if m["writer"] in ("cid", "anonymous")]
        assert len(cids) == 10  # two before, eight more within the minute

        # the organiser hides one, for a reason everyone reads; bob mutes cid for himself
        hello = next(m for m in await read(None) if m["text"] == "hello all")
        hide = f"/matches/{match_id}/messages/{hello['seq']}/hide"
        assert (await http.post(hide, headers=seat[0], json={"reason": "no"})).status_code == 403
        hid = await http.post(hide, headers=stack.organiser(), json={"reason": "shouting"})
        assert hid.status_code == 202
        await _until(lambda: _hidden(read(None), hello["seq"]))
        muted = await http.put(f"/matches/{match_id}/mutes/2", headers=seat[1])
        assert muted.json() == {"muted": [2]}
        writers = {m["writer"] for m in await read(seat[1])}
        assert writers == {"ann", "anonymous"}  # an unsigned one cannot tell whose it is
        assert "cid" in {m["writer"] for m in await read(seat[0])}
    await pool.close()


async def _answers(http: httpx.AsyncClient, path: str, headers: dict | None = None) -> bool:
    return (await http.get(path, headers=headers or {})).status_code == 200


async def _has(reading, count: int):
    found = await reading
    return found if len(found) >= count else None


async def _hidden(reading, seq: int) -> bool:
    found = {m["seq"]: m for m in await reading}
    return found[seq]["text"] == "" and found[seq]["hidden"] == "hidden by organiser: shouting"


async def _rejected(
    http: httpx.AsyncClient, match_id: str, organiser: dict[str, str], rule: str
) -> bool:
    reply = await http.get(f"/matches/{match_id}/rejections", headers=organiser)
    return reply.status_code == 200 and rule in reply.text
