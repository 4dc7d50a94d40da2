"""Notices: what each seat with a mail address or a webhook is to hear, as deliveries in the
outbox (`mail_outbox`, a row per channel). From the log: its turn began (it is among the seats
the game must hear from, and was not after the entry before), a deadline of its was reached or
a bot decided or took over for it, the organiser wrote to the players, the match ended. Each
delivery's id is made of its match, seat, kind and entry (and channel), and a row once written
is kept (sent or not), so a rebuild or a worker replaying a batch records nothing twice. Only
seats whose address (or webhook target) was set before the entry hear of it."""

import time
from typing import Any

import asyncpg
import msgspec

from events.clock import DeadlineReached, DefaultApplied, SeatHandedToBot
from events.envelope import SeedRevealed
from events.match import EndedMatch
from events.messages import Announced
from events.platform_rules import BOT_PREFIX
from events.ruleset import get_ruleset
from projections.projection import Projection, Step

# Where notices go: the channel, its deliveries' id prefix, the table of seats that want them.
CHANNELS = (("mail", "", "mail_seats"), ("webhook", "hook:", "webhook_seats"))


class Notices(Projection):
    name = "notices"
    tables = ("notice_waiting",)  # the outbox is a record of deliveries, never emptied

    def __init__(self) -> None:
        self.steps: list[_Heard] = []

    def take(self, step: Step) -> None:
        match = step.match
        if isinstance(match, EndedMatch):  # a late ruling after the end: nobody is told
            return
        running = match.state is not None and not match.over and not match.open_seats
        must = get_ruleset(match.ruleset).waiting(match.state).must if running else ()
        timed_out = {
            e.body.seat
            for e in step.entries
            if isinstance(e.body, DefaultApplied | SeatHandedToBot)
            or (isinstance(e.body, DeadlineReached) and e.body.outcome == "wait")
        }
        people = tuple(s for s, h in enumerate(match.holders) if h and not h.startswith(BOT_PREFIX))
        self.steps.append(
            _Heard(
                match.match_id,
                step.entries[-1].seq,
                must,
                timed_out,
                any(isinstance(e.body, SeedRevealed) for e in step.entries),
                any(isinstance(e.body, Announced) for e in step.entries),
                people,
            )
        )

    async def write(self, conn: asyncpg.Connection) -> None:
        if not self.steps:
            return
        matches = sorted({s.match_id for s in self.steps})
        rows = await conn.fetch(
            "SELECT match_id, must FROM notice_waiting WHERE match_id = ANY($1::text[])", matches
        )
        waited = {r["match_id"]: tuple(r["must"]) for r in rows}
        deliveries: list[tuple[str, str, int, str, int]] = []
        for step in self.steps:
            match_id, seq, must = step.match_id, step.seq, step.must
            before = waited.get(match_id, ())
            for seat in must:
                if seat not in before and seat in step.people:
                    deliveries.append(_delivery(match_id, seat, "turn", seq))
            deliveries += [_delivery(match_id, s, "timeout", seq) for s in sorted(step.timed_out)]
            if step.announced:
                deliveries += [_delivery(match_id, s, "message", seq) for s in step.people]
            if step.ended:
                deliveries += [_delivery(match_id, s, "ended", seq) for s in step.people]
            waited[match_id] = must
        if deliveries:
            now = int(time.time() * 1000)
            for channel, prefix, seats in CHANNELS:
                await conn.execute(
                    "INSERT INTO mail_outbox (delivery_id, match_id, seat, kind, upto_seq,"
                    f" created_ms, next_ms, channel) SELECT $7 || u.id, u.m, u.s, u.k, u.q, $6,"
                    f" $6, $8 FROM unnest($1::text[], $2::text[], $3::int[], $4::text[],"
                    f" $5::int[]) AS u(id, m, s, k, q) JOIN {seats} AS ms"
                    " ON ms.match_id = u.m AND ms.seat = u.s AND u.q > ms.from_seq"
                    " ON CONFLICT (delivery_id) DO NOTHING",
                    *(list(column) for column in zip(*deliveries, strict=True)),
                    now,
                    prefix,
                    channel,
                )
        await conn.execute(
            "INSERT INTO notice_waiting (match_id, must)"
            " SELECT m, w::integer[] FROM unnest($1::text[], $2::text[]) AS u(m, w)"
            " ON CONFLICT (match_id) DO UPDATE SET must = EXCLUDED.must",
            list(waited),
            [_int_array(must) for must in waited.values()],
        )


class _Heard(msgspec.Struct, frozen=True):
    """What one step of a match gives its seats to hear of."""

    match_id: str
    seq: int  # of the step's last entry
    must: tuple[int, ...]  # the seats the game must hear from
    timed_out: set[int]
    ended: bool
    announced: bool  # the organiser wrote to the players
    people: tuple[int, ...]  # the seats players (not bots) hold


def _delivery(match_id: str, seat: int, kind: str, seq: int) -> tuple[str, str, int, str, int]:
    return (f"{kind}:{seq}:{seat}:{match_id}", match_id, seat, kind, seq)


def _int_array(seats: tuple[int, ...]) -> Any:
    """A PostgreSQL array literal: unnest takes no array of arrays of varying length."""
    return "{" + ",".join(map(str, seats)) + "}"
