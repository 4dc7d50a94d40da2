"""Kill rules-service processes with SIGKILL mid-stream; the log must come out as if nothing
had happened: every decision ruled once, every match in the same final state."""

import asyncio
import random
from pathlib import Path

import asyncpg

from events.codec import decode_record
from events.envelope import EntryBatch
from events.match import PartitionMatches
from services.rules.rejudge import verify
from services.settings import Settings
from tests.projections.support import wait_caught_up, workers
from tests.support import LogReader, RulesProcess, all_ruled, produce, rulings, wait_for
from tests.workload import expected_outcome, outcome, race_decisions


async def _trickle(settings: Settings, stream: list, per_second: float) -> None:
    for i in range(0, len(stream), 10):
        await produce(settings, stream[i : i + 10])
        await asyncio.sleep(10 / per_second)


async def _snapshot_written(settings: Settings, timeout: float = 60.0) -> None:
    """Until the rules service has written a snapshot of its partitions (a loaded machine may
    take longer than the random pause to judge the first `snapshot_every` entries)."""
    conn = await asyncpg.connect(settings.database_url)
    try:
        for _ in range(int(timeout / 0.2)):
            query = "SELECT count(*) FROM rules_snapshots WHERE topic = $1"
            if await conn.fetchval(query, settings.match_log_topic):
                return
            await asyncio.sleep(0.2)
        raise AssertionError("the rules service wrote no snapshot")
    finally:
        await conn.close()


async def test_sigkill_at_random_points_loses_and_repeats_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    stream = race_decisions(matches=60, seed=11)
    rng = random.Random(3)
    rules = RulesProcess(settings, tmp_path).start()
    flow = asyncio.create_task(_trickle(settings, stream, per_second=40))
    try:
        for kill in range(4):  # decisions keep flowing while the service dies and comes back
            await asyncio.sleep(rng.uniform(2.0, 7.0))
            if kill == 3:  # so the last restart has a snapshot to resume from
                await _snapshot_written(settings)
            rules.kill()
            rules = RulesProcess(settings, tmp_path).start()
        await flow
        log = await all_ruled(settings, {d.decision_id for d in stream}, timeout=120)
    finally:
        flow.cancel()
        rules.stop()
    entries = log.entries()
    for match_entries in entries.values():
        assert [e.seq for e in match_entries] == list(range(1, len(match_entries) + 1))
        rulings(match_entries)  # asserts no decision was ruled twice
    assert outcome(entries) == expected_outcome(stream)
    resumed = [line for line in rules.events("catching_up") if line["snapshot_matches"]]
    assert resumed, "no restart resumed from a snapshot"


def _ids(decisions: list) -> set[str]:
    return {d.decision_id for d in decisions}


def _counted_writers(log: LogReader) -> list[tuple[str, str | None]]:
    """The writer of each entry batch the log's readers count, with the partition's owner then."""
    counted: list[tuple[str, str | None]] = []
    by_partition: dict[int, PartitionMatches] = {}
    for partition, _, value in sorted(log.records, key=lambda r: (r[0], r[1])):
        folded = by_partition.setdefault(partition, PartitionMatches())
        record = decode_record(value)
        if folded.fold(record) and isinstance(record, EntryBatch):
            counted.append((record.writer, folded.owner))
    return counted


async def test_a_frozen_owners_pending_work_is_taken_over_and_its_late_writes_count_for_nobody(
    settings: Settings, pool: asyncpg.Pool, tmp_path: Path
) -> None:
    """The owner freezes (a GC pause, a stalled VM); the group gives its partitions to a second
    instance, which fences them and freezes in turn. Decisions arrive; the old owner wakes,
    believes it still owns the partitions and judges them, each the next entry of its match,
    until its heartbeat tells it otherwise (usually it writes some: not always, as that race
    is the broker's); the decisions are then judged by a real owner. The rules service, the
    projections and `verify` count none of a zombie's late writes."""
    stream = race_decisions(matches=40, seed=71)
    third = len(stream) // 3
    first, second = (
        RulesProcess(settings, tmp_path, "first"),
        RulesProcess(settings, tmp_path, "second"),
    )
    first.start()
    try:
        await produce(settings, stream[:third])
        await all_ruled(settings, _ids(stream[:third]), timeout=60)  # the first owns them all
        first.pause()
        second.start()
        await wait_for(lambda: second.events("partitions_assigned"), timeout=60)
        second.pause()  # it has fenced the partitions, and freezes in turn
        await produce(settings, stream[third : 2 * third])  # waiting, for nobody to judge yet
        revoked = len(first.events("partitions_revoked"))
        first.resume()  # a zombie: it may judge them, each the next entry of its match, until
        await wait_for(lambda: len(first.events("partitions_revoked")) > revoked, timeout=60)
        second.resume()  # its heartbeat tells it it lost them (how soon is the broker's timing)
        await produce(settings, stream[2 * third :])  # judged by whoever the group gives them to
        log = await all_ruled(settings, _ids(stream), timeout=120)
        async with workers(settings):
            await wait_caught_up(settings, pool)
    finally:
        for process in (first, second):
            process.resume()
            process.stop()
    entries = log.entries()
    for match_entries in entries.values():
        assert [e.seq for e in match_entries] == list(range(1, len(match_entries) + 1))
        rulings(match_entries)
        assert verify(match_entries) is None
    assert outcome(entries) == expected_outcome(stream)

    counted = _counted_writers(log)
    assert all(writer == owner for writer, owner in counted), "a fenced-out write counted"
    rows = await pool.fetch(
        "SELECT match_id, seq, decision_id, state_hash FROM archive WHERE match_id = ANY($1)",
        list(entries),
    )
    assert sorted(tuple(r) for r in rows) == sorted(
        (e.match_id, e.seq, e.decision_id, e.state_hash) for es in entries.values() for e in es
    )
