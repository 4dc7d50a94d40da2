"""Where each projection stands on the log, and which worker may move it, on a real database:
a worker claims a partition unless a living worker holds it, and a batch's rows commit with
the offsets they cover, or neither does. A claim lives as long as its claimant's `keep_alive`
connection. No broker: these are the calls a worker makes, made in the test's process."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import pytest

from projections import offsets
from projections.announce import Announcement
from projections.offsets import Claimed, LostClaim, Progress
from projections.writes import BULK_FROM, Write, insert, run, update, upsert

TOPIC = "match-log"
CHANNEL = "claims_test"
SCORES = {"game": "text", "seat": "int", "points": "int", "note": "text"}
KEY = ("game", "seat")
GONE = "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)"


@pytest.fixture
async def pool(own_database: str) -> AsyncIterator[asyncpg.Pool]:
    """A pool on a migrated database of the test's own, with a table a batch writes rows to."""
    pool = await asyncpg.create_pool(own_database, min_size=1, max_size=3)
    await pool.execute(
        "CREATE TABLE scores (game text, seat int, points int NOT NULL, note text,"
        " PRIMARY KEY (game, seat))"
    )
    yield pool
    await pool.close()


@asynccontextmanager
async def alive(database_url: str, claimant: str) -> AsyncIterator[asyncpg.Connection]:
    """`claimant` running: its claims stand until the block ends (its connection closes, and
    its session with it)."""
    conn = await offsets.keep_alive(database_url, claimant)
    pid = conn.get_server_pid()
    try:
        yield conn
    finally:
        await conn.close()
        watcher = await asyncpg.connect(database_url)
        try:
            for _ in range(200):  # the session ends a moment after its client has gone
                if not await watcher.fetchval(GONE, pid):
                    break
                await asyncio.sleep(0.05)
        finally:
            await watcher.close()


async def claim(
    pool: asyncpg.Pool,
    claimant: str,
    partition: int = 0,
    *,
    force: bool = False,
    name: str = "p",
    topic: str = TOPIC,
) -> Claimed | None:
    async with pool.acquire() as conn, conn.transaction():
        return await offsets.claim(conn, name, topic, partition, claimant, force=force)


async def commit(
    pool: asyncpg.Pool,
    claimant: str,
    progress: list[Progress],
    rows: list[tuple[Any, ...]],
    announcements: list[Announcement] | None = None,
) -> None:
    """A batch as a worker commits it: its offsets first, then its rows, in one statement."""
    async with pool.acquire() as conn:
        writes = upsert("scores", KEY, SCORES, rows)
        await offsets.advance(conn, TOPIC, progress, claimant, announcements or [], writes)


async def note_heads(
    pool: asyncpg.Pool, heads: dict[int, str], names: list[str] | None = None
) -> None:
    async with pool.acquire() as conn, conn.transaction():
        await offsets.note_log_heads(conn, names or ["p"], TOPIC, heads)


async def scores(pool: asyncpg.Pool) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in await pool.fetch("SELECT * FROM scores ORDER BY game, seat")]


async def stored(pool: asyncpg.Pool) -> list[tuple[Any, ...]]:
    """Every offset row: (projection, topic, partition, next_offset, holder, log_head)."""
    rows = await pool.fetch(
        "SELECT projection, topic, partition, next_offset, holder, log_head"
        " FROM projection_offsets ORDER BY projection, topic, partition"
    )
    return [tuple(r) for r in rows]


# Claims.


async def test_a_first_claim_starts_at_offset_zero_on_no_known_log(pool: asyncpg.Pool) -> None:
    assert await claim(pool, "north", partition=2) == Claimed(0, None)
    assert await stored(pool) == [("p", TOPIC, 2, 0, "north", None)]
    assert await offsets.positions(pool, TOPIC) == {("p", 2): 0}


async def test_a_living_claimant_keeps_its_claim_from_others_but_not_from_itself(
    pool: asyncpg.Pool, own_database: str
) -> None:
    async with alive(own_database, "north"):
        await claim(pool, "north")
        await commit(pool, "north", [Progress("p", 0, 7)], [])
        assert await claim(pool, "south") is None
        assert await offsets.claimants(pool, ["p"], TOPIC, [0]) == {("p", 0): "north"}
        assert await claim(pool, "north") == Claimed(7, None)
        assert await offsets.claimants(pool, ["p"], TOPIC, [0]) == {("p", 0): "north"}


