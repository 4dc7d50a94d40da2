"""Crashes and rebuilds: the tables must come out as an uninterrupted run leaves them."""

import asyncio
import json
import random
from pathlib import Path

import asyncpg

from events.codec import decode_record
from events.envelope import EntryBatch
from projections import log_end, rebuild
from projections.archive import Archive
from projections.status import lags
from services.settings import Settings
from tests.projections.support import (
    ALL,
    ProjectionProcess,
    bot_decisions,
    checksums,
    judged,
    wait_caught_up,
    workers,
    write_log,
)
from tests.workload import race_decisions


def _backlog(settings: Settings, seed: int) -> dict[int, list[bytes]]:
    stream = [d for m in range(4) for d in bot_decisions(f"cw-{seed}-{m}", 3 + m % 2, f"{m}")]
    stream += race_decisions(matches=120, seed=seed)
    return judged(stream, settings.partitions)


async def test_sigkill_during_a_backlog_leaves_the_tables_of_an_uninterrupted_run(
    settings: Settings, pool: asyncpg.Pool, tmp_path: Path
) -> None:
    await write_log(settings, _backlog(settings, seed=21))
    async with workers(settings):
        await wait_caught_up(settings, pool)
    uninterrupted = await checksums(pool)
    for projection in ALL:
        await rebuild.reset(settings, pool, projection)
    assert await checksums(pool) != uninterrupted

    rng = random.Random(5)
    total = len(ALL) * sum((await log_end.ends(settings)).values())
    process = ProjectionProcess(settings, tmp_path).start()
    try:
        for share in sorted(rng.uniform(0.05, 0.95) for _ in range(4)):
            await _progressed(pool, share * total)
            process.kill()
            process = ProjectionProcess(settings, tmp_path).start()
        await wait_caught_up(settings, pool, timeout=120)
    finally:
        process.stop()
    assert await checksums(pool) == uninterrupted
    ends = await log_end.ends(settings)
    resumed = [
        event
        for event in map(json.loads, _json_lines(process.log_text()))
        if event["event"] == "partitions_assigned"
        and any(0 < start < ends[int(p)] for p, start in event["partitions"].items())
    ]
    assert resumed, "no restart resumed part-way through the backlog"


async def test_a_rebuild_while_workers_serve_yields_the_live_tables(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    records = _backlog(settings, seed=22)
    count = sum(len(values) for values in records.values())
    entries = sum(
        len(r.entries)
        for values in records.values()
        for r in map(decode_record, values)
        if isinstance(r, EntryBatch)
    )
    await write_log(settings, records)
    behind = await lags(settings, pool, ALL)
    assert {(lag.records, lag.entries) for lag in behind} == {(count, entries)}
    assert all(lag.seconds > 0 for lag in behind)
    async with workers(settings):
        await wait_caught_up(settings, pool)
        live = await checksums(pool)
        seconds = await rebuild.rebuild(settings, pool, ALL)
        assert seconds > 0
        assert await checksums(pool) == live
        assert all(lag.records == lag.entries == 0 for lag in await lags(settings, pool, ALL))
    assert sum((await log_end.ends(settings)).values()) == count


async def test_rebuilding_one_read_model_leaves_the_worker_serving_and_hands_it_back(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    first = _backlog(settings, seed=24)
    then = judged(race_decisions(matches=30, seed=25), settings.partitions)
    await write_log(settings, first)
    async with workers(settings):
        await wait_caught_up(settings, pool)
        live = await checksums(pool)
        await rebuild.rebuild(settings, pool, [Archive])  # a worker and group of its own
        assert await checksums(pool) == live
        await write_log(settings, then)
        await wait_caught_up(settings, pool)  # the archive too: the worker took it back
    assert await pool.fetchval("SELECT count(*) FROM archive") == _entries(first, then)


def _entries(*logs: dict[int, list[bytes]]) -> int:
    """How many entries these records carry in all."""
    return sum(
        len(r.entries)
        for records in logs
        for values in records.values()
        for r in map(decode_record, values)
        if isinstance(r, EntryBatch)
    )


async def test_a_killed_worker_leaves_no_claim_behind_and_the_group_takes_its_model_back(
    settings: Settings, pool: asyncpg.Pool, tmp_path: Path
) -> None:
    first = _backlog(settings, seed=26)
    then = judged(race_decisions(matches=30, seed=27), settings.partitions)
    await write_log(settings, first)
    async with workers(settings):
        await wait_caught_up(settings, pool)
        other = ProjectionProcess(settings, tmp_path, ["archive"]).start()  # as a rebuild does
        try:
            await _taken_from_the_group(pool, "archive", group_holds="audit")
            other.kill()  # its claims stay in the table, held by nobody living
        finally:
            other.stop()
        await write_log(settings, then)
        await wait_caught_up(settings, pool)  # the archive too: the worker took it back
    assert await pool.fetchval("SELECT count(*) FROM archive") == _entries(first, then)


async def _taken_from_the_group(pool: asyncpg.Pool, projection: str, group_holds: str) -> None:
    """Wait until a worker other than the worker (which holds `group_holds`) holds `projection`."""
    for _ in range(3000):
        rows = await pool.fetch(
            "SELECT projection, holder FROM projection_offsets WHERE projection = ANY($1::text[])",
            [projection, group_holds],
        )
        group_claimants = {r["holder"] for r in rows if r["projection"] == group_holds}
        if any(
            r["holder"] not in group_claimants | {None}
            for r in rows
            if r["projection"] == projection
        ):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"no other worker took {projection}")


async def _progressed(pool: asyncpg.Pool, records: float) -> None:
    """Wait until the projections have stored offsets past `records` records in all."""
    while await pool.fetchval("SELECT sum(next_offset) FROM projection_offsets") < records:
        await asyncio.sleep(0.02)


def _json_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("{")]
