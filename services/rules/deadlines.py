"""Deadlines, judged. After every decision on a match with a clock, each seat the game waits for
gets a deadline (a fresh one if its decision just moved the match) and the seats it no longer
waits for lose theirs. The clock service's timeouts and outages, the organiser's clock tools,
resignations and absences are judged here too. Deterministic like the rest of the judge: every
time is the decision's `sent_at_ms`, stamped by whoever sent it, so re-judging writes the same
entries. A decision's time is running time, counted only while the match's calendar lets the
clock run (`events.calendar`); grace and every extension (organiser, pause, outage, absence)
are real time, the time that was lost."""

import random
from contextlib import suppress
from typing import Any, Protocol, Union

import msgspec

from events import platform_rules as rules
from events.calendar import calendar_error, due_after
from events.clock import (
    CLOCK_DECISIONS,
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
    Timing,
)
from events.clock_narration import moment, span
from events.codec import encode
from events.envelope import Decision, SealedRefusal
from events.held_answers import holds, owed, seat_state, unanswered
from events.match import MatchRecord, PartitionMatches
from events.platform_rules import BOT_PREFIX
from events.ruleset import Accepted, Rejection, Ruleset, in_window

DAY_MS = 86_400_000
MOST_DEFAULTS = 500  # decisions a bot makes for one missed deadline; the rest wait for the next

_clock_decision = msgspec.json.Decoder(Union[CLOCK_DECISIONS])  # noqa: UP007


class EntryWriter(Protocol):
    """What the judge's entry writer offers (`services.rules.judge._EntryWriter`)."""

    folded: PartitionMatches
    entries: list[Any]
    now_ms: int  # the decision's time as recorded

    def write(self, body: Any, ruleset: Ruleset, sealed_for: int | None = None) -> MatchRecord: ...

    def ruling(
        self,
        ruleset: Ruleset,
        asked: msgspec.Raw,
        verdict: Accepted | Rejection,
        read: Any = None,
        public: bool = False,
    ) -> None: ...

    def settle(self, ruleset: Ruleset, record: MatchRecord) -> None: ...

    def hold_for(
        self, ruleset: Ruleset, record: MatchRecord, seat: int, chosen: Any, sender: str, at_ms: int
    ) -> bool: ...

    def chance(self, record: MatchRecord) -> random.Random: ...


def clock_error(ruleset: Ruleset, clock: Clock | msgspec.UnsetType) -> str | None:
    """Why a new match cannot have this clock, or None."""
    if not isinstance(clock, Clock):
        return None
    if clock.level not in ruleset.bots:
        return f"no bot {clock.level!r} to play for late seats; bots: {', '.join(ruleset.bots)}"
    return calendar_error(clock)


def judged(writer: EntryWriter, record: MatchRecord, ruleset: Ruleset, decision: Decision) -> bool:
    """Judge `decision` if it is the clock's, the organiser's clock tools, a resignation, an
    absence, or a decision of a player whose seat a bot took since; False for any other."""
    body = None
    if b'"match.' in bytes(decision.body):  # in every clock decision's tag: most skip decoding
        with suppress(msgspec.DecodeError):  # another decision: the judge's to read
            body = _clock_decision.decode(decision.body)
    if body is None:
        refused = _not_the_bot(record, decision)
        if refused is None:
            return False
        writer.ruling(ruleset, decision.body, refused)
        return True
    verdict = _verdict(record, ruleset, decision, body, lambda: writer.chance(record))
    writer.ruling(ruleset, decision.body, verdict)
    if isinstance(verdict, Accepted):
        for event in verdict.events:
            record = writer.write(event, ruleset, _sealed_for(record, ruleset, event))
        reached = [e for e in verdict.events if isinstance(e, DeadlineReached)]
        timed_out = isinstance(body, Timeout) and reached and reached[0].outcome == "default"
        if timed_out and holds(record, ruleset, body.seat):
            assert record.timing is not None  # a timeout is judged on a match with a clock
            level, rng = record.timing.clock.level, random.Random(decision.decision_id)
            _hold_default(writer, record, ruleset, decision, body.seat, level, rng)
        writer.settle(ruleset, writer.folded.matches[decision.match_id])
        defaulted = any(isinstance(e, DefaultApplied) for e in verdict.events)
        if defaulted and record.timing is not None and record.timing.clock.per == "turn":
            _finish_turn(writer, ruleset, decision, body.seat)
    return True


