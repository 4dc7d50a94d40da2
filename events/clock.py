"""A match's clock and its deadlines as data on the log: the clock chosen at creation, the
entries that set, move and reach each seat's deadline (each with its cause), the decisions the
clock service, the organiser and a resigning player send, and what the log says of the clock
so far (`Timing`, folded by `evolve`). Times are milliseconds since the epoch, taken from the
decision that caused each entry, never from a wall clock."""

from typing import Annotated, Literal

import msgspec

from events.storable import Int32, Int64

CLOCK_SENDER = "clock"  # the clock service's name on its decisions

Seconds = Annotated[int, msgspec.Meta(ge=1, le=366 * 24 * 3600)]
Outcome = Literal["wait", "default", "bot"]
Weekday = Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
WEEKDAYS: tuple[Weekday, ...] = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
Hour = Annotated[int, msgspec.Meta(ge=0, le=23)]


class Clock(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How long each decision may take (`per` "decision"), or each turn (`per` "turn": from when
    the game starts waiting for a seat until it no longer does, however many decisions that
    takes), and what a missed deadline does once its grace period is over: `wait` (the match
    waits for the seat), `default` (the game's bot at `level` decides for it: that decision, or
    on a clock per turn the rest of the turn) or `bot` (that bot takes the seat for good).
    `per_decision_s` is that time, a decision's or a turn's. Each seat has `excuses`
    missed deadlines forgiven first, each with a fresh `per_decision_s`, and may declare up to
    `absence_days` away in all, during which its clock stops. A decision's time is running
    time: the clock stops on `days_off` and in `quiet_hours` (from, until: local hours), both
    reckoned in `zone` (an IANA name; `events.calendar`). `window_s`, where given, is the time
    a seat asked by a response window has to answer it ("a Sabotage within 24 hours" while a
    turn has days), its timeout acting as `on_timeout` says (a default: the window's pass);
    without it a window's deadline runs `per_decision_s` like any other. Clocks older than
    these fields read as UTC with no pause and no window time, which is what they were."""

    per_decision_s: Seconds
    grace_s: Annotated[int, msgspec.Meta(ge=0, le=366 * 24 * 3600)] = 0
    on_timeout: Outcome = "default"
    level: Annotated[str, msgspec.Meta(min_length=1, max_length=40)] = "pass"
    excuses: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    absence_days: Annotated[int, msgspec.Meta(ge=0, le=366)] = 0
    zone: Annotated[str, msgspec.Meta(min_length=1, max_length=64)] = "UTC"
    days_off: tuple[Weekday, ...] = ()
    quiet_hours: tuple[Hour, Hour] | None = None
    per: Literal["decision", "turn"] = "decision"
    window_s: Seconds | None = None


# Entries: what happened to a deadline, and why.


class DeadlineSet(msgspec.Struct, frozen=True, tag="match.deadline_set", omit_defaults=True):
    """`seat` must decide by `due_ms`; `at_seq` is the entry it decides on (the position).
    `window`: the seat is asked by a response window, which is open to it until then."""

    seat: Int32
    due_ms: Int64
    at_seq: Int32
    window: bool = False


class DeadlineCleared(msgspec.Struct, frozen=True, tag="match.deadline_cleared"):
    """The seat decided, or the game no longer waits for it."""

    seat: Int32


class DeadlineExtended(msgspec.Struct, frozen=True, tag="match.deadline_extended"):
    """The deadline moved to `due_ms`, `by_ms` later. `reason`: excuse, organiser, paused
    (the clock was paused that long) or outage (the clock service was down that long)."""

    seat: Int32
    due_ms: Int64
    by_ms: Int64
    reason: str
    note: str = ""


class DeadlineReached(msgspec.Struct, frozen=True, tag="match.deadline_reached"):
    """The deadline passed and its grace period with it; `outcome` says what follows: excused
    (a fresh deadline, from the seat's excuses), wait, default or bot."""

    seat: Int32
    due_ms: Int64
    at_seq: Int32
    outcome: str


class DefaultApplied(msgspec.Struct, frozen=True, tag="match.default_applied"):
    """The game's bot at `level` decided for the seat (`decision`, accepted under `rule`); one
    missed deadline of a clock per turn writes one for each decision left in the turn."""

    seat: Int32
    level: str
    rule: str
    decision: msgspec.Raw


class SeatHandedToBot(msgspec.Struct, frozen=True, tag="match.seat_handed_to_bot"):
    """The seat is played by the game's bot at `level` from now on; `player` held it.
    `reason`: timeout, resigned or organiser (with the organiser's `note`)."""

    seat: Int32
    level: str
    player: str
    reason: str
    note: str = ""


class AbsenceDeclared(msgspec.Struct, frozen=True, tag="match.absence_declared"):
    """The seat's player is away from `from_ms` to `until_ms`: its clock stops meanwhile."""

    seat: Int32
    from_ms: Int64
    until_ms: Int64


class PhaseHeld(msgspec.Struct, frozen=True, tag="match.phase_held"):
    """`seat` holds a simultaneous phase open: once every seat has chosen, the game resolves it
    only when every hold is released or its holder's deadline passes."""

    seat: Int32


class HoldReleased(msgspec.Struct, frozen=True, tag="match.hold_released"):
    """`seat`'s hold ended. `reason`: released (the seat let go) or deadline (it passed)."""

    seat: Int32
    reason: str


class ClockPaused(msgspec.Struct, frozen=True, tag="match.clock_paused"):
    at_ms: Int64


class ClockResumed(msgspec.Struct, frozen=True, tag="match.clock_resumed"):
    at_ms: Int64
    paused_ms: Int64


CLOCK_ENTRIES = (
    DeadlineSet,
    DeadlineCleared,
    DeadlineExtended,
    DeadlineReached,
    DefaultApplied,
    SeatHandedToBot,
    AbsenceDeclared,
    PhaseHeld,
    HoldReleased,
    ClockPaused,
    ClockResumed,
)


# Decisions: the clock service's, the organiser's, and a player's resignation.


class Timeout(msgspec.Struct, frozen=True, tag="match.timeout"):
    """The clock service: this deadline (as set at `at_seq`, due at `due_ms`) has passed."""

    seat: Int32
    at_seq: Int32
    due_ms: Int64


class ClockOutage(msgspec.Struct, frozen=True, tag="match.clock_outage"):
    """The clock service was down from `from_ms` to `to_ms`: what fell due meanwhile moves on
    by that long."""

    from_ms: Int64
    to_ms: Int64


class ExtendDeadline(msgspec.Struct, frozen=True, tag="match.extend_deadline"):
    seat: Int32
    by_s: Seconds
    note: Annotated[str, msgspec.Meta(max_length=200)] = ""


class PauseClock(msgspec.Struct, frozen=True, tag="match.pause_clock"):
    pass


class ResumeClock(msgspec.Struct, frozen=True, tag="match.resume_clock"):
    pass


class Resign(msgspec.Struct, frozen=True, tag="match.resign"):
    """A player gives up their seat; the game's bot plays it to the end."""


class DeclareAbsence(msgspec.Struct, frozen=True, tag="match.declare_absence"):
    """A player will be away for `days` from now, within the clock's allowance."""

    days: Annotated[int, msgspec.Meta(ge=1, le=366)]


class HoldPhase(msgspec.Struct, frozen=True, tag="match.hold_phase"):
    """A seat choosing in a simultaneous phase keeps it open until its deadline: its sealed
    choice stays revisable though every seat has chosen."""


class ReleaseHold(msgspec.Struct, frozen=True, tag="match.release_hold"):
    """The seat lets the phase it held resolve."""


CLOCK_DECISIONS = (
    Timeout,
    ClockOutage,
    ExtendDeadline,
    PauseClock,
    ResumeClock,
    Resign,
    DeclareAbsence,
    HoldPhase,
    ReleaseHold,
)


# What the log says of a match's clock so far.


class Deadline(msgspec.Struct, frozen=True, omit_defaults=True):
    seat: int
    due_ms: int
    at_seq: int
    window: bool = False  # a response window's, open to the seat until `due_ms`


class Timing(msgspec.Struct, frozen=True):
    """Sequences, not dicts by seat: a record's snapshot encodes in a deterministic order,
    which takes text keys alone."""

    clock: Clock
    running: tuple[Deadline, ...] = ()  # in seat order
    excused: tuple[int, ...] = ()  # a seat for each missed deadline forgiven it
    late: tuple[int, ...] = ()  # seats past their deadline that the match waits for
    paused_at_ms: int | None = None
    away: tuple[AbsenceDeclared, ...] = ()  # every absence declared, in order
    holding: tuple[int, ...] = ()  # seats holding the phase open, in the order they asked

    @property
    def deadlines(self) -> dict[int, Deadline]:
        return {d.seat: d for d in self.running}

    def away_ms(self, seat: int) -> int:
        """How long the seat has declared itself away in all."""
        return sum(a.until_ms - a.from_ms for a in self.away if a.seat == seat)

    def back_ms(self, seat: int) -> int:
        """When the seat's last absence ends (0: it declared none)."""
        return max((a.until_ms for a in self.away if a.seat == seat), default=0)

    def fires_ms(self, deadline: Deadline) -> int:
        """When a deadline's timeout may act: its due time plus the grace period."""
        return deadline.due_ms + self.clock.grace_s * 1000


def evolve(timing: Timing, entry: object) -> Timing:
    """`timing` after one clock entry."""
    deadlines = dict(timing.deadlines)
    change: dict[str, object] = {}
    match entry:
        case DeadlineSet(seat=seat, due_ms=due, at_seq=at, window=window):
            deadlines[seat] = Deadline(seat, due, at, window)
            change["late"] = tuple(s for s in timing.late if s != seat)
        case DeadlineCleared(seat=seat):
            deadlines.pop(seat, None)
            change["late"] = tuple(s for s in timing.late if s != seat)
        case DeadlineExtended(seat=seat, due_ms=due):
            deadlines[seat] = msgspec.structs.replace(deadlines[seat], due_ms=due)
        case DeadlineReached(seat=seat, outcome="excused"):
            change["excused"] = (*timing.excused, seat)
        case DeadlineReached(seat=seat, outcome=outcome):
            deadlines.pop(seat, None)
            if outcome == "wait":
                change["late"] = (*timing.late, seat)
        case SeatHandedToBot(seat=seat):
            deadlines.pop(seat, None)
            change["holding"] = tuple(s for s in timing.holding if s != seat)
        case PhaseHeld(seat=seat):
            change["holding"] = (*timing.holding, seat)
        case HoldReleased(seat=seat):
            change["holding"] = tuple(s for s in timing.holding if s != seat)
        case AbsenceDeclared():
            change["away"] = (*timing.away, entry)
        case ClockPaused(at_ms=at):
            change["paused_at_ms"] = at
        case ClockResumed():
            change["paused_at_ms"] = None
    running = tuple(deadlines[seat] for seat in sorted(deadlines))
    return msgspec.structs.replace(timing, running=running, **change)