async def test_a_forced_claim_takes_the_partition_from_a_living_claimant(
    pool: asyncpg.Pool, own_database: str
) -> None:
    """The consumer group gave it to the new worker: the old one may not write after it."""
    async with alive(own_database, "north"), alive(own_database, "south"):
        await claim(pool, "north")
        await commit(pool, "north", [Progress("p", 0, 5)], [])
        await note_heads(pool, {0: "log-1"})
        assert await claim(pool, "south", force=True) == Claimed(5, "log-1")
        assert await offsets.claimants(pool, ["p"], TOPIC, [0]) == {("p", 0): "south"}
        with pytest.raises(LostClaim):
            await commit(pool, "north", [Progress("p", 0, 9)], [("g", 0, 1, "late")])
        assert await offsets.positions(pool, TOPIC) == {("p", 0): 5}
        assert await scores(pool) == []


async def test_the_claim_of_a_dead_claimant_is_free_to_take(
    pool: asyncpg.Pool, own_database: str
) -> None:
    async with alive(own_database, "north"):
        await claim(pool, "north")
        await commit(pool, "north", [Progress("p", 0, 3)], [])
    assert await offsets.claimants(pool, ["p"], TOPIC, [0]) == {("p", 0): None}
    assert await claim(pool, "south") == Claimed(3, None)
    assert await stored(pool) == [("p", TOPIC, 0, 3, "south", None)]


async def test_a_claim_let_go_is_free_to_take(pool: asyncpg.Pool, own_database: str) -> None:
    async with alive(own_database, "north"), alive(own_database, "south"):
        await claim(pool, "north", partition=0)
        await claim(pool, "north", partition=1)
        await claim(pool, "south", partition=2)
        await claim(pool, "north", partition=0, name="q")
        await claim(pool, "north", 0, topic="other-log")
        await offsets.release(pool, TOPIC, "north")
        assert await stored(pool) == [
            ("p", "match-log", 0, 0, None, None),
            ("p", "match-log", 1, 0, None, None),
            ("p", "match-log", 2, 0, "south", None),
            ("p", "other-log", 0, 0, "north", None),
            ("q", "match-log", 0, 0, None, None),
        ]
        assert await claim(pool, "south", partition=1) == Claimed(0, None)
        with pytest.raises(LostClaim):
            await commit(pool, "north", [Progress("p", 0, 1)], [])


async def test_claimants_names_each_living_claimant_of_the_asked_partitions_only(
    pool: asyncpg.Pool, own_database: str
) -> None:
    async with alive(own_database, "north"):
        for partition in range(3):
            await claim(pool, "north", partition)
        await claim(pool, "ghost", partition=3)  # never kept alive: nobody living
        await claim(pool, "north", partition=0, name="q")
        await claim(pool, "north", 1, topic="other-log")
        assert await offsets.claimants(pool, ["p"], TOPIC, [1, 2, 3]) == {
            ("p", 1): "north",
            ("p", 2): "north",
            ("p", 3): None,
        }


# A batch's rows and its offsets.


async def test_a_batch_moves_its_offsets_with_its_rows(pool: asyncpg.Pool) -> None:
    await claim(pool, "north", partition=0)
    await claim(pool, "north", partition=1)
    await claim(pool, "north", partition=0, name="q")
    await commit(
        pool,
        "north",
        [Progress("p", 0, 4), Progress("p", 1, 9)],
        [("g", 0, 10, "first"), ("g", 1, 20, "second")],
    )
    assert await offsets.positions(pool, TOPIC) == {("p", 0): 4, ("p", 1): 9, ("q", 0): 0}
    assert await scores(pool) == [("g", 0, 10, "first"), ("g", 1, 20, "second")]


async def test_a_failed_batch_moves_neither_its_rows_nor_its_offsets(pool: asyncpg.Pool) -> None:
    await claim(pool, "north")
    await commit(pool, "north", [Progress("p", 0, 2)], [("g", 0, 1, "kept")])
    with pytest.raises(asyncpg.NotNullViolationError):
        await commit(pool, "north", [Progress("p", 0, 6)], [("g", 1, 5, "ok"), ("g", 2, None, "")])
    assert await offsets.positions(pool, TOPIC) == {("p", 0): 2}
    assert await scores(pool) == [("g", 0, 1, "kept")]


