"""The clock's entries and decisions in words, so a replay or `explain` says why a deadline
moved or a move was made for a player. Times are told in the clock's time zone (UTC unless
it names one), with its calendar said in words."""

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from events.clock import (
    AbsenceDeclared,
    Clock,
    ClockOutage,
    ClockPaused,
    ClockResumed,
    DeadlineCleared,
    DeadlineExtended,
    DeadlineReached,
    DeadlineSet,
    DeclareAbsence,
    DefaultApplied,
    ExtendDeadline,
    HoldPhase,
    HoldReleased,
    PauseClock,
    PhaseHeld,
    ReleaseHold,
    Resign,
    ResumeClock,
    SeatHandedToBot,
    Timeout,
)
from events.ruleset import WindowAsk


def moment(ms: int, zone: str = "UTC") -> str:
    """An instant as people in `zone` read it: `Monday 2024-03-11 09:00 Europe/Rome`; in UTC
    as the log tells every time (`2024-03-11 08:00:00 UTC`)."""
    if zone == "UTC":
        return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    return f"{datetime.fromtimestamp(ms / 1000, ZoneInfo(zone)):%A %Y-%m-%d %H:%M} {zone}"


def calendar_words(clock: Clock) -> str:
    """When the clock runs, for the lobby: `runs in Europe/Rome time, not on sat, sun, nor
    from 22:00 until 07:00`; empty for a clock that always runs in UTC."""
    pauses = []
    if clock.days_off:
        pauses.append(f"on {', '.join(clock.days_off)}")
    if clock.quiet_hours is not None:
        quiet_from, quiet_until = clock.quiet_hours
        pauses.append(f"from {quiet_from:02}:00 until {quiet_until:02}:00")
    if not pauses:
        return "" if clock.zone == "UTC" else f"times in {clock.zone}"
    return f"runs in {clock.zone} time, not {', nor '.join(pauses)}"


def window_default(clock: Clock, passing: str) -> str:
    """What a window's deadline does for a seat that gives no answer, after "with no answer, ":
    the clock's outcome, its `pass` level making the window's pass (`passing`, after "you")."""
    if clock.on_timeout == "wait":
        return "the match waits for you"
    if clock.on_timeout == "bot":
        return "a bot takes your seat"
    return f"you {passing}" if clock.level == "pass" else "a bot answers for you"


def window_open(asks: WindowAsk, until: str = "", default: str = "") -> str:
    """A response window asking the reader's seat, as the game words it (`Ruleset.window_ask`):
    what it is, `until` its deadline told, when, what the seat may answer or pass with, and
    what the clock does without an answer (`window_default`) where it does something."""
    when = f" ({asks.moment})" if asks.moment else ""
    answers = list(asks.answers)
    if asks.more:
        answers.append(f"one of {asks.more} more (`help` lists them)")
    may = f"{', '.join(answers[:-1])} or {answers[-1]}" if len(answers) > 1 else "".join(answers)
    passing = "" if asks.pass_command in ("", "pass") else f" ({asks.pass_command})"
    then = f"; with no answer, {default}" if default else ""
    opened = f"{asks.window} is open to you{until}{when}"
    return f"{opened}: you may {may or 'answer it'}, or pass{passing}{then}."


def span(ms: int) -> str:
    """A length of time: `45 s`, `3 min 20 s`, `2 h 5 min`, `3 d 4 h`."""
    s = ms // 1000
    for big, small, size, unit in ((86400, 3600, "d", "h"), (3600, 60, "h", "min")):
        if s >= big:
            rest = f" {s % big // small} {unit}" if s % big // small else ""
            return f"{s // big} {size}{rest}"
    if s >= 60:
        return f"{s // 60} min {s % 60} s" if s % 60 else f"{s // 60} min"
    return f"{s} s"


def time_left(due: str, now: datetime) -> str:
    """How long from `now` until `due` (ISO 8601): `in 5 h 12 min`, or `past`."""
    left = datetime.fromisoformat(due) - now
    return f"in {span(int(left.total_seconds() * 1000))}" if left.total_seconds() > 0 else "past"


class _Names(dict[int, str]):
    def __missing__(self, seat: int) -> str:
        return f"seat {seat}"


_OUTCOMES = {
    "excused": "an excuse is spent, and the seat has a fresh deadline",
    "wait": "the match waits for them",
    "default": "the game's bot decides for them",
    "bot": "the game's bot takes their seat",
    "released": "their hold on the phase ends, and their choice stands",
}

