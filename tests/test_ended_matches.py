"""An ended match is kept as its tombstone (`EndedMatch`) in every fold and snapshot: a late
decision gets one ruling (SL-7), a decision re-delivered from at or before the last batch
on the match gets none, and a take-over folds to the same matches whether it starts from
a snapshot or from zero."""

import json
from pathlib import Path
from typing import Any

import asyncpg
import msgspec
from aiokafka import AIOKafkaConsumer, TopicPartition

from events import platform_rules as rules
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, EntryBatch, Ruling
from events.match import EndedMatch, PartitionMatches, record_bytes, record_from_bytes
from services.rules.judge import rule_on
from services.settings import Settings
from tests.projections.support import wait_caught_up, workers
from tests.support import RulesProcess, all_ruled, decision, produce, rulings
from tests.tiny_ruleset import Add

MATCH = "ends"


def _race(match_id: str = MATCH) -> list[Decision]:
    """A two-seat race to 6 that ends at its third decision after the seats are claimed."""
    create = CreateMatch(ruleset="race-to-21", seats=2, options={"target": 6}, seed="s")
    return [
        decision(match_id, None, create, decision_id="create", sender="organiser"),
        decision(match_id, 0, ClaimSeat(player="ann"), decision_id="claim0", sender="ann"),
        decision(match_id, 1, ClaimSeat(player="bob"), decision_id="claim1", sender="bob"),
        decision(match_id, 0, Add(amount=3), decision_id="a1", sender="ann"),
        decision(match_id, 1, Add(amount=3), decision_id="b1", sender="bob"),
    ]


def _late(n: int, match_id: str = MATCH) -> Decision:
    return decision(match_id, 0, Add(amount=1), decision_id=f"late{n}", sender="ann")


def _judge(folded: PartitionMatches, d: Decision, offset: int) -> list[Entry[Any]] | None:
    outcome = rule_on(folded, encode(d), partition=0, offset=offset, now_ms=0, fresh_seed=str)
    assert not isinstance(outcome, msgspec.Struct), outcome  # no dead letter
    return outcome


def _ruling(entries: list[Entry[Any]]) -> Ruling:
    return next(e.body for e in entries if isinstance(e.body, Ruling))


def test_the_tombstone_holds_no_state_and_no_judged_ids() -> None:
    assert EndedMatch.__struct_fields__ == (
        "match_id",
        "ruleset",
        "seq",
        "state_hash",
        "revealed_seq",
        "last_entry_ms",
        "decision_offset",
    )
    config = EndedMatch.__struct_config__
    assert config.array_like and not config.gc  # a short array in snapshots; untracked by gc


def test_a_late_decision_is_ruled_once_and_a_redelivery_not_at_all() -> None:
    folded, batches = PartitionMatches(), []
    for offset, d in enumerate(_race()):
        entries = _judge(folded, d, offset)
        assert entries is not None
        batches.append(
            EntryBatch(writer="w", decision_partition=0, decision_offset=offset, entries=entries)
        )
    end = len(batches) - 1
    ended = folded.matches[MATCH]
    assert isinstance(ended, EndedMatch) and ended.decision_offset == end
    assert ended.seq == ended.revealed_seq == batches[-1].entries[-1].seq

    assert _judge(folded, _race()[3], end - 1) is None  # re-delivered from before the end
    assert _judge(folded, _race()[4], end) is None  # the ending decision re-delivered
    late = _judge(folded, _late(1), end + 1)
    assert late is not None and len(late) == 1
    assert (_ruling(late).rule, _ruling(late).reason) == (rules.MATCH_OVER, "this match has ended")
    assert (
        late[0].seq == batches[-1].entries[-1].seq + 1
        and late[0].state_hash == batches[-1].entries[-1].state_hash
    )
    assert _judge(folded, _late(1), end + 1) is None  # its re-delivery after a crash
    again = _judge(folded, _late(1), end + 2)  # the same id sent again later: a new resubmission
    assert again is not None and _ruling(again).rule == rules.MATCH_OVER
    batches += [
        EntryBatch(writer="w", decision_partition=0, decision_offset=o, entries=e)
        for o, e in ((end + 1, late), (end + 2, again))
    ]

    read_back = PartitionMatches()
    for batch in batches:
        read_back.fold(batch)
    assert read_back.matches == folded.matches  # every reader keeps the same tombstone
    stored = record_from_bytes(*record_bytes(folded.matches[MATCH]))
    assert stored == folded.matches[MATCH]


