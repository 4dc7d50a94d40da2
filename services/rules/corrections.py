"""Take-backs, disputes and rollbacks, judged (platform rules 3, `events.corrections`). A seat
takes back its last decision alone while nothing depends on it, else asks the other seats'
players (or the organiser takes it back, where the match lets it decide take-backs alone:
platform rules 4); a seat disputes a ruling and the organiser upholds it or sets the match
back. Either way what is undone is set aside by a `SetAside` entry, and play goes on from
before it."""

from contextlib import suppress
from typing import Any, Union

import msgspec

from events import platform_rules as rules
from events.corrections import (
    CORRECTION_DECISIONS,
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
    Undo,
)
from events.envelope import Decision
from events.held_answers import holds
from events.match import MatchRecord
from events.ruleset import Accepted, Rejection, Ruleset
from services.rules.deadlines import EntryWriter

_correction = msgspec.json.Decoder(Union[CORRECTION_DECISIONS])  # noqa: UP007
_TAGS = (
    b'"match.take_back"',
    b'"match.answer_take_back"',
    b'"match.dispute"',
    b'"match.resolve_dispute"',
)


def judged(writer: EntryWriter, record: MatchRecord, ruleset: Ruleset, decision: Decision) -> bool:
    """Judge `decision` if it is a correction in a match that takes them; False otherwise."""
    raw = bytes(decision.body)
    if record.undo is None or not any(tag in raw for tag in _TAGS):
        return False
    body = None
    with suppress(msgspec.DecodeError):  # malformed: the judge's to refuse
        body = _correction.decode(raw)
    if body is None or _unknown_before(record, body):
        return False
    verdict = _verdict(record, ruleset, record.undo, decision, body)
    writer.ruling(ruleset, decision.body, verdict, public=True)
    if isinstance(verdict, Accepted):
        for event in verdict.events:
            record = writer.write(event, ruleset)
        writer.settle(ruleset, record)
    return True


def _verdict(
    record: MatchRecord, ruleset: Ruleset, undo: Undo, decision: Decision, body: Any
) -> Accepted | Rejection:
    organiser = decision.sender == rules.ORGANISER and decision.seat is None
    if isinstance(body, ResolveDispute):
        return _resolve(record, ruleset, undo, body) if organiser else _only_organiser()
    if isinstance(body, AnswerTakeBack) and organiser:
        return _answer(record, ruleset, undo, None, body.accept)
    if isinstance(body, TakeBack) and organiser and _organiser_takes_back(record):
        return _organiser_take_back(record, ruleset, undo, body.seat)
    seat = decision.seat
    if seat is None or not 0 <= seat < record.seats or record.seat_players[seat] is None:
        return Rejection(rules.SEAT, f"seat {seat} is not a held seat of this match")
    match body:
        case TakeBack(seat=named) if named is not msgspec.UNSET and named != seat:
            return Rejection(rules.TAKE_BACK, "a seat takes back its own decisions alone")
        case TakeBack():
            return _take_back(record, ruleset, undo, seat)
        case AnswerTakeBack(accept=accept):
            return _answer(record, ruleset, undo, seat, accept)
        case Dispute(seq=seq, reason=reason):
            if (why := _no_entry(record, seq)) is not None:
                return Rejection(rules.DISPUTE, why)
            if any(open_dispute.seq == seq for open_dispute in record.disputes):
                return Rejection(rules.DISPUTE, f"the ruling at entry {seq} is disputed already")
            return Accepted(rules.DISPUTE, [Disputed(seat, seq, reason)])
    raise TypeError(f"no correction {body!r}")


def _no_entry(record: MatchRecord, seq: int) -> str | None:
    """SL-25: why entry `seq` is none a seat may dispute, or None: every numbered entry is one
    every seat heard of (a sealed window's answers are held off them until it closes, SL-28)."""
    if 1 <= seq <= record.seq:
        return None
    return f"there is no entry {seq}; the match is at {record.seq}"


def _window_open(record: MatchRecord, ruleset: Ruleset) -> Rejection | None:
    """SL-24 under held answers (SL-28): while a sealed window is open nothing is taken back,
    as the answers held in it would be set aside unheard; whether any came is told by no one."""
    if not any(holds(record, ruleset, seat) for seat in range(record.seats)):
        return None
    return Rejection(rules.TAKE_BACK, "a take-back waits until the open response window closes")


def _only_organiser() -> Rejection:
    return Rejection(rules.DISPUTE, "only the organiser resolves a dispute")


def _unknown_before(record: MatchRecord, body: Any) -> bool:
    """A take-back naming a seat, which matches opened before platform rules 4 do not know."""
    named = isinstance(body, TakeBack) and body.seat is not msgspec.UNSET
    return named and not _organiser_takes_back(record)


def _organiser_takes_back(record: MatchRecord) -> bool:
    return record.platform_rules >= rules.ORGANISER_TAKE_BACKS


def _last_decision(record: MatchRecord, ruleset: Ruleset, undo: Undo, seat: int) -> int | Rejection:
    """The place in the undo window of the seat's last decision that moved the game (a
    numbered one: an answer held in a sealed window is none)."""
    if record.take_back is not None:
        return Rejection(rules.TAKE_BACK, "a take-back is waiting for answers already")
    if (open_window := _window_open(record, ruleset)) is not None:
        return open_window
    mine = [i for i, kept in enumerate(undo.decisions) if kept.seat == seat]
    if not mine:
        why = f"seat {seat} has no decision among the last {UNDO_DECISIONS} that moved the game"
        return Rejection(rules.TAKE_BACK, why)
    return mine[-1]