def _finish_turn(writer: EntryWriter, ruleset: Ruleset, decision: Decision, seat: int) -> None:
    """A missed deadline of a clock per turn settles the whole turn: the bot goes on deciding
    for the seat while the game still waits for it (the rest of its turn, or its part of a
    phase), so an idle seat costs the others one deadline a turn, not one a decision."""
    for count in range(1, MOST_DEFAULTS):
        record = writer.folded.matches[decision.match_id]
        if record.over or seat not in _must(record, ruleset):
            return
        assert record.timing is not None  # a timeout is judged on a match with a clock
        level = record.timing.clock.level
        rng = random.Random(f"{decision.decision_id}:{count}")
        if holds(record, ruleset, seat):
            if not _hold_default(writer, record, ruleset, decision, seat, level, rng):
                return
            writer.settle(ruleset, record)
            continue
        done = _default(record, ruleset, seat, level, rng, writer.chance(record))
        if isinstance(done, Rejection):
            return  # the seat's next deadline, set after this decision, waits for it
        _write(writer, record, ruleset, done)


def _write(writer: EntryWriter, record: MatchRecord, ruleset: Ruleset, events: list[Any]) -> None:
    for event in events:
        record = writer.write(event, ruleset, _sealed_for(record, ruleset, event))
    writer.settle(ruleset, record)


def _hold_default(
    writer: EntryWriter,
    record: MatchRecord,
    ruleset: Ruleset,
    decision: Decision,
    seat: int,
    level: str,
    rng: random.Random,
) -> bool:
    """SL-28: the bot's answer for a seat a sealed window still waits for, decided on the
    seat's own view and held like the seat's own would be (one that answered keeps its
    answer); whether one was."""
    if seat not in unanswered(record, ruleset):
        return False
    chosen = ruleset.default_decision(seat_state(record, ruleset, seat), seat, level, rng)
    # a game whose bot is refused: the window waits instead
    sent = decision.sent_at_ms
    return writer.hold_for(ruleset, record, seat, chosen, BOT_PREFIX + level, sent)


def _default(
    record: MatchRecord,
    ruleset: Ruleset,
    seat: int,
    level: str,
    rng: random.Random,
    chance: random.Random,
) -> list[Any] | Rejection:
    """The game's bot's decision for the seat, on what the seat may see, and what it caused."""
    chosen = ruleset.default_decision(record.state, seat, level, rng)
    verdict = ruleset.decide(record.state, seat, chosen, chance)
    if isinstance(verdict, Rejection):
        return verdict
    return [DefaultApplied(seat, level, verdict.rule, msgspec.Raw(encode(chosen))), *verdict.events]


def _sealed_for(record: MatchRecord, ruleset: Ruleset, entry: Any) -> int | None:
    """A default decision made where the game takes a sealed choice is sealed for its seat,
    like the seat's own decision would be; so is what stands in for one (SL-27)."""
    if isinstance(entry, DefaultApplied) and ruleset.sealed(record.state, entry.seat):
        return entry.seat
    if isinstance(entry, SealedRefusal):
        return entry.seat
    return None


def keep(writer: EntryWriter, ruleset: Ruleset, decision: Decision) -> None:
    """After any decision: clear the deadlines of seats the game no longer waits for, and while
    the clock runs set one for each seat it waits for that has none, or whose decision just
    moved the match: a response window's own time for a seat a window asks."""
    record = writer.folded.matches.get(decision.match_id)
    if record is None or record.timing is None or record.over:
        return  # an ended match's deadlines lapse with it: `match.seed_revealed` comes last
    timing = record.timing
    numbered = [e.seq for e in writer.entries if e.held is not True]  # a held answer moves none
    moved = bool(numbered) and record.moved_seq >= numbered[0]
    # a sealed window opening gives every seat it asks a deadline, whoever answered at once;
    # later only a seat that owes its answer gets one (SL-27, SL-28)
    must = _asked(record, ruleset) if moved else _must(record, ruleset)
    held = set(timing.holding) - must  # a holder that chose keeps its deadline, never renewed
    decided = decision.seat if moved else None  # the seat's decision moved the match
    choosing = _choosing(record, ruleset)
    for seat in sorted((timing.deadlines.keys() | set(timing.late)) - must - held - choosing):
        record = writer.write(DeadlineCleared(seat=seat), ruleset)
    if timing.paused_at_ms is not None:
        return
    for seat in sorted(must | held):
        renewed = seat == decided and seat in must and timing.clock.per == "decision"
        if renewed or (seat not in timing.deadlines and seat not in timing.late):
            # an absent seat's time starts once it is back, and counts while the clock runs
            start = max(decision.sent_at_ms, timing.back_ms(seat))
            window = record.state is not None and in_window(ruleset, record.state, seat)
            due = due_after(timing.clock, start, allowed_ms(timing.clock, window))
            entry = DeadlineSet(seat=seat, due_ms=due, at_seq=record.seq, window=window)
            record = writer.write(entry, ruleset)


