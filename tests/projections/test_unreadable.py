"""A record only a newer release reads stops the worker that meets it, with a clear error
and nothing of it written; a record no release reads (garbage, text PostgreSQL refuses) is
noted with its partition and offset and skipped, and the worker serves on; a projection that
fails stops alone, leaving its worker serving."""

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

import asyncpg
import pytest

from events.codec import Unreadable, read_record
from events.envelope import EntryBatch
from events.match import PartitionMatches
from projections.archive import Archive
from projections.lobby import Lobby
from projections.projection import Folded, Projection
from projections.runner import supervise
from projections.worker import UnreadableLog, Worker
from projections.writes import Write
from services.settings import Settings
from tests.projections.support import judged, wait_caught_up, write_log
from tests.workload import race_decisions

Spoil = Callable[[bytes], bytes]


def _layout(change: Callable[[dict[str, Any]], None]) -> Spoil:
    def spoil(value: bytes) -> bytes:
        layout = json.loads(value)
        change(layout)
        return json.dumps(layout).encode()  # ensure_ascii: NUL travels as \u0000

    return spoil


def _unknown_kind(layout: dict[str, Any]) -> None:
    layout["entries"][-1]["body"] = {"type": "race.teleported", "seat": 0}


def _of_a_newer_version(layout: dict[str, Any]) -> None:
    _unknown_kind(layout)
    for entry in layout["entries"]:
        entry["ruleset_version"] = "2"


def _newer_schema(layout: dict[str, Any]) -> None:
    layout["entries"][0]["schema"] = 99


def _nul_in_a_reason(layout: dict[str, Any]) -> None:
    layout["entries"][0]["body"]["reason"] = "look\x00here"


def _seq_beyond_an_integer(layout: dict[str, Any]) -> None:
    layout["entries"][0]["seq"] = 2**31


def _not_json(_value: bytes) -> bytes:
    return b"\x00\xffnot a record"


def _spoiled_log(
    settings: Settings, seed: int, spoil: Spoil
) -> tuple[dict[int, list[bytes]], dict[int, list[bytes]], int]:
    """A log of a dozen matches, and a copy with the record half-way along partition 0 spoilt."""
    clean = judged(race_decisions(matches=12, seed=seed), settings.partitions)
    bad_at = len(clean[0]) // 2
    spoilt = {p: list(values) for p, values in clean.items()}
    spoilt[0][bad_at] = spoil(clean[0][bad_at])
    return clean, spoilt, bad_at


@pytest.mark.parametrize(
    "spoil", [_layout(_of_a_newer_version), _layout(_newer_schema)], ids=["version", "schema"]
)
async def test_a_record_only_a_newer_release_reads_stops_the_worker_before_it(
    settings: Settings, pool: asyncpg.Pool, spoil: Spoil
) -> None:
    _, records, bad_at = _spoiled_log(settings, 31, spoil)
    await write_log(settings, records)
    worker = Worker(settings, [Archive], pool)
    with pytest.raises(UnreadableLog, match=f"partition 0 offset {bad_at}: .*upgrade.*stops here"):
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
        for r in map(read_record, values[: stored.get(p, 0)])
        if isinstance(r, EntryBatch)
        for e in r.entries
    ]
    rows = await pool.fetch("SELECT match_id, seq FROM archive")
    assert sorted(written) == sorted((r["match_id"], r["seq"]) for r in rows)


def _counted(records: dict[int, list[bytes]]) -> dict[str, int]:
    """match_id -> its last seq, as a reader that skips what no release reads counts them."""
    last: dict[str, int] = {}
    for values in records.values():
        folded = PartitionMatches()
        for record in map(read_record, values):
            if not isinstance(record, Unreadable):
                last.update((e.match_id, e.seq) for e in folded.fold(record))
    return last


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (_layout(_nul_in_a_reason), "NUL .* PostgreSQL cannot store"),
        (_layout(_seq_beyond_an_integer), "<= 2147483647"),
        (_layout(_unknown_kind), "race.teleported"),
        (_not_json, "malformed"),
    ],
    ids=["nul", "seq", "kind", "garbage"],
)
async def test_a_record_no_release_reads_is_noted_and_skipped_and_the_worker_serves_on(
    settings: Settings, pool: asyncpg.Pool, spoil: Spoil, reason: str
) -> None:
    clean, records, bad_at = _spoiled_log(settings, 37, spoil)
    spoilt_match = json.loads(clean[0][bad_at])["entries"][0]["match_id"]
    stop = asyncio.Event()
    running = asyncio.create_task(supervise([Worker(settings, [Archive, Lobby], pool)], stop))
    await write_log(settings, records)
    await wait_caught_up(settings, pool, [Archive, Lobby])
    stop.set()
    assert await running is True  # nothing stopped

    noted = await pool.fetch("SELECT partition, log_offset, reason FROM unreadable_records")
    assert [(r["partition"], r["log_offset"]) for r in noted] == [(0, bad_at)]
    assert re.search(reason, noted[0]["reason"]), noted[0]["reason"]
    counted = _counted(records)
    archived = dict(await pool.fetch("SELECT match_id, max(seq) FROM archive GROUP BY match_id"))
    lobby = dict(await pool.fetch("SELECT match_id, seq FROM lobby"))
    assert archived == lobby == counted
    # Every other match, those after it on partition 0 too, is projected to its end; the
    # spoilt one stays as it was before the record.
    whole = _counted(clean)
    assert counted[spoilt_match] < whole[spoilt_match]
    del counted[spoilt_match], whole[spoilt_match]
    assert counted == whole