async def test_a_write_after_a_lost_claim_is_refused_and_writes_nothing(
    pool: asyncpg.Pool, own_database: str
) -> None:
    """One partition of the batch lost is enough: the held one does not move either."""
    async with alive(own_database, "south"):
        await claim(pool, "north", partition=0)
        await claim(pool, "south", partition=1)
        with pytest.raises(LostClaim, match=r"\[\('p', 1\)\] are no longer held by north"):
            await commit(
                pool, "north", [Progress("p", 0, 3), Progress("p", 1, 3)], [("g", 0, 1, "")]
            )
    assert await offsets.positions(pool, TOPIC) == {("p", 0): 0, ("p", 1): 0}
    assert await scores(pool) == []


async def test_a_partition_never_claimed_cannot_be_written(pool: asyncpg.Pool) -> None:
    await claim(pool, "north", 0, topic="other-log")
    with pytest.raises(LostClaim):
        await commit(pool, "north", [Progress("p", 0, 1)], [("g", 0, 1, "")])
    assert await stored(pool) == [("p", "other-log", 0, 0, "north", None)]
    assert await scores(pool) == []


async def test_a_batch_moves_its_own_topic_only(pool: asyncpg.Pool) -> None:
    await claim(pool, "north")
    await claim(pool, "north", 0, topic="other-log")
    await commit(pool, "north", [Progress("p", 0, 8)], [])
    assert [row[:4] for row in await stored(pool)] == [
        ("p", "match-log", 0, 8),
        ("p", "other-log", 0, 0),
    ]
    assert await offsets.positions(pool, "other-log") == {("p", 0): 0}


async def test_what_a_batch_tells_is_heard_only_if_it_commits(
    pool: asyncpg.Pool, own_database: str
) -> None:
    heard: asyncio.Queue[str] = asyncio.Queue()
    listener = await asyncpg.connect(own_database)
    await listener.add_listener(CHANNEL, lambda _c, _p, _ch, payload: heard.put_nowait(payload))
    try:
        await claim(pool, "north")
        await commit(pool, "north", [Progress("p", 0, 1)], [], [(CHANNEL, "one"), (CHANNEL, "2")])
        with pytest.raises(asyncpg.NotNullViolationError):
            await commit(
                pool, "north", [Progress("p", 0, 2)], [("g", 0, None, "")], [(CHANNEL, "x")]
            )
        with pytest.raises(LostClaim):
            await commit(pool, "south", [Progress("p", 0, 2)], [], [(CHANNEL, "lost")])
        await commit(pool, "north", [], [], [(CHANNEL, "last")])  # told with no offset to move
        got = [await asyncio.wait_for(heard.get(), 10) for _ in range(3)]
        assert got == ["one", "2", "last"] and heard.empty()
    finally:
        await listener.close()


# Which log the rows came from, and resets.


async def test_the_log_a_partition_is_read_from_is_recorded_once(pool: asyncpg.Pool) -> None:
    for partition in range(3):
        await claim(pool, "north", partition)
    await claim(pool, "north", partition=0, name="q")
    await claim(pool, "north", partition=0, name="r")
    await claim(pool, "north", 0, topic="other-log")
    await note_heads(pool, {0: "log-1", 1: "log-1"}, ["p", "q"])
    await note_heads(pool, {0: "log-2", 2: "log-2"})  # a first record read again changes nothing
    assert await offsets.log_heads(pool, TOPIC) == {
        ("p", 0): "log-1",
        ("p", 1): "log-1",
        ("p", 2): "log-2",
        ("q", 0): "log-1",
    }
    assert await offsets.log_heads(pool, "other-log") == {}
    assert await claim(pool, "south", partition=1, force=True) == Claimed(0, "log-1")


async def test_a_reset_sends_every_partition_of_the_projection_back_to_the_start(
    pool: asyncpg.Pool, own_database: str
) -> None:
    async with alive(own_database, "north"):
        for name in ("p", "q"):
            for partition in range(2):
                await claim(pool, "north", partition, name=name)
        await claim(pool, "north", 0, topic="other-log")
        progress = [Progress(n, part, 5) for n in ("p", "q") for part in range(2)]
        await commit(pool, "north", progress, [])
        await note_heads(pool, {0: "log-1", 1: "log-1"}, ["p", "q"])
        async with pool.acquire() as conn, conn.transaction():
            await offsets.reset(conn, "p", TOPIC)
        assert await stored(pool) == [
            ("p", "match-log", 0, 0, None, None),
            ("p", "match-log", 1, 0, None, None),
            ("p", "other-log", 0, 0, "north", None),
            ("q", "match-log", 0, 5, "north", "log-1"),
            ("q", "match-log", 1, 5, "north", "log-1"),
        ]
        with pytest.raises(LostClaim):  # the worker that had it may not write after the reset
            await commit(pool, "north", [Progress("p", 0, 6)], [])
        assert await claim(pool, "south") == Claimed(0, None)


