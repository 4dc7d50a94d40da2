"""The transport's floor: what the gateway bench's path costs here with no work on it.

The same hops a decision takes to its pushed view, and nothing else: a producer (lingering
as the gateway's does) puts stamped records on a topic; a relay process forwards each batch
to a second topic and waits for the acks (the rules service, judging nothing); a sink process
copies each batch into a table and notifies its stamps in the same transaction (a projection
worker, with one trivial read model); the bench hears the notices. No HTTP, no rules, no read
models, no push. Whatever the stack does, its latency cannot go below this on this machine
with this broker, so it is printed beside the gateway's figures.

On Kafka, then on Tansu (`scratch.on_each_broker`), with a scratch database on
$DATABASE_URL's server; BENCH_GATEWAY_RATE and BENCH_GATEWAY_MATCHES, as for the gateway.
"""

import asyncio
import multiprocessing
import os
import time
from typing import Any

import asyncpg
import msgspec
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from services.settings import Settings, load_settings
from services.topics import await_group_coordinator
from tests.bench.bench_gateway import GOAL_P50_MS, GOAL_P99_MS, MATCHES, RATE, busy_s, percentile
from tests.bench.scratch import PARTITIONS, Scratch, on_each_broker
from tests.bench.table import Goal, Row, print_table

WARM_UP_S = 3.0
MEASURE_S = float(os.environ.get("BENCH_FLOOR_SECONDS", 10))
CHANNEL = "floor"
NOTICE_BYTES = 7000  # under PostgreSQL's 8000-byte payload limit


class Stamp(msgspec.Struct, array_like=True):
    key: str
    sent: float  # time.monotonic() in the bench process: one clock for the whole machine


def _topics(settings: Settings) -> tuple[str, str]:
    return f"{settings.namespace}floor-in", f"{settings.namespace}floor-out"


def _consumer(settings: Settings, topic: str, group: str) -> AIOKafkaConsumer:
    return AIOKafkaConsumer(
        topic,
        bootstrap_servers=settings.kafka_bootstrap,
        group_id=settings.group(group),
        auto_offset_reset="earliest",
        enable_auto_commit=False,
        fetch_max_wait_ms=settings.fetch_wait_ms,
    )


async def _relay(settings: Settings) -> None:
    """Forward every fetched batch and wait for its acks before fetching on."""
    source, target = _topics(settings)
    consumer = _consumer(settings, source, "floor-relay")
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_idempotence=settings.idempotent_producer,  # as the rules service's
        acks="all",
    )
    await consumer.start()
    await producer.start()
    while True:
        fetched = await consumer.getmany(timeout_ms=200, max_records=1000)
        sent = [
            await producer.send(target, m.value, key=m.key)
            for messages in fetched.values()
            for m in messages
        ]
        await asyncio.gather(*sent)


async def _sink(settings: Settings) -> None:
    """Per fetched batch, one transaction: copy the rows in and notify their stamps."""
    _, source = _topics(settings)
    consumer = _consumer(settings, source, "floor-sink")
    conn = await asyncpg.connect(settings.database_url)
    await conn.execute("CREATE TABLE IF NOT EXISTS floor_rows (key text, stamp bytea)")
    await consumer.start()
    while True:
        fetched = await consumer.getmany(timeout_ms=200, max_records=1000)
        records = [m for messages in fetched.values() for m in messages]
        if not records:
            continue
        values = [m.value for m in records]
        notices, notice, size = [], [], 0
        for value in values:
            if size + len(value) > NOTICE_BYTES:
                notices.append(b"[" + b",".join(notice) + b"]")
                notice, size = [], 0
            notice.append(value)
            size += len(value) + 1
        notices.append(b"[" + b",".join(notice) + b"]")
        async with conn.transaction():
            rows = [(m.key.decode(), m.value) for m in records]
            await conn.copy_records_to_table("floor_rows", records=rows)
            await conn.execute(
                "SELECT pg_notify($1, n) FROM unnest($2::text[]) AS n",
                CHANNEL,
                [n.decode() for n in notices],
            )


def _serve(role: str, settings: Settings) -> None:
    asyncio.run(_relay(settings) if role == "relay" else _sink(settings))


