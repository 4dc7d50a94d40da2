"""Match-log records no release reads, noted where projection workers skip them, so the
operator sees what the read models left out and why (`projections status`)."""

import asyncpg
import msgspec

from events.storable import rendered


class UnreadableRecord(msgspec.Struct, frozen=True):
    partition: int
    offset: int
    reason: str


async def note(pool: asyncpg.Pool, topic: str, records: list[UnreadableRecord]) -> None:
    await pool.executemany(
        "INSERT INTO unreadable_records (topic, partition, log_offset, reason)"
        " VALUES ($1, $2, $3, $4) ON CONFLICT (topic, partition, log_offset)"
        " DO UPDATE SET reason = EXCLUDED.reason",
        [(topic, r.partition, r.offset, rendered(r.reason)) for r in records],
    )


async def listed(pool: asyncpg.Pool, topic: str) -> list[UnreadableRecord]:
    rows = await pool.fetch(
        "SELECT partition, log_offset, reason FROM unreadable_records WHERE topic = $1"
        " ORDER BY partition, log_offset",
        topic,
    )
    return [UnreadableRecord(r["partition"], r["log_offset"], r["reason"]) for r in rows]


async def forget(conn: asyncpg.Connection, topic: str) -> None:
    """With a reset: the rebuild that follows notes them again."""
    await conn.execute("DELETE FROM unreadable_records WHERE topic = $1", topic)
