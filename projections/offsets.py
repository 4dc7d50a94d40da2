"""Where each projection stands on the log, and which worker may move it.

A worker claims a partition when the consumer group assigns it; every write transaction
first locks and checks its claim, so a worker that lost the partition (to a rebalance or a
reset) cannot write after the one that has it now. Rows are always locked in partition
order, by workers and resets alike, so their transactions never deadlock.
"""

import asyncpg
import msgspec


class LostClaim(RuntimeError):
    """Another worker holds the partition now, or a reset took it back."""


class Progress(msgspec.Struct, frozen=True):
    partition: int
    next_offset: int


async def claim(
    conn: asyncpg.Connection,
    projection: str,
    topic: str,
    partition: int,
    holder: str,
    *,
    force: bool,
) -> int | None:
    """Take the partition for `holder` and return its next offset. Without `force` (after a
    lost claim), take it only if nobody holds it (a reset) or `holder` still does."""
    row = await conn.fetchrow(
        "SELECT next_offset, holder FROM projection_offsets"
        " WHERE projection = $1 AND topic = $2 AND partition = $3 FOR UPDATE",
        projection,
        topic,
        partition,
    )
    if row is None:
        await conn.execute(
            "INSERT INTO projection_offsets (projection, topic, partition, next_offset, holder)"
            " VALUES ($1, $2, $3, 0, $4)",
            projection,
            topic,
            partition,
            holder,
        )
        return 0
    if not force and row["holder"] not in (None, holder):
        return None
    await conn.execute(
        "UPDATE projection_offsets SET holder = $4"
        " WHERE projection = $1 AND topic = $2 AND partition = $3",
        projection,
        topic,
        partition,
        holder,
    )
    return row["next_offset"]


async def hold(
    conn: asyncpg.Connection, projection: str, topic: str, partitions: list[int], holder: str
) -> None:
    """Lock the partitions' rows for this transaction; raise `LostClaim` unless all are ours."""
    rows = await conn.fetch(
        "SELECT partition, holder FROM projection_offsets"
        " WHERE projection = $1 AND topic = $2 AND partition = ANY($3::int[])"
        " ORDER BY partition FOR UPDATE",
        projection,
        topic,
        sorted(partitions),
    )
    lost = sorted(set(partitions) - {r["partition"] for r in rows if r["holder"] == holder})
    if lost:
        raise LostClaim(f"{projection}: partitions {lost} are no longer held by {holder}")


async def advance(
    conn: asyncpg.Connection, projection: str, topic: str, progress: list[Progress]
) -> None:
    await conn.executemany(
        "UPDATE projection_offsets SET next_offset = $4"
        " WHERE projection = $1 AND topic = $2 AND partition = $3",
        [(projection, topic, p.partition, p.next_offset) for p in progress],
    )


async def unheld(
    pool: asyncpg.Pool, projection: str, topic: str, partitions: list[int], holder: str
) -> list[int]:
    """Which of these partitions `holder` no longer holds."""
    rows = await pool.fetch(
        "SELECT partition FROM projection_offsets WHERE projection = $1 AND topic = $2"
        " AND partition = ANY($3::int[]) AND holder IS DISTINCT FROM $4",
        projection,
        topic,
        partitions,
        holder,
    )
    return [r["partition"] for r in rows]


async def positions(pool: asyncpg.Pool, topic: str) -> dict[tuple[str, int], int]:
    """(projection, partition) -> its next offset, for every projection on `topic`."""
    rows = await pool.fetch(
        "SELECT projection, partition, next_offset FROM projection_offsets WHERE topic = $1",
        topic,
    )
    return {(r["projection"], r["partition"]): r["next_offset"] for r in rows}


async def reset(conn: asyncpg.Connection, projection: str, topic: str) -> None:
    """Send every partition of the projection back to offset zero, held by nobody; the caller
    empties the tables in the same transaction."""
    await conn.execute(
        "SELECT 1 FROM projection_offsets WHERE projection = $1 AND topic = $2"
        " ORDER BY partition FOR UPDATE",
        projection,
        topic,
    )
    await conn.execute(
        "UPDATE projection_offsets SET next_offset = 0, holder = NULL"
        " WHERE projection = $1 AND topic = $2",
        projection,
        topic,
    )
