"""Snapshots of a partition's matches in PostgreSQL, so catching up reads a bounded tail."""

import hashlib

import asyncpg
import msgspec

from events.match import MatchRecord, PartitionMatches, record_bytes, record_from_bytes
from events.ruleset import get_ruleset


def record_digest(value: bytes) -> str:
    return hashlib.blake2b(value, digest_size=16).hexdigest()


class Checkpoint(msgspec.Struct, frozen=True):
    next_offset: int
    last_record_digest: str
    owner: str


async def load_checkpoint(pool: asyncpg.Pool, topic: str, partition: int) -> Checkpoint | None:
    row = await pool.fetchrow(
        "SELECT next_offset, last_record_digest, owner FROM rules_checkpoints"
        " WHERE topic = $1 AND partition = $2",
        topic,
        partition,
    )
    return Checkpoint(**dict(row)) if row else None


async def load_matches(
    pool: asyncpg.Pool, topic: str, partition: int, checkpoint: Checkpoint
) -> PartitionMatches | None:
    """The fold as of the checkpoint, or None if a ruleset's code changed since it was taken
    (its states may not fold the same way: fold from zero instead)."""
    rows = await pool.fetch(
        "SELECT ruleset, ruleset_version, record, state FROM rules_snapshots"
        " WHERE topic = $1 AND partition = $2",
        topic,
        partition,
    )
    folded = PartitionMatches(owner=checkpoint.owner)
    for row in rows:
        if get_ruleset(row["ruleset"]).version != row["ruleset_version"]:
            return None
        record = record_from_bytes(row["record"], row["state"])
        folded.matches[record.match_id] = record
    return folded


async def forget(pool: asyncpg.Pool, topic: str, partition: int) -> None:
    """Drop a partition's snapshots that do not belong to the log as it is now."""
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute(
            "DELETE FROM rules_snapshots WHERE topic = $1 AND partition = $2", topic, partition
        )
        await conn.execute(
            "DELETE FROM rules_checkpoints WHERE topic = $1 AND partition = $2", topic, partition
        )


async def save(
    pool: asyncpg.Pool,
    topic: str,
    partition: int,
    records: list[MatchRecord],
    checkpoint: Checkpoint,
) -> None:
    """Store the changed records and the offset they are valid to, in one transaction."""
    async with pool.acquire() as conn, conn.transaction():
        await conn.executemany(
            "INSERT INTO rules_snapshots (topic, partition, match_id, seq, ruleset,"
            " ruleset_version, record, state) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            " ON CONFLICT (topic, partition, match_id) DO UPDATE SET seq = EXCLUDED.seq,"
            " ruleset = EXCLUDED.ruleset, ruleset_version = EXCLUDED.ruleset_version,"
            " record = EXCLUDED.record, state = EXCLUDED.state",
            [
                (
                    topic,
                    partition,
                    r.match_id,
                    r.seq,
                    r.ruleset,
                    get_ruleset(r.ruleset).version,
                    *record_bytes(r),
                )
                for r in records
            ],
        )
        await conn.execute(
            "INSERT INTO rules_checkpoints (topic, partition, next_offset, last_record_digest,"
            " owner) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (topic, partition) DO UPDATE SET"
            " next_offset = EXCLUDED.next_offset,"
            " last_record_digest = EXCLUDED.last_record_digest, owner = EXCLUDED.owner,"
            " taken_at = now()",
            topic,
            partition,
            checkpoint.next_offset,
            checkpoint.last_record_digest,
            checkpoint.owner,
        )