class _Broken(Projection):
    """Fails on the first thing it sees, as a projection with a bug would."""

    name = "broken"
    tables = ()

    def take(self, folded: Folded) -> None:
        raise RuntimeError(f"cannot project {folded.match.match_id}")

    def writes(self) -> list[Write]:
        raise AssertionError("never reached")


async def test_a_failing_projection_stops_alone_and_its_worker_serves_on(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    stop = asyncio.Event()
    worker = Worker(settings, [_Broken, Archive], pool)
    running = asyncio.create_task(supervise([worker], stop))
    await write_log(settings, judged(race_decisions(matches=4, seed=32), settings.partitions))
    await wait_caught_up(settings, pool, [Archive])
    await write_log(settings, judged(race_decisions(matches=4, seed=33), settings.partitions))
    await wait_caught_up(settings, pool, [Archive])
    assert not running.done()
    stop.set()
    assert await running is False
    assert list(worker.stopped) == ["broken"]
    assert "cannot project" in worker.stopped["broken"]
    assert await pool.fetchval("SELECT count(DISTINCT match_id) FROM archive") == 8
    assert not await pool.fetchval(
        "SELECT count(*) FROM projection_offsets WHERE projection = 'broken' AND next_offset > 0"
    )


def _failing(why: str) -> Write:
    """A statement PostgreSQL refuses, saying `why`."""
    return Write("SELECT ($1->>'why')::int", {"why": why})


class _FailsOnce(Projection):
    """Its first batch fails to write, slowly, in the worker's statement and again alone, as
    with a bug; later batches would write."""

    name = "fails_once"
    tables = ()
    failing = asyncio.Event()  # set while the first write is under way
    failures = 0

    def take(self, folded: Folded) -> None:
        pass

    def writes(self) -> list[Write]:
        slow = []
        if not _FailsOnce.failing.is_set():
            _FailsOnce.failing.set()
            slow = [Write("SELECT pg_sleep(1.0)", None)]  # the next batch is fetched meanwhile
        if _FailsOnce.failures < 2:
            _FailsOnce.failures += 1
            return [*slow, _failing("cannot write")]
        return []


async def test_a_projection_whose_write_fails_never_moves_past_what_it_lost(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    _FailsOnce.failing, _FailsOnce.failures = asyncio.Event(), 0
    stop = asyncio.Event()
    worker = Worker(settings, [_FailsOnce, Archive], pool)
    running = asyncio.create_task(supervise([worker], stop))
    await write_log(settings, judged(race_decisions(matches=4, seed=34), settings.partitions))
    await asyncio.wait_for(_FailsOnce.failing.wait(), timeout=30)
    await write_log(settings, judged(race_decisions(matches=4, seed=35), settings.partitions))
    await wait_caught_up(settings, pool, [Archive])
    stop.set()
    assert await running is False
    assert "cannot write" in worker.stopped["fails_once"]
    assert not await pool.fetchval(
        "SELECT count(*) FROM projection_offsets WHERE projection = 'fails_once'"
        " AND next_offset > 0"
    )


class _Blips(Projection):
    """Its first write fails, as on a passing fault; every later one succeeds."""

    name = "blips"
    tables = ()
    failed = False

    def take(self, folded: Folded) -> None:
        pass

    def writes(self) -> list[Write]:
        if not _Blips.failed:
            _Blips.failed = True
            return [_failing("passing fault")]
        return []


async def test_a_write_that_fails_once_is_retried_and_nothing_stops(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    _Blips.failed = False
    stop = asyncio.Event()
    worker = Worker(settings, [_Blips, Archive], pool)
    running = asyncio.create_task(supervise([worker], stop))
    await write_log(settings, judged(race_decisions(matches=4, seed=36), settings.partitions))
    await wait_caught_up(settings, pool, [_Blips, Archive])
    stop.set()
    assert await running is True
    assert _Blips.failed and not worker.stopped
