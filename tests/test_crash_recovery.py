"""Kill rules-service processes with SIGKILL mid-stream; the log must come out as if nothing
had happened: every decision ruled once, every match in the same final state."""

import asyncio
import json
import random
from pathlib import Path

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


async def test_sigkill_at_random_points_loses_and_repeats_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    stream = race_decisions(matches=60, seed=11)
    rng = random.Random(3)
    rules = RulesProcess(settings, tmp_path).start()
    flow = asyncio.create_task(_trickle(settings, stream, per_second=40))
    try:
        for _ in range(4):  # decisions keep flowing while the service dies and comes back
            await asyncio.sleep(rng.uniform(2.0, 7.0))
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
