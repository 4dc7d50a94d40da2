"""A seat's sealed answer in a response window tells the others nothing until the reveal: no
line in their narration or the public's (one coming at once, the judge's or a standing
order's, or after a while, would tell them who weighs a Sabotage), while its seat reads its
own; the reveal then tells every answer at once. Twilight Imperium 3's Sabotage window, its
steps projected as the worker folds them."""

from collections import defaultdict
from typing import Any

import asyncpg
import msgspec

from events.envelope import EntryBatch, Ruling
from events.match import PartitionMatches
from projections import audit, seat_lines
from projections.audit import Audit
from projections.narrating import Narrations
from projections.projection import fold_record
from projections.replay import Replay
from projections.seat_lines import SeatLines
from tests.projections.support import project
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL
from tests.twilight_imperium_3.test_sealed_window_secrecy import _by_hand, _window


async def _project(pool: asyncpg.Pool, table: Any, state: Any, after: int) -> None:
    """The table's entries after `after`, a step a decision, folded as the worker folds them
    (the arranged `state` set where the table set it: after the seats were taken)."""
    steps: dict[str, list[Any]] = defaultdict(list)
    for entry in table.entries:
        steps[entry.decision_id].append(entry)
    folded = _project.by_partition.setdefault(table.match_id, PartitionMatches())
    for n, entries in enumerate(steps.values()):
        if entries[-1].seq <= after:
            continue
        before = folded.matches.get(table.match_id)
        if before is not None and before.state is not None and not before.state.stack:
            before.state = state  # the first step once set up is Sol's play
        record = EntryBatch(writer="w", decision_partition=0, decision_offset=n, entries=entries)
        narrations = Narrations()
        step = fold_record(folded, record, narrations)
        assert step is not None
        step = msgspec.structs.replace(step, narrated=narrations.narrated(step.match))
        await project(pool, Replay, step)
        await project(pool, SeatLines, step)
        await project(pool, Audit, step)


_project.by_partition = {}  # type: ignore[attr-defined]


async def test_a_windows_sealed_answer_shows_no_line_to_others_until_the_reveal(
    pool: asyncpg.Pool,
) -> None:
    table, state = _window("window-lines", "sabotage")  # asked: Mentak and Jol-Nar
    _by_hand(table, MENTAK, sent_at_ms=60_000)
    answered = [e.seq for e in table.entries if e.sealed_seat == MENTAK]
    assert answered and isinstance(table.entries[answered[0] - 1].body, Ruling)
    await _project(pool, table, state, 0)
    for eyes in (SOL, JOL_NAR, None):
        told = await seat_lines.lines_between(pool, table.match_id, eyes, reader=eyes)
        assert not [t for t in told if t.seq in answered], eyes
    own = await seat_lines.lines_between(pool, table.match_id, MENTAK, reader=MENTAK)
    assert [t.seq for t in own if t.seq in answered] == answered
    last = table.entries[-1].seq
    _by_hand(table, JOL_NAR, sent_at_ms=120_000)  # the last answer: every answer revealed
    await _project(pool, table, state, last)
    for eyes in (SOL, JOL_NAR, None):
        told = await seat_lines.lines_between(pool, table.match_id, eyes, reader=eyes)
        assert [t.seq for t in told if t.seq in answered] == answered, eyes


async def test_a_sealed_rulings_sender_and_time_are_kept_until_the_reveal(
    pool: asyncpg.Pool,
) -> None:
    """The audit shows others neither who sent a sealed answer nor when; the reveal puts both
    back, and its own seat reads them all along."""
    table, state = _window("window-audit", "sabotage")
    _by_hand(table, MENTAK, sent_at_ms=60_000)
    await _project(pool, table, state, 0)
    answer = f"{table.match_id}:answer of seat {MENTAK}"
    sent = "SELECT sender, sent_at_ms FROM audit WHERE match_id = $1 AND decision_id = $2"
    assert tuple(await pool.fetchrow(sent, table.match_id, answer)) == ("", 0)
    own = await audit.by_decision(pool, table.match_id, answer, MENTAK, reader=MENTAK)
    assert own is not None and (own["sender"], own["sent_at_ms"]) == ("p1", 60_000)
    last = table.entries[-1].seq
    _by_hand(table, JOL_NAR, sent_at_ms=120_000)
    await _project(pool, table, state, last)
    assert tuple(await pool.fetchrow(sent, table.match_id, answer)) == ("p1", 60_000)
