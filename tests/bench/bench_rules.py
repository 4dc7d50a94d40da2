"""Rules-service throughput and latency through the real broker, beside the raw broker rate.

1,000 race-to-21 matches play at once, each with one decision in flight (the next is sent
when the ruling of the last lands on the match-log): decisions judged per second and p50/p99
from producing a decision to its ruling. Before that, the rate a backlog is judged at
(decisions put on the topic while no rules service runs, timed by the match-log's record
timestamps from the first ruling of the backlog to the last), the raw aiokafka
produce-then-consume rate with the same message size on a topic shaped like the match-log,
and the ratio of those two, both open loops; on Kafka and on Tansu side by side. Goals: 3,000
decisions/s and a ratio of 0.25. Beside them, the CPU the judge alone spends a decision, in
this process. The closed loop's rate is bound by its round trip (a wave of
rulings, then the client's wave of decisions), not by the service.
"""

import asyncio
import os
import statistics
import time
import uuid
from pathlib import Path

import msgspec
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch
from events.match import PartitionMatches
from projections import log_end
from services.rules.judge import rule_on
from services.settings import Settings
from services.topics import ensure_topics, topic_configs
from tests.bench.scratch import Scratch, on_each_broker
from tests.bench.table import Goal, Row, print_table
from tests.support import RulesProcess, decision, wait_for
from tests.tiny_ruleset import Add
from tests.workload import race_decisions

MATCHES = int(os.environ.get("BENCH_MATCHES", 1000))
SECONDS = float(os.environ.get("BENCH_SECONDS", 20))
BACKLOG_PER_MATCH = int(os.environ.get("BENCH_BACKLOG_PER_MATCH", 250))


class _RulingHead(msgspec.Struct):
    decision_id: str
    match_id: str


class _BatchHead(msgspec.Struct):
    entries: list[_RulingHead] = []


_batch_head = msgspec.json.Decoder(_BatchHead)


async def _raw_topic(settings: Settings) -> str:
    """A new topic shaped like the match-log: its partitions, its configs."""
    topic = f"{settings.namespace}raw-{uuid.uuid4().hex[:6]}"
    configs = topic_configs(settings, settings.match_log_topic)
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        await admin.create_topics(
            [
                NewTopic(
                    topic, settings.partitions, settings.replication_factor, topic_configs=configs
                )
            ]
        )
    finally:
        await admin.close()
    return topic


async def raw_rate(settings: Settings, topic: str, size: int, count: int = 200_000) -> float:
    """Messages per second to produce `count` messages to `topic` and consume them all back,
    acked as the rules service's are."""
    payload = b"x" * size
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        acks="all",
        enable_idempotence=settings.idempotent_producer,
        linger_ms=1,
        max_batch_size=1024 * 1024,
    )
    await producer.start()
    await producer.send_and_wait(topic, payload)  # metadata in place before timing
    consumer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap, enable_auto_commit=False
    )
    await consumer.start()
    partitions = [TopicPartition(topic, p) for p in range(settings.partitions)]
    consumer.assign(partitions)
    await consumer.seek_to_end(*partitions)
    await asyncio.gather(*(consumer.position(tp) for tp in partitions))
    started = time.perf_counter()
    for i in range(count):
        await producer.send(topic, payload, key=str(i % MATCHES).encode())
    await producer.flush()
    seen = 0
    while seen < count:
        fetched = await consumer.getmany(timeout_ms=500, max_records=10_000)
        seen += sum(len(messages) for messages in fetched.values())
    elapsed = time.perf_counter() - started
    await consumer.stop()
    await producer.stop()
    return count / elapsed


class _Players:
    """The bench's clients: keep one decision in flight per match and time each ruling."""

    def __init__(self, settings: Settings, producer: AIOKafkaProducer) -> None:
        self.settings, self.producer = settings, producer
        self.sent_at: dict[str, float] = {}
        self.turns: dict[str, int] = {}
        self.latencies: list[float] = []
        self.measuring = False
        self.size = 0

    async def send_turn(self, match_id: str) -> None:
        turn = self.turns[match_id]
        self.turns[match_id] = turn + 1
        d = decision(match_id, turn % 2, Add(amount=1), decision_id=f"{match_id}/{turn}")
        value = encode(d)
        self.size = len(value)
        self.sent_at[d.decision_id] = time.perf_counter()
        await self.producer.send(self.settings.decisions_topic, value, key=match_id.encode())

    def ruled(self, decision_id: str) -> bool:
        started = self.sent_at.pop(decision_id, None)
        if started is None:
            return False
        if self.measuring:
            self.latencies.append(time.perf_counter() - started)
        return True


