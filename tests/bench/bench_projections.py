"""Projection figures: entries per second written from a backlog by a worker feeding the
archive, the seat views, or all six read models; and each worker's lag while the rules service
judges a burst of decisions at its full rate: all six in one process (as the stack runs them),
then the two worker groups of `projections.registry.WORKER_GROUPS` in a process each.

On Kafka, then on Tansu (`scratch.on_each_broker`), each with a scratch database on
$DATABASE_URL's server. Goals printed beside the figures: the archive drains >= 10,000
entries/s, and no worker falls more than 1 s behind the log. BENCH_PROJECTION_MATCHES sizes
the backlog.
"""

import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any

import asyncpg
import msgspec

from projections.archive import Archive
from projections.projection import Projection
from projections.rebuild import reset
from projections.registry import PROJECTIONS, WORKER_GROUPS
from projections.runner import supervise
from projections.seat_views import SeatViews
from projections.worker import REPORT_S, Worker
from services import db
from services.settings import Settings
from services.topics import ensure_topics
from tests.bench.scratch import Scratch, on_each_broker
from tests.bench.table import Goal, Row, print_table
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
REPORTED_S = REPORT_S + 0.5  # a worker has logged what it did before this


async def _drain_rate(
    settings: Settings, pool: asyncpg.Pool, read_models: list[type[Projection]], entries: int
) -> float:
    """Entries per second from the worker taking its partitions to the end of the backlog."""
    worker = Worker(settings, read_models, pool)
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


def _worst_lag_s(log_text: str) -> float:
    """The worst lag the worker reported: from a record's timestamp on the log to the commit
    of the batch that projected it (its `projected` log lines, one a second while busy)."""
    reports = [
        json.loads(line)
        for line in log_text.splitlines()
        if line.startswith("{") and '"projected"' in line
    ]
    return max((r["worst_lag_ms"] for r in reports if r["event"] == "projected"), default=0) / 1000


async def _live_lag(
    settings: Settings, pool: asyncpg.Pool, log_dir: Path, groups: list[list[str]], seed: int
) -> dict[str, Any]:
    """Each worker group's worst lag while the running rules service judges a burst of new decisions
    (`seed` makes them new) as fast as it can; each group a `starledger projections run
    [NAMES]` process of its own, projecting from zero."""
    stream = [
        d for m in range(4) for d in bot_decisions(f"live{seed}-cw-{m}", 4, f"live{seed}-{m}")
    ]
    stream += race_decisions(matches=600, seed=seed)
    processes = [ProjectionProcess(settings, log_dir, names).start() for names in groups]
    try:
        await wait_caught_up(settings, pool, timeout=300)  # what is on the log: not measured
        await asyncio.sleep(REPORTED_S)
        measured_from = [len(p.log_text()) for p in processes]
        await produce(settings, stream)
        await wait_caught_up(settings, pool, timeout=300)
        await asyncio.sleep(REPORTED_S)
        worst = {
            "+".join(names) or "all": _worst_lag_s(p.log_text()[start:])
            for names, p, start in zip(groups, processes, measured_from, strict=True)
        }
    finally:
        for process in processes:
            process.stop()
    for kind in PROJECTIONS.values():
        await reset(settings, pool, kind)  # the next layout starts from zero
    return {"decisions": len(stream), "max_lag_s": worst}


async def _bench(settings: Settings, log_dir: Path) -> dict[str, Any]:
    await ensure_topics(settings)
    pool = await db.connect(settings.database_url, size=8, derived=True)  # as workers run
    try:
        await db.migrate(pool)
        stream = [d for m in range(MATCHES) for d in bot_decisions(f"cw-{m}", 4, f"bench-{m}")]
        records = judged(stream, settings.partitions)
        await write_log(settings, records)
        entries = sum(len(b.entries) for b in _batches(records))
        figures: dict[str, Any] = {"backlog_entries": entries}
        groups = {"archive": [Archive], "seat_views": [SeatViews], "all": [*PROJECTIONS.values()]}
        for name, read_models in groups.items():
            rate = await _drain_rate(settings, pool, read_models, entries)
            figures[f"{name}_entries_per_s"] = round(rate)
            for kind in read_models:
                await reset(settings, pool, kind)  # the next run starts from zero
        rules = RulesProcess(settings, log_dir).start()
        try:
            figures["live"] = await _live_lag(settings, pool, log_dir, [[]], seed=77)
            groups = [[read_models] for read_models in WORKER_GROUPS]
            figures["live_crews"] = await _live_lag(settings, pool, log_dir, groups, seed=78)
        finally:
            rules.stop()
        return figures
    finally:
        await pool.close()


def _batches(records: dict[int, list[bytes]]) -> list[Any]:
    class Shape(msgspec.Struct):
        entries: list[msgspec.Raw] = []

    return [msgspec.json.decode(v, type=Shape) for vs in records.values() for v in vs]


def _on(scratch: Scratch) -> dict[str, Any]:
    log_dir = Path(".run")
    log_dir.mkdir(exist_ok=True)
    figures = asyncio.run(_bench(scratch.settings, log_dir))
    for key in ("live", "live_crews"):
        live = figures.pop(key)
        figures["burst_decisions"] = live["decisions"]
        figures |= {f"{key} {read_models}": lag for read_models, lag in live["max_lag_s"].items()}
    return figures


def main() -> dict[str, dict[str, Any]]:
    figures = on_each_broker(_on)
    rows = [
        Row("backlog of Core Worlds entries", "backlog_entries"),
        Row("archive drains entries/s", "archive_entries_per_s", goal=Goal(">=", 10_000)),
        Row("seat views drain entries/s", "seat_views_entries_per_s"),
        Row("all six read models, one worker, drain entries/s", "all_entries_per_s"),
        Row("a burst judged at the rules service's full rate: decisions", "burst_decisions"),
        Row("worst lag, one process (as the stack runs) (s)", "live all", "{:.2f}", Goal("<=", 1)),
        *(
            Row(
                f"worst lag, two worker groups: {read_models} (s)",
                f"live_crews {read_models}",
                "{:.2f}",
                Goal("<=", 1),
            )
            for read_models in WORKER_GROUPS
        ),
    ]
    print_table("projections", rows, figures)
    return figures


if __name__ == "__main__":
    main()