def allowed_ms(clock: Clock, window: bool) -> int:
    """A deadline's running time: a response window's own where the clock gives one, else a
    decision's (or a turn's)."""
    seconds = clock.window_s if window and clock.window_s is not None else clock.per_decision_s
    return seconds * 1000


def held(record: MatchRecord, ruleset: Ruleset) -> bool:
    """Whether a hold keeps the game from resolving a simultaneous phase every seat chose in
    (a sealed window every seat it asks answered, its answers held, included)."""
    if record.timing is None or not record.timing.holding or record.state is None:
        return False
    return ruleset.waiting(record.state).simultaneous and not owed(record, ruleset)


def due(record: MatchRecord, ruleset: Ruleset, now_ms: int) -> bool:
    """SL-28: whether a seat a sealed window asks has a deadline standing that fires by
    `now_ms`. The window waits for that timeout before it closes, so the numbered record reads
    the same (each deadline reached, then the answers) whichever of those seats had answered."""
    timing = record.timing
    return timing is not None and any(
        timing.fires_ms(deadline) <= now_ms and holds(record, ruleset, seat)
        for seat, deadline in timing.deadlines.items()
    )


def _asked(record: MatchRecord, ruleset: Ruleset) -> set[int]:
    """The seats the game waits for that a person holds, a seat whose answer to a sealed
    window is held included."""
    if record.over or record.open_seats or record.state is None:
        return set()
    return set(ruleset.waiting(record.state).must) - _bots(record)


def _must(record: MatchRecord, ruleset: Ruleset) -> set[int]:
    """Of those, the seats that owe a decision: not one whose answer to a sealed window is
    held (SL-28)."""
    return _asked(record, ruleset) & set(owed(record, ruleset))


def _choosing(record: MatchRecord, ruleset: Ruleset) -> set[int]:
    """SL-27 (platform rules 4): every seat a person holds that chooses in a sealed step, answered
    or not. Their deadlines run until the step ends: one cleared by an answer would tell every
    reader of the log who has answered, and so who is still weighing one."""
    if record.platform_rules < rules.SEALED_DEADLINES:
        return set()
    if record.over or record.open_seats or record.state is None:
        return set()
    waiting = ruleset.waiting(record.state)
    if not waiting.simultaneous:
        return set()
    return {*waiting.must, *waiting.may} - _bots(record)


def _bots(record: MatchRecord) -> set[int]:
    return {
        s for s, seated in enumerate(record.seat_players) if (seated or "").startswith(BOT_PREFIX)
    }


def _not_the_bot(record: MatchRecord, decision: Decision) -> Rejection | None:
    """A player whose seat a bot or another player took over keeps a token that no longer acts
    for it (unless seated again since, under that name)."""
    seat = decision.seat
    if seat is None or (seat, decision.sender) not in record.handed_over:
        return None
    if record.seat_players[seat] == decision.sender:
        return None
    return Rejection(rules.SEAT, f"seat {seat} is played by {record.seat_players[seat]} now")


