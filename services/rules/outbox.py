"""Records bound for the match-log, sent as whole batches per partition.

One future per batch rather than per record keeps the hot path lean; the broker's acks
for every batch are awaited before the caller commits anything.
"""

import asyncio

from aiokafka import AIOKafkaProducer
from aiokafka.producer.message_accumulator import BatchBuilder


class Outbox:
    def __init__(self, producer: AIOKafkaProducer, topic: str) -> None:
        self.producer, self.topic = producer, topic
        self._open: dict[int, BatchBuilder] = {}
        self._sent: list[tuple[int, int, asyncio.Future]] = []  # partition, records, ack
        self.last: dict[int, tuple[int, bytes]] = {}  # partition -> (offset, value) of its last

    async def add(self, partition: int, key: bytes, value: bytes) -> None:
        batch = self._open.get(partition) or self._open.setdefault(
            partition, self.producer.create_batch()
        )
        if batch.append(key=key, value=value, timestamp=None) is None:
            await self._send(partition)
            batch = self._open.setdefault(partition, self.producer.create_batch())
            batch.append(key=key, value=value, timestamp=None)
        self.last[partition] = (-1, value)

    async def _send(self, partition: int) -> None:
        batch = self._open.pop(partition)
        batch.close()
        ack = await self.producer.send_batch(batch, self.topic, partition=partition)
        self._sent.append((partition, batch.record_count(), ack))

    async def send(self) -> None:
        """Hand every open batch to the producer, without waiting for the broker."""
        for partition in list(self._open):
            await self._send(partition)

    async def deliver(self) -> None:
        """Send what is open and wait for every ack; raises if the broker refused any."""
        await self.send()
        for partition, count, ack in self._sent:
            meta = await ack
            self.last[partition] = (meta.offset + count - 1, self.last[partition][1])
