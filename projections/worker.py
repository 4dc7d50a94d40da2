"""The projection worker: one consumer group over the match-log, one read model.

Per fetched batch: fold every record through the partition's `PartitionBook` (so only what
counts reaches the read model), let the projection take each decision's entries, then one
transaction: check the claim, write the rows, move the offsets, and now and then checkpoint
the books. Offsets live in PostgreSQL, not the broker: on assignment the worker reads them,
loads the book checkpoint, and re-folds the tail between the two without writing.
"""

import asyncio
import os
import time
import uuid
from typing import Any

import asyncpg
import msgspec
import structlog
from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener, TopicPartition
from aiokafka.structs import ConsumerRecord

from events.codec import decode_record
from events.envelope import EntryBatch, OwnerFence
from events.ruleset import UnknownRuleset
from events.upcast import NewerSchema
from projections import books, offsets
from projections.projection import Projection, Step
from services.settings import Settings

log = structlog.get_logger("projections")

MAX_RECORDS = 5000  # per transaction: a worker that fell behind catches up in few of them
PARTITION_FETCH_BYTES = 256 * 1024  # per partition per fetch: a restart resumes part-way
# Tansu answers a waiting fetch within ~7 ms of new records at this wait (10 ms: ~3 ms), and
# an idle worker sends a fifth of the fetches, each costly to build and parse in Python.
FETCH_WAIT_MS = 50
CLAIM_CHECK_S = 1.0  # how often an idle worker looks for a reset of its partitions

UNREADABLE = (msgspec.DecodeError, NewerSchema, UnknownRuleset)


class UnreadableLog(RuntimeError):
    """A record this release cannot read: projecting on would guess, so the worker stops."""


class Meter(msgspec.Struct):
    """What a worker has done, for logs and benchmarks."""

    entries: int = 0
    batches: int = 0
    lag_ms: int = 0  # in the last commit: from the oldest entry's recording to the commit
    max_lag_ms: int = 0


class _Partition:
    def __init__(self, checkpoint: books.Checkpoint, next_offset: int) -> None:
        self.book = checkpoint.book
        self.position = checkpoint.book_offset  # the next offset to fold
        self.projected = next_offset  # offsets below this are in the read model already
        self.changed: set[str] = set()  # matches changed since the last checkpoint
        self.since_checkpoint = 0


def group_name(settings: Settings, projection: str) -> str:
    return settings.group(f"proj-{projection}")