# Lock order: every transaction locks the rows it changes in (projection, partition) order.


async def _note_heads_later_first(pool: asyncpg.Pool) -> None:
    await note_heads(pool, {1: "log-1", 0: "log-1"})


async def _reset(pool: asyncpg.Pool) -> None:
    async with pool.acquire() as conn, conn.transaction():
        await offsets.reset(conn, "p", TOPIC)


async def _release(pool: asyncpg.Pool) -> None:
    await offsets.release(pool, TOPIC, "north")


LOCK = "SELECT 1 FROM projection_offsets WHERE projection = 'p' AND partition = $1 FOR UPDATE"
WAITING = (
    "SELECT count(*) FROM pg_stat_activity"
    " WHERE datname = current_database() AND wait_event_type = 'Lock'"
)


@pytest.mark.parametrize(
    ("call", "after"),
    [
        (_note_heads_later_first, [(0, "north", "log-1"), (1, "north", "log-1")]),
        (_release, [(0, None, None), (1, None, None)]),
        (_reset, [(0, None, None), (1, None, None)]),
    ],
    ids=["note_log_heads", "release", "reset"],
)
async def test_moving_many_claims_waits_behind_a_writer_without_deadlocking_it(
    pool: asyncpg.Pool, own_database: str, call: Any, after: list[tuple[Any, ...]]
) -> None:
    """A writer has locked partition 0 and goes on to partition 1: the call waits for it
    with nothing locked yet, rather than take partition 1 first (met first in the table)."""
    await claim(pool, "north", partition=1)
    await claim(pool, "north", partition=0)
    await pool.execute("ANALYZE projection_offsets")  # as autovacuum does: a scan, not the index
    writer = await asyncpg.connect(own_database)
    try:
        async with writer.transaction():
            await writer.execute(LOCK, 0)
            waiting = asyncio.create_task(call(pool))
            for _ in range(200):
                if await pool.fetchval(WAITING):
                    break
                await asyncio.sleep(0.05)
            await writer.execute(LOCK, 1)
        await waiting
    finally:
        await writer.close()
    assert [(r[2], r[4], r[5]) for r in await stored(pool)] == after


# Writing rows by key.


async def test_upsert_adds_new_rows_and_replaces_the_others_columns_of_known_keys(
    pool: asyncpg.Pool,
) -> None:
    async with pool.acquire() as conn:
        await run(conn, upsert("scores", KEY, SCORES, [("g", 0, 1, "a"), ("g", 1, 2, "b")]))
        await run(conn, upsert("scores", KEY, SCORES, [("g", 1, 3, "c"), ("h", 1, 4, "d")]))
        await run(conn, upsert("scores", KEY, SCORES, []))
    assert await scores(pool) == [("g", 0, 1, "a"), ("g", 1, 3, "c"), ("h", 1, 4, "d")]


async def test_update_sets_the_others_columns_of_the_rows_found_by_key(pool: asyncpg.Pool) -> None:
    async with pool.acquire() as conn:
        await run(conn, upsert("scores", KEY, SCORES, [("g", 0, 1, "a"), ("g", 1, 2, "b")]))
        await run(conn, upsert("scores", KEY, SCORES, [("h", 0, 3, "c")]))
        await run(conn, update("scores", KEY, SCORES, [("g", 1, 7, "x"), ("h", 1, 8, "y")]))
        await run(conn, update("scores", KEY, SCORES, []))
    assert await scores(pool) == [("g", 0, 1, "a"), ("g", 1, 7, "x"), ("h", 0, 3, "c")]


def test_a_row_of_the_wrong_length_is_refused() -> None:
    expected = "rows of 4 values expected: game, seat, points, note"
    for write in (upsert, update):
        with pytest.raises(ValueError, match=expected):
            write("scores", KEY, SCORES, [("g", 0, 1, "a"), ("g", 1, 2, "b", 9)])
    with pytest.raises(ValueError, match=expected):
        insert("scores", SCORES, [("g", 0, 1)])


