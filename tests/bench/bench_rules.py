"""Rules-service throughput and latency through the real broker, beside the raw broker rate.

1,000 race-to-21 matches play at once, each with one decision in flight (the next is sent
when the ruling of the last lands on the match-log). Prints decisions judged per second,
p50/p99 from producing a decision to its ruling, the raw aiokafka produce-then-consume rate
with the same message size, and the ratio. Goals: 3,000 decisions/s and a ratio of 0.25.
"""

import asyncio
import os
import statistics
import subprocess
import sys
import time
import uuid
from contextlib import ExitStack

import msgspec
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch
from services.broker import TansuBroker
from services.settings import Settings, load_settings
from services.topics import ensure_topics
from tests.support import ROOT, decision
from tests.tiny_ruleset import Add

MATCHES = int(os.environ.get("BENCH_MATCHES", 1000))
SECONDS = float(os.environ.get("BENCH_SECONDS", 20))


class _RulingHead(msgspec.Struct):
    decision_id: str
    match_id: str


class _BatchHead(msgspec.Struct):
    entries: list[_RulingHead] = []


_batch_head = msgspec.json.Decoder(_BatchHead)


async def raw_rate(settings: Settings, size: int, count: int = 200_000) -> float:
    """Messages per second to produce `count` messages and consume them all back."""
    topic = f"{settings.namespace}raw"
    payload = b"x" * size
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_idempotence=False,
        linger_ms=1,
        max_batch_size=1024 * 1024,
    )
    await producer.start()
    await producer.send_and_wait(topic, payload)  # topic and metadata in place before timing
    consumer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap, enable_auto_commit=False
    )
    await consumer.start()
    partitions = [TopicPartition(topic, p) for p in consumer.partitions_for_topic(topic)]
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


async def judged_rate(settings: Settings) -> dict[str, float]:
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap, enable_idempotence=False, linger_ms=1
    )
    await producer.start()
    players = _Players(settings, producer)
    matches = [f"bench-{uuid.uuid4().hex[:6]}-{i}" for i in range(MATCHES)]
    for match_id in matches:
        for seat, body in (
            (None, CreateMatch(ruleset="race-to-21", seats=2, options={"target": 10**9})),
            (0, ClaimSeat(player="a")),
            (1, ClaimSeat(player="b")),
        ):
            await producer.send(
                settings.decisions_topic,
                encode(decision(match_id, seat, body)),
                key=match_id.encode(),
            )
        players.turns[match_id] = 0
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


def _start_rules(settings: Settings, log_path: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "KAFKA_BOOTSTRAP": settings.kafka_bootstrap,
        "DATABASE_URL": settings.database_url,
        "STARLEDGER_NAMESPACE": settings.namespace,
        "STARLEDGER_RULESETS": "tests.tiny_ruleset",
        "STARLEDGER_LOG_FORMAT": "json",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "services", "rules"],
        env=env,
        cwd=ROOT,
        stdout=open(log_path, "w"),
        stderr=subprocess.STDOUT,
    )


async def _run(settings: Settings) -> dict[str, float]:
    await ensure_topics(settings)
    if os.environ.get("BENCH_RAW_ONLY"):
        return {"raw_msgs_per_s": await raw_rate(settings, 168)}
    rules = _start_rules(settings, "/tmp/starledger-bench-rules.log")
    try:
        figures = await judged_rate(settings)
    finally:
        rules.terminate()
        rules.wait()
    raw = [await raw_rate(settings, int(figures["decision_bytes"])) for _ in range(3)]
    figures["raw_msgs_per_s"] = statistics.median(raw)  # the broker's rate wobbles run to run
    figures["ratio"] = figures["decisions_per_s"] / figures["raw_msgs_per_s"]
    return figures


def main() -> dict[str, float]:
    with ExitStack() as stack:
        bootstrap = (
            os.environ.get("KAFKA_BOOTSTRAP") or stack.enter_context(TansuBroker()).bootstrap
        )
        settings = load_settings(
            kafka_bootstrap=bootstrap, namespace=f"bench{uuid.uuid4().hex[:6]}-"
        )
        figures = asyncio.run(_run(settings))
    print(f"rules service, {MATCHES} concurrent matches, {SECONDS:.0f} s measured:")
    print(f"  decisions judged/s      {figures['decisions_per_s']:10.0f}   (goal >= 3000)")
    print(f"  produce -> ruling p50   {figures['p50_ms']:10.1f} ms")
    print(f"  produce -> ruling p99   {figures['p99_ms']:10.1f} ms")
    print(
        f"  raw broker msgs/s       {figures['raw_msgs_per_s']:10.0f}   "
        f"({figures['decision_bytes']:.0f}-byte messages, produce then consume; "
        f"median of 3)"
    )
    print(f"  ratio judged/raw        {figures['ratio']:10.2f}   (goal >= 0.25)")
    return figures


if __name__ == "__main__":
    main()
