"""Take-backs, disputes and rollbacks, judged (platform rules 3): given a running race, when a
seat takes back its last decision, disputes a ruling, or the organiser resolves a dispute, then
what is undone is set aside by an entry naming its range, the fold skips it (the state is the
one before it, nothing deleted), and re-judging the log writes every entry again."""

from typing import Any

import msgspec
import pytest

from events import platform_rules as rules
from events.codec import encode
from events.corrections import (
    UNDO_DECISIONS,
    AnswerTakeBack,
    Dispute,
    Disputed,
    DisputeResolved,
    ResolveDispute,
    SetAside,
    TakeBack,
    TakeBackAnswered,
    TakeBackAsked,
)
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, Ruling
from events.match import MatchRecord, apply, record_bytes, record_from_bytes
from events.narration import Narrator
from services.rules.judge import rule_on
from services.rules.rejudge import verify
from tests.random_play import Table
from tests.tiny_ruleset import Add, Added, Roll

ORGANISER = "organiser"


def _race(**create: Any) -> Table:
    table = Table("race")
    table.send(None, CreateMatch(ruleset="race-to-21", seats=2, seed="s", **create))
    table.send(0, ClaimSeat(player="Ana"))
    table.send(1, ClaimSeat(player="Ben"))
    return table


def _record(table: Table) -> MatchRecord:
    record = table.folded.matches["race"]
    assert isinstance(record, MatchRecord)
    return record


def _ruling(entries: list[Entry[Any]]) -> Ruling:
    assert isinstance(entries[0].body, Ruling)
    return entries[0].body


def _hash_after(table: Table, seq: int) -> str:
    return next(e.state_hash for e in table.entries if e.seq == seq)


def _refolded(entries: list[Entry[Any]]) -> MatchRecord:
    record = None
    for entry in entries:
        record = apply(record, entry)
    assert isinstance(record, MatchRecord)
    return record


def test_a_seat_takes_back_its_last_decision_alone_while_nothing_depends_on_it() -> None:
    table = _race()
    before = _record(table).seq
    added = table.send(0, Add(3))
    took = table.send(0, TakeBack())
    assert (_ruling(took).accepted, _ruling(took).rule) == (True, rules.TAKE_BACK)
    assert [e.body for e in took[1:]] == [SetAside(added[0].seq, added[-1].seq, "take-back")]
    record = _record(table)
    assert (record.state.total, record.state.turn) == (0, 0)
    assert record.state_hash == _hash_after(table, before)  # as if it had not been made
    assert any(isinstance(e.body, Added) for e in table.entries)  # the log keeps it
    assert _ruling(table.send(0, Add(1))).accepted  # and Ana decides again
    assert verify(table.entries) is None


def test_after_another_seat_decided_a_take_back_is_asked_and_set_aside_once_accepted() -> None:
    table = _race()
    first = table.send(0, Add(3))[0].seq
    table.send(1, Add(2))
    asked = table.send(0, TakeBack())
    assert [e.body for e in asked[1:]] == [
        TakeBackAsked(0, first, [1], "another seat has decided since")
    ]
    assert _record(table).state.total == 5  # nothing is undone until Ben answers
    late = table.send(0, AnswerTakeBack(True))
    assert (_ruling(late).accepted, _ruling(late).reason) == (
        False,
        "seat 0 is not asked about this take-back",
    )
    last = _record(table).seq
    accepted = table.send(1, AnswerTakeBack(True))
    assert [e.body for e in accepted[1:]] == [
        TakeBackAnswered(1, True, 0),
        SetAside(first, last, "take-back"),  # the request and its answers with it
    ]
    record = _record(table)
    assert (record.state.total, record.state.turn, record.take_back) == (0, 0, None)
    assert record.state_hash == _hash_after(table, first - 1)
    assert verify(table.entries) is None


def test_a_roll_cannot_be_taken_back_alone_and_a_refusal_keeps_it() -> None:
    table = _race()
    rolled = table.send(0, Roll())
    assert _ruling(rolled).drew is True  # the ruling says chance was drawn
    total = _record(table).state.total
    asked = table.send(0, TakeBack())
    assert [type(e.body) for e in asked[1:]] == [TakeBackAsked]
    assert asked[1].body.why == "it drew chance"
    refused = table.send(1, AnswerTakeBack(False))
    assert [e.body for e in refused[1:]] == [TakeBackAnswered(1, False, 0)]
    record = _record(table)
    assert (record.state.total, record.state.turn, record.take_back) == (total, 1, None)
    assert _ruling(table.send(1, AnswerTakeBack(True))).accepted is False  # nothing is asked
    assert verify(table.entries) is None