async def _open_matches(settings: Settings, producer: AIOKafkaProducer, prefix: str) -> list[str]:
    """MATCHES new race-to-21 matches that never end, both seats claimed."""
    matches = [f"{prefix}-{uuid.uuid4().hex[:6]}-{i}" for i in range(MATCHES)]
    for match_id in matches:
        for seat, body in (
            (None, CreateMatch(ruleset="race-to-21", seats=2, options={"target": 10**9})),
            (0, ClaimSeat(player="a")),
            (1, ClaimSeat(player="b")),
        ):
            d = decision(match_id, seat, body)
            await producer.send(settings.decisions_topic, encode(d), key=match_id.encode())
    await producer.flush()
    return matches


async def _log_size(settings: Settings) -> int:
    """Records on the match-log, all partitions (as fetches see them: Tansu's ListOffsets
    trails)."""
    return sum((await log_end.ends(settings)).values())


async def _until_logged(settings: Settings, records: int) -> None:
    deadline = time.monotonic() + 600
    while await _log_size(settings) < records:
        await asyncio.sleep(0.5)
        if time.monotonic() > deadline:
            raise AssertionError(f"the match-log did not reach {records} records in 10 minutes")


async def _put_backlog(
    settings: Settings, producer: AIOKafkaProducer, matches: list[str]
) -> set[str]:
    """BACKLOG_PER_MATCH decisions for each match on the topic; their decision ids."""
    backlog: set[str] = set()
    for turn in range(BACKLOG_PER_MATCH):
        for match_id in matches:
            d = decision(match_id, turn % 2, Add(amount=1), decision_id=f"{match_id}/{turn}")
            backlog.add(d.decision_id)
            await producer.send(settings.decisions_topic, encode(d), key=match_id.encode())
    await producer.flush()
    return backlog


async def backlog_rate(settings: Settings, backlog: set[str], logged: int) -> float:
    """Decisions a second from the first ruling of the backlog to its last, read once the
    match-log holds them all (`logged` records were on it before), so the reading takes no
    CPU from the service."""
    await _until_logged(settings, logged + len(backlog))
    consumer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap, enable_auto_commit=False
    )
    await consumer.start()
    stamps: list[int] = []
    try:
        topic = settings.match_log_topic
        partitions = [TopicPartition(topic, p) for p in range(settings.partitions)]
        consumer.assign(partitions)
        await consumer.seek_to_beginning(*partitions)
        deadline = time.monotonic() + 600
        while len(stamps) < len(backlog):
            if time.monotonic() > deadline:
                raise AssertionError("the backlog's rulings were not all read in 10 minutes")
            fetched = await consumer.getmany(timeout_ms=1000, max_records=10_000)
            for messages in fetched.values():
                for message in messages:
                    head = _batch_head.decode(message.value)
                    if head.entries and head.entries[0].decision_id in backlog:
                        stamps.append(message.timestamp)
    finally:
        await consumer.stop()
    return len(stamps) / ((max(stamps) - min(stamps)) / 1000)


def judge_cpu_us() -> float:
    """CPU µs the judge alone spends a decision: MATCHES matches' decisions (creation, seats,
    turns, some out of turn) through `rule_on` in this process, the best of 3 rounds."""
    raws = [encode(d) for d in race_decisions(matches=MATCHES, seed=5)]
    best = float("inf")
    for _ in range(3):
        folded, started = PartitionMatches(), time.process_time()
        for offset, raw in enumerate(raws):
            rule_on(folded, raw, partition=0, offset=offset, now_ms=0, fresh_seed=lambda: "")
        best = min(best, (time.process_time() - started) / len(raws) * 1e6)
    return best