def _verdict(
    record: MatchRecord,
    ruleset: Ruleset,
    decision: Decision,
    body: Any,
    chance: Any,
) -> Accepted | Rejection:
    if isinstance(body, Resign):
        return _resign(record, ruleset, decision.seat)
    if isinstance(body, DeclareAbsence):
        return _absence(record, decision, body.days)
    if isinstance(body, HoldPhase | ReleaseHold):
        return _hold(record, ruleset, decision.seat, isinstance(body, HoldPhase))
    if decision.seat is not None:
        return Rejection(rules.CLOCK_TOOLS, "the clock and the organiser send this, for no seat")
    timing = record.timing
    if timing is None:
        return Rejection(rules.CLOCK_TOOLS, "this match has no clock")
    now = decision.sent_at_ms
    match body:
        case Timeout():
            return _timeout(record, ruleset, timing, body, decision, chance)
        case ClockOutage(from_ms=start, to_ms=end):
            return _outage(timing, start, end)
        case ExtendDeadline(seat=seat, by_s=by_s, note=note):
            deadline = timing.deadlines.get(seat)
            if deadline is None:
                return Rejection(rules.CLOCK_TOOLS, f"seat {seat} has no deadline to extend")
            by = by_s * 1000
            moved = DeadlineExtended(seat, deadline.due_ms + by, by, "organiser", note)
            return Accepted(rules.CLOCK_TOOLS, [moved])
        case PauseClock():
            if timing.paused_at_ms is not None:
                return Rejection(rules.CLOCK_TOOLS, "the clock is paused already")
            return Accepted(rules.CLOCK_TOOLS, [ClockPaused(at_ms=now)])
        case ResumeClock():
            if timing.paused_at_ms is None:
                return Rejection(rules.CLOCK_TOOLS, "the clock is running")
            paused = max(0, now - timing.paused_at_ms)
            moved = [
                DeadlineExtended(seat, d.due_ms + paused, paused, "paused")
                for seat, d in sorted(timing.deadlines.items())
            ]
            return Accepted(rules.CLOCK_TOOLS, [ClockResumed(now, paused), *moved])
    raise TypeError(f"no clock decision {body!r}")


def _timeout(
    record: MatchRecord,
    ruleset: Ruleset,
    timing: Timing,
    body: Timeout,
    decision: Decision,
    chance: Any,
) -> Accepted | Rejection:
    seat, clock = body.seat, timing.clock
    deadline = timing.deadlines.get(seat)
    if deadline is None or (deadline.due_ms, deadline.at_seq) != (body.due_ms, body.at_seq):
        return Rejection(
            rules.CLOCK,
            f"seat {seat}'s deadline of {moment(body.due_ms)}, set at entry {body.at_seq}, no"
            " longer stands: it was met, moved or reached before",
        )
    if timing.paused_at_ms is not None:
        return Rejection(rules.CLOCK, "the clock is paused")
    if decision.sent_at_ms < timing.fires_ms(deadline):
        return Rejection(rules.CLOCK, f"not due until {moment(timing.fires_ms(deadline))}")
    used = timing.excused.count(seat)
    if used < clock.excuses:
        fresh = due_after(clock, decision.sent_at_ms, allowed_ms(clock, deadline.window))
        left = clock.excuses - used - 1
        return Accepted(
            rules.CLOCK,
            [
                DeadlineReached(seat, body.due_ms, body.at_seq, "excused"),
                DeadlineExtended(seat, fresh, fresh - body.due_ms, "excuse", f"{left} left"),
            ],
        )
    release = [HoldReleased(seat, "deadline")] if seat in timing.holding else []
    window = holds(record, ruleset, seat)
    if release and not window and seat not in ruleset.waiting(record.state).must:
        # it chose: that stands
        return Accepted(
            rules.CLOCK, [DeadlineReached(seat, body.due_ms, body.at_seq, "released"), *release]
        )
    reached = DeadlineReached(seat, body.due_ms, body.at_seq, clock.on_timeout)
    if clock.on_timeout == "wait":
        return Accepted(rules.CLOCK, [reached, *release])
    if clock.on_timeout == "bot":
        player = record.seat_players[seat] or ""
        return Accepted(
            rules.CLOCK, [reached, *release, SeatHandedToBot(seat, clock.level, player, "timeout")]
        )
    if window:
        # SL-28: a seat that has not answered gets the bot's answer, held (`judged`); one that
        # answered keeps its own: either way the others read the deadline reached alone
        return Accepted(rules.CLOCK, [reached, *release])
    # the bot decides on what the seat may see; its random choices are the decision's own
    rng = random.Random(decision.decision_id)
    done = _default(record, ruleset, seat, clock.level, rng, chance())
    if isinstance(done, Rejection):  # a game whose bot is refused: the match waits instead
        waits = DeadlineReached(seat, body.due_ms, body.at_seq, "wait")
        return Accepted(rules.CLOCK, [waits, *release])
    if seat in _choosing(record, ruleset) - _must(record, ruleset):
        # SL-27: its sealed answer stands, the bot's refused in as many sealed entries as the
        # bot's would write, so the others read it as any seat's timeout in a sealed step
        return Accepted(rules.CLOCK, [reached, *release, *(SealedRefusal(seat) for _ in done)])
    return Accepted(rules.CLOCK, [reached, *release, *done])


