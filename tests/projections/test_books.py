"""Book checkpoints: a book folded anew after a reset never mixes with the one before it."""

import asyncpg

from events.codec import decode_record
from events.match import PartitionBook
from projections import books
from tests.projections.support import judged
from tests.workload import race_decisions

CREW = "archive"
TOPIC = "match-log"


def _folded(records: list[bytes]) -> PartitionBook:
    book = PartitionBook()
    for value in records:
        book.fold(decode_record(value))
    return book


async def test_a_checkpoint_past_a_reset_offset_is_dropped_not_mixed_into_the_next(
    pool: asyncpg.Pool,
) -> None:
    first, then = race_decisions(matches=3, seed=41), race_decisions(matches=3, seed=42)
    k = len(judged(first, partitions=1)[0])
    records = judged(first + then, partitions=1)[0]
    whole, early = _folded(records), _folded(records[:k])
    assert set(early.matches) < set(whole.matches)
    async with pool.acquire() as conn:
        await books.save(
            conn, CREW, TOPIC, 0, books.take(whole, len(records), sorted(whole.matches))
        )
        assert (await books.load(conn, CREW, TOPIC, 0, not_after=len(records))).book_offset
        reset = await books.load(conn, CREW, TOPIC, 0, not_after=0)  # a read model restarts
        assert (reset.book_offset, reset.book.matches) == (0, {})
        await books.save(conn, CREW, TOPIC, 0, books.take(early, k, sorted(early.matches)))
        loaded = await books.load(conn, CREW, TOPIC, 0, not_after=k)
    assert loaded.book_offset == k
    assert {m: r.seq for m, r in loaded.book.matches.items()} == {
        m: r.seq for m, r in early.matches.items()
    }
