"""The `leagues` topic: one partition, every league's records in one order, kept forever."""

import time

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from events.codec import encode
from events.leagues.entries import RECORD_DECODER, LeagueEntry, LeagueRecord
from services.settings import Settings


def now_ms() -> int:
    return int(time.time() * 1000)


async def append(
    producer: AIOKafkaProducer, settings: Settings, league_id: str, entry_id: str, body: LeagueEntry
) -> LeagueRecord:
    """Write one new record and wait for the broker's ack."""
    record = LeagueRecord(league_id=league_id, entry_id=entry_id, at_ms=now_ms(), body=body)
    await send(producer, settings, record)
    return record


async def send(producer: AIOKafkaProducer, settings: Settings, record: LeagueRecord) -> None:
    """Write a record as it is (a new one, or one written back to a broker that lost it)."""
    await producer.send_and_wait(
        settings.leagues_topic, encode(record), key=record.league_id.encode(), partition=0
    )


def consumer(settings: Settings) -> tuple[AIOKafkaConsumer, TopicPartition]:
    """A consumer of the whole topic from its start, in no group: every reader folds it all."""
    return (
        AIOKafkaConsumer(
            bootstrap_servers=settings.kafka_bootstrap,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
        ),
        TopicPartition(settings.leagues_topic, 0),
    )


async def end_offset(settings: Settings) -> int:
    """How many records the topic holds (its one partition's end)."""
    reader, partition = consumer(settings)
    await reader.start()
    try:
        return int((await reader.end_offsets([partition]))[partition])
    finally:
        await reader.stop()


async def read_all(settings: Settings) -> list[tuple[int, LeagueRecord]]:
    """Every record on the topic now, with its offset."""
    reader, partition = consumer(settings)
    await reader.start()
    try:
        reader.assign([partition])
        end = (await reader.end_offsets([partition]))[partition]
        await reader.seek_to_beginning(partition)
        found: list[tuple[int, LeagueRecord]] = []
        while (await reader.position(partition)) < end:
            batch = await reader.getmany(partition, timeout_ms=1000)
            found += [(m.offset, RECORD_DECODER.decode(m.value)) for m in batch.get(partition, [])]
        return found
    finally:
        await reader.stop()