async def test_a_batchs_statements_run_in_order_and_take_effect_together(
    pool: asyncpg.Pool,
) -> None:
    """Each statement sees the ones before it; one failing undoes every one of them."""
    async with pool.acquire() as conn:
        await run(
            conn,
            [
                *insert("scores", SCORES, [("g", 0, 1, "a")]),
                Write("UPDATE scores SET points = points + ($1->>'more')::int", {"more": 10}),
            ],
        )
        with pytest.raises(asyncpg.NotNullViolationError):
            await run(
                conn,
                [
                    *insert("scores", SCORES, [("g", 1, 2, "b")]),
                    *update("scores", KEY, SCORES, [("g", 0, 5, "changed")]),
                    *insert("scores", SCORES, [("g", 2, None, "c")]),
                ],
            )
    assert await scores(pool) == [("g", 0, 11, "a")]


async def test_rows_keep_their_bytes_json_and_nulls(pool: asyncpg.Pool) -> None:
    """bytea travels as base64 and a JSON column takes its value's JSON text as it is."""
    columns = {"id": "int", "blob": "bytea", "doc": "jsonb", "note": "text"}
    await pool.execute("CREATE TABLE kept (id int, blob bytea, doc jsonb, note text)")
    odd = "it's \x1b\x7f\x85\u202e\u2066\u2028\t\n\r\ufeff\u200d\U0010ffff é%/\"\\ $1"
    rows = [(1, b"\x00\xff'\\", '{"a": [1, "x\'y"]}', odd), (2, b"", None, None)]
    async with pool.acquire() as conn:
        await run(conn, insert("kept", columns, rows))
    found = await pool.fetch("SELECT id, blob, doc::text, note FROM kept ORDER BY id")
    assert [tuple(r) for r in found] == [
        (1, b"\x00\xff'\\", '{"a": [1, "x\'y"]}', odd),
        (2, b"", None, None),
    ]


async def test_a_statement_is_prepared_once_per_session_even_after_a_failed_batch(
    pool: asyncpg.Pool,
) -> None:
    """The batch that first prepares a statement fails (its note of what is prepared rolls
    back with it, the prepared statement may not): later batches run it all the same."""
    first = insert("scores", SCORES, [("g", 0, 1, "a")])
    async with pool.acquire() as conn:
        with pytest.raises(asyncpg.NotNullViolationError):
            await run(conn, [*first, *insert("scores", SCORES, [("g", 1, None, "b")])])
        await run(conn, first)
        for points in (2, 3):
            await run(conn, upsert("scores", KEY, SCORES, [("g", 0, points, "c")]))
        prepared = await conn.fetchval(
            "SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'starledger\\_%'"
        )
    assert prepared == 2  # the insert and the upsert, once each
    assert await scores(pool) == [("g", 0, 3, "c")]


async def test_a_backlogs_rows_too_long_for_a_prepared_statement_are_written_as_well(
    pool: asyncpg.Pool,
) -> None:
    """Past 64 KiB a statement's data is not passed as a literal: planned anew, same rows."""
    rows = [("g", seat, seat, "x" * 1000) for seat in range(100)]  # about 100 KiB as JSON
    async with pool.acquire() as conn:
        await run(conn, [*insert("scores", SCORES, rows[:1]), *upsert("scores", KEY, SCORES, rows)])
        prepared = await conn.fetchval(
            "SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'starledger\\_%'"
        )
    assert prepared == 1  # the small insert's only
    assert await scores(pool) == rows


# A backlog's rows: past BULK_FROM in a helper's statement, typed arrays instead of JSON.

MANY = BULK_FROM + 1


async def prepared_here(conn: asyncpg.Connection) -> int:
    """How many statements the JSON path has prepared on this connection."""
    return await conn.fetchval(
        "SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'starledger\\_%'"
    )


async def unnested_here(conn: asyncpg.Connection) -> int:
    """How many statements reading arrays (`unnest`) asyncpg has prepared on this connection."""
    return await conn.fetchval(
        "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%FROM unnest($1::%'"
        " AND statement NOT LIKE '%pg_prepared_statements%'"  # this very query
    )


