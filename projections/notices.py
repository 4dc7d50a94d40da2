"""Notices: what each seat with a mail address or a webhook is to hear, as deliveries in the outbox
(`mail_outbox`, a row per channel). From the log: its turn began (it is among the seats the game
must hear from, and was not after the entry before; a `window` notice with its deadline where a
response window asks it, worded as a window, never as its turn), a deadline of its was reached
(excused too) or a bot decided for it, it was handed to a bot (told to the player who held it),
the organiser wrote to the players, a message it may read was written
(`secrecy.message_readers`; not to its writer, nor to a seat that muted it), a take-back was
asked, a ruling disputed or resolved, entries set aside (the line names what was seen
meanwhile), the match moved to another version of its game, the match ended; and a seat hears
that its own take-back was refused. Each delivery's id is made of its match, seat, kind and
entry (and channel), and a row once written is kept (sent or not), so a rebuild or a worker
replaying a batch records nothing twice. Only seats whose address (or webhook target) was set
before the entry hear of it."""

import time
from typing import Any

import msgspec

from events.clock import DeadlineReached, DefaultApplied, SeatHandedToBot
from events.corrections import (
    Disputed,
    DisputeResolved,
    SetAside,
    TakeBackAnswered,
    TakeBackAsked,
)
from events.envelope import SeedRevealed
from events.held_answers import answered
from events.match import EndedMatch, MatchRecord
from events.messages import Announced, MessageRules, MessageWritten
from events.platform_rules import BOT_PREFIX
from events.ruleset import Ruleset, get_ruleset, in_window
from events.upgrades import Upgraded
from projections.projection import Folded, Projection
from projections.secrecy import PUBLIC, message_readers
from projections.window_asks import window_asks
from projections.writes import Write

# What every seat hears of: whoever asked, the others are concerned.
_CORRECTIONS = (TakeBackAsked, Disputed, DisputeResolved, SetAside, Upgraded)
# Where notices go: the channel, its deliveries' id prefix, the table of seats that want them.
CHANNELS = (("mail", "", "mail_seats"), ("webhook", "hook:", "webhook_seats"))


class Notices(Projection):
    name = "notices"
    tables = ("notice_waiting",)  # the outbox is a record of deliveries, never emptied

    def __init__(self) -> None:
        self.steps: list[_Heard] = []
        self.must: dict[str, tuple[int, ...]] = {}  # each match's, as of its last step taken

    def take(self, folded: Folded) -> None:
        match = folded.match
        if isinstance(match, EndedMatch):  # a late ruling after the end: nobody is told
            return
        running = match.state is not None and not match.over and not match.open_seats
        ruleset = get_ruleset(match.ruleset)
        waited = ruleset.waiting(match.state).must if running else ()
        # a seat whose answer a sealed window holds is asked no more (SL-28)
        must = tuple(s for s in waited if not answered(match, ruleset, s))
        before = self.must.get(match.match_id, ())  # seats already waited for: not told anew
        self.must[match.match_id] = must
        windows = {
            s: _window(ruleset, match, s)
            for s in must
            if s not in before and in_window(ruleset, match.state, s)
        }
        handed = [e.body for e in folded.entries if isinstance(e.body, SeatHandedToBot)]
        timed_out = {
            e.body.seat
            for e in folded.entries
            if isinstance(e.body, DefaultApplied)
            or (isinstance(e.body, DeadlineReached) and e.body.outcome != "released")
        } - {h.seat for h in handed}  # the seat hears it once a step; handed over, as such
        people = tuple(
            s for s, h in enumerate(match.seat_players) if h and not h.startswith(BOT_PREFIX)
        )
        answers = [e.body for e in folded.entries if isinstance(e.body, TakeBackAnswered)]
        refused = tuple(a.asker for a in answers if not a.accept and a.asker is not None)
        written = [
            _Written(_readers(e.body, match.messages, people), e.body.by if e.body.signed else None)
            for e in folded.entries
            if isinstance(e.body, MessageWritten)
        ]
        self.steps.append(
            _Heard(
                match.match_id,
                folded.entries[-1].seq,
                must,
                windows,
                timed_out,
                any(isinstance(e.body, SeedRevealed) for e in folded.entries),
                any(isinstance(e.body, Announced) for e in folded.entries),
                any(isinstance(e.body, _CORRECTIONS) for e in folded.entries),
                people,
                handed,
                refused,
                written,
            )
        )

    def writes(self) -> list[Write]:
        """A seat's turn begins where it was not among the seats waited for before: earlier in
        the batch, else as `notice_waiting` holds it, read as the deliveries are written."""
        if not self.steps:
            return []
        waited: dict[str, tuple[int, ...]] = {}  # the batch's matches, as of their last step
        deliveries: list[_Delivery] = []
        for step in self.steps:
            match_id, seq, must = step.match_id, step.seq, step.must
            before = waited.get(match_id)
            for seat in must:
                if seat in step.people and (before is None or seat not in before):
                    deliveries.append(_turn(step, seat, before is None))
            deliveries += [_delivery(match_id, s, "timeout", seq) for s in sorted(step.timed_out)]
            deliveries += [_handed(match_id, seq, h) for h in step.handed]
            if step.announced:
                deliveries += [_delivery(match_id, s, "message", seq) for s in step.people]
            for message in step.written:
                deliveries += [
                    msgspec.structs.replace(
                        _delivery(match_id, s, "message", seq), writer=message.by
                    )
                    for s in message.readers
                ]
            if step.corrected:
                deliveries += [_delivery(match_id, s, "correction", seq) for s in step.people]
            deliveries += [_delivery(match_id, s, "correction", seq) for s in step.refused]
            if step.ended:
                deliveries += [_delivery(match_id, s, "ended", seq) for s in step.people]
            waited[match_id] = must
        sent = [Write(_OUTBOX, _Outbox(deliveries, int(time.time() * 1000)))] if deliveries else []
        rows = [{"match_id": m, "must": must} for m, must in waited.items()]
        return [*sent, Write(_WAITING, rows)]