def test_the_organiser_decides_a_take_back_alone_only_where_the_match_allows_it() -> None:
    strict = _race()
    strict.send(0, Roll())
    strict.send(0, TakeBack())
    refused = strict.send(None, AnswerTakeBack(True), sender=ORGANISER)
    assert (_ruling(refused).accepted, _ruling(refused).rule) == (False, rules.TAKE_BACK)
    lenient = _race(organiser_take_backs=True)
    first = lenient.send(0, Roll())[0].seq
    lenient.send(0, TakeBack())
    last = _record(lenient).seq
    granted = lenient.send(None, AnswerTakeBack(True), sender=ORGANISER)
    assert [e.body for e in granted[1:]] == [
        TakeBackAnswered(None, True, 0),
        SetAside(first, last, "take-back", [first]),
    ]
    assert _record(lenient).state.total == 0
    assert verify(lenient.entries) is None


def test_a_dispute_upheld_changes_nothing_but_the_record() -> None:
    table = _race()
    ruled = table.send(0, Add(3))[0].seq
    disputed = table.send(1, Dispute(ruled, "she added 2"))
    assert [e.body for e in disputed[1:]] == [Disputed(1, ruled, "she added 2")]
    assert _record(table).disputes[0].reason == "she added 2"
    assert _ruling(table.send(0, ResolveDispute(ruled, False))).accepted is False  # a seat
    upheld = table.send(None, ResolveDispute(ruled, False, "3 it was"), sender=ORGANISER)
    assert [e.body for e in upheld[1:]] == [DisputeResolved(ruled, True, "3 it was")]
    record = _record(table)
    assert (record.state.total, record.disputes) == (3, [])
    assert verify(table.entries) is None


def test_a_dispute_corrected_sets_the_match_back_and_names_what_was_seen_since() -> None:
    table = _race()
    ruled = table.send(0, Add(3))[0].seq
    rolled = table.send(1, Roll())[0].seq
    table.send(0, Add(1))
    table.send(1, Dispute(ruled + 1, "the total was wrong"))  # an event of Ana's decision
    end = _record(table).seq
    corrected = table.send(None, ResolveDispute(ruled + 1, True, "replay it"), sender=ORGANISER)
    assert [e.body for e in corrected[1:]] == [
        DisputeResolved(ruled + 1, False, "replay it"),
        SetAside(ruled, end, "dispute", [rolled]),  # the whole decision, and the roll seen
    ]
    record = _record(table)
    assert (record.state.total, record.state.turn) == (0, 0)
    assert record.state_hash == _hash_after(table, ruled - 1)
    line = Narrator(1, _record(table)).line(corrected[-1])
    assert f"entries {ruled} to {end} are set aside (dispute)" in line
    assert f"what entries {rolled} drew or showed" in line
    assert _ruling(table.send(1, Add(1))).accepted is False  # Ana's turn again
    assert _ruling(table.send(0, Add(2))).accepted
    assert verify(table.entries) is None


def test_a_set_aside_entry_is_disputed_no_further_and_corrections_reach_back_so_far() -> None:
    table = _race()
    first = table.send(0, Add(1))[0].seq
    table.send(0, TakeBack())
    table.send(1, Dispute(first, "gone"))
    again = table.send(None, ResolveDispute(first, True), sender=ORGANISER)
    assert (_ruling(again).accepted, _ruling(again).reason) == (
        False,
        f"entry {first} is set aside already",
    )
    long = _race(options={"target": 1000})
    oldest = long.send(0, Add(1))[0].seq
    for turn in range(1, UNDO_DECISIONS + 1):
        assert _ruling(long.send(turn % 2, Add(1))).accepted
    long.send(1, Dispute(oldest, "long ago"))
    too_old = long.send(None, ResolveDispute(oldest, True), sender=ORGANISER)
    assert (_ruling(too_old).accepted, _ruling(too_old).rule) == (False, rules.DISPUTE)
    assert "older than the 50 decisions a match goes back" in _ruling(too_old).reason
    assert verify(long.entries) is None


