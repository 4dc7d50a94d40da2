"""Helpers the integration tests share: real processes, real topics, the log read back."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg
import msgspec
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient

from events.codec import Unreadable, decode_record, encode, read_record
from events.envelope import DeadLetter, Decision, Entry, Ruling
from events.match import PartitionMatches
from projections import log_end
from services.broker.process import stop_with_parent
from services.rules import snapshots
from services.settings import Settings, as_environment
from services.topics import ensure_topics

ROOT = Path(__file__).resolve().parent.parent


def decision(match_id: str, seat: int | None, body: Any, **fields: Any) -> Decision:
    fields.setdefault("decision_id", uuid.uuid4().hex)
    return Decision(match_id=match_id, seat=seat, body=msgspec.Raw(encode(body)), **fields)


def service_env(settings: Settings) -> dict[str, str]:
    """What a service process needs: every setting of the test's stack, and its rulesets."""
    return {
        **os.environ,
        **as_environment(settings),
        "PYTHONPATH": str(ROOT),
        "STARLEDGER_RULESETS": "tests.tiny_ruleset,tests.sealed_ruleset,tests.window_ruleset",
        "STARLEDGER_LOG_FORMAT": "json",
    }


class ServiceProcess:
    """One `starledger` service as its own OS process, so it can be killed for real."""

    def __init__(self, settings: Settings, log_dir: Path, name: str, argv: list[str]) -> None:
        self.settings, self.argv = settings, argv
        self.log_path = log_dir / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> "ServiceProcess":
        log = open(self.log_path, "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "services", *self.argv],
            env=service_env(self.settings),
            cwd=ROOT,
            stdout=log,
            stderr=log,
            preexec_fn=stop_with_parent if sys.platform == "linux" else None,
        )
        return self

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def pause(self) -> None:
        """Frozen mid-stream, as a long GC pause or a stalled VM freezes it; see `resume`."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def events(self, name: str) -> list[dict[str, Any]]:
        """Every JSON log line of the event `name`, in order."""
        lines = (line for line in self.log_text().splitlines() if line.startswith("{"))
        return [event for event in map(json.loads, lines) if event["event"] == name]


class RulesProcess(ServiceProcess):
    def __init__(self, settings: Settings, log_dir: Path, name: str = "rules") -> None:
        super().__init__(settings, log_dir, name, ["rules"])


async def produce(settings: Settings, items: list[Decision | bytes], key: str = "") -> None:
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_idempotence=settings.idempotent_producer,
        max_request_size=4 * 1024 * 1024,
    )
    await producer.start()
    try:
        for item in items:
            if isinstance(item, Decision):
                await producer.send(
                    settings.decisions_topic, encode(item), key=item.match_id.encode()
                )
            else:
                await producer.send(settings.decisions_topic, item, key=key.encode())
        await producer.flush()
    finally:
        await producer.stop()


class LogReader:
    """Reads a whole topic from the start, keeping every record; call `poll` to read more."""

    def __init__(self, settings: Settings, topic: str) -> None:
        self.settings, self.topic = settings, topic
        self.records: list[tuple[int, int, bytes]] = []  # (partition, offset, value)
        self.consumer: AIOKafkaConsumer | None = None

    async def __aenter__(self) -> "LogReader":
        self.consumer = AIOKafkaConsumer(
            bootstrap_servers=self.settings.kafka_bootstrap, enable_auto_commit=False
        )
        await self.consumer.start()
        tps = await log_end.partitions(self.consumer, self.topic)
        self.consumer.assign(tps)
        await self.consumer.seek_to_beginning(*tps)
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.consumer is not None
        await self.consumer.stop()

    async def poll(self, timeout_ms: int = 200) -> int:
        assert self.consumer is not None
        fetched = await self.consumer.getmany(timeout_ms=timeout_ms, max_records=10_000)
        count = 0
        for tp, messages in fetched.items():
            self.records.extend((tp.partition, m.offset, m.value) for m in messages)
            count += len(messages)
        return count

    async def until(self, done: Any, timeout: float = 60.0) -> None:
        """Read until `done(self)` holds; fail with what was read if it never does."""
        deadline = time.monotonic() + timeout
        while not done(self):
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out after {len(self.records)} records on {self.topic}")
            await self.poll()

    def by_partition(self) -> dict[int, PartitionMatches]:
        by_partition: dict[int, PartitionMatches] = {}
        for partition, _, value in sorted(self.records, key=lambda r: (r[0], r[1])):
            by_partition.setdefault(partition, PartitionMatches()).fold(decode_record(value))
        return by_partition

    def entries(self) -> dict[str, list[Entry[Any]]]:
        """Every counted entry, by match, in seq order."""
        by_match: dict[str, list[Entry[Any]]] = {}
        by_partition: dict[int, PartitionMatches] = {}
        for partition, _, value in sorted(self.records, key=lambda r: (r[0], r[1])):
            folded = by_partition.setdefault(partition, PartitionMatches())
            for entry in folded.fold(decode_record(value)):
                by_match.setdefault(entry.match_id, []).append(entry)
        return by_match

    def dead_letters(self) -> list[DeadLetter]:
        return [msgspec.json.decode(v, type=DeadLetter) for _, _, v in self.records]


async def all_ruled(settings: Settings, decision_ids: set[str], timeout: float) -> LogReader:
    """The match-log read until every one of `decision_ids` is ruled on, and a while more."""
    async with LogReader(settings, settings.match_log_topic) as log:

        def done(reader: LogReader) -> bool:
            entries = reader.entries()
            ruled = {d for es in entries.values() for d in rulings(es)}
            return decision_ids <= ruled

        await log.until(done, timeout=timeout)
        await log.poll(timeout_ms=1000)  # a late duplicate would show up here
        return log


def first_ruling(entries: list[Entry[Any]]) -> Ruling:
    """The ruling a decision's entries begin with."""
    assert entries and isinstance(entries[0].body, Ruling), entries
    return entries[0].body