class _Heard(msgspec.Struct, frozen=True):
    """What one step of a match gives its seats to hear of."""

    match_id: str
    seq: int  # of the step's last entry
    must: tuple[int, ...]  # the seats the game must hear from
    windows: dict[int, dict[str, Any]]  # those a response window asks, with its deadline
    timed_out: set[int]
    ended: bool
    announced: bool  # the organiser wrote to the players
    corrected: bool  # a take-back asked, a dispute filed or resolved, entries set aside, a move
    people: tuple[int, ...]  # the seats players (not bots) hold
    handed: list[SeatHandedToBot]  # seats handed to a bot: told to the player who held them
    refused: tuple[int, ...]  # seats whose take-back was refused: told to them alone
    written: list["_Written"]  # messages between players


class _Written(msgspec.Struct, frozen=True):
    readers: tuple[int, ...]  # the people who may read it, its writer left out
    by: int | None  # a signed message's seat, which its readers may have muted


def _readers(body: MessageWritten, rules: MessageRules, people: tuple[int, ...]) -> tuple[int, ...]:
    eyes = message_readers(body, rules)
    readers = people if PUBLIC in eyes else tuple(s for s in people if s in eyes)
    return tuple(s for s in readers if s != body.by)


class _Delivery(msgspec.Struct, frozen=True):
    id: str  # its delivery_id, less the channel's prefix
    match_id: str
    seat: int
    kind: str
    seq: int
    unless_waited: bool  # only if `notice_waiting` did not list the seat already
    # a hand-over's: whom it is for, and how it was made; a window's: its deadline, if any
    detail: dict[str, Any] | None = None
    writer: int | None = None  # a message's signed seat: not told to a seat that muted it


def _delivery(
    match_id: str, seat: int, kind: str, seq: int, unless_waited: bool = False
) -> _Delivery:
    return _Delivery(f"{kind}:{seq}:{seat}:{match_id}", match_id, seat, kind, seq, unless_waited)


def _turn(step: _Heard, seat: int, unless_waited: bool) -> _Delivery:
    """A seat's turn began, or a response window asks it: told to that seat alone."""
    if seat not in step.windows:
        return _delivery(step.match_id, seat, "turn", step.seq, unless_waited)
    window = _delivery(step.match_id, seat, "window", step.seq, unless_waited)
    return msgspec.structs.replace(window, detail=step.windows[seat])


def _window(ruleset: Ruleset, match: MatchRecord, seat: int) -> dict[str, Any]:
    """What the window asks of the seat it asks, in words, and its deadline, if it has one,
    with the clock's zone to tell it in: that seat's alone."""
    asks = window_asks(ruleset, match, seat)
    timing = match.timing
    deadline = timing.deadlines.get(seat) if timing is not None else None
    if timing is None or deadline is None:
        return asks
    return {"due_ms": deadline.due_ms, "zone": timing.clock.zone, **asks}


def _handed(match_id: str, seq: int, handed: SeatHandedToBot) -> _Delivery:
    """For the player who held the seat, though it is no longer theirs."""
    detail = {k: getattr(handed, k) for k in ("player", "level", "reason", "note")}
    return msgspec.structs.replace(_delivery(match_id, handed.seat, "handed", seq), detail=detail)


class _Outbox(msgspec.Struct, frozen=True):
    deliveries: list[_Delivery]
    now_ms: int


# The seats that want notices, on each channel they want them.
_WANTED = " UNION ALL ".join(
    f"SELECT match_id, seat, from_seq, '{channel}' AS channel, '{prefix}' AS prefix FROM {seats}"
    for channel, prefix, seats in CHANNELS
)
# Every delivery, on every channel its seat wants it ($1's time read once, by a subquery, not
# parsed out of all of $1 for each row).
_OUTBOX = (
    "INSERT INTO mail_outbox (delivery_id, match_id, seat, kind, upto_seq, created_ms, next_ms,"
    " channel, detail) SELECT c.prefix || u.id, u.match_id, u.seat, u.kind, u.seq,"
    " (SELECT ($1->>'now_ms')::bigint), (SELECT ($1->>'now_ms')::bigint), c.channel, u.detail"
    " FROM json_to_recordset($1->'deliveries') AS u(id text, match_id text, seat int,"
    " kind text, seq int, unless_waited boolean, detail jsonb, writer int)"
    f" JOIN ({_WANTED}) AS c"
    " ON c.match_id = u.match_id AND c.seat = u.seat AND u.seq > c.from_seq"
    " WHERE NOT (u.unless_waited AND EXISTS (SELECT 1 FROM notice_waiting AS w"
    " WHERE w.match_id = u.match_id AND u.seat = ANY(w.must)))"
    " AND NOT EXISTS (SELECT 1 FROM message_mutes AS m WHERE m.match_id = u.match_id"
    " AND m.seat = u.seat AND m.muted = u.writer)"
    " ON CONFLICT (delivery_id) DO NOTHING"
)
_WAITING = (
    "INSERT INTO notice_waiting (match_id, must) SELECT u.match_id, u.must"
    " FROM json_to_recordset($1) AS u(match_id text, must integer[])"
    " ON CONFLICT (match_id) DO UPDATE SET must = EXCLUDED.must"
)
