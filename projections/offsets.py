"""Where each projection stands on the log, and which worker may move it.

A worker claims each of its projections' rows for a partition when the consumer group
assigns it the partition; every write transaction first locks and checks those claims, so
a worker that lost one (to a rebalance, a reset or a rebuild) cannot write after the one
that has it now. Rows are always locked in (projection, partition) order, by workers and
resets alike, so their transactions never deadlock.

A claim stands only while its claimant lives: each worker holds an advisory lock named after
it on a connection of its own (`keep_alive`), and a claim whose claimant's lock is gone (the
worker was killed, its database session ended) is free for any worker to take.
"""

from collections.abc import Sequence

import asyncpg
import msgspec

from projections.announce import Announcement
from projections.writes import Write, run

_KEY = "hashtextextended({holder}, 0)"
_ALIVE = (  # a claimant's advisory lock is held by some session (pg_locks shows a bigint key split)
    "EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted"
    f" AND l.objsubid = 1 AND l.classid = (({_KEY} >> 32) & 4294967295)::oid"
    f" AND l.objid = ({_KEY} & 4294967295)::oid)"
)


async def keep_alive(database_url: str, claimant: str) -> asyncpg.Connection:
    """A connection holding `claimant`'s lock: its claims stand while the connection lives."""
    conn = await asyncpg.connect(database_url)
    await conn.execute(f"SELECT pg_advisory_lock({_KEY.format(holder='$1')})", claimant)
    return conn


class LostClaim(RuntimeError):
    """Another worker holds the partition now, or a reset took it back."""


class Claimed(msgspec.Struct, frozen=True):
    next_offset: int
    log_head: str | None  # the identity of the log its rows come from; None: not known yet


async def claim(
    conn: asyncpg.Connection,
    projection: str,
    topic: str,
    partition: int,
    claimant: str,
    *,
    force: bool,
) -> Claimed | None:
    """Take the partition for `claimant`: where it stands, and on which log. Without `force`
    (after a lost claim), take it only if nobody living holds it (a reset, a killed worker)
    or `claimant` still does."""
    row = await conn.fetchrow(
        f"SELECT next_offset, log_head, holder, {_ALIVE.format(holder='holder')} AS alive"
        " FROM projection_offsets WHERE projection = $1 AND topic = $2 AND partition = $3"
        " FOR UPDATE",
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
            claimant,
        )
        return Claimed(0, None)
    if not force and row["holder"] not in (None, claimant) and row["alive"]:
        return None
    await conn.execute(
        "UPDATE projection_offsets SET holder = $4"
        " WHERE projection = $1 AND topic = $2 AND partition = $3",
        projection,
        topic,
        partition,
        claimant,
    )
    return Claimed(row["next_offset"], row["log_head"])


async def note_log_heads(
    conn: asyncpg.Connection, projections: list[str], topic: str, heads: dict[int, str]
) -> None:
    """Record, where not known yet, which log these projections' partitions were read from.
    Call it in a transaction: it locks the rows in order first, as every writer does."""
    await conn.execute(
        "SELECT 1 FROM projection_offsets WHERE topic = $1 AND projection = ANY($2::text[])"
        " AND partition = ANY($3::int[]) ORDER BY projection, partition FOR UPDATE",
        topic,
        projections,
        list(heads),
    )
    await conn.execute(
        "UPDATE projection_offsets o SET log_head = h.head"
        " FROM unnest($3::int[], $4::text[]) AS h(partition, head)"
        " WHERE o.topic = $1 AND o.projection = ANY($2::text[]) AND o.partition = h.partition"
        " AND o.log_head IS NULL",
        topic,
        projections,
        list(heads),
        list(heads.values()),
    )


class Progress(msgspec.Struct, frozen=True):
    projection: str
    partition: int
    next_offset: int


LOST_CLAIM = "SL001"  # the SQLSTATE of `starledger_lost_claim` (migration 0127)

