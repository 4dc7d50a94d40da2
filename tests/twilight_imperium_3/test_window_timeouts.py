"""A sealed window's deadlines passing (SL-27, SL-28): the bot's answer for a seat that had not
answered is held like an answer by hand, a seat that answered keeps its own, and the window
closes only once every deadline of its seats that fell due is reached. So the others read the
same numbered record whichever seat had answered: Twilight Imperium 3's Sabotage window, Mentak
and Jol-Nar both holding a Sabotage, their window times running out at the same moment."""

from typing import Any

import msgspec

from events.clock import Clock, DeadlineReached, DefaultApplied, Timeout
from events.codec import encode
from events.envelope import Decision, Entry, Ruling, WindowClosed
from events.held_answers import unanswered
from events.platform_rules import WINDOW_SENDER
from events.ruleset import get_ruleset
from services.rules.judge import rule_on
from tests.random_play import Table
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK
from tests.twilight_imperium_3.test_sealed_window_secrecy import _by_hand, _window

HOUR_MS = 3_600_000
CLOCK = Clock(per_decision_s=86_400, window_s=3600, level="pass")


def _timeout(table: Table, seat: int, at_ms: int) -> list[Entry[Any]]:
    """The clock's timeout of `seat`'s standing deadline, sent at `at_ms`."""
    record = table.folded.matches[table.match_id]
    assert record.timing is not None
    deadline = record.timing.deadlines[seat]
    sent = Decision(
        decision_id=f"{table.match_id}:timeout of seat {seat}",
        match_id=table.match_id,
        seat=None,
        body=msgspec.Raw(encode(Timeout(seat, deadline.at_seq, deadline.due_ms))),
        sender="clock",
        sent_at_ms=at_ms,
    )
    entries = rule_on(
        table.folded,
        encode(sent),
        partition=0,
        offset=len(table.entries) + 1,
        now_ms=at_ms,
        fresh_seed=str,
    )
    assert isinstance(entries, list)
    table.entries += entries
    return entries


def _both_time_out(answered: int) -> tuple[Table, list[Entry[Any]]]:
    """`answered` answers by hand; then Mentak's deadline and Jol-Nar's, due at one moment,
    pass in that order. The match, and the numbered entries both timeouts wrote."""
    table, _ = _window(f"timeouts-answered-{answered}", "sabotage", clock=CLOCK, seed="one")
    _by_hand(table, answered, sent_at_ms=HOUR_MS // 2)
    record = table.folded.matches[table.match_id]
    assert record.timing is not None
    due = {seat: record.timing.deadlines[seat].due_ms for seat in (MENTAK, JOL_NAR)}
    assert due[MENTAK] == due[JOL_NAR]
    wrote = _timeout(table, MENTAK, due[MENTAK]) + _timeout(table, JOL_NAR, due[JOL_NAR])
    return table, [e for e in wrote if e.held is not True]


def _read(entries: list[Entry[Any]]) -> list[tuple[str, int, int | None]]:
    """Each entry's kind, number and seat, as anyone reads them."""
    return [(type(e.body).__name__, e.seq, getattr(e.body, "seat", None)) for e in entries]


def test_sl_28_two_window_deadlines_passing_read_the_same_whichever_seat_had_answered() -> None:
    _, after_mentak = _both_time_out(answered=MENTAK)
    _, after_jol_nar = _both_time_out(answered=JOL_NAR)
    assert _read(after_mentak) == _read(after_jol_nar)
    kinds = [kind for kind, _, _ in _read(after_mentak)]
    first = kinds.index("WindowClosed")
    assert kinds[:first] == ["Ruling", "DeadlineReached", "Ruling", "DeadlineReached"]
    told = [e.body for e in after_mentak[first + 1 :] if isinstance(e.body, Ruling)]
    assert [(r.seat, r.sender) for r in told] == [(MENTAK, WINDOW_SENDER), (JOL_NAR, WINDOW_SENDER)]
    assert not any(isinstance(e.body, DefaultApplied) for e in after_mentak + after_jol_nar)


def test_sl_28_the_bots_answer_is_held_and_the_window_waits_for_the_deadline_due_as_well() -> None:
    table, _ = _window("timeouts-held", "sabotage", clock=CLOCK, seed="one")
    _by_hand(table, JOL_NAR, sent_at_ms=HOUR_MS // 2)
    record = table.folded.matches[table.match_id]
    assert record.timing is not None
    due = record.timing.deadlines[MENTAK].due_ms
    first = _timeout(table, MENTAK, due)
    held = [e for e in first if e.held is True]
    assert [(type(e.body), e.body.sender) for e in held[:1]] == [(Ruling, "bot:pass")]
    assert {e.sealed_seat for e in held} == {MENTAK}
    game = get_ruleset("twilight-imperium-3")
    assert unanswered(record, game) == []  # every seat answered, yet Jol-Nar's deadline is due
    assert not any(isinstance(e.body, WindowClosed) for e in first)
    second = _timeout(table, JOL_NAR, due)
    assert [type(e.body) for e in second[:3]] == [Ruling, DeadlineReached, WindowClosed]


def test_sl_27_a_window_opens_with_a_deadline_for_every_seat_it_asks_answered_at_once_or_not() -> (
    None
):
    automatic, _ = _window("opened-automatic", "plague", clock=CLOCK, seed="one")
    weighing, _ = _window("opened-weighing", "sabotage", clock=CLOCK, seed="one")
    assert any(e.held is True for e in automatic.entries)  # the judge answered Jol-Nar at once
    opened = [_read([e for e in t.entries if e.held is not True]) for t in (automatic, weighing)]
    assert opened[0] == opened[1]
    for table in (automatic, weighing):
        record = table.folded.matches[table.match_id]
        assert record.timing is not None and {MENTAK, JOL_NAR} <= set(record.timing.deadlines)
