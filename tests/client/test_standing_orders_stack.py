"""Through the real stack: a Star Realms player leaves standing orders with `starledger orders`
before its turn ("at the start of my turn, play all", behind an order no longer legal); when
its turn comes the bots worker answers with the first that is legal, the ruling records its
cause for that seat's eyes, the illegal one is dropped with why; the orders are listed,
changed and withdrawn by their seat alone. Sealed: no other eyes' lines, no archive or audit
row, and no organiser's request learns that an order exists."""

import argparse
import asyncio
import time

import asyncpg
import pytest

from services.client import add_parsers, match, tokens
from services.client.http import ClientError, Gateway
from services.gateway import api
from tests.stack import Stack

CAUSE = "by standing order #2, left at entry"


async def _cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return await asyncio.to_thread(args.func, args)


async def _told(pool: asyncpg.Pool, match_id: str, words: str) -> list[asyncpg.Record]:
    return await pool.fetch(
        "SELECT eyes, seq, line FROM seat_lines WHERE match_id = $1 AND line LIKE $2",
        match_id,
        f"%{words}%",
    )


async def test_orders_answer_for_their_seat_and_no_one_else_learns_of_them(
    stack: Stack, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv(tokens.TOKEN_ENV, stack.organiser_token)
    organiser = Gateway(tokens.organiser_token())
    new = api.NewMatch(seats=2, game="star-realms", bots=[api.BotSeat(1, "greedy")])
    match_id, created = await asyncio.to_thread(match.open_match, organiser, new)
    assert created.status == "accepted"
    await asyncio.to_thread(match.join, Gateway(), match_id, 0, "tester")

    # an order no game prompt knows is refused; two are left: #1 is not legal when asked
    assert await _cli("orders", match_id, "leave", "explore", "keep all") == 1
    assert "asks no prompt 'explore'" in capsys.readouterr().err
    await _cli("orders", match_id, "leave", "main", "buy no-such-ship")
    await _cli("orders", match_id, "leave", "main", "play all", "--if", "at the start of my turn")
    assert "left: #2 when asked main at the start of my turn: play all" in capsys.readouterr().out

    pool = await asyncpg.create_pool(stack.settings.database_url, min_size=1, max_size=2)
    try:
        deadline = time.monotonic() + 90
        while not (mine := await _told(pool, match_id, CAUSE)):
            assert time.monotonic() < deadline, "no standing order answered for seat 0"
            await asyncio.sleep(0.2)
        assert [row["eyes"] for row in mine] == [0]  # the seat's own line, and no one else's
        assert "play all" in mine[0]["line"] or "played" in mine[0]["line"]
        assert await _told(pool, match_id, "standing order") == mine
        archived = await pool.fetchval(
            "SELECT count(*) FROM archive WHERE match_id = $1 AND body::text LIKE '%order%'",
            match_id,
        )
        assert archived == 0
        audited = await pool.fetchval(
            "SELECT count(*) FROM audit WHERE match_id = $1"
            " AND (asked::text || coalesce(read::text, '')) LIKE '%standing%'",
            match_id,
        )
        assert audited == 0
    finally:
        await pool.close()

    # the seat lists its orders: #1 dropped with why, #2 answered
    await _cli("orders", match_id, "list")
    listed = capsys.readouterr().out
    assert "#1 when asked main: buy no-such-ship" in listed
    assert "no longer legal" in listed
    assert "#2 when asked main at the start of my turn: play all" in listed
    assert "answered 1 times" in listed
    await _cli("orders", match_id, "change", "2", "main", "play all; end", "--until", "round")
    assert "changed: #2 when asked main: play all; end (until round" in capsys.readouterr().out
    await _cli("orders", match_id, "withdraw", "2")
    await _cli("orders", match_id, "list")
    assert "ended at entry" in capsys.readouterr().out.split("#2", 1)[1]

    # the organiser reads no seat's orders, and a stranger neither
    for token in (stack.organiser_token, None):
        with pytest.raises(ClientError):
            await asyncio.to_thread(
                Gateway(token).get, f"/matches/{match_id}/orders", api.StandingOrders
            )
