"""The rules service loop: consume decisions, judge, append to the match-log, commit.

One consumer group over `decisions`; the owner of partition p is the only writer of
match-log partition p. Order per batch: judge every decision and hand the resulting records
to the producer; judge the next batch while the broker acks them; a batch's decisions' offsets
are committed once every record it caused is acked, at most every COMMIT_EVERY_S. A crash
anywhere re-delivers decisions that are then dropped as already judged (the log says so).
"""

import asyncio
import os
import secrets
import time
import uuid
from typing import Any, NamedTuple

import asyncpg
import structlog
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, ConsumerRebalanceListener, TopicPartition
from aiokafka.errors import CommitFailedError, IllegalStateError

from events.codec import encode
from events.envelope import DeadLetter, EntryBatch, Ruling
from events.match import PartitionMatches
from services import db
from services.rules import snapshots
from services.rules.catch_up import take_over
from services.rules.judge import rule_on
from services.rules.outbox import Outbox
from services.settings import Settings
from services.topics import MAX_RECORD_BYTES, RETRY_BACKOFF_MS

log = structlog.get_logger("rules")

GROUP = "rules"
# Offsets are committed at most this often: each commit costs the broker and this loop a
# request, and decisions re-read after a crash or rebalance are dropped as already judged.
COMMIT_EVERY_S = 0.5
# Asked to stop, the loop ends after its batch; one stuck on a broker that is gone is cancelled
# after this long, which is as safe as a crash (re-delivered decisions are dropped as judged).
STOP_GRACE_S = 5.0


class _Partition:
    """What this instance holds for one partition it owns."""

    def __init__(self, folded: PartitionMatches, writer: str) -> None:
        self.folded = folded
        self.writer = writer
        self.dirty: set[str] = set()
        self.entries_since_snapshot = 0
        self.last_offset = -1  # of this owner's last record on the match-log, and its bytes
        self.last_value = b""


class _Sending(NamedTuple):
    """A judged batch on its way to the broker: its records, its dead letters' acks, and the
    decisions' offsets to commit once all of them are acked."""

    outbox: Outbox
    dead_letters: list[asyncio.Future]
    commits: dict[TopicPartition, int]


