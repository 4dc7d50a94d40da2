"""A fenced-out owner's late writes, put on the match-log by the test itself so every run has
them: after a new owner's fence, batches from the old writer that are each the next entry of
their match, and a retry of one it wrote before. No reader counts them: the live rules service,
a restarted one that reads them while catching up, the projections, `verify`."""

import json
import subprocess
import sys
import time
from bisect import bisect_right
from collections import Counter
from pathlib import Path
from typing import Any

import asyncpg
from aiokafka import AIOKafkaProducer

from events.codec import decode_record, encode
from events.envelope import Decision, Entry, EntryBatch, OwnerFence, Ruling
from events.match import Match, MatchRecord, PartitionMatches, apply
from events.ruleset import get_ruleset
from services.client.verify import archived
from services.rules import snapshots
from services.rules.judge import rule_on
from services.rules.rejudge import verify
from services.settings import Settings
from tests.projections.support import wait_caught_up, workers
from tests.support import ROOT, LogReader, RulesProcess, decision, produce, service_env, wait_for
from tests.tiny_ruleset import Add
from tests.workload import race_decisions

Batches = dict[str, list[list[Entry[Any]]]]  # match_id -> the entries of each judged decision
Records = dict[tuple[int, int], bytes]  # (partition, offset) -> a record as on the log
Row = tuple[str, int, str, str]  # match_id, seq, decision_id, state_hash


def _phases(stream: list[Decision], *cuts: int) -> list[list[Decision]]:
    """The stream cut where each match reaches its `cuts`-th decision, in stream order."""
    phases: list[list[Decision]] = [[] for _ in range(len(cuts) + 1)]
    seen: Counter[str] = Counter()
    for d in stream:
        phases[bisect_right(cuts, seen[d.match_id])].append(d)
        seen[d.match_id] += 1
    return phases


def _judged_alone(decisions: list[Decision]) -> Batches:
    """What an owner nobody ever interrupted writes for `decisions`."""
    folded = PartitionMatches()
    batches: Batches = {}
    for offset, d in enumerate(decisions):
        outcome = rule_on(folded, encode(d), partition=0, offset=offset, now_ms=0, fresh_seed=str)
        assert isinstance(outcome, list)
        batches.setdefault(d.match_id, []).append(outcome)
    return batches


def _rows(batches: list[list[Entry[Any]]]) -> list[Row]:
    return sorted((e.match_id, e.seq, e.decision_id, e.state_hash) for b in batches for e in b)


def _all(batches: Batches) -> list[list[Entry[Any]]]:
    return [b for bs in batches.values() for b in bs]


def _seat_views(batches: Batches) -> dict[tuple[str, int], tuple[int, Any]]:
    """(match_id, seat) -> the seq and view of its seat after `batches`."""
    views: dict[tuple[str, int], tuple[int, Any]] = {}
    for match_id, match_batches in batches.items():
        match = None
        for entry in (e for b in match_batches for e in b):
            match = apply(match, entry)
        assert isinstance(match, MatchRecord)
        ruleset = get_ruleset(match.ruleset)
        for seat in range(match.seats):
            views[match_id, seat] = match.seq, json.loads(encode(ruleset.view(match.state, seat)))
    return views


def _batches(records: Records) -> dict[tuple[int, int], EntryBatch[Any]]:
    decoded = {at: decode_record(value) for at, value in records.items()}
    return {at: r for at, r in decoded.items() if isinstance(r, EntryBatch)}


class Log(LogReader):
    """The match-log by (partition, offset)."""

    def at(self) -> Records:
        return {(p, offset): value for p, offset, value in self.records}

    def fenced_by(self, writers: set[str]) -> set[int]:
        return {
            p
            for (p, _), value in self.at().items()
            if isinstance(r := decode_record(value), OwnerFence) and r.writer in writers
        }

    def ruled_on(self) -> set[str]:
        """Every decision with a ruling on the log, counted or not."""
        entries = (e for b in _batches(self.at()).values() for e in b.entries)
        return {e.decision_id for e in entries if isinstance(e.body, Ruling)}


async def _written(settings: Settings, decisions: list[Decision]) -> Log:
    """The match-log read until each of `decisions` has a ruling on it. Counted or not: a reader
    that counts what it should not then fails on what it counted, not on a timeout."""
    wanted = {d.decision_id for d in decisions}
    async with Log(settings, settings.match_log_topic) as log:
        await log.until(lambda read: wanted <= read.ruled_on())
    return log


async def _fenced(settings: Settings, process: RulesProcess) -> Log:
    """The match-log read up to `process`'s fence on every partition, once it owns them all."""
    every = set(range(settings.partitions))

    def assigned() -> list[dict[str, Any]]:
        return process.events("partitions_assigned")

    await wait_for(lambda: {p for e in assigned() for p in e["partitions"]} == every, timeout=60)
    writers = {e["writer"] for e in assigned()}
    async with Log(settings, settings.match_log_topic) as log:
        await log.until(lambda read: read.fenced_by(writers) == every)
    return log


def _in_play(match: Match) -> bool:
    return isinstance(match, MatchRecord) and match.state is not None and not match.over