def test_the_fold_skips_a_set_aside_range_as_if_it_were_not_on_the_log() -> None:
    """Pure: folding the log with its corrections gives the state of folding it without the
    ranges they set aside, and the undo window survives a snapshot."""
    table = _race()
    table.send(0, Add(3))
    table.send(1, Add(2))
    table.send(0, TakeBack())
    table.send(1, AnswerTakeBack(True))
    table.send(0, Add(1))
    table.send(1, Add(3))
    table.send(1, TakeBack())
    table.send(1, Add(2))
    whole = _refolded(table.entries)
    aside = [(e.body.first, e.body.last) for e in table.entries if isinstance(e.body, SetAside)]
    assert len(aside) == 2
    kept = [
        e
        for e in table.entries
        if not any(first <= e.seq <= last for first, last in aside)
        and not isinstance(e.body, SetAside | TakeBackAsked | TakeBackAnswered)
    ]
    without = _refolded(kept)
    assert (whole.state, whole.state.total) == (without.state, 3)
    assert whole.state_hash == _record(table).state_hash
    restored = record_from_bytes(*record_bytes(whole))
    assert restored == whole


def _race_under(platform_rules: int, **create: Any) -> Table:
    """A race opened under an older version of the platform rules."""
    old = Table("race")
    created = CreateMatch(ruleset="race-to-21", seats=2, seed="s", **create)
    decision = Decision(
        decision_id="create",
        match_id="race",
        seat=None,
        body=msgspec.Raw(encode(created)),
        sender=ORGANISER,
    )
    rule_on(
        old.folded,
        encode(decision),
        partition=0,
        offset=0,
        now_ms=0,
        fresh_seed=str,
        platform_rules=platform_rules,
    )
    old.send(0, ClaimSeat(player="Ana"))
    old.send(1, ClaimSeat(player="Ben"))
    return old


def test_the_organiser_takes_back_a_seats_last_decision_only_where_the_match_allows_it() -> None:
    strict = _race()
    strict.send(0, Roll())
    refused = _ruling(strict.send(None, TakeBack(seat=0), sender=ORGANISER))
    assert (refused.accepted, refused.rule, refused.reason) == (
        False,
        rules.TAKE_BACK,
        "this match leaves take-backs to its players; the organiser may not take one back",
    )
    lenient = _race(organiser_take_backs=True)
    first = lenient.send(0, Add(3))[0].seq
    rolled = lenient.send(1, Roll())[0].seq
    unnamed = _ruling(lenient.send(None, TakeBack(), sender=ORGANISER))
    assert (unnamed.accepted, unnamed.reason) == (
        False,
        "name the seat (0 to 1) whose last decision is taken back",
    )
    assert _ruling(lenient.send(1, TakeBack(seat=0))).reason == (
        "a seat takes back its own decisions alone"
    )
    last = _record(lenient).seq
    taken = lenient.send(None, TakeBack(seat=0), sender=ORGANISER)
    assert (_ruling(taken).accepted, _ruling(taken).rule) == (True, rules.TAKE_BACK)
    assert [e.body for e in taken[1:]] == [SetAside(first, last, "take-back", [rolled])]
    record = _record(lenient)
    assert (record.state.total, record.state.turn) == (0, 0)  # Ben's roll went with it
    assert record.state_hash == _hash_after(lenient, first - 1)
    assert verify(lenient.entries) is None


def test_a_match_opened_under_platform_rules_3_refuses_the_organisers_take_back_as_before() -> None:
    old = _race_under(3, organiser_take_backs=True)
    old.send(0, Add(3))
    unnamed = _ruling(old.send(None, TakeBack(), sender=ORGANISER))
    assert (unnamed.accepted, unnamed.rule) == (False, rules.SEAT)
    named = _ruling(old.send(None, TakeBack(seat=0), sender=ORGANISER))
    assert (named.accepted, named.rule) == (False, rules.MALFORMED)
    assert _record(old).state.total == 3


@pytest.mark.parametrize("body", [TakeBack(), Dispute(1, "why")])
def test_a_match_opened_before_platform_rules_3_refuses_corrections_as_before(body: Any) -> None:
    old = _race_under(2)
    assert _record(old).undo is None
    refused = old.send(0, body)
    assert (_ruling(refused).accepted, _ruling(refused).rule) == (False, rules.MALFORMED)
