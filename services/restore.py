"""`starledger log restore`: the match-log written anew from PostgreSQL, for a broker that
holds nothing (Tansu after a restart, a Kafka whose data folder is gone) while the read
models hold matches.

The source is the replay read model: it keeps each decision's entries whole, as one row
(seed, sealed choices and their seats included, a sealed window's held answers too, SL-28:
a batch of those alone in `replay_held`), and is read only through views. Each row becomes
one `EntryBatch` again, in log order, on the partition the match's key sends its decisions to,
with every seq and state hash as it was. The read models then stand at the restored log's
end, unchanged: every projection that had read as far as the replay is moved there; one
that had read less is emptied, to be rebuilt from the restored log; one that had read more
than the replay holds makes the restore impossible (the log would lack entries it shows).
"""

import asyncio
import uuid

import asyncpg
import msgspec
from aiokafka import AIOKafkaProducer
from aiokafka.partitioner import murmur2

from events.codec import decode_entry, encode
from events.envelope import EntryBatch
from projections import log_end, offsets, unreadable_records
from projections.registry import PROJECTIONS
from projections.replay import Replay
from services.settings import Settings
from services.topics import MAX_RECORD_BYTES, ensure_topics

_raw_entries = msgspec.json.Decoder(list[msgspec.Raw])
SENT_AT_ONCE = 500  # records in flight before the restore waits for the broker's acks


class CannotRestore(RuntimeError):
    """The log cannot be restored from what PostgreSQL holds; the message says why."""


class Restored(msgspec.Struct, frozen=True):
    matches: int
    entries: int
    records: int
    kept: list[str]  # read models left as they were, at the restored log's end
    rebuilt: list[str]  # read models emptied, to be built again from the restored log

    def describe(self, topic: str) -> str:
        rebuilt = f"; rebuilt from it: {', '.join(self.rebuilt)}" if self.rebuilt else ""
        return (
            f"restored {topic} from the replay read model: {self.matches} matches,"
            f" {self.entries} entries in {self.records} records; read models kept as they"
            f" were: {', '.join(self.kept) or 'none'}{rebuilt}"
        )


def partition_for(match_id: str, partitions: int) -> int:
    """The partition Kafka's default partitioner gives the key, as the gateway's producer
    does for a match's decisions (the rules service writes its entries there too)."""
    return (murmur2(match_id.encode()) & 0x7FFFFFFF) % partitions


async def needed(settings: Settings, pool: asyncpg.Pool) -> bool:
    """Whether the broker's match-log is empty while the read models have read from one."""
    if any((await log_end.ends(settings)).values()):
        return False
    return any((await offsets.positions(pool, settings.match_log_topic)).values())


def _sides(stored: dict[tuple[str, int], int]) -> tuple[list[str], list[str]]:
    """(read models at the replay's offsets, read models behind them); raises if any is
    ahead, as the replay then lacks entries that read model shows."""
    source = {p: o for (name, p), o in stored.items() if name == Replay.name}
    kept, behind = [], []
    for name in sorted(PROJECTIONS):
        mine = {p: o for (n, p), o in stored.items() if n == name}
        ahead = [p for p, o in mine.items() if o > source.get(p, 0)]
        if ahead:
            raise CannotRestore(
                f"{name} has read further than the replay read model on partitions {ahead}:"
                " the replay lacks entries it shows. Restore the database from a backup,"
                " or `projections rebuild all` after a restore to drop them"
            )
        partitions = source.keys() | mine.keys()
        (kept if all(mine.get(p, 0) == source.get(p, 0) for p in partitions) else behind).append(
            name
        )
    return kept, behind


