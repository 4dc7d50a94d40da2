"""The projection worker: one consumer group over the match-log feeding its read models.

The log is fetched, decoded and folded once per worker, however many read models it feeds: per
fetched batch every record goes through the partition's `PartitionMatches` (so only what
counts reaches a read model), each projection takes the decisions it has not stored yet,
then each projection checks its claims, writes its rows and moves its offsets, and now and
then the folds are checkpointed. Offsets live in PostgreSQL, per projection and partition,
not in the broker: on assignment the worker reads them, loads a fold checkpoint no later
than the least of them, and re-folds the tail without writing. Beside each offset is which
log it counts on (a digest of the partition's first record): a worker finding another log
under the name (a broker emptied, a topic made anew) stops and says how to rebuild.

The worker commits every projection's rows and offsets in one statement (one round trip, see
`projections.writes`) while the next batch is fetched and folded. A projection that fails (a
bug in its `take` or `writes`) is stopped alone: when that statement fails, each projection
commits the batch in a statement of its own, the one that fails again rolls back with its
offsets, and the rest of the worker goes on.
"""

import asyncio
import os
import time
import uuid
from collections.abc import Sequence
from typing import Any

import asyncpg
import msgspec
import structlog
from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener, TopicPartition
from aiokafka.structs import ConsumerRecord

from events.codec import OtherRulesetVersion, Unreadable, read_record
from events.envelope import Entry, EntryBatch, OwnerFence
from events.match import Match
from events.ruleset import UnknownRuleset
from events.upcast import NewerSchema
from projections import fold_checkpoints, log_end, offsets, unreadable_records
from projections.narrating import NarratedEntry, Narrations
from projections.projection import Projection, fold_record
from projections.unreadable_records import UnreadableRecord
from services import db
from services.settings import Settings

log = structlog.get_logger("projections")

MAX_RECORDS = 1000  # per batch: a worker that fell behind catches up in few of them
# A batch up to this size commits in one statement (lower latency and CPU); a larger one in a
# statement per projection, which PostgreSQL runs side by side.
ONE_STATEMENT_UP_TO = 100
PARTITION_FETCH_BYTES = 256 * 1024  # per partition per fetch: a restart resumes part-way
REPORT_S = 1.0  # a busy worker logs its progress and worst lag this often
CLAIM_CHECK_S = 1.0  # how often a worker looks for claims reset, released or taken

# A newer release reads these: projecting past one would build models its rebuild differs from.
AWAITS_UPGRADE = (NewerSchema, UnknownRuleset, OtherRulesetVersion)


class UnreadableLog(RuntimeError):
    """A record only a newer release reads: projecting on would guess, so the worker stops."""


class AnotherLog(RuntimeError):
    """The broker's log under this name is not the one the read models were built from."""


class _Stopped(Exception):
    """A projection's write failed; it has been stopped and its statement rolled back."""


class Meter(msgspec.Struct):
    """What a worker has done, for logs and benchmarks. Lag is from a record's timestamp on
    the log (set as it was sent to the broker) to the commit of the batch holding it."""

    entries: int = 0
    batches: int = 0
    worst_lag_ms: int = 0  # since the last `projected` log line


class _Partition:
    def __init__(self, checkpoint: fold_checkpoints.Checkpoint, projected: dict[str, int]) -> None:
        self.folded = checkpoint.folded
        self.position = checkpoint.folded_to  # the next offset to fold
        self.projected = projected  # per projection held: offsets below are in its read model
        self.changed: set[str] = set()  # matches changed since the last checkpoint
        self.since_checkpoint = 0


class _GuardedNarrations(Narrations):
    """Narrations whose failure cannot stop the fold half-way through a record: it is
    kept, and raised once the record is folded."""

    def __init__(self) -> None:
        super().__init__()
        self._failed: Exception | None = None

    def before(self, match: Match | None, entry: Entry[Any]) -> None:
        if self._failed is None:
            try:
                super().before(match, entry)
            except Exception as error:
                self._failed = error

    def narrated(self, match: Match) -> list[NarratedEntry]:
        if self._failed is not None:
            raise self._failed
        return super().narrated(match)


def worker_name(projections: Sequence[type[Projection]]) -> str:
    return "+".join(p.name for p in projections)