_HANDED = {
    "resigned": "resigned",
    "timeout": "missed the deadline",
    "organiser": "was relieved of the seat by the organiser",
}

_HANDED_BY = {
    "resigned": "as you resigned",
    "timeout": "as you missed the deadline",
    "organiser": "by the organiser",
}


def handed_to_you(level: str, reason: str, note: str = "") -> str:
    """A seat's hand-over to a bot, told to the player who held it."""
    why = _HANDED_BY.get(reason, reason) + (f" ({note})" if note else "")
    return f"Your seat was handed to the {level} bot {why}."


_MOVED = {
    "excuse": "excused",
    "organiser": "moved by the organiser",
    "paused": "moved on by the time the clock was paused",
    "outage": "moved on",  # the note says how long the clock service was down
    "absence": "moved on by their absence",
}


def entry_line(
    body: Any,
    seat: int | None,
    names: Sequence[str],
    decision: Callable[[Any], str],
    zone: str = "UTC",
) -> str:
    """A clock entry's line for `seat`'s eyes, its times in the clock's `zone`; `decision`
    tells a decision of the game (a default decision is told to its own seat alone)."""
    match body:
        case DeadlineSet(seat=who, due_ms=due, window=True):
            return f"a window is open to {names[who]} until {moment(due, zone)}"
        case DeadlineSet(seat=who, due_ms=due):
            return f"{names[who]} must decide by {moment(due, zone)}"
        case DeadlineCleared(seat=who):
            return f"{names[who]} has no deadline now"
        case DeadlineExtended(seat=who, due_ms=due, by_ms=by, reason=reason, note=note):
            why = _MOVED.get(reason, reason) + (f" ({note})" if note else "")
            return f"{names[who]}'s deadline is {why}: now {moment(due, zone)}, {span(by)} later"
        case DeadlineReached(seat=who, due_ms=due, outcome=outcome):
            return f"{names[who]}'s deadline of {moment(due, zone)} passed: {_OUTCOMES[outcome]}"
        case DefaultApplied(seat=who, level=level, rule=rule, decision=chosen):
            shown = f": {decision(chosen)} ({rule})" if who == seat else ""
            return f"the {level} bot decided for {names[who]}{shown}"
        case SeatHandedToBot(seat=who, level=level, player=player, reason=reason, note=note):
            why = _HANDED.get(reason, reason) + (f" ({note})" if note else "")
            return f"{player} {why}: the {level} bot plays seat {who} from now on"
        case AbsenceDeclared(seat=who, from_ms=start, until_ms=end):
            away = f"from {moment(start, zone)} to {moment(end, zone)}"
            return f"{names[who]} is away {away}: their clock stops"
        case PhaseHeld(seat=who):
            return f"{names[who]} holds the phase open until their deadline"
        case HoldReleased(seat=who, reason="released"):
            return f"{names[who]} lets the phase go on"
        case HoldReleased(seat=who):
            return f"{names[who]}'s hold on the phase ended with their deadline"
        case ClockPaused(at_ms=at):
            return f"the clock was paused at {moment(at, zone)}"
        case ClockResumed(at_ms=at, paused_ms=paused):
            return f"the clock was resumed at {moment(at, zone)}, after {span(paused)}"
    raise TypeError(f"no clock entry {body!r}")


def decision_words(decision: Any, seats: Sequence[str]) -> tuple[str | None, str]:
    """Who asked (None: the seat that decided) and what, for a clock decision (whose seat
    may be any number: it is what was asked)."""
    names = _Names(enumerate(seats))
    match decision:
        case Timeout(seat=who, due_ms=due):
            return "the clock", f"call time on {names[who]}'s deadline of {moment(due)}"
        case ClockOutage(from_ms=start, to_ms=end):
            return "the clock", f"report that it was down from {moment(start)} to {moment(end)}"
        case ExtendDeadline(seat=who, by_s=by):
            return "the organiser", f"extend {names[who]}'s deadline by {span(by * 1000)}"
        case PauseClock():
            return "the organiser", "pause the clock"
        case ResumeClock():
            return "the organiser", "resume the clock"
        case Resign():
            return None, "resign"
        case HoldPhase():
            return None, "hold the phase open until their deadline"
        case ReleaseHold():
            return None, "let the phase go on"
        case DeclareAbsence(days=days):
            return None, f"be away for {days} day{'s' if days > 1 else ''}"
    raise TypeError(f"no clock decision {decision!r}")
