"""A rules service taking over a partition starts from its snapshot only if the snapshot belongs
to this log and to this ruleset code; any other is forgotten and the log is read from zero."""

import asyncpg
import msgspec
from aiokafka import AIOKafkaProducer

from events.codec import decode_record, encode
from events.envelope import EntryBatch, OwnerFence
from events.match import EndedMatch, PartitionMatches, record_bytes
from events.ruleset import get_ruleset
from services.rules import snapshots
from services.rules.catch_up import take_over
from services.settings import Settings
from tests.projections.support import judged, write_log
from tests.support import empty_the_log, fold_log, snapshot_of
from tests.workload import race_decisions


def _seqs(folded: PartitionMatches) -> dict[str, tuple[int, str]]:
    return {m: (r.seq, r.state_hash) for m, r in folded.matches.items()}


async def _taken_over(
    settings: Settings, pool: asyncpg.Pool, producer: AIOKafkaProducer, p: int
) -> tuple[PartitionMatches, snapshots.Checkpoint | None]:
    by_partition = await take_over(settings, producer, pool, [p], "next")
    return by_partition[p], await snapshots.load_checkpoint(pool, settings.match_log_topic, p)


async def test_a_snapshot_of_an_emptied_log_is_not_trusted_on_the_log_written_anew(
    settings: Settings, pool: asyncpg.Pool, producer: AIOKafkaProducer
) -> None:
    old = judged(race_decisions(matches=4, seed=61), settings.partitions)
    new = judged(race_decisions(matches=12, seed=62), settings.partitions)
    p = max(old, key=lambda q: len(old[q]))
    assert len(new[p]) >= len(old[p]) > 1  # the snapshot's offset is inside the new log
    await write_log(settings, old)
    await snapshot_of(settings, pool, p, old[p])

    await empty_the_log(settings)
    await write_log(settings, new)
    folded, checkpoint = await _taken_over(settings, pool, producer, p)
    assert _seqs(folded) == _seqs(fold_log(new[p]))
    assert checkpoint is None  # forgotten, not kept for the next owner to trust


async def test_a_snapshot_of_this_log_is_trusted(
    settings: Settings, pool: asyncpg.Pool, producer: AIOKafkaProducer
) -> None:
    log = judged(race_decisions(matches=4, seed=63), settings.partitions)
    p = max(log, key=lambda q: len(log[q]))
    await write_log(settings, log)
    await snapshot_of(settings, pool, p, log[p])
    folded, checkpoint = await _taken_over(settings, pool, producer, p)
    assert _seqs(folded) == _seqs(fold_log(log[p]))
    assert checkpoint is not None and checkpoint.next_offset == len(log[p])


async def test_a_snapshot_from_another_ruleset_version_is_not_trusted(
    settings: Settings, pool: asyncpg.Pool, producer: AIOKafkaProducer
) -> None:
    log = judged(race_decisions(matches=4, seed=64), settings.partitions)
    p = max(log, key=lambda q: len(log[q]))
    await write_log(settings, log)
    await snapshot_of(settings, pool, p, log[p])
    # Another version folded the same log to other states, and said so in its rows.
    truth = fold_log(log[p])
    match_id, record = next(iter(truth.matches.items()))
    other = msgspec.structs.replace(record, state_hash="another version's", seq=record.seq - 1)
    assert get_ruleset(record.ruleset).version != "0-other"
    await pool.execute(
        "UPDATE rules_snapshots SET ruleset_version = '0-other', record = $1"
        " WHERE topic = $2 AND partition = $3 AND match_id = $4",
        record_bytes(other)[0],
        settings.match_log_topic,
        p,
        match_id,
    )
    folded, checkpoint = await _taken_over(settings, pool, producer, p)
    assert _seqs(folded) == _seqs(truth)
    assert checkpoint is None
    kept = "SELECT count(*) FROM rules_snapshots WHERE topic = $1 AND partition = $2"
    assert await pool.fetchval(kept, settings.match_log_topic, p) == 0  # none of it is kept


async def test_a_take_over_from_a_snapshot_of_ended_matches_folds_to_the_same_matches(
    settings: Settings, pool: asyncpg.Pool, producer: AIOKafkaProducer
) -> None:
    """Snapshot near the end (some matches ended), take over from it and the tail: the same
    tombstones and records as a fold from zero."""
    log = judged(race_decisions(matches=12, seed=65), settings.partitions)
    p = max(log, key=lambda q: len(log[q]))
    half = len(log[p]) - 5
    await write_log(settings, log)
    await snapshot_of(settings, pool, p, log[p][:half])
    stored = await pool.fetch(
        "SELECT record, state FROM rules_snapshots WHERE topic = $1 AND partition = $2",
        settings.match_log_topic,
        p,
    )
    ended = [r for r in stored if not r["state"]]
    assert ended and all(len(r["record"]) < 100 for r in ended)  # a short array each
    folded, checkpoint = await _taken_over(settings, pool, producer, p)
    truth = fold_log(log[p])
    assert any(isinstance(m, EndedMatch) for m in truth.matches.values())
    assert folded.matches == truth.matches
    assert checkpoint is not None and checkpoint.next_offset == half


async def test_a_take_over_from_a_snapshot_skips_a_late_write_of_an_owner_fenced_out_before_it(
    settings: Settings, pool: asyncpg.Pool, producer: AIOKafkaProducer
) -> None:
    """The snapshot keeps whose partition it was: a batch from the owner fenced out before
    it, written late in the tail, counts no more than in a fold from zero."""
    judge = judged(race_decisions(matches=4, seed=66), settings.partitions)
    p = max(judge, key=lambda q: len(judge[q]))
    cut = len(judge[p]) - 1
    batch = decode_record(judge[p][cut])
    assert isinstance(batch, EntryBatch)
    late = encode(msgspec.structs.replace(batch, writer="old"))  # the next entry of its match
    log = [encode(OwnerFence(writer="old")), *judge[p][:cut], late]
    await write_log(settings, {p: log})
    await snapshot_of(settings, pool, p, log[:-1])
    folded, checkpoint = await _taken_over(settings, pool, producer, p)
    truth = fold_log(log)
    assert _seqs(truth) == _seqs(fold_log(log[:-1]))  # the late write did not count
    assert _seqs(folded) == _seqs(truth)
    assert checkpoint is not None and checkpoint.next_offset == len(log) - 1