async def judged_rate(settings: Settings) -> dict[str, float]:
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_idempotence=settings.idempotent_producer,  # as the gateway's
        linger_ms=1,
    )
    await producer.start()
    players = _Players(settings, producer)
    matches = await _open_matches(settings, producer, "bench")
    players.turns = dict.fromkeys(matches, 0)
    consumer = AIOKafkaConsumer(
        settings.match_log_topic,
        bootstrap_servers=settings.kafka_bootstrap,
        auto_offset_reset="earliest",
        enable_auto_commit=False,
        group_id=f"{settings.namespace}bench",
        fetch_max_wait_ms=10,
    )
    await consumer.start()
    for match_id in matches:
        await players.send_turn(match_id)
    judged, started, warm_until = 0, 0.0, time.perf_counter() + 5
    while True:
        fetched = await consumer.getmany(timeout_ms=200, max_records=10_000)
        now = time.perf_counter()
        if not players.measuring and now > warm_until:
            players.measuring, started, judged = True, now, 0
        if players.measuring and now - started > SECONDS:
            break
        for messages in fetched.values():
            for message in messages:
                head = _batch_head.decode(message.value)
                if head.entries and players.ruled(head.entries[0].decision_id):
                    judged += 1
                    await players.send_turn(head.entries[0].match_id)
    elapsed = time.perf_counter() - started
    await consumer.stop()
    await producer.stop()
    latencies = sorted(players.latencies)
    return {
        "decisions_per_s": judged / elapsed,
        "p50_ms": 1000 * statistics.median(latencies),
        "p99_ms": 1000 * latencies[int(len(latencies) * 0.99)],
        "decision_bytes": players.size,
    }


async def _run(scratch: Scratch) -> dict[str, float]:
    settings = scratch.settings
    await ensure_topics(settings)
    raw_topic = await _raw_topic(settings)  # now: Kafka takes a moment to lead a new partition
    if os.environ.get("BENCH_RAW_ONLY"):
        return {"raw_msgs_per_s": await raw_rate(settings, raw_topic, 168)}
    log_dir = Path(".run")
    log_dir.mkdir(exist_ok=True)
    name = f"bench-rules-{scratch.broker}"
    # a first rules service opens the backlog's matches and commits as it stops; the backlog
    # waits on the topic; a second one judges it, then plays the closed loop
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_idempotence=settings.idempotent_producer,
        linger_ms=5,
        max_batch_size=1024 * 1024,
    )
    await producer.start()
    opener = RulesProcess(settings, log_dir, name).start()
    try:
        await wait_for(lambda: "partitions_assigned" in opener.log_text(), timeout=60)
        matches = await _open_matches(settings, producer, "backlog")
        await _until_logged(settings, 3 * MATCHES)
    finally:
        opener.stop()
    try:
        backlog = await _put_backlog(settings, producer, matches)
    finally:
        await producer.stop()
    logged = await _log_size(settings)
    rules = RulesProcess(settings, log_dir, name).start()
    try:
        drained = await backlog_rate(settings, backlog, logged)
        figures = await judged_rate(settings) | {"backlog_per_s": drained}
    finally:
        rules.stop()
    size = int(figures["decision_bytes"])
    raw = [await raw_rate(settings, raw_topic, size) for _ in range(3)]
    figures["raw_msgs_per_s"] = statistics.median(raw)  # the broker's rate wobbles run to run
    figures["ratio"] = figures["backlog_per_s"] / figures["raw_msgs_per_s"]
    figures["judge_cpu_us"] = judge_cpu_us()
    return figures


ROWS = [
    Row("decisions judged/s, one in flight a match", "decisions_per_s", goal=Goal(">=", 3000)),
    Row("produce -> ruling p50 (ms)", "p50_ms", "{:.1f}"),
    Row("produce -> ruling p99 (ms)", "p99_ms", "{:.1f}"),
    Row("decision size (bytes)", "decision_bytes"),
    Row("decisions judged/s from a backlog", "backlog_per_s"),
    Row("raw broker msgs/s (median of 3)", "raw_msgs_per_s"),
    Row("ratio backlog/raw", "ratio", "{:.2f}", Goal(">=", 0.25)),
    Row("in process: the judge's CPU a decision (µs)", "judge_cpu_us", "{:.1f}"),
]


def main() -> dict[str, dict[str, float]]:
    figures = on_each_broker(lambda scratch: asyncio.run(_run(scratch)))
    print_table(
        f"rules service, {MATCHES:,} concurrent matches, {SECONDS:.0f} s measured; raw rate: "
        "messages of a decision's size produced then consumed, on a topic shaped like the "
        "match-log",
        ROWS,
        figures,
    )
    return figures


if __name__ == "__main__":
    main()