def test_a_fold_hands_on_the_whole_match_of_the_batch_that_ended_it() -> None:
    judge, folded = PartitionMatches(), PartitionMatches()
    for offset, d in enumerate(_race()):
        entries = _judge(judge, d, offset)
        assert entries is not None
        counted, match = folded.fold_match(
            EntryBatch(writer="w", decision_partition=0, decision_offset=offset, entries=entries)
        )
    assert counted and match is not None and match.state is not None and match.over
    assert isinstance(folded.matches[MATCH], EndedMatch)


async def _redeliver_everything(settings: Settings) -> None:
    """What a crash before the rules service commits does: its decisions come again."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap,
        group_id=settings.group("rules"),
        enable_auto_commit=False,
    )
    await consumer.start()
    try:
        tps = [TopicPartition(settings.decisions_topic, p) for p in range(settings.partitions)]
        consumer.assign(tps)
        await consumer.commit(dict.fromkeys(tps, 0))
    finally:
        await consumer.stop()


async def test_late_decisions_are_ruled_once_through_crashes_and_projected(
    settings: Settings, pool: asyncpg.Pool, tmp_path: Path
) -> None:
    settings = msgspec.structs.replace(settings, snapshot_every=1)  # a snapshot after each batch
    stream = [*_race(), _late(1)]
    rules_process = RulesProcess(settings, tmp_path).start()
    try:
        await produce(settings, stream)
        await all_ruled(settings, {d.decision_id for d in stream}, timeout=60)
        rules_process.stop()
        await _redeliver_everything(settings)
        rules_process = RulesProcess(settings, tmp_path, "again").start()
        await produce(settings, [_late(2)])
        log = await all_ruled(settings, {"late2"}, timeout=60)
    finally:
        rules_process.stop()
    snapshot = await pool.fetchrow(
        "SELECT record, state FROM rules_snapshots WHERE topic = $1 AND match_id = $2",
        settings.match_log_topic,
        MATCH,
    )
    assert snapshot is not None and isinstance(record_from_bytes(*snapshot), EndedMatch)
    lines = [json.loads(line) for line in rules_process.log_text().splitlines() if line[:1] == "{"]
    resumed = [line for line in lines if line["event"] == "catching_up"]
    assert any(line["snapshot_matches"] for line in resumed), resumed  # from the tombstone

    entries = log.entries()[MATCH]
    ruled = rulings(entries)  # fails if any decision was ruled twice
    assert [ruled[f"late{n}"].rule for n in (1, 2)] == [rules.MATCH_OVER] * 2
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    last = entries[-1]

    async with workers(settings):
        await wait_caught_up(settings, pool)
    late = await pool.fetch(
        "SELECT decision_id, rule, reason FROM audit WHERE match_id = $1 AND rule = $2"
        " ORDER BY first_seq",
        MATCH,
        rules.MATCH_OVER,
    )
    assert [tuple(r) for r in late] == [
        (f"late{n}", rules.MATCH_OVER, "this match has ended") for n in (1, 2)
    ]
    seqs = await pool.fetch("SELECT DISTINCT seq FROM seat_views WHERE match_id = $1", MATCH)
    lobby = await pool.fetchrow("SELECT seq, status FROM lobby WHERE match_id = $1", MATCH)
    assert [r["seq"] for r in seqs] == [last.seq]
    assert tuple(lobby) == (last.seq, "finished")
    folded = next(b for b in log.by_partition().values() if MATCH in b.matches)
    assert folded.matches[MATCH] == record_from_bytes(*snapshot)  # the end as every reader keeps it
