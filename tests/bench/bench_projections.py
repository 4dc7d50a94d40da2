"""Projection figures: entries per second written from a backlog by a worker feeding the
archive, the seat views, or all six read models; and every read model's lag while the rules
service judges a burst of decisions at its full rate, the projections running as deployed.

Starts its own broker (unless $KAFKA_BOOTSTRAP) and a scratch database on $DATABASE_URL's
server. Goals printed beside the figures: the archive drains >= 10,000 entries/s, and no
worker falls more than 1 s behind the log. BENCH_PROJECTION_MATCHES sizes the backlog.
"""

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import asyncpg
import msgspec
from aiokafka import AIOKafkaConsumer, TopicPartition

from projections import log_end, offsets
from projections.archive import Archive
from projections.projection import Projection
from projections.rebuild import reset
from projections.registry import PROJECTIONS
from projections.runner import supervise
from projections.seat_views import SeatViews
from projections.worker import Worker
from services import db
from services.settings import Settings
from services.topics import ensure_topics
from tests.bench.scratch import scratch_settings
from tests.projections.support import (
    ProjectionProcess,
    bot_decisions,
    judged,
    wait_caught_up,
    write_log,
)
from tests.support import RulesProcess, produce
from tests.workload import race_decisions

MATCHES = int(os.environ.get("BENCH_PROJECTION_MATCHES", 40))


async def _drain_rate(
    settings: Settings, pool: asyncpg.Pool, crew: list[type[Projection]], entries: int
) -> float:
    """Entries per second from the worker taking its partitions to the end of the backlog."""
    worker = Worker(settings, crew, pool)
    stop = asyncio.Event()
    running = asyncio.create_task(supervise([worker], stop))
    while not worker.partitions:
        await asyncio.sleep(0.005)
    started = time.perf_counter()
    while worker.meter.entries < entries:
        await asyncio.sleep(0.005)
    seconds = time.perf_counter() - started
    stop.set()
    await running
    return entries / seconds


class LogWatch:
    """When each new match-log record showed up on the broker, seen by a reader tailing it,
    and each projection's worst time behind that: how long the oldest record it had not yet
    committed had been readable. The projections run as their own process, as deployed, and
    their progress is read where readers see it: the offsets committed in PostgreSQL."""

    def __init__(self, settings: Settings, pool: asyncpg.Pool) -> None:
        self.settings, self.pool = settings, pool
        self.arrived: dict[int, dict[int, float]] = {}  # partition -> offset -> when seen
        self.worst_s = {name: 0.0 for name in PROJECTIONS}

    async def run(self, ends: dict[int, int]) -> None:
        reader = AIOKafkaConsumer(
            bootstrap_servers=self.settings.kafka_bootstrap,
            enable_auto_commit=False,
            fetch_max_wait_ms=self.settings.fetch_wait_ms,
        )
        await reader.start()
        try:
            tps = [TopicPartition(self.settings.match_log_topic, p) for p in sorted(ends)]
            reader.assign(tps)
            for tp in tps:
                reader.seek(tp, ends[tp.partition])
                self.arrived[tp.partition] = {}
            sampling = asyncio.create_task(self._sample())
            try:
                while True:
                    fetched = await reader.getmany(timeout_ms=100, max_records=10_000)
                    now = time.monotonic()
                    for tp, messages in fetched.items():
                        for message in messages:
                            self.arrived[tp.partition].setdefault(message.offset, now)
            finally:
                sampling.cancel()
        finally:
            await reader.stop()

    async def _sample(self) -> None:
        while True:
            await asyncio.sleep(0.01)
            stored = await offsets.positions(self.pool, self.settings.match_log_topic)
            now = time.monotonic()
            for (name, p), next_offset in stored.items():
                seen = self.arrived.get(p, {}).get(next_offset)
                if seen is not None:
                    self.worst_s[name] = max(self.worst_s[name], now - seen)


async def _live_lag(settings: Settings, pool: asyncpg.Pool, log_dir: Path) -> dict[str, Any]:
    """Every projection's worst lag while the rules service judges a stream as fast as it
    can; the projections run as one `starledger projections run` process."""
    stream = [d for m in range(4) for d in bot_decisions(f"live-cw-{m}", 4, f"live-{m}")]
    stream += race_decisions(matches=600, seed=77)
    workers = ProjectionProcess(settings, log_dir).start()
    rules = RulesProcess(settings, log_dir).start()
    try:
        await wait_caught_up(settings, pool, timeout=300)  # the backlog first: not measured
        watch = LogWatch(settings, pool)
        watching = asyncio.create_task(watch.run(await log_end.ends(settings)))
        started = time.perf_counter()
        await produce(settings, stream)
        await wait_caught_up(settings, pool, timeout=300)
        seconds = time.perf_counter() - started
        watching.cancel()
        await asyncio.gather(watching, return_exceptions=True)  # the reader stops
    finally:
        rules.stop()
        workers.stop()
    return {
        "decisions": len(stream),
        "seconds": round(seconds, 1),
        "max_lag_s": {name: round(worst, 3) for name, worst in watch.worst_s.items()},
    }


async def _bench(settings: Settings, log_dir: Path) -> dict[str, Any]:
    await ensure_topics(settings)
    pool = await db.connect(settings.database_url, size=8)
    try:
        await db.migrate(pool)
        stream = [d for m in range(MATCHES) for d in bot_decisions(f"cw-{m}", 4, f"bench-{m}")]
        records = judged(stream, settings.partitions)
        await write_log(settings, records)
        entries = sum(len(b.entries) for b in _batches(records))
        figures: dict[str, Any] = {"backlog_entries": entries}
        crews = {"archive": [Archive], "seat_views": [SeatViews], "all": [*PROJECTIONS.values()]}
        for name, crew in crews.items():
            rate = await _drain_rate(settings, pool, crew, entries)
            figures[f"{name}_entries_per_s"] = round(rate)
            for kind in crew:
                await reset(settings, pool, kind)  # the next run starts from zero
        figures["live"] = await _live_lag(settings, pool, log_dir)
        return figures
    finally:
        await pool.close()


def _batches(records: dict[int, list[bytes]]) -> list[Any]:
    class Shape(msgspec.Struct):
        entries: list[msgspec.Raw] = []

    return [msgspec.json.decode(v, type=Shape) for vs in records.values() for v in vs]


def main() -> dict[str, Any]:
    log_dir = Path(".run")
    log_dir.mkdir(exist_ok=True)
    with scratch_settings() as settings:
        figures = asyncio.run(_bench(settings, log_dir))
    print(f"projections: backlog of {figures['backlog_entries']:,} Core Worlds entries")
    print(
        f"projections: archive drains {figures['archive_entries_per_s']:,} entries/s "
        f"(goal >= 10,000)"
    )
    print(f"projections: seat views drain {figures['seat_views_entries_per_s']:,} entries/s")
    print(
        f"projections: all six read models, one worker, drain {figures['all_entries_per_s']:,}"
        f" entries/s"
    )
    live = figures["live"]
    print(
        f"projections: {live['decisions']:,} decisions judged and projected in "
        f"{live['seconds']} s ({live['decisions'] / live['seconds']:,.0f}/s); worst lag behind "
        f"the log per worker (goal <= 1 s): {live['max_lag_s']}"
    )
    return figures


if __name__ == "__main__":
    main()
