"""Fold checkpoints: a fold folded anew after a reset never mixes with the one before it."""

import asyncpg

from events.codec import decode_record
from events.match import PartitionMatches
from projections import fold_checkpoints
from tests.projections.support import judged
from tests.workload import race_decisions

CREW = "archive"
TOPIC = "match-log"


def _folded(records: list[bytes]) -> PartitionMatches:
    folded = PartitionMatches()
    for value in records:
        folded.fold(decode_record(value))
    return folded


async def test_a_checkpoint_past_a_reset_offset_is_dropped_not_mixed_into_the_next(
    pool: asyncpg.Pool,
) -> None:
    first, then = race_decisions(matches=3, seed=41), race_decisions(matches=3, seed=42)
    k = len(judged(first, partitions=1)[0])
    records = judged(first + then, partitions=1)[0]
    whole, early = _folded(records), _folded(records[:k])
    assert set(early.matches) < set(whole.matches)
    async with pool.acquire() as conn:
        await fold_checkpoints.save(
            conn, CREW, TOPIC, 0, fold_checkpoints.take(whole, len(records), sorted(whole.matches))
        )
        assert (await fold_checkpoints.load(conn, CREW, TOPIC, 0, not_after=len(records))).folded_to
        reset = await fold_checkpoints.load(
            conn, CREW, TOPIC, 0, not_after=0
        )  # a read model restarts
        assert (reset.folded_to, reset.folded.matches) == (0, {})
        await fold_checkpoints.save(
            conn, CREW, TOPIC, 0, fold_checkpoints.take(early, k, sorted(early.matches))
        )
        loaded = await fold_checkpoints.load(conn, CREW, TOPIC, 0, not_after=k)
    assert loaded.folded_to == k
    assert {m: r.seq for m, r in loaded.folded.matches.items()} == {
        m: r.seq for m, r in early.matches.items()
    }
