"""Taking ownership of match-log partitions: fence, load snapshots, read to the fence."""

import asyncio

import asyncpg
import structlog
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from events.codec import Unreadable, encode, read_record
from events.envelope import OwnerFence
from events.match import PartitionBook
from services.rules import snapshots
from services.settings import Settings

log = structlog.get_logger("rules.catch_up")


async def _record_at(reader: AIOKafkaConsumer, tp: TopicPartition, offset: int) -> bytes | None:
    reader.seek(tp, offset)
    batch = await reader.getmany(tp, timeout_ms=2000, max_records=1)
    records = batch.get(tp, [])
    return records[0].value if records and records[0].offset == offset else None


async def _start_point(
    reader: AIOKafkaConsumer, pool: asyncpg.Pool, tp: TopicPartition, end: int
) -> tuple[PartitionBook, int]:
    """A snapshot's book and offset when it belongs to this log; else an empty book at 0."""
    checkpoint = await snapshots.load_checkpoint(pool, tp.topic, tp.partition)
    if checkpoint is not None and 0 < checkpoint.next_offset <= end:
        last = await _record_at(reader, tp, checkpoint.next_offset - 1)
        if last is not None and snapshots.record_digest(last) == checkpoint.last_record_digest:
            book = await snapshots.load_book(pool, tp.topic, tp.partition, checkpoint)
            if book is not None:
                return book, checkpoint.next_offset
    if checkpoint is not None:
        log.warning(
            "snapshot_discarded",
            partition=tp.partition,
            reason="it does not match this log or this ruleset code",
        )
        await snapshots.forget(pool, tp.topic, tp.partition)
    return PartitionBook(), 0


async def take_over(
    settings: Settings,
    producer: AIOKafkaProducer,
    pool: asyncpg.Pool,
    partitions: list[int],
    writer: str,
) -> dict[int, PartitionBook]:
    """Fence each partition for `writer`, then fold it up to and including the fence.

    After the fence, records from earlier owners no longer count (see `PartitionBook`), so
    the book read up to it is the complete truth this writer judges against.
    """
    fences = await asyncio.gather(
        *(
            producer.send_and_wait(
                settings.match_log_topic, encode(OwnerFence(writer=writer)), key=b"", partition=p
            )
            for p in partitions
        )
    )
    fence_at = {p: meta.offset for p, meta in zip(partitions, fences, strict=True)}
    reader = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_auto_commit=False,
        max_partition_fetch_bytes=8 * 1024 * 1024,
    )
    await reader.start()
    try:
        tps = [TopicPartition(settings.match_log_topic, p) for p in partitions]
        reader.assign(tps)
        books: dict[int, PartitionBook] = {}
        for tp in tps:
            book, start = await _start_point(reader, pool, tp, fence_at[tp.partition])
            books[tp.partition] = book
            reader.seek(tp, start)
            log.info(
                "catching_up",
                partition=tp.partition,
                from_offset=start,
                to_offset=fence_at[tp.partition],
                snapshot_matches=len(book.matches),
            )
        pending = set(tps)
        while pending:
            fetched = await reader.getmany(*pending, timeout_ms=1000, max_records=5000)
            for tp, messages in fetched.items():
                book = books[tp.partition]
                for message in messages:
                    record = read_record(message.value)
                    if isinstance(record, Unreadable):  # every reader skips it alike
                        log.warning(
                            "unreadable_record",
                            partition=tp.partition,
                            offset=message.offset,
                            reason=record.reason,
                        )
                        continue
                    book.fold(record)
                    if book.owner == writer:  # our own fence: everything before it is read
                        pending.discard(tp)
                        break
        return books
    finally:
        await reader.stop()
