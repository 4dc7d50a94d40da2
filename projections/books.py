"""A worker's folded matches, checkpointed with its offsets so a restart re-folds a short tail.

A checkpoint is the book as of `book_offset`; the worker re-folds from there to its stored
next offset without writing (those rows are in already), then projects on from there.
"""

import asyncpg
import msgspec

from events.match import MatchRecord, PartitionBook, record_bytes, record_from_bytes
from events.ruleset import get_ruleset


class Checkpoint(msgspec.Struct):
    book: PartitionBook
    book_offset: int


async def load(conn: asyncpg.Connection, projection: str, topic: str, partition: int) -> Checkpoint:
    """The stored book, or an empty one at offset zero when there is none or a ruleset's code
    changed since it was taken (its states may fold differently now)."""
    head = await conn.fetchrow(
        "SELECT book_offset, owner FROM projection_books"
        " WHERE projection = $1 AND topic = $2 AND partition = $3",
        projection,
        topic,
        partition,
    )
    if head is None:
        return Checkpoint(PartitionBook(), 0)
    rows = await conn.fetch(
        "SELECT ruleset, ruleset_version, record, state FROM projection_book_matches"
        " WHERE projection = $1 AND topic = $2 AND partition = $3",
        projection,
        topic,
        partition,
    )
    book = PartitionBook(owner=head["owner"])
    for row in rows:
        if get_ruleset(row["ruleset"]).version != row["ruleset_version"]:
            return Checkpoint(PartitionBook(), 0)
        record = record_from_bytes(row["record"], row["state"])
        book.matches[record.match_id] = record
    return Checkpoint(book, head["book_offset"])


async def save(
    conn: asyncpg.Connection,
    projection: str,
    topic: str,
    partition: int,
    checkpoint: Checkpoint,
    changed: list[MatchRecord],
) -> None:
    """Store the matches changed since the last checkpoint and the offset the book is at."""
    await conn.executemany(
        "INSERT INTO projection_book_matches (projection, topic, partition, match_id,"
        " ruleset, ruleset_version, record, state) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
        " ON CONFLICT (projection, topic, partition, match_id) DO UPDATE SET"
        " ruleset = EXCLUDED.ruleset, ruleset_version = EXCLUDED.ruleset_version,"
        " record = EXCLUDED.record,"
        " state = EXCLUDED.state",
        [
            (
                projection,
                topic,
                partition,
                r.match_id,
                r.ruleset,
                get_ruleset(r.ruleset).version,
                *record_bytes(r),
            )
            for r in changed
        ],
    )
    await conn.execute(
        "INSERT INTO projection_books (projection, topic, partition, book_offset, owner)"
        " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (projection, topic, partition) DO UPDATE"
        " SET book_offset = EXCLUDED.book_offset, owner = EXCLUDED.owner",
        projection,
        topic,
        partition,
        checkpoint.book_offset,
        checkpoint.book.owner,
    )


async def forget(conn: asyncpg.Connection, projection: str, topic: str) -> None:
    for table in ("projection_book_matches", "projection_books"):
        await conn.execute(
            f"DELETE FROM {table} WHERE projection = $1 AND topic = $2", projection, topic
        )