def _organiser_take_back(
    record: MatchRecord, ruleset: Ruleset, undo: Undo, seat: int | msgspec.UnsetType
) -> Accepted | Rejection:
    """SL-24: where the match lets the organiser decide take-backs alone, it takes back a seat's
    last decision as if every player asked had accepted it."""
    if not record.organiser_take_backs:
        why = "this match leaves take-backs to its players; the organiser may not take one back"
        return Rejection(rules.TAKE_BACK, why)
    if seat is msgspec.UNSET or not 0 <= seat < record.seats:
        why = f"name the seat (0 to {record.seats - 1}) whose last decision is taken back"
        return Rejection(rules.TAKE_BACK, why)
    last = _last_decision(record, ruleset, undo, seat)
    if isinstance(last, Rejection):
        return last
    first = undo.decisions[last].ruling
    if (refused := unreachable(ruleset, undo, first, rules.TAKE_BACK)) is not None:
        return refused
    shown = undo.shown_since(first)
    return Accepted(rules.TAKE_BACK, [SetAside(first, record.seq, "take-back", shown)])


def _take_back(
    record: MatchRecord, ruleset: Ruleset, undo: Undo, seat: int
) -> Accepted | Rejection:
    """SL-24: alone while nothing depends on the decision, else asked of the other players."""
    last = _last_decision(record, ruleset, undo, seat)
    if isinstance(last, Rejection):
        return last
    kept = undo.decisions[last]
    if (refused := unreachable(ruleset, undo, kept.ruling, rules.TAKE_BACK)) is not None:
        return refused
    since = undo.decisions[last + 1 :]
    why = "; ".join(
        reason
        for reason, found in (
            ("another seat has decided since", bool(since)),
            ("it drew chance", kept.drew),
            ("something hidden was shown since", any(s.shown for s in (kept, *since))),
        )
        if found
    )
    if not why:
        return Accepted(rules.TAKE_BACK, [SetAside(kept.ruling, record.seq, "take-back")])
    asked = [
        other
        for other, seated in enumerate(record.seat_players)
        if other != seat and seated is not None and not seated.startswith(rules.BOT_PREFIX)
    ]
    return Accepted(rules.TAKE_BACK, [TakeBackAsked(seat, kept.ruling, asked, why)])


def _answer(
    record: MatchRecord, ruleset: Ruleset, undo: Undo, seat: int | None, accept: bool
) -> Accepted | Rejection:
    asked = record.take_back
    if asked is None:
        return Rejection(rules.TAKE_BACK, "no take-back is waiting for an answer")
    if seat is None and asked.asked and not record.organiser_take_backs:
        why = "this match leaves take-backs to its players; the organiser may not decide one"
        return Rejection(rules.TAKE_BACK, why)
    if seat is not None and (seat not in asked.asked or seat in asked.accepted):
        return Rejection(rules.TAKE_BACK, f"seat {seat} is not asked about this take-back")
    answered = TakeBackAnswered(seat, accept, asked.seat)
    if not accept:
        return Accepted(rules.TAKE_BACK, [answered])
    if seat is not None and set(asked.asked) - {*asked.accepted, seat}:
        return Accepted(rules.TAKE_BACK, [answered])
    if (open_window := _window_open(record, ruleset)) is not None:
        return open_window
    if (refused := unreachable(ruleset, undo, asked.first, rules.TAKE_BACK)) is not None:
        return refused
    shown = undo.shown_since(asked.first)
    set_aside = SetAside(asked.first, record.seq, "take-back", shown)
    return Accepted(rules.TAKE_BACK, [answered, set_aside])


def _resolve(
    record: MatchRecord, ruleset: Ruleset, undo: Undo, body: ResolveDispute
) -> Accepted | Rejection:
    if not any(open_dispute.seq == body.seq for open_dispute in record.disputes):
        return Rejection(rules.DISPUTE, f"no dispute of entry {body.seq} is open")
    if not body.roll_back:
        return Accepted(rules.DISPUTE, [DisputeResolved(body.seq, True, body.note)])
    first = undo.decision_at(body.seq)
    if (refused := unreachable(ruleset, undo, first, rules.DISPUTE)) is not None:
        return refused
    shown = undo.shown_since(first)
    resolved = DisputeResolved(body.seq, False, body.note)
    return Accepted(rules.DISPUTE, [resolved, SetAside(first, record.seq, "dispute", shown)])


def unreachable(ruleset: Ruleset, undo: Undo, first: int, rule: str) -> Rejection | None:
    """Why the match cannot be set back to before entry `first`, or None."""
    if undo.within_set_aside(first):
        return Rejection(rule, f"entry {first} is set aside already")
    if first < undo.reach:
        why = f"entry {first} is older than the {UNDO_DECISIONS} decisions a match goes back"
        return Rejection(rule, why)
    if undo.state_before(first, ruleset.evolve) is None:
        return Rejection(rule, "the match's setup is not set aside: open another match")
    return None
