"""Through the real stack: an organiser opens a match with two bots, a player joins the free
seat (with a mail address), says commands (`say` tells what each caused) and plays a few lines
in a session (the table and what happened, told); the replay and the audit tell what happened in
words, the cards are looked up, and verify agrees."""

import argparse
import asyncio
import io
import random
import stat
import time
from pathlib import Path

import asyncpg
import msgspec
import pytest

from events.ruleset import CardInfo
from events.rulesets.core_worlds.bots import greedy_bot
from events.rulesets.core_worlds.text import render as as_text
from projections import replay as replay_model
from services.client import add_parsers, match, play, replay, tokens, verify
from services.client.http import ClientError, Gateway
from services.gateway import api
from tests.stack import Stack

SAYS = 3


async def _my_move(pool: asyncpg.Pool, gateway: Gateway, match_id: str, rng: random.Random) -> str:
    """A legal command for seat 0, once the match waits on it and the replay has caught up."""
    deadline = time.monotonic() + 60
    while True:
        row = await asyncio.to_thread(match.lobby_row, gateway, match_id)
        record = await replay_model.record_at(pool, match_id)
        if 0 in row["to_act"] and record is not None and record.seq == row["seq"]:
            return as_text(record.state, 0, greedy_bot(record.state, 0, rng))
        assert time.monotonic() < deadline, "seat 0 was never asked to act"
        await asyncio.sleep(0.1)


async def _cli(*argv: str) -> int:
    """One `starledger` command line, as the CLI runs it."""
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return await asyncio.to_thread(args.func, args)


async def test_a_player_joins_says_plays_and_the_match_checks_out(
    stack: Stack,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv(tokens.TOKEN_ENV, stack.organiser_token)
    organiser = Gateway(tokens.organiser_token())
    new = api.NewMatch(seats=3, bots=[api.BotSeat(1), api.BotSeat(2)])
    match_id, created = await asyncio.to_thread(match.open_match, organiser, new)
    assert created.status == "accepted"

    lobby = Gateway()
    claimed = await asyncio.to_thread(
        match.join, lobby, match_id, 0, "tester", mail="tester@player.test"
    )
    assert (claimed.status, claimed.rule) == ("accepted", "SL-4")
    seat, token = tokens.seat_token(match_id, None)
    assert seat == 0 and stat.S_IMODE(next(tokens.SEAT_TOKENS.iterdir()).stat().st_mode) == 0o600
    with pytest.raises(ClientError, match="taken"):
        await asyncio.to_thread(match.join, lobby, match_id, 0, "late")

    me, rng = Gateway(token), random.Random(3)
    pool = await asyncpg.create_pool(stack.settings.database_url, min_size=1, max_size=2)
    try:
        # A text is read by the rules service against the match as it is: a slip is refused
        # with the game's suggestion, and the log keeps what was said.
        slip = await asyncio.to_thread(play.say, me, match_id, "draft Hercules Bomer")
        assert slip.status == "rejected" and slip.rule == "SL-2", slip
        assert "'Hercules Bomer'" in slip.reason
        said, texts = [], []
        for _ in range(SAYS):
            text = await _my_move(pool, me, match_id, rng)
            texts.append(text)
            ruling = await asyncio.to_thread(play.say, me, match_id, text)
            assert isinstance(ruling, api.Ruling) and ruling.status == "accepted", (text, ruling)
            said.append(ruling)
        address = await pool.fetchval(
            "SELECT address FROM mail_seats WHERE match_id = $1 AND seat = 0", match_id
        )
        assert address == "tester@player.test"  # joined with --mail, the seat plays by mail too
        # `say` prints its ruling and what it caused, a line per entry, as a mail answer does.
        assert await _cli("say", match_id, await _my_move(pool, me, match_id, rng)) == 0
        printed = capsys.readouterr().out.splitlines()
        assert printed[0].startswith("accepted (CW-") and " tester sent `" in printed[1]
        assert all(line.startswith("  ") for line in printed[1:]) and len(printed) > 2
        path = f"/matches/{match_id}/explain/{said[0].first_seq}"
        audited = await asyncio.to_thread(me.get, path, api.Explanation)
        assert audited.asked == {"type": "match.say", "text": texts[0]}
        assert audited.read["type"].startswith("cw."), audited.read

        text = await _my_move(pool, me, match_id, rng)
        out = io.StringIO()
        session = play.Session(me, match_id, 0, out)
        await asyncio.to_thread(session.run, ["help", "view", text, "quit", "never read"])
        shown = out.getvalue()
        assert "you are seat 0" in shown and "You may say:" in shown
        assert "The table" in shown and "  Central Zone:" in shown and "Score so far" in shown
        assert f"{text}: accepted (" in shown
        assert "never read" not in shown
    finally:
        await pool.close()

    books = replay.Replay(me, match_id)  # while the match runs, a seat replays it as it saw it
    assert books.entry(1).startswith("1/") and "match of core-worlds was opened" in books.entry(1)
    mine = said[0].first_seq
    assert books.entry(mine).startswith(f"{mine}/") and "tester sent `" in books.entry(mine)
    public = replay.Replay(organiser, match_id)
    assert "tester's decision was accepted (CW-" in public.entry(mine)
    browsed = io.StringIO()
    keys = ["n", "p", f"g {mine + 1}", "g 0", "r 1", "s 0", "v", "e", "q"]
    await asyncio.to_thread(books.browse, keys, browsed)
    assert f"\n{mine + 1}/" in browsed.getvalue() and "entries go from 1 to" in browsed.getvalue()
    assert "The table" in browsed.getvalue() and "verdict: accepted under" in browsed.getvalue()
    explained = "\n".join(await asyncio.to_thread(books.why, mine))
    assert "sent by tester for seat 0" in explained and "verdict: accepted under CW-" in explained
    assert f"  {mine} tester sent `" in explained

    assert await _cli("match", "show", match_id) == await _cli("say", match_id, "help") == 0
    assert await _cli("explain", match_id, str(mine)) == await _cli("match", "list", "--mine") == 0
    assert await _cli("explain", match_id, "100000") == 1
    printed = capsys.readouterr()
    assert f"{match_id}  core-worlds  in_progress  seats 0: tester" in printed.out
    assert "You may say:" in printed.out and "sent by tester for seat 0" in printed.out
    assert printed.err.splitlines()[-1] == f"starledger: match {match_id!r} has no entry 100000"

    assert await _cli("cards", "core-worlds", "Hercules Bomber", "--json") == 0
    [bomber] = msgspec.json.decode(capsys.readouterr().out)
    assert (bomber["name"], bomber["copies"], bomber["cost"]) == ("Hercules Bomber", 2, 2)
    assert await _cli("cards", "core-worlds", "no such card") == 1
    assert len(organiser.get(f"/matches/{match_id}/cards", list[CardInfo])) == len(
        organiser.get("/games/core-worlds/cards", list[CardInfo])
    )
    assert await _cli("replay", match_id, "--all") == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[0].startswith("1/") and len(replayed) >= said[-1].last_seq

    entries = await verify.archived(stack.settings.database_url, match_id)
    assert len(entries) >= said[-1].last_seq and verify.verify(entries) is None
    for gateway in (organiser, lobby, me):
        gateway.close()
