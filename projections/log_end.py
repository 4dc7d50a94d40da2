"""The match-log's end, what lies between a projection and it, and which log it is."""

import asyncio
import hashlib

import msgspec
from aiokafka import AIOKafkaConsumer, TopicPartition

from services.settings import Settings


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
    found = await tails(settings, None)
    return {p: tail.end for p, tail in found.items()}


async def tails(settings: Settings, starts: dict[int, int] | None) -> dict[int, Tail]:
    """For each partition, its records from `starts[partition]` to the current end; with no
    starts, just where each partition ends.

    The end is found by reading, not only asked for: a broker's reported end can trail the
    records it already serves (Tansu's does after multi-record batches).
    """
    reader = await _reader(settings, partition_bytes=8 * 1024 * 1024)
    try:
        tps = await partitions(reader, settings.match_log_topic)
        reported = await reader.end_offsets(tps)
        reader.assign(tps)
        found: dict[int, Tail] = {}
        for tp in tps:
            start = reported[tp] if starts is None else starts.get(tp.partition, 0)
            tail = Tail(start, start, [], [])
            reader.seek(tp, start)
            while fetched := (await reader.getmany(tp, timeout_ms=300, max_records=10_000)):
                for message in fetched.get(tp, []):
                    if message.offset != tail.end:
                        continue
                    tail.end += 1
                    if starts is not None:
                        tail.entries.append(_count(message.value))
                        tail.timestamps.append(message.timestamp)
            found[tp.partition] = tail
        return found
    finally:
        await reader.stop()


async def _reader(settings: Settings, partition_bytes: int) -> AIOKafkaConsumer:
    """A started consumer outside any group, for reading partitions by offset."""
    reader = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_auto_commit=False,
        fetch_max_wait_ms=100,
        max_partition_fetch_bytes=partition_bytes,
    )
    await reader.start()
    return reader


async def partitions(reader: AIOKafkaConsumer, topic: str) -> list[TopicPartition]:
    """The topic's partitions, as a consumer outside any group learns them: on Apache Kafka it
    starts knowing no topic (aiokafka bootstraps asking for none), so it asks for all."""
    for _ in range(50):
        if found := reader.partitions_for_topic(topic):
            return [TopicPartition(topic, p) for p in sorted(found)]
        await reader._client.force_metadata_update()  # the consumer has no public refresh
        await asyncio.sleep(0.1)
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
        waiting, quiet = set(tps), 0
        while waiting and quiet < 3:  # an empty partition answers nothing, three times over
            fetched = await reader.getmany(*waiting, timeout_ms=200)
            quiet = 0 if fetched else quiet + 1
            for tp, messages in fetched.items():
                first = next((m for m in messages if m.offset == 0), None)
                if first is not None:
                    found[tp.partition] = identity(first.timestamp, first.value)
                waiting.discard(tp)
        return found
    finally:
        await reader.stop()
