"""A seat holds a simultaneous phase open: every seat has chosen, yet the game resolves the
phase only once the hold is released or the holder's deadline passes; until then the holder
may change its sealed choice. Scenarios on the sealed-picks game through the judge."""

from typing import Any

import msgspec

from events import platform_rules as rules
from events.clock import (
    Clock,
    DeadlineReached,
    DefaultApplied,
    HoldPhase,
    HoldReleased,
    PhaseHeld,
    ReleaseHold,
    Timeout,
)
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, Ruling
from events.match import PartitionMatches
from events.narration import Narrator
from events.ruleset import get_ruleset
from events.seats import HandToBot
from services.rules import deadlines
from services.rules.judge import rule_on
from services.rules.rejudge import verify
from tests.sealed_ruleset import Pick, Revealed
from tests.test_clock import START, Table, verdict

SECOND = 1000
CLOCK = Clock(per_decision_s=60, level="first")


class Picks:
    """A two-seat sealed-picks match with a clock of a minute a decision."""

    def __init__(self, clock: Clock | None = CLOCK) -> None:
        self.folded, self.entries, self.count = PartitionMatches(), list[Entry[Any]](), 0
        create = CreateMatch(ruleset="sealed-picks", seats=2, seed="s", options={"rounds": 2})
        if clock is not None:
            create = msgspec.structs.replace(create, clock=clock)
        self.send(None, create, START)
        for seat in (0, 1):
            self.send(seat, ClaimSeat(player=f"p{seat}"), START)

    def send(self, seat: int | None, body: Any, at: int, sender: str = "") -> list[Any]:
        self.count += 1
        if not sender:
            sender = (
                "organiser" if isinstance(body, CreateMatch) else "clock" if seat is None else ""
            )
        decision = Decision(
            decision_id=f"hold:{self.count}",
            match_id="hold",
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=sender,
            sent_at_ms=at,
        )
        wrote = rule_on(
            self.folded, encode(decision), partition=0, offset=self.count, now_ms=at, fresh_seed=str
        )
        assert isinstance(wrote, list), wrote
        self.entries.extend(wrote)
        return [e.body for e in wrote]

    def deadline(self, seat: int) -> Any:
        timing = self.folded.matches["hold"].timing
        assert timing is not None
        return timing.deadlines.get(seat)


def ruled(bodies: list[Any]) -> Ruling:
    return next(b for b in bodies if isinstance(b, Ruling))


def revealed(bodies: list[Any]) -> list[Revealed]:
    return [b for b in bodies if isinstance(b, Revealed)]


def test_without_a_hold_the_phase_resolves_once_every_seat_has_chosen() -> None:
    picks = Picks()
    assert not revealed(picks.send(0, Pick("comet"), START + SECOND))
    assert revealed(picks.send(1, Pick("pulsar"), START + 2 * SECOND))


def test_a_held_phase_waits_for_the_holder_who_may_change_its_choice_then_releases() -> None:
    picks = Picks()
    held = picks.send(0, HoldPhase(), START + SECOND)
    assert ruled(held).rule == rules.HOLD and PhaseHeld(0) in held
    picks.send(0, Pick("comet"), START + 2 * SECOND)
    assert not revealed(picks.send(1, Pick("pulsar"), START + 3 * SECOND))  # every seat chose
    # the holder's runs, and so does seat 1's until the phase ends (SL-27)
    assert picks.deadline(0) is not None and picks.deadline(1) is not None
    changed = picks.send(0, Pick("pulsar"), START + 4 * SECOND)
    assert ruled(changed).accepted and not revealed(changed)
    let_go = picks.send(0, ReleaseHold(), START + 5 * SECOND)
    assert ruled(let_go).rule == rules.HOLD and HoldReleased(0, "released") in let_go
    assert revealed(let_go) == [Revealed(round=1, picks=("pulsar", "pulsar"))]
    assert verify(picks.entries) is None


