"""Platform rules 4 (SL-28): a sealed response window's answers, held off the numbered record.

A seat the window asks decides on its own view; the judge writes the ruling and its events as
held entries (`Entry.held`): heard by that seat alone, given no entry number. Once every seat
the window asks has answered, the judge writes `WindowClosed` and the answers as numbered
entries, in seat order, each sent by the window at that moment, and play goes on from them.
Entry numbers are then the same for every reader, and neither they, nor the order or the time
of the answers, tell who answered when, by hand, by a standing order, or by the judge for a seat
holding nothing it could play."""

from typing import TYPE_CHECKING, Any

import msgspec

from events.platform_rules import HELD_ANSWERS
from events.ruleset import Ruleset, in_window

if TYPE_CHECKING:
    from events.match import MatchRecord


class HeldAnswer(msgspec.Struct, frozen=True, kw_only=True):
    """One decision of a seat a sealed window asks, as judged on that seat's own view."""

    seat: int
    accepted: bool
    rule: str
    asked: bytes  # the decision as the game read it (JSON): what the window tells once closed
    events: list[Any] = []


def holds(record: "MatchRecord", ruleset: Ruleset, seat: int | None) -> bool:
    """Whether a decision of `seat` now answers a sealed window, and so is held."""
    return (
        record.platform_rules >= HELD_ANSWERS
        and record.state is not None
        and not record.over
        and not record.open_seats
        and seat is not None
        and 0 <= seat < record.seats
        and in_window(ruleset, record.state, seat)
        and ruleset.sealed(record.state, seat)
    )


def seat_state(record: "MatchRecord", ruleset: Ruleset, seat: int) -> Any:
    """The game state as `seat` stands in it: with its own held answers played."""
    state = record.state
    for answer in record.held:
        if answer.seat == seat:
            for event in answer.events:
                state = ruleset.evolve(state, event)
    return state


def unanswered(record: "MatchRecord", ruleset: Ruleset) -> list[int]:
    """The seats a sealed window asks that owe it an answer yet, each on its own view (one
    that answered may still be asked, as it may change its answer)."""
    return [
        seat
        for seat in range(record.seats)
        if holds(record, ruleset, seat)
        and seat in ruleset.waiting(seat_state(record, ruleset, seat)).must
    ]


def answered(record: "MatchRecord", ruleset: Ruleset, seat: int) -> bool:
    """Whether `seat` has answered the sealed window asking it, its answer held."""
    return holds(record, ruleset, seat) and seat not in unanswered(record, ruleset)


def closing(record: "MatchRecord", ruleset: Ruleset) -> list[HeldAnswer]:
    """The answers to tell, in seat order (a seat's own in the order it sent them), once every
    seat the window asks has answered; [] until then. A refused decision is its seat's alone."""
    if not record.held or unanswered(record, ruleset):
        return []
    return sorted((a for a in record.held if a.accepted), key=lambda a: a.seat)


def owed(record: "MatchRecord", ruleset: Ruleset) -> list[int]:
    """The seats the game waits for that owe it a decision: not one whose answer to the sealed
    window open now is held (its seat would be asked nothing more)."""
    must = ruleset.waiting(record.state).must
    if not record.held:
        return list(must)
    still = unanswered(record, ruleset)
    return [seat for seat in must if seat in still or not holds(record, ruleset, seat)]