class _Heard:
    """Every stamp heard: when it was sent, and how long ago."""

    def __init__(self) -> None:
        self.stamps: list[tuple[float, float]] = []
        self.first = asyncio.Event()

    def __call__(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        now = time.monotonic()
        for stamp in msgspec.json.decode(payload, type=list[Stamp]):
            self.stamps.append((stamp.sent, (now - stamp.sent) * 1000))
        self.first.set()

    def latencies_ms(self, sent_from: float, sent_until: float) -> list[float]:
        return [ms for sent, ms in self.stamps if sent_from <= sent < sent_until]


async def _send_at_rate(
    producer: AIOKafkaProducer, topic: str, seconds: float, until: asyncio.Event | None = None
) -> None:
    """Send at RATE for `seconds`, or until `until` is set."""
    started, sent = time.monotonic(), 0
    while (elapsed := time.monotonic() - started) < seconds and not (until and until.is_set()):
        for _ in range(int(elapsed * RATE) - sent):
            key = f"m{sent % MATCHES:08d}"
            value = msgspec.json.encode(Stamp(key, time.monotonic()))
            await producer.send(topic, value, key=key.encode())
            sent += 1
        await asyncio.sleep(0.001)


async def _led(admin: AIOKafkaAdminClient, topics: list[str]) -> None:
    """Until every partition of the new `topics` has a leader: a record sent before is refused
    and retried, each refusal a line of aiokafka's in the bench's output."""
    while True:
        described = await admin.describe_topics(topics)
        known = len(described) == len(topics) and all(t["error_code"] == 0 for t in described)
        leaders = [p["leader"] for t in described for p in t["partitions"]]
        if known and leaders and min(leaders) >= 0:
            return
        await asyncio.sleep(0.1)


async def _measure(settings: Settings) -> dict[str, Any]:
    source, target = _topics(settings)
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(t, settings.partitions, 1) for t in (source, target)])
        await _led(admin, [source, target])
        await await_group_coordinator(admin)
    finally:
        await admin.close()
    spawn = multiprocessing.get_context("spawn")
    workers = [spawn.Process(target=_serve, args=(r, settings)) for r in ("relay", "sink")]
    for worker in workers:
        worker.start()
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_idempotence=settings.idempotent_producer,
        linger_ms=2,  # as the gateway's
        acks="all",
    )
    await producer.start()
    listener = await asyncpg.connect(settings.database_url)
    heard = _Heard()
    await listener.add_listener(CHANNEL, heard)
    try:
        await _send_at_rate(producer, source, 60, until=heard.first)  # both groups joined
        await _send_at_rate(producer, source, WARM_UP_S)
        measured_from, busy = time.monotonic(), busy_s()
        await _send_at_rate(producer, source, MEASURE_S)
        measured_until, busy = time.monotonic(), busy_s() - busy
        await asyncio.sleep(1.0)  # the last notices on their way
    finally:
        await producer.stop()
        await listener.close()
        for worker in workers:
            worker.kill()
            worker.join()
    latencies_ms = heard.latencies_ms(measured_from, measured_until)
    return {
        "heard_per_s": round(len(latencies_ms) / MEASURE_S),
        "p50_ms": round(percentile(latencies_ms, 0.50), 1),
        "p99_ms": round(percentile(latencies_ms, 0.99), 1),
        "machine_percent": round(100 * busy / MEASURE_S),
    }


def _tried() -> list[tuple[int, int]]:
    """Partitions and fetch wait: as the stack runs, with a shorter wait, and the setting most
    favourable to the floor found on Tansu (one partition, 5 ms)."""
    return [(PARTITIONS, load_settings().fetch_wait_ms), (PARTITIONS, 10), (1, 5)]


def _on(scratch: Scratch) -> dict[str, Any]:
    figures = {}
    for partitions, wait in _tried():
        settings = msgspec.structs.replace(
            scratch.settings,
            partitions=partitions,
            fetch_wait_ms=wait,
            namespace=f"{scratch.settings.namespace}{partitions}p{wait}ms-",
        )
        measured = asyncio.run(_measure(settings))
        figures |= {f"{partitions}p{wait}ms {name}": value for name, value in measured.items()}
    return figures


def main() -> dict[str, dict[str, Any]]:
    figures = on_each_broker(_on)
    rows = []
    for partitions, wait in _tried():
        tried = f"{partitions}p{wait}ms"
        where = f"{partitions} partitions, fetch wait {wait} ms:"
        rows += [
            Row(f"{where} heard/s", f"{tried} heard_per_s"),
            Row(f"{where} p50 (ms)", f"{tried} p50_ms", "{:.1f}", Goal("<=", GOAL_P50_MS)),
            Row(f"{where} p99 (ms)", f"{tried} p99_ms", "{:.1f}", Goal("<=", GOAL_P99_MS)),
            Row(f"{where} machine CPU %", f"{tried} machine_percent"),
        ]
    print_table(
        f"floor: {RATE:,}/s over {MATCHES:,} keys, {MEASURE_S:.0f} s measured (goals: the "
        "gateway's)",
        rows,
        figures,
    )
    return figures


if __name__ == "__main__":
    main()