def _late(log: Log) -> list[tuple[int, bytes, bytes]]:
    """(partition, key, value) of what the old owner of each partition writes when it wakes
    after the new owner's fence, as the rules service writes it: a decision of each match in
    play judged on the fold it held (the log up to that fence), each the next entry of its
    match; then, once, a retry of the last record it wrote before."""
    late: list[tuple[int, bytes, bytes]] = []
    retried: tuple[int, bytes, bytes] | None = None
    batches = _batches(log.at())
    for p, folded in log.by_partition().items():
        written = sorted((at, b) for at, b in batches.items() if at[0] == p)
        if not written:
            continue
        at, last = written[-1]
        retried = retried or (p, last.entries[0].match_id.encode(), log.at()[at])
        in_play = [(m, match) for m, match in sorted(folded.matches.items()) if _in_play(match)]
        for i, (match_id, match) in enumerate(in_play):
            seat, seq = get_ruleset(match.ruleset).waiting(match.state).must[0], match.seq
            asked = encode(decision(match_id, seat, Add(amount=3), decision_id=f"{match_id}/late"))
            offset = last.decision_offset + 1 + i  # a decision pending when it froze
            now_ms = int(time.time() * 1000)
            entries = rule_on(
                folded, asked, partition=p, offset=offset, now_ms=now_ms, fresh_seed=str
            )
            assert isinstance(entries, list) and entries[0].seq == seq + 1
            batch = EntryBatch(
                writer=last.writer, decision_partition=p, decision_offset=offset, entries=entries
            )
            late.append((p, match_id.encode(), encode(batch)))
    assert retried is not None
    return [*late, retried]


async def _append(settings: Settings, records: list[tuple[int, bytes, bytes]]) -> Records:
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap, enable_idempotence=settings.idempotent_producer
    )
    await producer.start()
    try:
        appended: Records = {}
        for p, key, value in records:
            meta = await producer.send_and_wait(
                settings.match_log_topic, value, key=key, partition=p
            )
            appended[p, meta.offset] = value
        return appended
    finally:
        await producer.stop()


def _steps(log: Log, late: Records) -> dict[tuple[int, int], int]:
    """Each late record read back: by how much its first seq passes its match's seq where it
    stands (1: the next entry), each after a fence of a writer other than its own."""
    steps: dict[tuple[int, int], int] = {}
    by_partition: dict[int, PartitionMatches] = {}
    for (p, offset), value in sorted(log.at().items()):
        folded = by_partition.setdefault(p, PartitionMatches())
        record = decode_record(value)
        if (p, offset) in late:
            assert value == late[p, offset]
            assert isinstance(record, EntryBatch) and folded.owner not in (None, record.writer)
            first = record.entries[0]
            steps[p, offset] = first.seq - folded.matches[first.match_id].seq
        folded.fold(record)
    return steps


async def test_a_fenced_out_owners_late_writes_count_for_no_reader(
    settings: Settings, pool: asyncpg.Pool, tmp_path: Path
) -> None:
    stream = race_decisions(matches=6, seed=29)
    early, between, after = _phases(stream, 7, 10)  # every match is in play between them
    expected = _judged_alone(early + between + after)
    async with workers(settings):
        first = RulesProcess(settings, tmp_path, "first").start()
        try:
            await produce(settings, early)
            await _written(settings, early)
        finally:
            first.stop()
        second = RulesProcess(settings, tmp_path, "second").start()
        try:
            late = await _append(settings, _late(await _fenced(settings, second)))
            await produce(settings, between)
            await _written(settings, early + between)
        finally:
            second.stop()
        for p in range(settings.partitions):  # so a restart reads the whole log, late writes too
            await snapshots.forget(pool, settings.match_log_topic, p)
        third = RulesProcess(settings, tmp_path, "third").start()
        try:
            await produce(settings, after)
            log = await _written(settings, stream)
        finally:
            third.stop()
        await wait_caught_up(settings, pool)

    # The late records are on the log after the new owner's fence, all but the retry each the
    # next entry of its match.
    steps = _steps(log, late)
    assert len(late) == len(expected) + 1
    assert steps.keys() == late.keys()
    assert sorted(steps.values())[1:] == [1] * (len(late) - 1) and min(steps.values()) < 1

    # The rules service: every other record, written by the live owners before and after a
    # restart that read the late ones while catching up, is what judging the decisions alone
    # writes; and the log's readers count exactly those.
    caught_up = third.events("catching_up")
    assert {e["partition"] for e in caught_up} == set(range(settings.partitions))
    assert all(e["from_offset"] == 0 for e in caught_up)
    live = [b.entries for at, b in _batches(log.at()).items() if at not in late]
    assert _rows(live) == _rows(_all(expected))
    assert _rows(list(log.entries().values())) == _rows(_all(expected))

    # The projections: archive, audit and seat views hold nothing of the late writes.
    matches = list(expected)
    archive = await pool.fetch(
        "SELECT match_id, seq, decision_id, state_hash FROM archive WHERE match_id = ANY($1)",
        matches,
    )
    assert sorted(tuple(r) for r in archive) == _rows(_all(expected))
    audit = await pool.fetch(
        "SELECT match_id, first_seq, last_seq, decision_id FROM audit WHERE match_id = ANY($1)",
        matches,
    )
    assert sorted(tuple(r) for r in audit) == sorted(
        (b[0].match_id, b[0].seq, b[-1].seq, b[0].decision_id) for b in _all(expected)
    )
    views = await pool.fetch(
        "SELECT match_id, seat, seq, view FROM seat_views WHERE match_id = ANY($1)", matches
    )
    assert {(r["match_id"], r["seat"]): (r["seq"], json.loads(r["view"])) for r in views} == (
        _seat_views(expected)
    )

    # `verify` re-judges each match's archived entries and finds every one the same.
    for match_id, match_batches in expected.items():
        entries = await archived(settings.database_url, match_id)
        assert _rows([entries]) == _rows(match_batches)
        assert verify(entries) is None
    retried = next(b.entries[0].match_id for at, b in _batches(late).items() if steps[at] < 1)
    command = [sys.executable, "-m", "services", "verify", retried]
    done = subprocess.run(command, env=service_env(settings), cwd=ROOT, capture_output=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"OK: match {retried},".encode())
