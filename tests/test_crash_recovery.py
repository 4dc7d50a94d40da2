"""Kill rules-service processes with SIGKILL mid-stream; the log must come out as if nothing
had happened: every decision ruled once, every match in the same final state."""

import asyncio
import json
import random
from pathlib import Path

import asyncpg

from services.settings import Settings
from tests.support import LogReader, RulesProcess, produce, rulings
from tests.workload import expected_outcome, outcome, race_decisions


async def _all_ruled(settings: Settings, decision_ids: set[str], timeout: float) -> LogReader:
    async with LogReader(settings, settings.match_log_topic) as log:

        def done(reader: LogReader) -> bool:
            entries = reader.entries()
            ruled = {d for es in entries.values() for d in rulings(es)}
            return decision_ids <= ruled

        await log.until(done, timeout=timeout)
        await log.poll(timeout_ms=1000)  # a late duplicate would show up here
        return log


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
        log = await _all_ruled(settings, {d.decision_id for d in stream}, timeout=120)
    finally:
        flow.cancel()
        rules.stop()
    entries = log.entries()
    for match_entries in entries.values():
        assert [e.seq for e in match_entries] == list(range(1, len(match_entries) + 1))
        rulings(match_entries)  # asserts no decision was ruled twice
    assert outcome(entries) == expected_outcome(stream)
    resumed = [line for line in _events(rules, "catching_up") if line["snapshot_matches"]]
    assert resumed, "no restart resumed from a snapshot"


def _events(process: RulesProcess, name: str) -> list[dict]:
    lines = (line for line in process.log_text().splitlines() if line.startswith("{"))
    return [event for event in map(json.loads, lines) if event["event"] == name]


async def test_a_second_instance_takes_over_when_one_is_killed(
    settings: Settings, tmp_path: Path
) -> None:
    stream = race_decisions(matches=40, seed=12)
    first = RulesProcess(settings, tmp_path, "first").start()
    second = RulesProcess(settings, tmp_path, "second").start()
    try:
        half = len(stream) // 2
        await produce(settings, stream[:half])
        await asyncio.sleep(8)  # both joined and judging
        await produce(settings, stream[half:])
        await asyncio.sleep(0.3)
        first.kill()
        log = await _all_ruled(settings, {d.decision_id for d in stream}, timeout=120)
        assert second.alive()
    finally:
        first.stop()
        second.stop()
    entries = log.entries()
    for match_entries in entries.values():
        assert [e.seq for e in match_entries] == list(range(1, len(match_entries) + 1))
        rulings(match_entries)
    assert outcome(entries) == expected_outcome(stream)
    assert "partitions_assigned" in second.log_text()