def group_name(settings: Settings, worker: str, database: str) -> str:
    """The worker's consumer group for the database its read models live in: workers of another
    database form a group of their own and take none of this one's partitions."""
    return settings.group(f"proj-{worker}-{database}")


class Worker(ConsumerRebalanceListener):
    def __init__(
        self,
        settings: Settings,
        projections: Sequence[type[Projection]],
        pool: asyncpg.Pool,
        instance: str | None = None,
    ) -> None:
        self.settings, self.pool = settings, pool
        self.projections = {p.name: p for p in sorted(projections, key=lambda p: p.name)}
        self.name = worker_name(projections)
        self.topic = settings.match_log_topic
        self.claimant = (
            f"{instance or f'{os.uname().nodename}-{os.getpid()}'}/{uuid.uuid4().hex[:8]}"
        )
        self.assigned: set[int] = set()
        self.partitions: dict[int, _Partition] = {}  # the assigned ones we hold a claim on
        self.stopped: dict[str, str] = {}  # projection -> why it stopped
        self.meter = Meter()
        self._oldest_ms: int | None = None  # the oldest record taken into the current batch
        self._reported_batches = 0
        self._lock = asyncio.Lock()
        self._stopping = asyncio.Event()
        self._fatal: Exception | None = None
        self._pending: tuple[asyncio.Task[None], set[int]] | None = None  # the batch committing
        self.consumer: AIOKafkaConsumer
        self._alive: asyncpg.Connection  # holds the lock that keeps our claims standing

    # Partition ownership (called by the consumer during a rebalance).

    async def on_partitions_revoked(self, revoked: list[TopicPartition]) -> None:
        async with self._lock:  # no batch is half-way through its commit when we let go
            await self._settle()
            for tp in revoked:
                self.assigned.discard(tp.partition)
                self.partitions.pop(tp.partition, None)

    async def on_partitions_assigned(self, assigned: list[TopicPartition]) -> None:
        try:
            async with self._lock:
                logs = await self._logs([tp.partition for tp in assigned])
                for tp in assigned:
                    self.assigned.add(tp.partition)
                    await self._take(tp, logs, force=True)
        except Exception as error:
            log.exception("assignment_failed", projection=self.name)
            self._fatal = error
            self._stopping.set()
            return
        log.info(
            "partitions_assigned",
            projection=self.name,
            partitions={
                tp.partition: min(self.partitions[tp.partition].projected.values())
                for tp in assigned
                if tp.partition in self.partitions
            },
        )

    async def _logs(self, partitions: list[int]) -> dict[int, str | None]:
        """Which log the broker holds on these partitions, read at once if any projection here
        knows which one it was built from (else `_take` has nothing to compare)."""
        known = await self.pool.fetchval(
            "SELECT count(*) FROM projection_offsets WHERE topic = $1"
            " AND projection = ANY($2::text[]) AND partition = ANY($3::int[])"
            " AND log_head IS NOT NULL",
            self.topic,
            list(self.projections),
            partitions,
        )
        return await log_end.identities(self.settings, partitions) if known else {}

    async def _take(self, tp: TopicPartition, logs: dict[int, str | None], *, force: bool) -> None:
        """Claim the partition for every running projection (without `force`, only those
        nobody else holds), check it is on the log its rows came from (`logs`: what is known
        of the broker's, read now if missing), load a fold no later than any of them, and
        seek to it."""
        projected: dict[str, int] = {}
        async with self.pool.acquire() as conn, conn.transaction():
            for name in self.projections:  # in name order, as every claim is locked
                if name in self.stopped:
                    continue
                claimed = await offsets.claim(
                    conn, name, self.topic, tp.partition, self.claimant, force=force
                )
                if claimed is None:
                    continue
                if claimed.log_head is not None:
                    await self._check_log(name, tp.partition, claimed.log_head, logs)
                projected[name] = claimed.next_offset
            if not projected:  # others have it all now; the group or a release will tell us
                self.partitions.pop(tp.partition, None)
                self.consumer.pause(tp)
                return
            checkpoint = await fold_checkpoints.load(
                conn, self.name, self.topic, tp.partition, not_after=min(projected.values())
            )
        self.partitions[tp.partition] = _Partition(checkpoint, projected)
        self.consumer.resume(tp)
        self.consumer.seek(tp, checkpoint.folded_to)

    # The loop.

    async def run(self) -> None:
        s = self.settings
        self.consumer = AIOKafkaConsumer(
            bootstrap_servers=s.kafka_bootstrap,
            group_id=group_name(s, self.name, await db.identity(self.pool)),
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            max_poll_records=MAX_RECORDS,
            fetch_max_wait_ms=s.fetch_wait_ms,
            max_partition_fetch_bytes=PARTITION_FETCH_BYTES,
            session_timeout_ms=s.session_timeout_ms,
            heartbeat_interval_ms=s.heartbeat_ms,
        )
        self._alive = await offsets.keep_alive(s.database_url, self.claimant)
        self.consumer.subscribe([self.topic], listener=self)
        await self.consumer.start()
        log.info("projection_started", projection=self.name, claimant=self.claimant)
        try:
            next_check = time.monotonic() + CLAIM_CHECK_S
            next_report = time.monotonic() + REPORT_S
            while not self._stopping.is_set():
                fetched = await self.consumer.getmany(timeout_ms=200, max_records=MAX_RECORDS)
                async with self._lock:
                    if fetched:
                        await self._project(fetched)
                    if time.monotonic() >= next_check:
                        await self._check_claims()
                        next_check = time.monotonic() + CLAIM_CHECK_S
                if time.monotonic() >= next_report:
                    self._report()
                    next_report = time.monotonic() + REPORT_S
        finally:
            await self._settle()
            await self.consumer.stop()
            await offsets.release(self.pool, self.topic, self.claimant)
            await self._alive.close()
        if self._fatal is not None:
            raise RuntimeError(
                f"{self.name}: cannot take its partitions: {self._fatal}"
            ) from self._fatal

    def stop(self) -> None:
        self._stopping.set()

    async def _project(self, fetched: dict[TopicPartition, list[ConsumerRecord]]) -> None:
        batches = {name: kind() for name, kind in self.projections.items()}
        self._oldest_ms = None
        moved: dict[int, _Partition] = {}
        heads: dict[int, str] = {}  # the partitions whose first record this batch folds
        records = 0
        unreadable: UnreadableLog | None = None
        skipped: list[UnreadableRecord] = []  # records no release reads: noted, not folded
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
                    record = read_record(message.value)
                except AWAITS_UPGRADE as error:
                    unreadable = UnreadableLog(
                        f"{self.name}: cannot read {self.topic} partition {tp.partition} offset "
                        f"{message.offset}: {error}. The worker stops here; its read models "
                        f"hold everything before this record."
                    )
                    break
                if message.offset == 0:
                    heads[tp.partition] = log_end.identity(message.timestamp, message.value)
                if isinstance(record, Unreadable):
                    skipped.append(UnreadableRecord(tp.partition, message.offset, record.reason))
                else:
                    self._fold(part, message.offset, message.timestamp, record, batches)
                part.position += 1
                records += 1
                moved[tp.partition] = part
            if unreadable is not None:
                break
        if skipped:
            await self._note(skipped)
        if moved:
            for name, batch in batches.items():
                try:
                    batch.finish()
                except Exception as error:
                    self._stop_projection(name, error)
            checkpoints = self._checkpoints(moved)
            progress = [  # read now: the next batch moves the positions on
                offsets.Progress(name, p, max(part.position, start))
                for p, part in sorted(moved.items())
                for name, start in sorted(part.projected.items())
            ]
            if await self._settle():
                together = records <= ONE_STATEMENT_UP_TO
                commit = self._commit(
                    batches, progress, checkpoints, heads, self._oldest_ms, together
                )
                self._pending = (asyncio.create_task(commit), set(moved))
            else:  # a claim was lost: this batch folded on matches being reloaded
                await self._retake(set(moved))
        if unreadable is not None:
            await self._settle()
            raise unreadable

    async def _note(self, skipped: list[UnreadableRecord]) -> None:
        """Keep where the records no release reads are, and why, before moving past them."""
        for found in skipped:
            log.error(
                "unreadable_record",
                projection=self.name,
                partition=found.partition,
                offset=found.offset,
                reason=found.reason,
            )
        await unreadable_records.note(self.pool, self.topic, skipped)

    def _fold(
        self,
        part: _Partition,
        offset: int,
        appended_ms: int,
        record: Any,
        batches: dict[str, Projection],
    ) -> None:
        if isinstance(record, OwnerFence):
            part.folded.fold(record)
            return
        assert isinstance(record, EntryBatch)
        takers = [name for name, start in part.projected.items() if offset >= start]
        narrating = [name for name in takers if batches[name].narrates]
        narrations = _GuardedNarrations() if narrating else None
        folded = fold_record(part.folded, record, narrations)
        if folded is None:
            return
        part.changed.add(folded.match.match_id)
        part.since_checkpoint += len(folded.entries)
        if narrations is not None:
            try:
                folded = msgspec.structs.replace(folded, narrated=narrations.narrated(folded.match))
            except Exception as error:  # a game's words failed: those read models stop alone
                for name in narrating:
                    self._stop_projection(name, error)
                takers = [name for name in takers if name not in narrating]
        for name in takers:
            if not batches[name].takes(folded):
                continue  # a held answer alone: nothing of this read model moves
            try:
                batches[name].take(folded)
            except Exception as error:
                self._stop_projection(name, error)
        if takers:
            self.meter.entries += len(folded.entries)
            if self._oldest_ms is None or appended_ms < self._oldest_ms:
                self._oldest_ms = appended_ms

    def _checkpoints(self, moved: dict[int, _Partition]) -> dict[int, fold_checkpoints.Taken]:
        """Checkpoints due, encoded now: the folds fold on while the batch commits."""
        due = {}
        for p, part in moved.items():
            if part.since_checkpoint >= self.settings.snapshot_every:
                due[p] = fold_checkpoints.take(part.folded, part.position, sorted(part.changed))
                part.changed.clear()
                part.since_checkpoint = 0
        return due

    async def _settle(self) -> bool:
        """Wait for the batch committing, if any; False if it lost a claim, in which case
        its partitions are taken again from what is stored."""
        if self._pending is None:
            return True
        task, partitions = self._pending
        self._pending = None
        try:
            await task
        except offsets.LostClaim as lost:
            log.warning("claim_lost", projection=self.name, reason=str(lost))
            await self._retake(partitions)
            return False
        return True

    async def _check_log(
        self, projection: str, partition: int, built_from: str, logs: dict[int, str | None]
    ) -> None:
        """Raise `AnotherLog` unless the broker's log on `partition` is the one `projection`
        was built from (`logs` caches what was read of the broker's)."""
        if partition not in logs:
            logs.update(await log_end.identities(self.settings, [partition]))
        if logs[partition] != built_from:
            raise AnotherLog(
                f"{projection} was built from another {self.topic} than the broker holds now"
                f" (partition {partition} starts otherwise, or is empty): the broker was"
                f" emptied or the topic made anew. Its rows describe matches that log held;"
                f" `starledger projections rebuild all` builds the read models from this one."
            )

    async def _retake(self, partitions: set[int]) -> None:
        for p in sorted(partitions & self.assigned):
            await self._take(TopicPartition(self.topic, p), {}, force=False)

    async def _commit(
        self,
        batches: dict[str, Projection],
        progress: list[offsets.Progress],
        checkpoints: dict[int, fold_checkpoints.Taken],
        heads: dict[int, str],
        oldest_ms: int | None,
        together: bool,
    ) -> None:
        """The worker's rows and offsets: `together` in one statement, else each projection's
        in a statement of its own, side by side. A projection stops only when its write
        fails twice in a row (once together and once alone, or twice alone); the others commit
        on. The checkpoints, and which log a partition is (once its first record is read),
        follow once every one has committed."""
        # one stopped while this batch folded took its steps, but must not move on past its loss
        names = sorted({pr.projection for pr in progress} - set(self.stopped))
        held = [pr for pr in progress if pr.projection in names]
        if not together:
            await self._commit_apart(names, batches, held, tries=2)
        elif not await self._committed_together(names, batches, held):
            await self._commit_apart(names, batches, held, tries=1)
        if checkpoints or heads:
            async with self.pool.acquire() as conn, conn.transaction():
                for p, taken in checkpoints.items():
                    await fold_checkpoints.save(conn, self.name, self.topic, p, taken)
                if heads:
                    await offsets.note_log_heads(conn, names, self.topic, heads)
        self._measure(oldest_ms)

    async def _committed_together(
        self, names: list[str], batches: dict[str, Projection], progress: list[offsets.Progress]
    ) -> bool:
        """Every projection in one statement; False if a write failed (nothing committed)."""
        try:
            announcements = [a for name in names for a in batches[name].announcements()]
            writes = [w for name in names for w in batches[name].writes()]
            async with self.pool.acquire() as conn:
                await offsets.advance(
                    conn, self.topic, progress, self.claimant, announcements, writes
                )
        except offsets.LostClaim:
            raise
        except Exception as error:
            log.warning("worker_commit_failed", worker=self.name, error=repr(error))
            return False
        self._moved(progress)
        return True

    async def _commit_apart(
        self,
        names: list[str],
        batches: dict[str, Projection],
        progress: list[offsets.Progress],
        tries: int,
    ) -> None:
        """Each projection in a statement of its own, side by side."""
        outcomes = await asyncio.gather(
            *(
                self._commit_one(batches[n], [pr for pr in progress if pr.projection == n], tries)
                for n in names
            ),
            return_exceptions=True,
        )
        for outcome in outcomes:
            if isinstance(outcome, BaseException) and not isinstance(
                outcome, offsets.LostClaim | _Stopped
            ):
                raise outcome
        lost = [o for o in outcomes if isinstance(o, offsets.LostClaim)]
        if lost:
            raise lost[0]

    async def _commit_one(
        self, batch: Projection, progress: list[offsets.Progress], tries: int
    ) -> None:
        name = progress[0].projection
        for attempt in range(1, tries + 1):
            try:
                announcements, writes = batch.announcements(), batch.writes()
                async with self.pool.acquire() as conn:
                    await offsets.advance(
                        conn, self.topic, progress, self.claimant, announcements, writes
                    )
                break
            except offsets.LostClaim:
                raise
            except Exception as error:  # its bug, not the worker's: the others commit on
                if attempt == tries:
                    self._stop_projection(name, error)
                    raise _Stopped from error
                log.warning("write_failed", projection=name, error=repr(error))
        self._moved(progress)

    def _moved(self, progress: list[offsets.Progress]) -> None:
        for pr in progress:
            part = self.partitions.get(pr.partition)
            if part is not None and pr.projection in part.projected:
                part.projected[pr.projection] = max(part.projected[pr.projection], pr.next_offset)

    def _stop_projection(self, name: str, error: Exception) -> None:
        """Feed `name` nothing more; the worker goes on, and stops when none is left."""
        if name in self.stopped:
            return
        log.error("projection_stopped", projection=name, worker=self.name, error=repr(error))
        self.stopped[name] = repr(error)
        for part in self.partitions.values():
            part.projected.pop(name, None)
        if len(self.stopped) == len(self.projections):
            self._stopping.set()

    def _measure(self, oldest_ms: int | None) -> None:
        meter = self.meter
        meter.batches += 1
        if oldest_ms is not None:
            lag_ms = int(time.time() * 1000) - oldest_ms
            meter.worst_lag_ms = max(meter.worst_lag_ms, lag_ms)

    def _report(self) -> None:
        """Log progress and the worst lag since the last report, if anything was committed."""
        meter = self.meter
        if meter.batches > self._reported_batches:
            log.info(
                "projected",
                projection=self.name,
                entries=meter.entries,
                batches=meter.batches,
                worst_lag_ms=meter.worst_lag_ms,
            )
            meter.worst_lag_ms = 0
            self._reported_batches = meter.batches

    async def _check_claims(self) -> None:
        """Re-take a partition where a claim of ours was reset or taken over, or where one we
        lack was let go or its claimant died: the fold reloads and each projection resumes from
        its own offset."""
        if self._alive.is_closed():  # the database dropped it: our claims look free to others
            self._alive = await offsets.keep_alive(self.settings.database_url, self.claimant)
        running = [n for n in self.projections if n not in self.stopped]
        if not self.assigned or not running or not await self._settle():
            return
        found = await offsets.claimants(self.pool, running, self.topic, sorted(self.assigned))
        for p in sorted(self.assigned):
            part = self.partitions.get(p)
            held = part.projected if part is not None else {}
            lost = any(found.get((n, p)) != self.claimant for n in held)
            free = any(n not in held and found.get((n, p)) is None for n in running)
            if lost or free:
                log.info("partition_reclaimed", projection=self.name, partition=p)
                await self._take(TopicPartition(self.topic, p), {}, force=False)