def rulings(entries: list[Entry[Any]]) -> dict[str, Ruling]:
    """decision_id -> its ruling; fails if any decision has two."""
    found: dict[str, Ruling] = {}
    for entry in entries:
        if isinstance(entry.body, Ruling):
            assert entry.decision_id not in found, f"{entry.decision_id} judged twice"
            found[entry.decision_id] = entry.body
    return found


async def wait_for(predicate: Any, timeout: float = 30.0, step: float = 0.1) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(step)


async def delete_topics(settings: Settings, names: list[str]) -> None:
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        await admin.delete_topics(names)
    finally:
        await admin.close()


async def empty_the_log(settings: Settings) -> None:
    """The broker forgets the match-log, as a restarted in-memory one does."""
    await delete_topics(settings, [settings.decisions_topic, settings.match_log_topic])
    for _ in range(50):
        try:
            await ensure_topics(settings)
            if not any((await log_end.ends(settings)).values()):
                return
        except Exception:  # the deletion is still under way
            pass
        await asyncio.sleep(0.2)
    raise AssertionError("the match-log could not be made anew")


def fold_log(records: list[bytes]) -> PartitionMatches:
    """The fold a reader of these match-log records keeps (an unreadable one skipped)."""
    folded = PartitionMatches()
    for value in records:
        record = read_record(value)
        if not isinstance(record, Unreadable):
            folded.fold(record)
    return folded


async def snapshot_of(settings: Settings, pool: asyncpg.Pool, p: int, records: list[bytes]) -> None:
    """What a rules service that had judged `records` of partition `p` would keep."""
    checkpoint = snapshots.Checkpoint(len(records), snapshots.record_digest(records[-1]), "judge")
    matches = list(fold_log(records).matches.values())
    await snapshots.save(pool, settings.match_log_topic, p, matches, checkpoint)
