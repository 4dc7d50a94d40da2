"""A record this release cannot read stops the worker that meets it, with a clear error and
nothing of it written; a projection that fails stops alone, leaving its crew serving."""

import asyncio
import json
from typing import Any

import asyncpg
import pytest

from events.codec import decode_record
from events.envelope import EntryBatch
from projections.archive import Archive
from projections.projection import Projection, Step
from projections.runner import supervise
from projections.worker import UnreadableLog, Worker
from services.settings import Settings
from tests.projections.support import judged, wait_caught_up, write_log
from tests.workload import race_decisions


def _unknown_kind(value: bytes) -> bytes:
    layout = json.loads(value)
    layout["entries"][-1]["body"] = {"type": "race.teleported", "seat": 0}
    return json.dumps(layout).encode()


def _newer_schema(value: bytes) -> bytes:
    layout = json.loads(value)
    layout["entries"][0]["schema"] = 99
    return json.dumps(layout).encode()


@pytest.mark.parametrize("spoil", [_unknown_kind, _newer_schema])
async def test_an_unreadable_entry_stops_the_worker_before_it_and_writes_none_of_it(
    settings: Settings, pool: asyncpg.Pool, spoil: Any
) -> None:
    records = judged(race_decisions(matches=12, seed=31), settings.partitions)
    bad_at = len(records[0]) // 2
    records[0][bad_at] = spoil(records[0][bad_at])
    await write_log(settings, records)
    worker = Worker(settings, [Archive], pool)
    with pytest.raises(UnreadableLog, match=f"partition 0 offset {bad_at}: .*stops here"):
        await asyncio.wait_for(worker.run(), timeout=60)

    stored = dict(
        await pool.fetch(
            "SELECT partition, next_offset FROM projection_offsets WHERE projection = 'archive'"
        )
    )
    assert stored[0] == bad_at
    written = [
        (e.match_id, e.seq)
        for p, values in records.items()
        for r in map(decode_record, values[: stored.get(p, 0)])
        if isinstance(r, EntryBatch)
        for e in r.entries
    ]
    rows = await pool.fetch("SELECT match_id, seq FROM archive")
    assert sorted(written) == sorted((r["match_id"], r["seq"]) for r in rows)


class _Broken(Projection):
    """Fails on the first thing it sees, as a projection with a bug would."""

    name = "broken"
    tables = ()

    def take(self, step: Step) -> None:
        raise RuntimeError(f"cannot project {step.match.match_id}")

    async def write(self, conn: asyncpg.Connection) -> None:
        raise AssertionError("never reached")


async def test_a_failing_projection_stops_alone_and_its_crew_serves_on(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    stop = asyncio.Event()
    crew = Worker(settings, [_Broken, Archive], pool)
    running = asyncio.create_task(supervise([crew], stop))
    await write_log(settings, judged(race_decisions(matches=4, seed=32), settings.partitions))
    await wait_caught_up(settings, pool, [Archive])
    await write_log(settings, judged(race_decisions(matches=4, seed=33), settings.partitions))
    await wait_caught_up(settings, pool, [Archive])
    assert not running.done()
    stop.set()
    assert await running is False
    assert list(crew.stopped) == ["broken"]
    assert "cannot project" in crew.stopped["broken"]
    assert await pool.fetchval("SELECT count(DISTINCT match_id) FROM archive") == 8
    assert not await pool.fetchval(
        "SELECT count(*) FROM projection_offsets WHERE projection = 'broken' AND next_offset > 0"
    )


class _FailsOnce(Projection):
    """Its first batch fails to write, slowly, in the crew's transaction and again alone, as
    with a bug; later batches would write."""

    name = "fails_once"
    tables = ()
    failing = asyncio.Event()  # set while the first write is under way
    failures = 0

    def take(self, step: Step) -> None:
        pass

    async def write(self, conn: asyncpg.Connection) -> None:
        if not _FailsOnce.failing.is_set():
            _FailsOnce.failing.set()
            await asyncio.sleep(1.0)  # the next batch is fetched and folded meanwhile
        if _FailsOnce.failures < 2:
            _FailsOnce.failures += 1
            raise RuntimeError("cannot write")


async def test_a_projection_whose_write_fails_never_moves_past_what_it_lost(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    _FailsOnce.failing, _FailsOnce.failures = asyncio.Event(), 0
    stop = asyncio.Event()
    crew = Worker(settings, [_FailsOnce, Archive], pool)
    running = asyncio.create_task(supervise([crew], stop))
    await write_log(settings, judged(race_decisions(matches=4, seed=34), settings.partitions))
    await asyncio.wait_for(_FailsOnce.failing.wait(), timeout=30)
    await write_log(settings, judged(race_decisions(matches=4, seed=35), settings.partitions))
    await wait_caught_up(settings, pool, [Archive])
    stop.set()
    assert await running is False
    assert "cannot write" in crew.stopped["fails_once"]
    assert not await pool.fetchval(
        "SELECT count(*) FROM projection_offsets WHERE projection = 'fails_once'"
        " AND next_offset > 0"
    )


class _Blips(Projection):
    """Its first write fails, as on a passing fault; every later one succeeds."""

    name = "blips"
    tables = ()
    failed = False

    def take(self, step: Step) -> None:
        pass

    async def write(self, conn: asyncpg.Connection) -> None:
        if not _Blips.failed:
            _Blips.failed = True
            raise RuntimeError("passing fault")


async def test_a_write_that_fails_once_is_retried_and_nothing_stops(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    _Blips.failed = False
    stop = asyncio.Event()
    crew = Worker(settings, [_Blips, Archive], pool)
    running = asyncio.create_task(supervise([crew], stop))
    await write_log(settings, judged(race_decisions(matches=4, seed=36), settings.partitions))
    await wait_caught_up(settings, pool, [_Blips, Archive])
    stop.set()
    assert await running is True
    assert _Blips.failed and not crew.stopped