def test_the_holders_deadline_ends_the_hold_and_its_own_choice_stands() -> None:
    picks = Picks()
    picks.send(0, HoldPhase(), START + SECOND)
    picks.send(0, Pick("comet"), START + 2 * SECOND)
    picks.send(1, Pick("pulsar"), START + 3 * SECOND)
    deadline = picks.deadline(0)
    assert deadline.due_ms == START + 60 * SECOND  # the phase's: its hold and picks renew none
    wrote = picks.send(None, Timeout(0, deadline.at_seq, deadline.due_ms), deadline.due_ms)
    assert (ruled(wrote).accepted, ruled(wrote).rule) == (True, rules.CLOCK)
    assert DeadlineReached(0, deadline.due_ms, deadline.at_seq, "released") in wrote
    assert HoldReleased(0, "deadline") in wrote and not any(
        isinstance(b, DefaultApplied) for b in wrote
    )
    assert revealed(wrote) == [Revealed(round=1, picks=("comet", "pulsar"))]
    lines = [Narrator(None).tell(e) for e in picks.entries[:1]]
    narrator = Narrator(1)
    told = [narrator.tell(e, e.sealed_seat not in (None, 1)) for e in picks.entries]
    assert lines and "p0 holds the phase open until their deadline" in told
    assert "p0's hold on the phase ended with their deadline" in told
    assert not any("comet" in line for line in told[: -len(wrote)])  # its choice stayed sealed
    assert verify(picks.entries) is None


def test_a_hold_needs_a_clock_a_simultaneous_phase_and_is_released_once() -> None:
    untimed = ruled(Picks(None).send(0, HoldPhase(), START))
    no_clock = "this match has no clock: no deadline would end a hold"
    assert (untimed.rule, untimed.reason) == (rules.HOLD, no_clock)
    picks = Picks()
    for seat in (None, 2, -1):
        outside = ruled(picks.send(seat, HoldPhase(), START, sender="p0"))
        why = "only a seat's player may hold the phase open"
        assert (outside.rule, outside.reason) == (rules.SEAT, why)
    refused = picks.send(1, ReleaseHold(), START)
    assert ruled(refused).rule == rules.HOLD and "holds no phase" in ruled(refused).reason
    picks.send(1, HoldPhase(), START)
    again = ruled(picks.send(1, HoldPhase(), START))
    assert (again.accepted, again.rule) == (False, rules.HOLD) and "already" in again.reason
    turns = Table(Clock(per_decision_s=60))  # seats take turns there
    taken = verdict(turns.send(0, HoldPhase(), at=START))
    why = "only a seat choosing in a simultaneous phase may hold it"
    assert (taken.accepted, taken.rule, taken.reason) == (False, rules.HOLD, why)


def test_a_holder_handed_to_a_bot_holds_the_phase_no_more_and_has_no_deadline() -> None:
    picks = Picks()
    picks.send(0, HoldPhase(), START + SECOND)
    picks.send(0, Pick("comet"), START + 2 * SECOND)
    picks.send(1, Pick("pulsar"), START + 3 * SECOND)  # every seat chose; the hold keeps it open
    assert picks.deadline(0) is not None
    handed = picks.send(0, HandToBot("first"), START + 4 * SECOND, sender="organiser")
    assert ruled(handed).accepted
    timing = picks.folded.matches["hold"].timing
    assert timing is not None and 0 not in timing.holding and picks.deadline(0) is None
    assert verify(picks.entries) is None


def test_a_holder_that_never_chose_gets_the_bots_choice_when_its_deadline_passes() -> None:
    picks = Picks()
    picks.send(0, HoldPhase(), START + SECOND)
    picks.send(1, Pick("pulsar"), START + 2 * SECOND)
    deadline = picks.deadline(0)
    wrote = picks.send(None, Timeout(0, deadline.at_seq, deadline.due_ms), deadline.due_ms)
    assert DeadlineReached(0, deadline.due_ms, deadline.at_seq, "default") in wrote
    assert HoldReleased(0, "deadline") in wrote
    assert revealed(wrote) == [Revealed(round=1, picks=("comet", "pulsar"))]  # the first bot's
    assert verify(picks.entries) is None


def test_a_hold_keeps_the_phase_open_only_once_every_seat_has_chosen() -> None:
    picks, game = Picks(), get_ruleset("sealed-picks")
    picks.send(0, HoldPhase(), START + SECOND)
    picks.send(0, Pick("comet"), START + 2 * SECOND)
    assert not deadlines.held(picks.folded.matches["hold"], game)  # seat 1 must still choose
    picks.send(1, Pick("pulsar"), START + 3 * SECOND)
    assert deadlines.held(picks.folded.matches["hold"], game)
