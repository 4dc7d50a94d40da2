"""Taking ownership of match-log partitions: fence, load snapshots, read to the fence."""

import asyncio

import asyncpg
import structlog
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from events.codec import Unreadable, encode, read_record
from events.envelope import OwnerFence
from events.match import PartitionMatches
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
) -> tuple[PartitionMatches, int]:
    """A snapshot's fold and offset when it belongs to this log; else an empty fold at 0."""
    checkpoint = await snapshots.load_checkpoint(pool, tp.topic, tp.partition)
    if checkpoint is not None and 0 < checkpoint.next_offset <= end:
        last = await _record_at(reader, tp, checkpoint.next_offset - 1)
        if last is not None and snapshots.record_digest(last) == checkpoint.last_record_digest:
            folded = await snapshots.load_matches(pool, tp.topic, tp.partition, checkpoint)
            if folded is not None:
                return folded, checkpoint.next_offset
    if checkpoint is not None:
        log.warning(
            "snapshot_discarded",
            partition=tp.partition,
            reason="it does not match this log or this ruleset code",
        )
        await snapshots.forget(pool, tp.topic, tp.partition)
    return PartitionMatches(), 0


async def take_over(
    settings: Settings,
    producer: AIOKafkaProducer,
    pool: asyncpg.Pool,
    partitions: list[int],
    writer: str,
) -> dict[int, PartitionMatches]:
    """Fence each partition for `writer`, then fold it up to and including the fence.

    After the fence, records from earlier owners no longer count (see `PartitionMatches`), so
    the fold read up to it is the complete truth this writer judges against.
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
        by_partition: dict[int, PartitionMatches] = {}
        for tp in tps:
            folded, start = await _start_point(reader, pool, tp, fence_at[tp.partition])
            by_partition[tp.partition] = folded
            reader.seek(tp, start)
            log.info(
                "catching_up",
                partition=tp.partition,
                from_offset=start,
                to_offset=fence_at[tp.partition],
                snapshot_matches=len(folded.matches),
            )
        pending = set(tps)
        while pending:
            fetched = await reader.getmany(*pending, timeout_ms=1000, max_records=5000)
            for tp, messages in fetched.items():
                folded = by_partition[tp.partition]
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
                    folded.fold(record)
                    if folded.owner == writer:  # our own fence: everything before it is read
                        pending.discard(tp)
                        break
        return by_partition
    finally:
        await reader.stop()
