"""The match-log's end, what lies between a projection and it, and which log it is.

A partition's end is the high watermark its first fetch answers with, not what ListOffsets
reports: Tansu's trails the records it serves after multi-record batches (1 for 250). Fetches
hardly wait, so a partition with nothing more to read is known at once."""

import asyncio
import hashlib

import msgspec
from aiokafka import AIOKafkaConsumer, TopicPartition

from services.settings import Settings

POLL_MS = 10  # how often a read looks at what its fetches answered


class _Shape(msgspec.Struct):
    entries: list[msgspec.Raw] = []


_shape = msgspec.json.Decoder(_Shape)


class Tail(msgspec.Struct):
    """The records of one partition from some offset to the end: their entry counts and
    broker timestamps (ms), so any later offset's lag is a sum and a lookup."""

    start: int
    end: int
    entries: list[int]
    timestamps: list[int]

    def behind(self, offset: int) -> tuple[int, int, int | None]:
        """Records and entries from `offset` to the end, and the first one's timestamp."""
        skip = max(0, offset - self.start)
        return (
            max(0, self.end - offset),
            sum(self.entries[skip:]),
            self.timestamps[skip] if skip < len(self.timestamps) else None,
        )


def _count(value: bytes) -> int:
    try:
        return len(_shape.decode(value).entries)
    except msgspec.DecodeError:
        return 0


async def ends(settings: Settings) -> dict[int, int]:
    """partition -> the offset the next record will get."""
    reader = await _reader(settings, partition_bytes=64 * 1024)
    try:
        tps = await partitions(reader, settings.match_log_topic)
        reader.assign(tps)
        await reader.seek_to_end(*tps)  # on Tansu, somewhere before it: a fetch tells
        while None in (found := {tp.partition: reader.highwater(tp) for tp in tps}).values():
            await reader.getmany(*tps, timeout_ms=POLL_MS)
        return {p: end for p, end in found.items() if end is not None}
    finally:
        await reader.stop()


async def tails(settings: Settings, starts: dict[int, int]) -> dict[int, Tail]:
    """For each partition, its records from `starts[partition]` (else 0) to the end it had
    when first fetched."""
    reader = await _reader(settings, partition_bytes=8 * 1024 * 1024)
    try:
        tps = await partitions(reader, settings.match_log_topic)
        reader.assign(tps)
        found: dict[TopicPartition, Tail] = {}
        for tp in tps:
            start = starts.get(tp.partition, 0)
            found[tp] = Tail(start, start, [], [])
            reader.seek(tp, start)
        ends: dict[TopicPartition, int] = {}
        pending = set(tps)
        while pending:
            fetched = await reader.getmany(*pending, timeout_ms=POLL_MS, max_records=10_000)
            for tp in pending - ends.keys():
                if (end := reader.highwater(tp)) is not None:
                    ends[tp] = end
            for tp, messages in fetched.items():
                tail = found[tp]
                for message in messages:
                    if message.offset == tail.end < ends[tp]:
                        tail.end += 1
                        tail.entries.append(_count(message.value))
                        tail.timestamps.append(message.timestamp)
            for tp in pending & ends.keys():
                if await reader.position(tp) >= ends[tp]:
                    pending.discard(tp)
        return {tp.partition: msgspec.structs.replace(found[tp], end=ends[tp]) for tp in tps}
    finally:
        await reader.stop()


async def _reader(settings: Settings, partition_bytes: int) -> AIOKafkaConsumer:
    """A started consumer outside any group, for reading partitions by offset."""
    reader = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_auto_commit=False,
        fetch_max_wait_ms=1,  # not 0: Tansu answers such a fetch naming no partition
        max_partition_fetch_bytes=partition_bytes,
    )
    await reader.start()
    return reader


async def partitions(reader: AIOKafkaConsumer, topic: str) -> list[TopicPartition]:
    """The topic's partitions, as a consumer outside any group learns them: on Apache Kafka it
    starts knowing no topic (aiokafka bootstraps asking for none), so it asks for all."""
    for attempt in range(50):
        if attempt:
            await asyncio.sleep(0.1)  # a topic just made: the broker describes it shortly
        await reader._client.force_metadata_update()  # the consumer has no public refresh
        if found := reader.partitions_for_topic(topic):
            return [TopicPartition(topic, p) for p in sorted(found)]
    raise LookupError(f"no topic {topic!r} on the broker")


def identity(timestamp_ms: int, value: bytes) -> str:
    """What tells a partition's log from another of the same name (one emptied and written
    anew): a digest of its first record and the time it was appended."""
    digest = hashlib.blake2b(value, digest_size=16)
    digest.update(timestamp_ms.to_bytes(8, "big", signed=True))
    return digest.hexdigest()


async def identities(settings: Settings, partitions: list[int]) -> dict[int, str | None]:
    """partition -> the identity of the log the broker holds there now; None while empty."""
    if not partitions:
        return {}
    reader = await _reader(settings, partition_bytes=64 * 1024)
    try:
        tps = [TopicPartition(settings.match_log_topic, p) for p in partitions]
        reader.assign(tps)
        for tp in tps:
            reader.seek(tp, 0)
        found: dict[int, str | None] = {p: None for p in partitions}
        waiting = set(tps)
        while waiting:
            fetched = await reader.getmany(*waiting, timeout_ms=POLL_MS)
            for tp, messages in fetched.items():
                first = next((m for m in messages if m.offset == 0), None)
                if first is not None:
                    found[tp.partition] = identity(first.timestamp, first.value)
                waiting.discard(tp)
            waiting -= {tp for tp in waiting if await _read_all(reader, tp)}  # an empty one
        return found
    finally:
        await reader.stop()


async def _read_all(reader: AIOKafkaConsumer, tp: TopicPartition) -> bool:
    """Whether the reader stands at the end its last fetch of `tp` answered with."""
    end = reader.highwater(tp)
    return end is not None and await reader.position(tp) >= end
