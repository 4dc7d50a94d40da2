"""A worker's folded matches, checkpointed with its offsets so a restart re-folds a short tail.

A checkpoint is the fold as of `folded_to`; the worker re-folds from there to its stored
next offset without writing (those rows are in already), then projects on from there.
"""

import asyncpg
import msgspec

from events.match import PartitionMatches, record_bytes, record_from_bytes
from events.ruleset import get_ruleset


class Checkpoint(msgspec.Struct):
    folded: PartitionMatches
    folded_to: int


async def load(
    conn: asyncpg.Connection, worker: str, topic: str, partition: int, not_after: int
) -> Checkpoint:
    """The stored fold if it stands at `not_after` or before; else (a read model was reset
    behind it), or when a ruleset's code changed since it was taken (its states may fold
    differently now), the stored one is dropped and an empty fold at offset zero returned:
    a fold folded anew must not be saved over rows of the old one."""
    head = await conn.fetchrow(
        "SELECT book_offset, owner FROM projection_books"
        " WHERE projection = $1 AND topic = $2 AND partition = $3",
        worker,
        topic,
        partition,
    )
    if head is None:
        return Checkpoint(PartitionMatches(), 0)
    rows = await conn.fetch(
        "SELECT ruleset, ruleset_version, record, state FROM projection_book_matches"
        " WHERE projection = $1 AND topic = $2 AND partition = $3",
        worker,
        topic,
        partition,
    )
    stale = head["book_offset"] > not_after or any(
        get_ruleset(row["ruleset"]).version != row["ruleset_version"] for row in rows
    )
    if stale:
        for table in ("projection_book_matches", "projection_books"):
            await conn.execute(
                f"DELETE FROM {table} WHERE projection = $1 AND topic = $2 AND partition = $3",
                worker,
                topic,
                partition,
            )
        return Checkpoint(PartitionMatches(), 0)
    folded = PartitionMatches(owner=head["owner"])
    for row in rows:
        record = record_from_bytes(row["record"], row["state"])
        folded.matches[record.match_id] = record
    return Checkpoint(folded, head["book_offset"])


class Taken(msgspec.Struct, frozen=True):
    """A checkpoint encoded at the moment it is taken, so the fold may fold on before it is
    stored: the matches changed since the last one, and where the fold stands."""

    folded_to: int
    owner: str | None
    matches: list[tuple[str, str, str, bytes, bytes]]  # id, ruleset, version, record, state


def take(folded: PartitionMatches, folded_to: int, changed: list[str]) -> Taken:
    matches = [folded.matches[m] for m in changed]
    return Taken(
        folded_to,
        folded.owner,
        [
            (r.match_id, r.ruleset, get_ruleset(r.ruleset).version, *record_bytes(r))
            for r in matches
        ],
    )


async def save(
    conn: asyncpg.Connection, projection: str, topic: str, partition: int, taken: Taken
) -> None:
    """Store the matches changed since the last checkpoint and the offset the fold is at."""
    await conn.executemany(
        "INSERT INTO projection_book_matches (projection, topic, partition, match_id,"
        " ruleset, ruleset_version, record, state) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
        " ON CONFLICT (projection, topic, partition, match_id) DO UPDATE SET"
        " ruleset = EXCLUDED.ruleset, ruleset_version = EXCLUDED.ruleset_version,"
        " record = EXCLUDED.record,"
        " state = EXCLUDED.state",
        [(projection, topic, partition, *match) for match in taken.matches],
    )
    await conn.execute(
        "INSERT INTO projection_books (projection, topic, partition, book_offset, owner)"
        " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (projection, topic, partition) DO UPDATE"
        " SET book_offset = EXCLUDED.book_offset, owner = EXCLUDED.owner",
        projection,
        topic,
        partition,
        taken.folded_to,
        taken.owner,
    )
