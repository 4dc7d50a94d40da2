"""The rules service's write to the match-log, the way it does it against Kafka transactions.

On Apache Kafka only (Tansu has no transactions). Three ways to write each judged batch:
- fence, as the service does (`services/rules/service.py`): its idempotent producer sends the
  batch's records through the `Outbox` and waits for the acks; the decisions' offsets are
  committed apart, one commit in flight at most every 0.5 s; at take-over, an `OwnerFence` on
  each partition shuts out an earlier owner.
- a transaction per batch: one transactional producer; begin, the same `Outbox` sends,
  the offsets sent to the transaction, commit. Its start (InitProducerId) is the take-over.
- a transaction per partition of each batch: what fences a zombie with aiokafka, which sends
  offsets by group id alone (no KIP-447 group metadata), so each decisions partition needs a
  transactional id, and so a producer, of its own.

The records are what the service writes: race-to-21 turns judged by `rule_on` into
`EntryBatch` records, keyed and partitioned as their decisions. For each batch size (decisions
fetched together) batches are written back to back for BENCH_SECONDS; judging and fetching
cost the same either way and are left out.
"""

import asyncio
import os
import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.partitioner import DefaultPartitioner

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, EntryBatch, OwnerFence
from events.match import PartitionMatches
from services.rules.judge import rule_on
from services.rules.outbox import Outbox
from services.rules.service import COMMIT_EVERY_S, GROUP
from services.settings import Settings
from services.topics import MAX_RECORD_BYTES, RETRY_BACKOFF_MS, ensure_topics
from tests.bench.bench_gateway import percentile
from tests.bench.scratch import KAFKA, Scratch, on_each_broker
from tests.bench.table import Row, print_table
from tests.support import decision
from tests.tiny_ruleset import Add

SECONDS = float(os.environ.get("BENCH_SECONDS", 10))
MATCHES = int(os.environ.get("BENCH_MATCHES", 1000))
WARM_UP_S = 1.0
BATCH_SIZES = (1, 10, 100, 1000)  # decisions fetched together; the service takes 2,000 at most
TURNS = 2  # judged per match: the records written, over and over
BACKOFF_MS = int(os.environ.get("BENCH_TRANSACTION_BACKOFF_MS", 20))


class Turn(NamedTuple):
    partition: int
    key: bytes
    record: bytes  # an `EntryBatch`


class Written(NamedTuple):
    take_over_s: float
    latencies_s: list[float]  # per batch


def _turns(partitions: int) -> list[Turn]:
    """Race-to-21 turns judged in rounds over MATCHES matches, as their records."""
    by_partition = [PartitionMatches() for _ in range(partitions)]
    offsets = [0] * partitions
    all_partitions = list(range(partitions))
    writer = f"bench-{uuid.uuid4().hex[:8]}"

    def judged(match_id: str, sent: bytes) -> Turn:
        key = match_id.encode()
        p = DefaultPartitioner()(key, all_partitions, all_partitions)
        entries = rule_on(
            by_partition[p], sent, partition=p, offset=offsets[p], now_ms=0, fresh_seed=lambda: "s"
        )
        assert isinstance(entries, list), entries
        batch = EntryBatch(
            writer=writer, decision_partition=p, decision_offset=offsets[p], entries=entries
        )
        offsets[p] += 1
        return Turn(p, key, encode(batch))

    matches = [f"tx-{m}" for m in range(MATCHES)]
    for m in matches:
        create = CreateMatch(ruleset="race-to-21", seats=2, options={"target": 10**9})
        judged(m, encode(decision(m, None, create)))
        judged(m, encode(decision(m, 0, ClaimSeat(player="a"), sender="a")))
        judged(m, encode(decision(m, 1, ClaimSeat(player="b"), sender="b")))
    return [
        judged(m, encode(decision(m, turn % 2, Add(amount=1), sender="ab"[turn % 2])))
        for turn in range(TURNS)
        for m in matches
    ]


def _producer(settings: Settings, transactional_id: str | None = None) -> AIOKafkaProducer:
    """Configured as the rules service's, but for the retry backoff: aiokafka waits that long
    on a transaction the broker still closes (ConcurrentTransactions), so a transactional one
    gets BACKOFF_MS, not the service's second."""
    return AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        acks="all",
        enable_idempotence=True,
        transactional_id=transactional_id,
        retry_backoff_ms=BACKOFF_MS if transactional_id else RETRY_BACKOFF_MS,
        linger_ms=0,
        max_batch_size=1024 * 1024,
        max_request_size=MAX_RECORD_BYTES,
    )


class _Batches:
    """The next batch of `size` turns, and the decisions' offsets it moves each partition to."""

    def __init__(self, settings: Settings, turns: list[Turn], size: int) -> None:
        self.turns, self.size, self.at = turns, size, 0
        self.offsets = [0] * settings.partitions
        partitions = range(settings.partitions)
        self.decisions = [TopicPartition(settings.decisions_topic, p) for p in partitions]

    def next(self) -> tuple[list[Turn], dict[TopicPartition, int]]:
        batch = [self.turns[(self.at + i) % len(self.turns)] for i in range(self.size)]
        self.at += self.size
        moved = {}
        for turn in batch:
            self.offsets[turn.partition] += 1
            moved[self.decisions[turn.partition]] = self.offsets[turn.partition]
        return batch, moved


async def _write(settings: Settings, producer: AIOKafkaProducer, batch: list[Turn]) -> None:
    outbox = Outbox(producer, settings.match_log_topic)
    for turn in batch:
        await outbox.add(turn.partition, turn.key, turn.record)
    await outbox.deliver()


