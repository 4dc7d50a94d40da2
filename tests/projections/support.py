"""What the projection tests share: logs written straight to the match-log, workers run
in-process or as killable processes, and tables compared by checksum."""

import asyncio
import hashlib
import random
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import msgspec
from aiokafka import AIOKafkaProducer

from events.codec import decode_record, encode
from events.envelope import ClaimSeat, CreateMatch, Decision, EntryBatch, OwnerFence, Ruling
from events.match import PartitionMatches
from events.ruleset import get_ruleset
from events.rulesets.core_worlds.decisions import Pass
from projections import log_end, offsets, runner
from projections.projection import Folded, Projection, fold_record
from projections.registry import PROJECTIONS
from projections.status import caught_up
from services.rules.judge import rule_on
from services.settings import Settings
from tests.support import ServiceProcess

ALL = list(PROJECTIONS.values())


def partition_of(match_id: str, partitions: int) -> int:
    return int(hashlib.sha256(match_id.encode()).hexdigest(), 16) % partitions


def bot_decisions(match_id: str, seats: int, seed: str, wrong_every: int = 9) -> list[Decision]:
    """A whole Core Worlds match as the bots play it, with a decision from a seat that is not
    to act every `wrong_every` turns (rejected, so the log has rejections to show). The
    CreateMatch carries the seed, so the rules service plays the same match from these."""
    folded = PartitionMatches()
    rng = random.Random(f"{seed}:bots")
    sent: list[Decision] = []

    def send(seat: int | None, body: Any) -> None:
        d = Decision(
            decision_id=f"{match_id}:{len(sent) + 1}",
            match_id=match_id,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=f"bot-{seat}",
            sent_at_ms=1_700_000_000_000 + len(sent),
        )
        sent.append(d)
        rule_on(folded, encode(d), partition=0, offset=len(sent), now_ms=0, fresh_seed=lambda: seed)

    send(None, CreateMatch(ruleset="core-worlds", seats=seats, seed=seed))
    for seat in range(seats):
        send(seat, ClaimSeat(player=f"player-{seat}"))
    ruleset = get_ruleset("core-worlds")
    turn = 0
    while not folded.matches[match_id].over:
        state = folded.matches[match_id].state
        seat = ruleset.waiting(state).must[0]
        turn += 1
        if turn % wrong_every == 0:
            send((seat + 1) % seats, Pass())
        send(seat, ruleset.default_decision(state, seat, "greedy", rng))
    return sent


def judged(decisions: list[Decision], partitions: int) -> dict[int, list[bytes]]:
    """The match-log records an uninterrupted rules service would write for `decisions`:
    per partition, an owner fence, then one entry batch per judged decision."""
    by_partition = {p: PartitionMatches() for p in range(partitions)}
    records = {p: [encode(OwnerFence(writer="judge"))] for p in range(partitions)}
    now_ms = int(time.time() * 1000)
    for offset, d in enumerate(decisions):
        p = partition_of(d.match_id, partitions)
        outcome = rule_on(
            by_partition[p],
            encode(d),
            partition=p,
            offset=offset,
            now_ms=now_ms,
            fresh_seed=lambda: "unused",
        )
        if isinstance(outcome, list):
            records[p].append(
                encode(
                    EntryBatch(
                        writer="judge",
                        decision_partition=p,
                        decision_offset=offset,
                        entries=outcome,
                    )
                )
            )
    return records


async def write_log(settings: Settings, records: dict[int, list[bytes]]) -> None:
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap,
        enable_idempotence=settings.idempotent_producer,
        linger_ms=5,
        max_request_size=4 * 1024 * 1024,
    )
    await producer.start()
    try:
        for p, values in records.items():
            for value in values:
                await producer.send(settings.match_log_topic, value, partition=p)
        await producer.flush()
    finally:
        await producer.stop()


async def wait_caught_up(
    settings: Settings,
    pool: asyncpg.Pool,
    projections: list[type[Projection]] | None = None,
    timeout: float = 60.0,
) -> None:
    ends = await log_end.ends(settings)
    deadline = time.monotonic() + timeout
    while not await caught_up(pool, settings.match_log_topic, projections or ALL, ends):
        if time.monotonic() > deadline:
            raise AssertionError(f"projections did not reach the log end {ends} in time")
        await asyncio.sleep(0.2)


@asynccontextmanager
async def workers(
    settings: Settings, projections: list[type[Projection]] | None = None
) -> AsyncIterator[Any]:
    """Workers running in this process until the block ends; yields their task."""
    stop = asyncio.Event()
    task = asyncio.create_task(runner.serve(settings, projections or ALL, stop))
    try:
        yield task
    finally:
        stop.set()
        await task


async def checksums(pool: asyncpg.Pool, tables: list[str] | None = None) -> dict[str, str]:
    """table -> md5 over its rows in a canonical order."""
    names = tables or [t for p in ALL for t in p.tables]
    return {
        t: await pool.fetchval(
            f"SELECT md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) FROM {t} r"
        )
        for t in names
    }


class ProjectionProcess(ServiceProcess):
    """`starledger projections run [NAMES]` as its own OS process."""

    def __init__(self, settings: Settings, log_dir: Path, names: list[str] | None = None) -> None:
        name = "-".join(["projections", *(names or [])])
        super().__init__(settings, log_dir, name, ["projections", "run", *(names or [])])


def ruling_of(entries: list[Any]) -> Ruling:
    return next(e.body for e in entries if isinstance(e.body, Ruling))


def folded_of(matches: list[tuple[str, int, str]]) -> Iterator[Folded]:
    """Every decision's step of some Core Worlds matches, folded as a worker folds them."""
    stream = [d for m, seats, seed in matches for d in bot_decisions(m, seats, seed)]
    folded = PartitionMatches()
    for value in judged(stream, partitions=1)[0]:
        record = decode_record(value)
        if isinstance(record, EntryBatch):
            step = fold_record(folded, record, None)
            assert step is not None
            yield step


async def project(pool: asyncpg.Pool, projection: type[Projection], *steps: Folded) -> None:
    """One batch of `steps` through `projection`, written and announced as a worker does."""
    batch = projection()
    for step in steps:
        batch.take(step)
    batch.finish()
    async with pool.acquire() as conn:
        told, writes = batch.announcements(), batch.writes()
        await offsets.advance(conn, "match-log", [], "test", told, writes)