class Worker(ConsumerRebalanceListener):
    def __init__(
        self,
        settings: Settings,
        projection: type[Projection],
        pool: asyncpg.Pool,
        instance: str | None = None,
    ) -> None:
        self.settings, self.projection, self.pool = settings, projection, pool
        self.name = projection.name
        self.topic = settings.match_log_topic
        self.holder = f"{instance or f'{os.uname().nodename}-{os.getpid()}'}/{uuid.uuid4().hex[:8]}"
        self.partitions: dict[int, _Partition] = {}
        self.meter = Meter()
        self._oldest_ms: int | None = None  # the oldest entry taken into the current batch
        self._lock = asyncio.Lock()
        self._stopping = asyncio.Event()
        self._fatal: Exception | None = None
        self.consumer: AIOKafkaConsumer

    # Partition ownership (called by the consumer during a rebalance).

    async def on_partitions_revoked(self, revoked: list[TopicPartition]) -> None:
        async with self._lock:  # no batch is half-way through its transaction when we let go
            for tp in revoked:
                self.partitions.pop(tp.partition, None)

    async def on_partitions_assigned(self, assigned: list[TopicPartition]) -> None:
        try:
            async with self._lock:
                for tp in assigned:
                    await self._take(tp, force=True)
        except Exception as error:
            log.exception("assignment_failed", projection=self.name)
            self._fatal = error
            self._stopping.set()
            return
        log.info(
            "partitions_assigned",
            projection=self.name,
            partitions={
                tp.partition: self.partitions[tp.partition].projected
                for tp in assigned
                if tp.partition in self.partitions
            },
        )

    async def _take(self, tp: TopicPartition, *, force: bool) -> None:
        """Claim the partition, load its book, and seek to where the book stands."""
        async with self.pool.acquire() as conn, conn.transaction():
            next_offset = await offsets.claim(
                conn, self.name, self.topic, tp.partition, self.holder, force=force
            )
            checkpoint = await books.load(conn, self.name, self.topic, tp.partition)
        if next_offset is None:  # someone else has it now; the group will tell us soon
            self.partitions.pop(tp.partition, None)
            self.consumer.pause(tp)
            return
        self.partitions[tp.partition] = _Partition(checkpoint, next_offset)
        self.consumer.resume(tp)
        self.consumer.seek(tp, checkpoint.book_offset)

    # The loop.

    async def run(self) -> None:
        s = self.settings
        self.consumer = AIOKafkaConsumer(
            bootstrap_servers=s.kafka_bootstrap,
            group_id=group_name(s, self.name),
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            max_poll_records=MAX_RECORDS,
            fetch_max_wait_ms=FETCH_WAIT_MS,
            max_partition_fetch_bytes=PARTITION_FETCH_BYTES,
            session_timeout_ms=s.session_timeout_ms,
            heartbeat_interval_ms=s.heartbeat_ms,
        )
        self.consumer.subscribe([self.topic], listener=self)
        await self.consumer.start()
        log.info("projection_started", projection=self.name, holder=self.holder)
        try:
            next_check = time.monotonic() + CLAIM_CHECK_S
            while not self._stopping.is_set():
                fetched = await self.consumer.getmany(timeout_ms=200, max_records=MAX_RECORDS)
                async with self._lock:
                    if fetched:
                        await self._project(fetched)
                    if time.monotonic() >= next_check:
                        await self._check_claims()
                        next_check = time.monotonic() + CLAIM_CHECK_S
        finally:
            await self.consumer.stop()
        if self._fatal is not None:
            raise RuntimeError(f"{self.name}: cannot take its partitions") from self._fatal

    def stop(self) -> None:
        self._stopping.set()

    async def _project(self, fetched: dict[TopicPartition, list[ConsumerRecord]]) -> None:
        batch = self.projection()
        self._oldest_ms = None
        moved: dict[int, _Partition] = {}
        unreadable: UnreadableLog | None = None
        for tp, messages in fetched.items():
            part = self.partitions.get(tp.partition)
            if part is None:
                continue  # not ours yet, or no longer: whoever holds it reads it
            for message in messages:
                if message.offset < part.position:
                    continue  # fetched before a seek back
                if message.offset > part.position:
                    self.consumer.seek(tp, part.position)
                    break
                try:
                    record = decode_record(message.value)
                except UNREADABLE as error:
                    unreadable = UnreadableLog(
                        f"{self.name}: cannot read {self.topic} partition {tp.partition} offset "
                        f"{message.offset}: {error}. The worker stops here; its read model "
                        f"holds everything before this record."
                    )
                    break
                self._fold(part, message.offset, record, batch)
                part.position += 1
                moved[tp.partition] = part
            if unreadable is not None:
                break
        if moved:
            try:
                await self._commit(batch, moved)
            except offsets.LostClaim as lost:
                log.warning("claim_lost", projection=self.name, reason=str(lost))
                for p in sorted(moved):  # the transaction rolled back: reload from what is stored
                    await self._take(TopicPartition(self.topic, p), force=False)
        if unreadable is not None:
            raise unreadable

    def _fold(self, part: _Partition, offset: int, record: Any, batch: Projection) -> None:
        if isinstance(record, OwnerFence):
            part.book.fold(record)
            return
        assert isinstance(record, EntryBatch)
        match_id = record.entries[0].match_id
        before = part.book.matches.get(match_id)
        hash_before = before.state_hash if before is not None else ""
        counted = part.book.fold(record)
        if not counted:
            return
        part.changed.add(match_id)
        part.since_checkpoint += len(counted)
        if offset >= part.projected:
            batch.take(Step(counted, hash_before, part.book.matches[match_id]))
            self.meter.entries += len(counted)
            recorded = counted[0].recorded_at_ms
            if self._oldest_ms is None or recorded < self._oldest_ms:
                self._oldest_ms = recorded

    async def _commit(self, batch: Projection, moved: dict[int, _Partition]) -> None:
        due = [
            p for p, part in moved.items() if part.since_checkpoint >= self.settings.snapshot_every
        ]
        progress = [
            offsets.Progress(p, max(part.position, part.projected))
            for p, part in sorted(moved.items())
        ]
        async with self.pool.acquire() as conn, conn.transaction():
            await offsets.hold(conn, self.name, self.topic, sorted(moved), self.holder)
            await batch.write(conn)
            await offsets.advance(conn, self.name, self.topic, progress)
            for p in due:
                part = moved[p]
                await books.save(
                    conn,
                    self.name,
                    self.topic,
                    p,
                    books.Checkpoint(part.book, part.position),
                    [part.book.matches[m] for m in sorted(part.changed)],
                )
        for part in moved.values():
            part.projected = max(part.position, part.projected)
        for p in due:
            moved[p].changed.clear()
            moved[p].since_checkpoint = 0
        self._measure()

    def _measure(self) -> None:
        self.meter.batches += 1
        if self._oldest_ms is not None:
            self.meter.lag_ms = max(0, int(time.time() * 1000) - self._oldest_ms)
            self.meter.max_lag_ms = max(self.meter.max_lag_ms, self.meter.lag_ms)
        self._oldest_ms = None

    async def _check_claims(self) -> None:
        """Partitions a reset took back are re-derived from zero; others' are left to them."""
        if not self.partitions:
            return
        for p in await offsets.unheld(
            self.pool, self.name, self.topic, sorted(self.partitions), self.holder
        ):
            log.info("partition_reset", projection=self.name, partition=p)
            await self._take(TopicPartition(self.topic, p), force=False)