class RulesService(ConsumerRebalanceListener):
    def __init__(self, settings: Settings, instance: str | None = None) -> None:
        self.settings = settings
        self.instance = instance or f"{os.uname().nodename}-{os.getpid()}"
        self.owned: dict[int, _Partition] = {}
        self._sending: _Sending | None = None  # the batch judged last, on its way to the broker
        self._judging = asyncio.Lock()
        self._stopping = asyncio.Event()
        self._fatal: Exception | None = None
        self._running: asyncio.Task | None = None
        self.producer: AIOKafkaProducer
        self.consumer: AIOKafkaConsumer
        self.pool: asyncpg.Pool

    # Partition ownership (called by the consumer during a rebalance).

    async def on_partitions_revoked(self, revoked: list[TopicPartition]) -> None:
        async with self._judging:  # no batch is half-way through the broker when we let go
            try:
                await self._delivered()  # its offsets are the new owner's to skip as judged
            except Exception as error:
                # The broker refused a record, so our folds are ahead of the log: stop, as a
                # crash would, rather than judge on them (a restart catches up from the log).
                log.exception("delivery_failed")
                self._fatal = error
                self._stopping.set()
                self.owned.clear()
            for tp in revoked:
                self.owned.pop(tp.partition, None)
        log.info("partitions_revoked", partitions=sorted(tp.partition for tp in revoked))

    async def on_partitions_assigned(self, assigned: list[TopicPartition]) -> None:
        partitions = sorted(tp.partition for tp in assigned)
        if not partitions:
            return
        writer = f"{self.instance}/{uuid.uuid4().hex[:8]}"
        try:
            by_partition = await take_over(
                self.settings, self.producer, self.pool, partitions, writer
            )
        except Exception as error:
            # Judging without a complete fold would break the log: stop, and let a restart retry.
            log.exception("take_over_failed", partitions=partitions)
            self._fatal = error
            self._stopping.set()
            return
        async with self._judging:
            for p, folded in by_partition.items():
                self.owned[p] = _Partition(folded, writer)
        log.info(
            "partitions_assigned",
            partitions=partitions,
            writer=writer,
            matches=sum(len(b.matches) for b in by_partition.values()),
        )

    # The loop.

    async def run(self) -> None:
        self._running = asyncio.current_task()
        s = self.settings
        self.pool = await db.connect(s.database_url, size=2)
        await db.migrate(self.pool)
        self.producer = AIOKafkaProducer(
            bootstrap_servers=s.kafka_bootstrap,
            acks="all",
            enable_idempotence=s.idempotent_producer,
            linger_ms=0,  # aiokafka batches what waits while a request is in flight anyway
            max_batch_size=1024 * 1024,
            max_request_size=MAX_RECORD_BYTES,  # what the match-log takes (`services.topics`)
            retry_backoff_ms=RETRY_BACKOFF_MS,
        )
        self.consumer = AIOKafkaConsumer(
            bootstrap_servers=s.kafka_bootstrap,
            group_id=s.group(GROUP),
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            max_poll_records=2000,
            fetch_max_wait_ms=s.fetch_wait_ms,
            session_timeout_ms=s.session_timeout_ms,
            heartbeat_interval_ms=s.heartbeat_ms,
            retry_backoff_ms=RETRY_BACKOFF_MS,
        )
        await self.producer.start()
        try:
            self.consumer.subscribe([s.decisions_topic], listener=self)
            await self.consumer.start()
            log.info("rules_service_started", instance=self.instance)
            committing: asyncio.Future = asyncio.ensure_future(asyncio.sleep(0))
            due: dict[TopicPartition, int] = {}  # judged and on the log, not yet committed
            commit_at = 0.0
            while not self._stopping.is_set():
                fetched = await self.consumer.getmany(timeout_ms=200, max_records=2000)
                if fetched:
                    due.update(await self._judge(fetched))
                elif self._sending is not None:
                    async with self._judging:
                        due.update(await self._delivered())
                if due and committing.done() and time.monotonic() >= commit_at:
                    await committing  # one commit in flight at a time, overlapping judging
                    committing = asyncio.ensure_future(self._commit(due))
                    due, commit_at = {}, time.monotonic() + COMMIT_EVERY_S
            await committing
            async with self._judging:
                due.update(await self._delivered())
            await self._commit(due)
        finally:
            await self.consumer.stop()
            await self.producer.stop()
            await self.pool.close()
        if self._fatal is not None:
            raise RuntimeError("the rules service cannot go on") from self._fatal

    def stop(self) -> None:
        self._stopping.set()
        if self._running is not None:
            asyncio.get_running_loop().call_later(STOP_GRACE_S, self._running.cancel)

    async def _judge(self, fetched: dict[TopicPartition, list[Any]]) -> dict[TopicPartition, int]:
        """Judge a fetched batch and send what it caused; returns the decisions' offsets of
        the batch before it, once the broker holds every record that one caused."""
        now_ms = int(time.time() * 1000)
        commits: dict[TopicPartition, int] = {}
        dead_letters: list[asyncio.Future] = []
        async with self._judging:
            outbox = Outbox(self.producer, self.settings.match_log_topic)
            for tp, messages in fetched.items():
                owned = self.owned.get(tp.partition)
                if owned is None:
                    if tp in self.consumer.assignment():
                        self.consumer.seek(tp, messages[0].offset)  # fetched before we caught up
                    continue  # else revoked since it was fetched: the new owner re-reads it
                for message in messages:
                    outcome = rule_on(
                        owned.folded,
                        message.value,
                        partition=tp.partition,
                        offset=message.offset,
                        now_ms=now_ms,
                        fresh_seed=_fresh_seed,
                    )
                    if isinstance(outcome, list):
                        match_id = outcome[0].match_id
                        await outbox.add(
                            tp.partition,
                            match_id.encode(),
                            encode(
                                EntryBatch(
                                    writer=owned.writer,
                                    decision_partition=tp.partition,
                                    decision_offset=message.offset,
                                    entries=outcome,
                                )
                            ),
                        )
                        owned.dirty.add(match_id)
                        owned.entries_since_snapshot += len(outcome)
                        _log_rejection(outcome)
                    elif isinstance(outcome, DeadLetter):
                        dead_letters.append(
                            await self.producer.send(
                                self.settings.dead_letter_topic, encode(outcome)
                            )
                        )
                        log.info(
                            "dead_letter",
                            rule=outcome.rule,
                            reason=outcome.reason,
                            partition=tp.partition,
                            offset=message.offset,
                        )
                commits[tp] = messages[-1].offset + 1
            await outbox.send()
            settled = await self._delivered()
            self._sending = _Sending(outbox, dead_letters, commits)
            if self._snapshots_owed():  # a snapshot is of a fold and the log at one point
                settled.update(await self._delivered())
                await self._snapshot_due()
        return settled

    async def _delivered(self) -> dict[TopicPartition, int]:
        """Wait for the acks of the batch on its way, if any; the decisions' offsets it
        settles. Raises if the broker refused a record: crash, restart, catch up."""
        if self._sending is None:
            return {}
        sending, self._sending = self._sending, None
        await sending.outbox.deliver()
        for ack in sending.dead_letters:
            await ack
        for p, (offset, value) in sending.outbox.last.items():
            self.owned[p].last_offset, self.owned[p].last_value = offset, value
        return sending.commits

    async def _commit(self, offsets: dict[TopicPartition, int]) -> None:
        offsets = {tp: o for tp, o in offsets.items() if tp.partition in self.owned}
        if not offsets:
            return
        try:
            await self.consumer.commit(offsets)
        except (CommitFailedError, IllegalStateError) as error:
            # A rebalance took the partitions; the new owner drops what the log shows judged.
            log.warning("commit_skipped", reason=str(error))

    def _snapshots_owed(self) -> dict[int, _Partition]:
        every = self.settings.snapshot_every
        return {p: o for p, o in self.owned.items() if o.entries_since_snapshot >= every}

    async def _snapshot_due(self) -> None:
        for p, owned in self._snapshots_owed().items():
            if owned.last_offset < 0:
                continue
            records = [owned.folded.matches[m] for m in owned.dirty]
            await snapshots.save(
                self.pool,
                self.settings.match_log_topic,
                p,
                records,
                snapshots.Checkpoint(
                    owned.last_offset + 1, snapshots.record_digest(owned.last_value), owned.writer
                ),
            )
            owned.dirty.clear()
            owned.entries_since_snapshot = 0


def _fresh_seed() -> str:
    return secrets.token_hex(32)


def _log_rejection(entries: list[Any]) -> None:
    """Rejections get a line (acceptances are the log itself), naming match, seq and decision."""
    for entry in entries:
        if isinstance(entry.body, Ruling):
            if not entry.body.accepted:
                log.info(
                    "rejected",
                    match_id=entry.match_id,
                    seq=entry.seq,
                    decision_id=entry.decision_id,
                    rule=entry.body.rule,
                    reason=entry.body.reason,
                )
            return
