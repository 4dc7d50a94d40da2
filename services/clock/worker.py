"""The clock service: turns due deadlines into decisions on `decisions`, keyed by match.

It keeps nothing the log cannot rebuild: every sweep reads the running deadlines the lobby
projection keeps (`deadlines`, due plus grace in `fires_ms`) and sends a `match.timeout` for
each one due, carrying the position it was set at and its due time, with a decision_id made of
both. The rules service refuses a stale one (the deadline was met or moved meanwhile) and drops
a repeat as judged, so a restart that sends again does no harm; within one run each deadline is
sent once. Its last sweep's time is kept in `clock_heartbeats`: started again after longer than
`clock_outage_ms`, it sends each match whose deadlines fell due meanwhile a `match.clock_outage`
instead, and the rules service moves those deadlines on by the outage's length.
"""

import asyncio
import time
from contextlib import suppress

import asyncpg
import structlog

from events.clock import CLOCK_SENDER, ClockOutage, Timeout
from services import db
from services.gateway.submit import Submitter
from services.settings import Settings

log = structlog.get_logger("clock")

SWEEP_LIMIT = 10_000  # due deadlines read per sweep; the rest wait for the next


def now_ms() -> int:
    return int(time.time() * 1000)


class ClockWorker:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.name = settings.group("clock")
        self.submitter = Submitter(settings)
        self.sent: set[tuple[str, int, int, int]] = set()  # (match, seat, at_seq, due_ms)
        self.pool: asyncpg.Pool

    async def run(self, stop: asyncio.Event) -> None:
        self.pool = await db.connect(self.settings.database_url, size=1)
        await db.migrate(self.pool)
        await self.submitter.start()
        log.info("clock_started")
        try:
            last = await self.pool.fetchval(
                "SELECT seen_ms FROM clock_heartbeats WHERE name = $1", self.name
            )
            while not stop.is_set():
                now = now_ms()
                if last is not None and now - last > self.settings.clock_outage_ms:
                    await self.extend_outage(last, now)  # down, or stalled, since `last`
                await self.beat(now)
                last = now
                await self.sweep(now)
                with suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), self.settings.clock_tick_ms / 1000)
        finally:
            await self.submitter.stop()
            await self.pool.close()

    async def beat(self, now: int) -> None:
        await self.pool.execute(
            "INSERT INTO clock_heartbeats (name, seen_ms) VALUES ($1, $2)"
            " ON CONFLICT (name) DO UPDATE SET seen_ms = EXCLUDED.seen_ms",
            self.name,
            now,
        )

    async def extend_outage(self, start: int, end: int) -> None:
        """Each match with a deadline that fell due while the service was down is told so."""
        rows = await self.pool.fetch(
            "SELECT match_id, seat, due_ms, at_seq FROM deadlines"
            " WHERE fires_ms > $1 AND fires_ms <= $2",
            start,
            end,
        )
        await asyncio.gather(
            *(
                self.submitter.submit(
                    match_id,
                    None,
                    ClockOutage(from_ms=start, to_ms=end),
                    sender=CLOCK_SENDER,
                    decision_id=f"{match_id}:outage:{start}",
                )
                for match_id in sorted({row["match_id"] for row in rows})
            )
        )
        self.sent |= {(r["match_id"], r["seat"], r["at_seq"], r["due_ms"]) for r in rows}
        log.info("clock_outage", from_ms=start, to_ms=end, matches=len({r[0] for r in rows}))

    async def sweep(self, now: int) -> None:
        rows = await self.pool.fetch(
            "SELECT match_id, seat, due_ms, at_seq FROM deadlines WHERE fires_ms <= $1"
            " ORDER BY fires_ms LIMIT $2",
            now,
            SWEEP_LIMIT,
        )
        due = {(r["match_id"], r["seat"], r["at_seq"], r["due_ms"]) for r in rows}
        fresh = sorted(due - self.sent)
        # sent together, so the producer batches them: one at a time, each waiting for its
        # ack, a few hundred falling due at once took seconds
        await asyncio.gather(
            *(
                self.submitter.submit(
                    match_id,
                    None,
                    Timeout(seat=seat, at_seq=at_seq, due_ms=due_ms),
                    sender=CLOCK_SENDER,
                    decision_id=f"{match_id}:{seat}:timeout:{at_seq}:{due_ms}",
                )
                for match_id, seat, at_seq, due_ms in fresh
            )
        )
        if fresh:
            log.info("deadlines_due", count=len(fresh), first=fresh[0][0])
        self.sent = due  # what the log has answered is no longer listed: forgotten