# $1's topic and claimant are each read once, by a subquery: `$1->>'topic'` in a condition
# parses all of $1 again for every row it tests (a batch of 72 rows took 3.9 ms, not 0.7).
_ADVANCE = (
    "WITH progress AS (SELECT * FROM json_to_recordset($1->'progress')"
    " AS p(projection text, partition int, next_offset bigint)),"
    " mine AS (SELECT o.projection, o.partition, o.holder, p.next_offset"
    " FROM projection_offsets o JOIN progress p USING (projection, partition)"
    " WHERE o.topic = (SELECT $1->>'topic') ORDER BY o.projection, o.partition"
    " FOR UPDATE OF o),"
    " moved AS (UPDATE projection_offsets o SET next_offset = mine.next_offset FROM mine"
    " WHERE o.topic = (SELECT $1->>'topic') AND o.projection = mine.projection"
    " AND o.partition = mine.partition AND mine.holder = (SELECT $1->>'holder')"
    " RETURNING o.projection, o.partition)"
    " SELECT starledger_lost_claim(format('[%s] are no longer held by %s', string_agg("
    "format('(%L, %s)', p.projection, p.partition), ', ' ORDER BY p.projection, p.partition),"
    " $1->>'holder')) FROM progress p LEFT JOIN moved m USING (projection, partition)"
    " WHERE m.projection IS NULL HAVING count(*) > 0"
)
_NOTIFY = "SELECT pg_notify(n->>0, n->>1) FROM json_array_elements($1) AS n"


async def advance(
    conn: asyncpg.Connection,
    topic: str,
    progress: list[Progress],
    claimant: str,
    announcements: list[Announcement],
    writes: Sequence[Write] = (),
) -> None:
    """In one statement: lock these (projection, partition) rows, in order, and move them to
    their next offsets, raising `LostClaim` (and writing nothing) unless `claimant` holds them
    all; then send `announcements` and run `writes`. Readers see the writes, and listeners hear
    `announcements`, only once the statement commits: outside a transaction it is one."""
    claims = Write(_ADVANCE, {"topic": topic, "holder": claimant, "progress": progress})
    notifying = [Write(_NOTIFY, announcements)] if announcements else []
    try:
        await run(conn, [claims, *notifying, *writes])
    except asyncpg.PostgresError as error:
        if error.sqlstate == LOST_CLAIM:
            raise LostClaim(str(error)) from None
        raise


async def claimants(
    pool: asyncpg.Pool, projections: list[str], topic: str, partitions: list[int]
) -> dict[tuple[str, int], str | None]:
    """(projection, partition) -> who holds it (None: nobody living), for these projections
    and partitions."""
    rows = await pool.fetch(
        f"SELECT projection, partition, CASE WHEN {_ALIVE.format(holder='holder')}"
        " THEN holder END AS holder FROM projection_offsets WHERE topic = $1"
        " AND projection = ANY($2::text[]) AND partition = ANY($3::int[])",
        topic,
        projections,
        partitions,
    )
    return {(r["projection"], r["partition"]): r["holder"] for r in rows}


async def release(pool: asyncpg.Pool, topic: str, claimant: str) -> None:
    """Let go of every claim `claimant` has, for whichever worker takes them up next."""
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute(
            "SELECT 1 FROM projection_offsets WHERE topic = $1 AND holder = $2"
            " ORDER BY projection, partition FOR UPDATE",
            topic,
            claimant,
        )
        await conn.execute(
            "UPDATE projection_offsets SET holder = NULL WHERE topic = $1 AND holder = $2",
            topic,
            claimant,
        )


async def positions(pool: asyncpg.Pool, topic: str) -> dict[tuple[str, int], int]:
    """(projection, partition) -> its next offset, for every projection on `topic`."""
    rows = await pool.fetch(
        "SELECT projection, partition, next_offset FROM projection_offsets WHERE topic = $1",
        topic,
    )
    return {(r["projection"], r["partition"]): r["next_offset"] for r in rows}


async def log_heads(pool: asyncpg.Pool, topic: str) -> dict[tuple[str, int], str]:
    """(projection, partition) -> the identity of the log its rows came from, where known."""
    rows = await pool.fetch(
        "SELECT projection, partition, log_head FROM projection_offsets"
        " WHERE topic = $1 AND log_head IS NOT NULL",
        topic,
    )
    return {(r["projection"], r["partition"]): r["log_head"] for r in rows}


async def reset(conn: asyncpg.Connection, projection: str, topic: str) -> None:
    """Send every partition of the projection back to offset zero, held by nobody and on no
    log yet; the caller empties the tables in the same transaction."""
    await conn.execute(
        "SELECT 1 FROM projection_offsets WHERE projection = $1 AND topic = $2"
        " ORDER BY partition FOR UPDATE",
        projection,
        topic,
    )
    await conn.execute(
        "UPDATE projection_offsets SET next_offset = 0, holder = NULL, log_head = NULL"
        " WHERE projection = $1 AND topic = $2",
        projection,
        topic,
    )