async def _write(settings: Settings, pool: asyncpg.Pool, partitions: int) -> Restored:
    """Every replay row as an `EntryBatch` on its match's partition, in log order: a batch of
    held entries alone after the batch whose numbered entry it follows."""
    writer = f"restore/{uuid.uuid4().hex[:8]}"
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        acks="all",
        enable_idempotence=settings.idempotent_producer,
        linger_ms=5,
        max_request_size=MAX_RECORD_BYTES,
    )
    matches: set[str] = set()
    entries = records = 0
    await producer.start()
    try:
        pending: list[asyncio.Future] = []
        async with pool.acquire() as conn, conn.transaction():
            steps = (
                "SELECT match_id, entries, first_seq - 1 AS follows, 1 AS numbered, 0 AS n"
                " FROM replay_steps UNION ALL SELECT match_id, entries, follows, 0, n"
                " FROM replay_held ORDER BY match_id, follows, numbered, n"
            )
            async for row in conn.cursor(steps):
                batch = [decode_entry(raw) for raw in _raw_entries.decode(row["entries"])]
                p = partition_for(row["match_id"], partitions)
                value = encode(
                    EntryBatch(
                        writer=writer, decision_partition=p, decision_offset=-1, entries=batch
                    )
                )
                pending.append(
                    await producer.send(
                        settings.match_log_topic, value, key=row["match_id"].encode(), partition=p
                    )
                )
                matches.add(row["match_id"])
                entries, records = entries + len(batch), records + 1
                if len(pending) >= SENT_AT_ONCE:
                    await asyncio.gather(*pending)
                    pending = []
        await asyncio.gather(*pending)
    finally:
        await producer.stop()
    return Restored(len(matches), entries, records, [], [])


async def _repoint(
    settings: Settings, pool: asyncpg.Pool, kept: list[str], behind: list[str], old: dict[int, int]
) -> None:
    """Move the kept read models (and the folds folded with them) to the restored log's
    end, empty those behind, and forget what described the old log, in one transaction."""
    topic = settings.match_log_topic
    ends = await log_end.ends(settings)
    heads = await log_end.identities(settings, sorted(p for p, end in ends.items() if end))
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute(
            "SELECT 1 FROM projection_offsets WHERE topic = $1"
            " ORDER BY projection, partition FOR UPDATE",
            topic,
        )
        await conn.execute("DELETE FROM projection_offsets WHERE topic = $1", topic)
        await conn.executemany(
            "INSERT INTO projection_offsets (projection, topic, partition, next_offset, log_head)"
            " VALUES ($1, $2, $3, $4, $5)",
            [(name, topic, p, end, heads.get(p)) for name in kept for p, end in ends.items()],
        )
        for name in behind:
            await conn.execute(f"TRUNCATE {', '.join(PROJECTIONS[name].tables)}")
        # A book folded to where the replay stood is the restored log's book at its end.
        books = await conn.fetch(
            "SELECT projection, partition, book_offset FROM projection_books WHERE topic = $1",
            topic,
        )
        for book in books:
            key = (book["projection"], topic, book["partition"])
            if ends.keys() == old.keys() and book["book_offset"] == old.get(book["partition"]):
                await conn.execute(
                    "UPDATE projection_books SET book_offset = $4, owner = NULL"
                    " WHERE projection = $1 AND topic = $2 AND partition = $3",
                    *key,
                    ends[book["partition"]],
                )
                continue
            for table in ("projection_book_matches", "projection_books"):
                await conn.execute(
                    f"DELETE FROM {table} WHERE projection = $1 AND topic = $2 AND partition = $3",
                    *key,
                )
        for table in ("rules_snapshots", "rules_checkpoints"):
            await conn.execute(f"DELETE FROM {table} WHERE topic = $1", topic)
        await unreadable_records.forget(conn, topic)


async def restore(settings: Settings, pool: asyncpg.Pool) -> Restored:
    """Write the match-log anew from the replay read model; refuses unless it is empty."""
    await ensure_topics(settings)
    ends = await log_end.ends(settings)
    if any(ends.values()):
        raise CannotRestore(
            f"{settings.match_log_topic} holds records already: a restore writes only into an"
            " empty one (stop the stack; delete the topics to start it anew)"
        )
    stored = await offsets.positions(pool, settings.match_log_topic)
    kept, behind = _sides(stored)
    old = {p: o for (name, p), o in stored.items() if name == Replay.name}
    written = await _write(settings, pool, len(ends))
    await _repoint(settings, pool, kept, behind, old)
    return msgspec.structs.replace(written, kept=kept, rebuilt=behind)