async def _timed(write: Callable[[], Awaitable[None]]) -> list[float]:
    """Seconds each `write` took, back to back for SECONDS after a warm-up."""
    latencies: list[float] = []
    started = time.perf_counter()
    while (now := time.perf_counter()) - started < WARM_UP_S + SECONDS:
        await write()
        if now - started >= WARM_UP_S:
            latencies.append(time.perf_counter() - now)
    return latencies


async def _fenced(settings: Settings, batches: _Batches) -> Written:
    producer = _producer(settings)
    committer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap,
        group_id=settings.group(f"{GROUP}-fenced-{batches.size}"),
        enable_auto_commit=False,
    )
    await committer.start()
    committer.assign(batches.decisions)
    began = time.perf_counter()
    await producer.start()
    fence = encode(OwnerFence(writer="bench"))
    topic = settings.match_log_topic
    await asyncio.gather(
        *(
            producer.send_and_wait(topic, fence, key=b"", partition=p)
            for p in range(settings.partitions)
        )
    )
    take_over_s = time.perf_counter() - began
    committing: asyncio.Future[Any] = asyncio.ensure_future(asyncio.sleep(0))
    due: dict[TopicPartition, int] = {}
    commit_at = 0.0

    async def write() -> None:
        nonlocal committing, due, commit_at
        batch, moved = batches.next()
        await _write(settings, producer, batch)
        due |= moved
        if committing.done() and time.monotonic() >= commit_at:
            await committing  # one commit in flight at a time, overlapping the writes
            committing = asyncio.ensure_future(committer.commit(due))
            due, commit_at = {}, time.monotonic() + COMMIT_EVERY_S

    try:
        return Written(take_over_s, await _timed(write))
    finally:
        await committing
        await committer.stop()
        await producer.stop()


async def _init(producer: AIOKafkaProducer) -> None:
    await producer.start()
    await producer.begin_transaction()  # waits for InitProducerId: the fence
    await producer.abort_transaction()


async def _transactional(settings: Settings, batches: _Batches, per_partition: bool) -> Written:
    name = f"{settings.namespace}rules-{uuid.uuid4().hex[:6]}"
    ids = [f"{name}-{p}" for p in range(settings.partitions)] if per_partition else [name]
    producers = [_producer(settings, i) for i in ids]
    group = settings.group(f"{GROUP}-transactions")
    began = time.perf_counter()
    await asyncio.gather(*(_init(producer) for producer in producers))
    take_over_s = time.perf_counter() - began

    async def commit(producer: AIOKafkaProducer, batch: list[Turn], moved: dict) -> None:
        await producer.begin_transaction()
        await _write(settings, producer, batch)
        await producer.send_offsets_to_transaction(moved, group)
        await producer.commit_transaction()

    async def write() -> None:
        batch, moved = batches.next()
        if not per_partition:
            return await commit(producers[0], batch, moved)
        await asyncio.gather(
            *(
                commit(
                    producers[tp.partition],
                    [t for t in batch if t.partition == tp.partition],
                    {tp: offset},
                )
                for tp, offset in moved.items()
            )
        )

    try:
        return Written(take_over_s, await _timed(write))
    finally:
        for producer in producers:
            await producer.stop()


WAYS = ("fence", "transaction per batch", "per partition")


async def _bench(scratch: Scratch) -> dict[str, dict[str, float]]:
    settings = scratch.settings
    await ensure_topics(settings)
    turns = _turns(settings.partitions)
    figures: dict[str, dict[str, float]] = {way: {} for way in WAYS}
    taken: dict[str, list[float]] = {way: [] for way in WAYS}
    figures["fence"]["record_bytes"] = statistics.mean(len(t.record) for t in turns)
    for size in BATCH_SIZES:
        for way in WAYS:
            batches = _Batches(settings, turns, size)
            if way == "fence":
                written = await _fenced(settings, batches)
            else:
                written = await _transactional(settings, batches, way == "per partition")
            latencies = written.latencies_s
            taken[way].append(written.take_over_s)
            figures[way] |= {
                f"{size} batches_per_s": len(latencies) / sum(latencies),
                f"{size} p50_ms": 1000 * percentile(latencies, 0.50),
                f"{size} p99_ms": 1000 * percentile(latencies, 0.99),
            }
            rate = figures[way][f"{size} batches_per_s"]
            figures[way][f"{size} ratio"] = rate / figures["fence"][f"{size} batches_per_s"]
    for way, seconds in taken.items():
        figures[way]["take_over_ms"] = 1000 * statistics.median(seconds)
    return figures


def main() -> dict[str, dict[str, float]]:
    found = on_each_broker(lambda scratch: asyncio.run(_bench(scratch)), brokers=(KAFKA,))
    if KAFKA not in found:
        return {}
    figures = found[KAFKA]
    rows = [
        Row("record size (bytes)", "record_bytes"),
        Row("take-over: fence or InitProducerId (ms)", "take_over_ms", "{:.0f}"),
    ]
    for size in BATCH_SIZES:
        rows += [
            Row(f"batches of {size:,}: batches/s", f"{size} batches_per_s", "{:,.1f}"),
            Row(f"batches of {size:,}: against the fence's", f"{size} ratio", "{:.2f}"),
            Row(f"batches of {size:,}: p50 (ms)", f"{size} p50_ms", "{:.1f}"),
            Row(f"batches of {size:,}: p99 (ms)", f"{size} p99_ms", "{:.1f}"),
        ]
    print_table(
        f"the rules service's write on Kafka, {MATCHES:,} matches' turns over 12 partitions, "
        f"{SECONDS:.0f} s per batch size",
        rows,
        figures,
    )
    return figures


if __name__ == "__main__":
    main()
