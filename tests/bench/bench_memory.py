"""Memory per match in a partition's fold, and the take-over time of that partition.

N mostly idle race-to-21 matches (`BENCH_MEMORY_MATCHES`, 5,000 by default; 100,000 for the
issue's figure) live, and N ended (each with a late decision's SL-7 ruling), on one
partition. Prints the bytes each kind holds (tracemalloc, after a full collection) in the
rules service's fold as judging builds it and in a fold folded from the log (catch-up, a
projection worker), their snapshot row sizes, and the time a new owner takes to fence and
catch up: from a snapshot of all but the last 1 % of the log, and from offset zero, on Kafka
and on Tansu (`scratch.on_each_broker`).
Race-to-21's state is a few numbers: a bigger game adds its own state to each live match.
"""

import asyncio
import gc
import os
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import msgspec
from aiokafka import AIOKafkaProducer

from events.codec import decode_record, encode
from events.envelope import ClaimSeat, CreateMatch, Decision, EntryBatch, OwnerFence
from events.match import EndedMatch, PartitionMatches, record_bytes
from services import db
from services.rules import snapshots
from services.rules.catch_up import take_over
from services.rules.judge import rule_on
from services.settings import Settings
from services.topics import ensure_topics
from tests.bench.scratch import on_each_broker
from tests.bench.table import Row, print_table
from tests.support import decision
from tests.tiny_ruleset import Add

MATCHES = int(os.environ.get("BENCH_MEMORY_MATCHES", 5000))
WRITER = "judge"


def _decisions(match_id: str, ended: bool) -> list[Decision]:
    """Created, seats claimed, two turns; an ended match reaches its target and is sent
    one decision more."""
    target = 6 if ended else 10**9
    create = CreateMatch(ruleset="race-to-21", seats=2, options={"target": target}, seed="s")
    sent = [
        decision(match_id, None, create, decision_id="create"),
        decision(match_id, 0, ClaimSeat(player="ann"), decision_id="claim0", sender="ann"),
        decision(match_id, 1, ClaimSeat(player="bob"), decision_id="claim1", sender="bob"),
        decision(match_id, 0, Add(amount=3), decision_id="turn0", sender="ann"),
        decision(match_id, 1, Add(amount=3), decision_id="turn1", sender="bob"),
    ]
    return [*sent, decision(match_id, 0, Add(amount=1), decision_id="late")] if ended else sent


def _stream(kind: str) -> list[bytes]:
    ended = kind == "ended"
    return [encode(d) for m in range(MATCHES) for d in _decisions(f"{kind}-{m}", ended)]


def _judged(stream: list[bytes], first_offset: int = 0) -> tuple[PartitionMatches, list[bytes]]:
    """The rules service's fold after judging `stream`, and the log records it wrote."""
    folded, records = PartitionMatches(), []
    for offset, raw in enumerate(stream, first_offset):
        entries = rule_on(folded, raw, partition=0, offset=offset, now_ms=0, fresh_seed=str)
        assert isinstance(entries, list), entries
        batch = EntryBatch(
            writer=WRITER, decision_partition=0, decision_offset=offset, entries=entries
        )
        records.append(encode(batch))
    return folded, records


def _folded(records: list[bytes]) -> PartitionMatches:
    folded = PartitionMatches()
    for value in records:
        folded.fold(decode_record(value))
    return folded


def _bytes_per_match(build: Callable[[], Any]) -> float:
    """Bytes still held per match once `build` returns what it built (its garbage collected)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    built = build()
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del built
    return held / MATCHES


def _row_bytes(folded: PartitionMatches) -> float:
    return sum(len(b) for m in folded.matches.values() for b in record_bytes(m)) / len(
        folded.matches
    )


async def _take_over_s(settings: Settings, log: list[bytes]) -> dict[str, float]:
    """Seconds a new owner takes over the partition holding `log`: from a snapshot of all but
    its last 1 %, then from offset zero."""
    await ensure_topics(settings)
    pool = await db.connect(settings.database_url, size=2)
    await db.migrate(pool)
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap, linger_ms=5, max_batch_size=1024 * 1024
    )
    await producer.start()
    try:
        for value in log:
            await producer.send(settings.match_log_topic, value, partition=0)
        await producer.flush()
        cut = len(log) - len(log) // 100
        folded = _folded(log[:cut])
        checkpoint = snapshots.Checkpoint(cut, snapshots.record_digest(log[cut - 1]), WRITER)
        topic = settings.match_log_topic
        await snapshots.save(pool, topic, 0, list(folded.matches.values()), checkpoint)
        times = {}
        for start in ("snapshot", "zero"):
            if start == "zero":
                await snapshots.forget(pool, topic, 0)
            began = time.perf_counter()
            by_partition = await take_over(settings, producer, pool, [0], f"{WRITER}-{start}")
            times[start] = time.perf_counter() - began
            assert len(by_partition[0].matches) == 2 * MATCHES
        return times
    finally:
        await producer.stop()
        await pool.close()


def main() -> dict[str, Any]:
    live_stream, ended_stream = _stream("live"), _stream("ended")
    live_matches, live_log = _judged(live_stream)
    ended_matches, ended_log = _judged(ended_stream, len(live_stream))
    assert all(isinstance(m, EndedMatch) for m in ended_matches.matches.values())
    del live_matches, ended_matches
    figures = {
        "rules_live_b": _bytes_per_match(lambda: _judged(live_stream)[0]),
        "rules_ended_b": _bytes_per_match(lambda: _judged(ended_stream)[0]),
        "folded_live_b": _bytes_per_match(lambda: _folded(live_log)),
        "folded_ended_b": _bytes_per_match(lambda: _folded(ended_log)),
        "row_live_b": _row_bytes(_folded(live_log)),
        "row_ended_b": _row_bytes(_folded(ended_log)),
    }
    log = [encode(OwnerFence(writer=WRITER)), *live_log, *ended_log]
    print(
        f"{MATCHES:,} live and {MATCHES:,} ended race-to-21 matches on one partition"
        f" ({len(log):,} records):\n"
        f"  bytes per live match: rules fold {figures['rules_live_b']:,.0f},"
        f" folded fold {figures['folded_live_b']:,.0f}, snapshot row {figures['row_live_b']:,.0f}\n"
        f"  bytes per ended match: rules fold {figures['rules_ended_b']:,.0f},"
        f" folded fold {figures['folded_ended_b']:,.0f},"
        f" snapshot row {figures['row_ended_b']:,.0f}",
        flush=True,
    )
    taken = on_each_broker(
        lambda scratch: asyncio.run(
            _take_over_s(msgspec.structs.replace(scratch.settings, partitions=1), log)
        )
    )
    print_table(
        "take-over of that partition",
        [
            Row("from a snapshot, 1 % of the log after it (s)", "snapshot", "{:.2f}"),
            Row("from offset zero (s)", "zero", "{:.2f}"),
        ],
        taken,
    )
    return {**figures, "take_over_s": taken}


if __name__ == "__main__":
    main()