def _outage(timing: Timing, start: int, end: int) -> Accepted | Rejection:
    """What fell due while the clock service was down moves on by the outage's length."""
    fell = [
        (s, d) for s, d in sorted(timing.deadlines.items()) if start < timing.fires_ms(d) <= end
    ]
    if not fell:
        return Rejection(
            rules.CLOCK, f"no deadline fell due between {moment(start)} and {moment(end)}"
        )
    down = f"the clock service was down from {moment(start)} to {moment(end)}"
    by = end - start
    return Accepted(
        rules.CLOCK, [DeadlineExtended(s, d.due_ms + by, by, "outage", down) for s, d in fell]
    )


def _resign(record: MatchRecord, ruleset: Ruleset, seat: int | None) -> Accepted | Rejection:
    if seat is None or not 0 <= seat < record.seats or record.seat_players[seat] is None:
        return Rejection(rules.SEAT, "only a seat's player may resign it")
    seated = record.seat_players[seat] or ""
    if seated.startswith(BOT_PREFIX):
        return Rejection(rules.RESIGN, f"seat {seat} is played by {seated} already")
    level = record.timing.clock.level if record.timing else next(iter(ruleset.bots), None)
    if level is None:
        return Rejection(rules.RESIGN, f"{ruleset.name} has no bot to take the seat")
    return Accepted(rules.RESIGN, [SeatHandedToBot(seat, level, seated, "resigned")])


def _absence(record: MatchRecord, decision: Decision, days: int) -> Accepted | Rejection:
    """The seat's clock stops while its player is away: a running deadline moves on by the
    absence, and one set meanwhile starts when it ends. Absences follow one another."""
    seat, timing = decision.seat, record.timing
    if timing is None:
        return Rejection(rules.ABSENCE, "this match has no clock")
    if seat is None or not 0 <= seat < record.seats or record.seat_players[seat] is None:
        return Rejection(rules.SEAT, "only a seat's player may declare an absence")
    length = days * DAY_MS
    left = timing.clock.absence_days * DAY_MS - timing.away_ms(seat)
    if length > left:
        return Rejection(rules.ABSENCE, f"seat {seat} has {span(left)} of absence left")
    start = max(decision.sent_at_ms, timing.back_ms(seat))
    away: list[Any] = [AbsenceDeclared(seat, start, start + length)]
    deadline = timing.deadlines.get(seat)
    if deadline is not None and deadline.due_ms > start:
        away.append(DeadlineExtended(seat, deadline.due_ms + length, length, "absence"))
    return Accepted(rules.ABSENCE, away)


def _hold(
    record: MatchRecord, ruleset: Ruleset, seat: int | None, hold: bool
) -> Accepted | Rejection:
    """A seat choosing in a simultaneous phase holds it open, or lets it go."""
    timing = record.timing
    if timing is None:
        return Rejection(rules.HOLD, "this match has no clock: no deadline would end a hold")
    if seat is None or not 0 <= seat < record.seats or record.seat_players[seat] is None:
        return Rejection(rules.SEAT, "only a seat's player may hold the phase open")
    if not hold:
        if seat not in timing.holding:
            return Rejection(rules.HOLD, f"seat {seat} holds no phase open")
        return Accepted(rules.HOLD, [HoldReleased(seat, "released")])
    if seat in timing.holding:
        return Rejection(rules.HOLD, f"seat {seat} holds the phase open already")
    waiting = ruleset.waiting(record.state) if record.state is not None else None
    if waiting is None or not waiting.simultaneous or seat not in (*waiting.must, *waiting.may):
        return Rejection(rules.HOLD, "only a seat choosing in a simultaneous phase may hold it")
    return Accepted(rules.HOLD, [PhaseHeld(seat)])
