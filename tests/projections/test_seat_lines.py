"""Seat lines: the worker tells each entry once for every eyes as it folds, and what each
reader reads of them is what folding the match for its eyes would tell it (the words the
readers folded for before), sealed choices included, from a range of rows."""

from collections.abc import Iterator
from typing import Any

import asyncpg
import msgspec

from events.codec import decode_record, encode
from events.envelope import ClaimSeat, CreateMatch, EntryBatch, Say
from events.match import PartitionMatches
from projections import replay, seat_lines
from projections.narrating import Narrations
from projections.projection import Folded
from projections.replay import Replay
from projections.seat_lines import SeatLines
from projections.writes import run
from services.rules.judge import rule_on
from tests.projections.support import bot_decisions, judged, project
from tests.sealed_ruleset import Pick
from tests.support import decision

SECRET = "quasar"


def _narrated(records: list[EntryBatch[Any]]) -> Iterator[Folded]:
    """Each record's step as the worker hands it on: its entries told for every eyes."""
    folded = PartitionMatches()
    for record in records:
        before = folded.matches.get(record.entries[0].match_id)
        narrations = Narrations()
        counted, match = folded.fold_match(record, narrations.before)
        assert match is not None
        yield Folded(
            counted, before.state_hash if before else "", match, narrations.narrated(match)
        )


def _sealed_picks(match_id: str) -> list[EntryBatch[Any]]:
    """Seat 0 picks the secret, then misspells it (refused), seat 1 picks (the reveal), a
    second round to the end, and a decision after it (a late ruling)."""
    judge = PartitionMatches()
    moves = [(0, Pick(SECRET)), (0, Say(f"pick {SECRET}9")), (1, Pick("comet"))]
    moves += [(0, Pick("nebula")), (1, Pick("pulsar")), (1, Pick("late"))]
    sent = [
        decision(match_id, None, CreateMatch(ruleset="sealed-picks", seats=2, seed="s")),
        *(decision(match_id, s, ClaimSeat(player=f"p{s}")) for s in range(2)),
        *(decision(match_id, s, body) for s, body in moves),
    ]
    records = []
    for n, d in enumerate(sent):
        d = msgspec.structs.replace(d, decision_id=f"d{n}")
        entries = rule_on(judge, encode(d), partition=0, offset=n, now_ms=0, fresh_seed=str)
        assert isinstance(entries, list)
        records.append(
            EntryBatch(writer="w", decision_partition=0, decision_offset=n, entries=entries)
        )
    return records


async def _same_as_folded(pool: asyncpg.Pool, match_id: str, seats: int, after: int = 0) -> None:
    """Every eyes and reader reads from rows what folding the match would tell them; past
    the end the late ruling alone may read otherwise (the fold keeps no names of it)."""
    for eyes in [None, *range(seats)]:
        for reader in {eyes, None}:
            rows = await seat_lines.lines_between(pool, match_id, eyes, after, reader=reader)
            folded = await replay.narrated(pool, match_id, eyes, after, reader=reader)
            assert [t.seq for t in rows] == [t.seq for t in folded]
            for row, fold in zip(rows, folded, strict=True):
                if "after the match ended" not in row.line:
                    assert row == fold, (eyes, reader)


async def test_each_reader_reads_from_rows_what_folding_told_it_step_by_step(
    pool: asyncpg.Pool,
) -> None:
    """A sealed-picks match projected a step at a time: at every step, every eyes, read by
    its seat or by an organiser, gets the lines the fold told; seat 0's pick is in no row but
    seat 0's own until the reveal, and nothing waits once revealed."""
    for step in _narrated(_sealed_picks("picks")):
        await project(pool, Replay, step)
        await project(pool, SeatLines, step)
        await _same_as_folded(pool, "picks", 2)
        others = await pool.fetch(
            "SELECT line FROM seat_lines WHERE match_id = 'picks' AND eyes <> 0"
        )
        if step.match.revealed_seq == 0:
            assert not any(SECRET in r["line"] for r in others)
    assert any(SECRET in r["line"] for r in others)
    assert await pool.fetchval("SELECT count(*) FROM seat_lines_sealed") == 0
    late = await seat_lines.lines_between(pool, "picks", 1, after=step.entries[0].seq - 1)
    assert "seat 1 sent a decision after the match ended: rejected (SL-7)" in late[0].line


async def test_a_whole_match_in_one_batch_reads_the_same_from_any_entry_on(
    pool: asyncpg.Pool,
) -> None:
    """A three-seat Core Worlds match of the bots, with rejected decisions, projected in one
    batch: every eyes reads the fold's lines, from the start and from the middle on; seats'
    rows are only those that differ from the public's."""
    records = [decode_record(v) for v in judged(bot_decisions("cw", 3, "lines"), 1)[0]]
    batches = [Replay(), SeatLines()]
    for step in _narrated([r for r in records if isinstance(r, EntryBatch)]):
        for batch in batches:  # as the worker does: the match folds on after each step
            batch.take(step)
    for batch in batches:
        batch.finish()
        async with pool.acquire() as conn:
            await run(conn, batch.writes())
    last = step.match.seq
    for after in (0, last // 2):
        await _same_as_folded(pool, "cw", 3, after)
    public = await pool.fetchval("SELECT count(*) FROM seat_lines WHERE eyes = -1")
    mine = await pool.fetchval("SELECT count(*) FROM seat_lines WHERE eyes >= 0")
    assert public == last and 0 < mine < 3 * last
