"""Standing orders carried out: when a match waits on a seat whose player left orders, the
first that answers the prompt asking it (`events.standing_orders.answer`) is sent as the
seat's decision, with its cause, under the seat's player's name and an id like any client's;
one that ran out, or whose answer is no longer legal, is ended with why, which the seat reads
in its list of orders. Nothing of it is written where another seat reads."""

import hashlib
import random
import uuid
from typing import Any

import asyncpg
import structlog

from events.held_answers import seat_state
from events.match import MatchRecord
from events.platform_rules import BOT_PREFIX
from events.ruleset import Ruleset
from events.standing_orders import Answered, Dropped, StandingOrder, answer, expired
from services.gateway.submit import Submitter

log = structlog.get_logger("standing_orders")


Left = list[tuple[str, StandingOrder]]  # (the player who left it, the order)


async def standing(pool: asyncpg.Pool, match_id: str) -> dict[int, Left]:
    """Each seat's standing orders, with the player who left each."""
    rows = await pool.fetch(
        "SELECT seat, player, number, prompt, condition, answer, until, left_at, left_round,"
        " used_round FROM standing_orders WHERE match_id = $1 AND ended_at IS NULL",
        match_id,
    )
    found: dict[int, Left] = {}
    for row in rows:
        fields = dict(row.items())
        seat, player = fields.pop("seat"), fields.pop("player")
        found.setdefault(seat, []).append((player, StandingOrder(**fields)))
    return found


def decision_id(key: bytes, match_id: str, seat: int, seq: int) -> str:
    """The same for a position whenever asked, unguessable, and shaped as a client's own."""
    signed = hashlib.blake2b(f"order\0{match_id}\0{seat}\0{seq}".encode(), key=key).digest()
    return uuid.UUID(bytes=signed[:16], version=4).hex


async def carry_out(
    pool: asyncpg.Pool,
    submitter: Submitter,
    key: bytes,
    record: MatchRecord,
    ruleset: Ruleset,
    seat: int,
    orders: Left,
) -> str | None:
    """Answer for `seat` with its player's first order that answers now, ending those that ran
    out or that are no longer legal; the decision id sent, or None."""
    player = record.seat_players[seat] or ""
    if player.startswith(BOT_PREFIX):
        return None
    count = ruleset.standing(record.state).round
    mine = []
    for left_by, order in orders:
        if left_by != player:
            continue  # another holder's orders are not this one's
        if expired(order, ruleset, count, record.seats):
            await _end(pool, record, seat, order, "ran out")
        else:
            mine.append(order)
    rng = random.Random(f"{record.match_id}:{seat}:{record.seq}")
    state = seat_state(record, ruleset, seat)  # with its own held answers (SL-28)
    found: Any = answer(ruleset, state, seat, mine, record.seats, rng)
    while isinstance(found, Dropped):
        await _end(pool, record, seat, found.order, f"no longer legal: {found.why}")
        mine.remove(found.order)
        found = answer(ruleset, state, seat, mine, record.seats, rng)
    if found is None:
        return None
    assert isinstance(found, Answered)
    sent = await submitter.submit(
        record.match_id,
        seat,
        found.decision,
        sender=player,
        decision_id=decision_id(key, record.match_id, seat, record.seq),
        seen_seq=record.seq,
        order=found.order.cause,
    )
    await pool.execute(
        "UPDATE standing_orders SET answered = answered + 1, used_round = coalesce(used_round,"
        " $4) WHERE match_id = $1 AND seat = $2 AND number = $3",
        record.match_id,
        seat,
        found.order.number,
        count,
    )
    log.info("order_answered", match_id=record.match_id, seat=seat, seq=record.seq)
    return sent


async def _end(
    pool: asyncpg.Pool, record: MatchRecord, seat: int, order: StandingOrder, why: str
) -> None:
    await pool.execute(
        "UPDATE standing_orders SET ended_at = $4, ended_why = $5 WHERE match_id = $1"
        " AND seat = $2 AND number = $3 AND ended_at IS NULL",
        record.match_id,
        seat,
        order.number,
        record.seq,
        why[:500],
    )
