"""A rules service taking over partitions catches each up from its own start (its snapshot when
that is trusted, else zero) to its own fence, skips what no reader reads, and says so in its log."""

from typing import Any

import asyncpg
import msgspec
from aiokafka import AIOKafkaProducer
from structlog.testing import capture_logs

from events.codec import Unreadable, decode_record, encode, read_record
from events.envelope import EntryBatch, OwnerFence
from services.rules import snapshots
from services.rules.catch_up import take_over
from services.settings import Settings
from tests.projections.support import judged, write_log
from tests.support import fold_log, snapshot_of
from tests.workload import race_decisions

NOT_A_RECORD = b"not a record"


def _as_late_write(value: bytes) -> bytes:
    """The same batch, written by an owner fenced out before it was sent."""
    batch = decode_record(value)
    assert isinstance(batch, EntryBatch)
    return encode(msgspec.structs.replace(batch, writer="fenced-out"))


def _lines(logs: list[dict[str, Any]], event: str) -> list[dict[str, Any]]:
    return [line for line in logs if line["event"] == event]


async def test_a_take_over_catches_up_each_partition_from_its_own_start(
    settings: Settings, pool: asyncpg.Pool, producer: AIOKafkaProducer
) -> None:
    """No snapshot: from zero, where the first owner's fence makes a late write not count. A
    snapshot after the first record, or part-way: trusted, kept, and read on from."""
    log = judged(race_decisions(matches=8, seed=71), settings.partitions)
    other = judged(race_decisions(matches=1, seed=72), settings.partitions)
    from_zero, part_way, after_first = sorted(log, key=lambda q: len(log[q]))[-3:]
    late = _as_late_write(next(r for rs in other.values() for r in rs[1:]))
    judged_only = fold_log(log[from_zero]).matches
    log[from_zero].insert(1, late)  # a match of its own, sent by a fenced-out owner
    assert fold_log(log[from_zero]).matches == judged_only != fold_log(log[from_zero][1:]).matches
    half = len(log[part_way]) // 2
    await write_log(settings, log)
    await snapshot_of(settings, pool, part_way, log[part_way][:half])
    await snapshot_of(settings, pool, after_first, log[after_first][:1])

    partitions = [from_zero, part_way, after_first]
    with capture_logs() as logs:
        by_partition = await take_over(settings, producer, pool, partitions, "next")

    assert {p: by_partition[p].matches for p in partitions} == {
        p: fold_log(log[p]).matches for p in partitions
    }
    assert all(by_partition[p].owner == "next" for p in partitions)
    kept = {
        p: await snapshots.load_checkpoint(pool, settings.match_log_topic, p) for p in partitions
    }
    assert kept[from_zero] is None
    assert kept[part_way] is not None and kept[part_way].next_offset == half
    assert kept[after_first] is not None and kept[after_first].next_offset == 1
    assert _lines(logs, "snapshot_discarded") == []
    assert (
        _lines(logs, "catching_up")
        == [
            {
                "event": "catching_up",
                "log_level": "info",
                "partition": p,
                "from_offset": start,
                "to_offset": len(log[p]),  # the new owner's fence, just after the log
                "snapshot_matches": len(fold_log(log[p][:start]).matches),
            }
            for p, start in ((from_zero, 0), (part_way, half), (after_first, 1))
        ]
    )


async def test_a_checkpoint_before_any_record_is_forgotten_saying_which_and_why(
    settings: Settings, pool: asyncpg.Pool, producer: AIOKafkaProducer
) -> None:
    """A checkpoint at offset 0 has no last record to check it against: never trusted."""
    log = judged(race_decisions(matches=4, seed=73), settings.partitions)
    p = max(log, key=lambda q: len(log[q]))
    await write_log(settings, log)
    checkpoint = snapshots.Checkpoint(0, snapshots.record_digest(b""), "judge")
    await snapshots.save(pool, settings.match_log_topic, p, [], checkpoint)

    with capture_logs() as logs:
        by_partition = await take_over(settings, producer, pool, [p], "next")

    assert by_partition[p].matches == fold_log(log[p]).matches
    assert await snapshots.load_checkpoint(pool, settings.match_log_topic, p) is None
    assert _lines(logs, "snapshot_discarded") == [
        {
            "event": "snapshot_discarded",
            "log_level": "warning",
            "partition": p,
            "reason": "it does not match this log or this ruleset code",
        }
    ]
    assert [line["from_offset"] for line in _lines(logs, "catching_up")] == [0]


async def test_an_unreadable_record_is_skipped_with_a_warning_and_the_rest_is_read(
    settings: Settings, pool: asyncpg.Pool, producer: AIOKafkaProducer
) -> None:
    """Read in one go with what follows it (thousands of repeated fences, which change nothing,
    keep the new owner's own fence for a later read), the records after it still count."""
    log = judged(race_decisions(matches=4, seed=74), settings.partitions)
    p = max(log, key=lambda q: len(log[q]))
    fence = log[p][0]
    assert isinstance(decode_record(fence), OwnerFence)
    log[p] = [fence, NOT_A_RECORD, *log[p][1:], *[fence] * 6000]
    unreadable = read_record(NOT_A_RECORD)
    assert isinstance(unreadable, Unreadable)
    await write_log(settings, log)

    with capture_logs() as logs:
        by_partition = await take_over(settings, producer, pool, [p], "next")

    assert by_partition[p].matches == fold_log(log[p]).matches and by_partition[p].matches
    assert _lines(logs, "unreadable_record") == [
        {
            "event": "unreadable_record",
            "log_level": "warning",
            "partition": p,
            "offset": 1,
            "reason": unreadable.reason,
        }
    ]
