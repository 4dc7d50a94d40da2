"""A standing order is its seat's secret for good: while the match runs its seat reads in its
own lines that an order answered for it; once the match has ended (when anyone may replay it
through any seat's eyes, and its organiser explains any decision) no replay step, line or
explanation tells of it."""

from typing import Any

import asyncpg
import msgspec

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, EntryBatch, Ruling
from events.match import PartitionMatches
from events.standing_orders import OrderCause
from projections import replay, seat_lines
from projections.replay import Replay
from projections.seat_lines import SeatLines
from services.rules.judge import rule_on
from tests.projections.support import project
from tests.projections.test_seat_lines import _narrated
from tests.tiny_ruleset import Add

MATCH = "ordered"
CAUSE = OrderCause(1, 3)
ORDER_WORDS = "by standing order"


def _played_to_the_end() -> list[EntryBatch[Any]]:
    """Race to 21 of two seats adding 3 each turn, seat 0's decisions sent by its order."""
    judge, records = PartitionMatches(), []
    sent: list[Decision] = []

    def send(seat: int | None, body: Any, **more: Any) -> list[Any]:
        d = Decision(
            decision_id=f"d{len(sent)}",
            match_id=MATCH,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender="organiser" if seat is None else f"p{seat}",
            **more,
        )
        sent.append(d)
        entries = rule_on(judge, encode(d), partition=0, offset=len(sent), now_ms=0, fresh_seed=str)
        assert isinstance(entries, list)
        records.append(
            EntryBatch(writer="w", decision_partition=0, decision_offset=len(sent), entries=entries)
        )
        return entries

    send(None, CreateMatch(ruleset="race-to-21", seats=2, seed="o"))
    for seat in range(2):
        send(seat, ClaimSeat(player=f"p{seat}"))
    turn = 0
    while not judge.matches[MATCH].over:
        send(turn, Add(amount=3), **({"order": CAUSE} if turn == 0 else {}))
        turn = 1 - turn
    return records


async def test_an_ended_match_tells_no_standing_order_to_anyone(pool: asyncpg.Pool) -> None:
    ordered = []
    for step in _narrated(_played_to_the_end()):
        ordered += [e.seq for e in step.entries if isinstance(e.body, Ruling) and e.body.order]
        if step.match.over:
            running = await seat_lines.lines_between(pool, MATCH, 0, reader=0)
            assert any(ORDER_WORDS in t.line for t in running)  # its seat reads it while it runs
        await project(pool, Replay, step)
        await project(pool, SeatLines, step)
    assert ordered
    for eyes in (0, 1, None):
        for k in ordered:
            step = await replay.at(pool, MATCH, k, eyes)
            assert step is not None and isinstance(step.ruling, Ruling)
            assert step.ruling.order is msgspec.UNSET and ORDER_WORDS not in step.narration
        told = await seat_lines.lines_between(pool, MATCH, eyes, reader=eyes)
        assert not [t.line for t in told if ORDER_WORDS in t.line], eyes
    assert await pool.fetchval("SELECT count(*) FROM seat_lines_orders") == 0