async def test_rows_in_bulk_are_kept_as_the_json_path_keeps_them(pool: asyncpg.Pool) -> None:
    columns = {
        "id": "int",
        "blob": "bytea",
        "doc": "jsonb",
        "raw": "json",
        "note": "text",
        "at": "timestamptz",
        "big": "bigint",
        "flag": "boolean",
        "ratio": "double precision",
    }
    for table in ("small", "copied", "upserted"):  # columns not in the order given
        await pool.execute(
            f"CREATE TABLE {table} (note text, id int PRIMARY KEY, ratio double precision,"
            " blob bytea, doc jsonb, raw json, at timestamptz, big bigint, flag boolean)"
        )
    odd = "it's \x1b\x7f\x85\u202e\u2066\u2028\t\n\r\ufeff\u200d\U0010ffff é%/\"\\ $1"
    start = datetime(2026, 11, 27, 13, 0, tzinfo=UTC)
    rows = [
        (i, b"\x00\xff'\\" * i, '{"a": [1, "x\'y"]}', b'{"k": [true, null]}', odd,
         start + timedelta(milliseconds=i), 2**40 + i, i % 3 == 0, i / 7)
        if i % 10
        else (i, None, None, None, None, None, None, None, None)
        for i in range(MANY)
    ]  # fmt: skip
    async with pool.acquire() as conn:
        await run(conn, insert("small", columns, rows[:BULK_FROM]))
        assert await prepared_here(conn) == 1  # BULK_FROM rows still go as JSON
        await run(conn, insert("small", columns, rows[BULK_FROM:]))
        await run(conn, insert("copied", columns, rows))
        assert (await prepared_here(conn), await unnested_here(conn)) == (1, 0)  # a COPY
        await run(conn, upsert("upserted", ("id",), columns, rows))
        assert (await prepared_here(conn), await unnested_here(conn)) == (1, 1)  # arrays
    shown = "id, blob, doc::text, raw::text, note, at, big, flag, ratio"
    small = [tuple(r) for r in await pool.fetch(f"SELECT {shown} FROM small ORDER BY id")]
    for table in ("copied", "upserted"):
        bulk = await pool.fetch(f"SELECT {shown} FROM {table} ORDER BY id")
        assert [tuple(r) for r in bulk] == small
    assert small[1] == (
        1, b"\x00\xff'\\", '{"a": [1, "x\'y"]}', '{"k": [true, null]}', odd,
        start + timedelta(milliseconds=1), 2**40 + 1, False, 1 / 7,
    )  # fmt: skip
    assert small[0] == (0, *[None] * 8)


async def test_upsert_and_update_in_bulk_change_the_rows_they_find(pool: asyncpg.Pool) -> None:
    async with pool.acquire() as conn:
        await run(conn, upsert("scores", KEY, SCORES, [("g", s, s, "a") for s in range(MANY)]))
        replaced = [("g", s, s + 1, "b") for s in range(1, MANY + 1)]  # the last one is new
        await run(conn, upsert("scores", KEY, SCORES, replaced))
        odd = [("g", s, 0, "c") for s in range(1, MANY + 1, 2)]
        missing = [("h", s, 0, "none") for s in range(MANY)]  # found nowhere: nothing changes
        await run(
            conn,
            update("scores", KEY, SCORES, odd + missing),
        )
        assert await prepared_here(conn) == 0
    expected = [("g", 0, 0, "a")] + [
        ("g", s, 0, "c") if s % 2 else ("g", s, s + 1, "b") for s in range(1, MANY + 1)
    ]
    assert await scores(pool) == expected


async def test_a_batch_with_rows_in_bulk_runs_in_order_and_takes_effect_together(
    pool: asyncpg.Pool,
) -> None:
    """Statements before and after a bulk see what it wrote; one failing undoes them all."""
    many = [("g", s, 1, "bulk") for s in range(MANY)]
    add_ten = Write("UPDATE scores SET points = points + ($1->>'more')::int", {"more": 10})
    async with pool.acquire() as conn:
        await run(
            conn,
            [
                *insert("scores", SCORES, [("f", 0, 1, "json")]),
                *upsert("scores", KEY, SCORES, many),
                add_ten,
            ],
        )
        with pytest.raises(asyncpg.NotNullViolationError):
            await run(
                conn,
                [
                    add_ten,
                    *insert("scores", SCORES, [("h", s, 2, "bulk") for s in range(MANY)]),
                    *insert("scores", SCORES, [("i", 0, None, "json")]),
                ],
            )
    assert await scores(pool) == [("f", 0, 11, "json")] + [
        ("g", s, 11, "bulk") for s in range(MANY)
    ]


async def test_a_lost_claim_refuses_rows_in_bulk_as_well(
    pool: asyncpg.Pool, own_database: str
) -> None:
    async with alive(own_database, "south"):
        await claim(pool, "south")
        with pytest.raises(LostClaim):
            await commit(
                pool, "north", [Progress("p", 0, 3)], [("g", s, 1, "") for s in range(MANY)]
            )
    assert await offsets.positions(pool, TOPIC) == {("p", 0): 0}
    assert await scores(pool) == []
