"""The organiser's tools for who sits where, and its messages, judged: a held seat's player
replaced (the new one gets a fresh deadline where the clock runs one), or the seat handed to
the game's bot for good; either way the former player's decisions for the seat are refused
from then on (`deadlines.judged`). A message to the players is on the log as said."""

from contextlib import suppress
from typing import Any, Union

import msgspec

from events import platform_rules as rules
from events.clock import DeadlineCleared, SeatHandedToBot
from events.envelope import Decision
from events.match import MatchRecord
from events.messages import Announce, Announced
from events.ruleset import Accepted, Rejection, Ruleset
from events.seats import (
    SEAT_DECISIONS,
    HandToBot,
    OpenSeatView,
    ReplacePlayer,
    SeatReplaced,
    SeatViewOpened,
)
from services.rules.deadlines import EntryWriter

_organiser_decision = msgspec.json.Decoder(Union[(*SEAT_DECISIONS, Announce)])
_TAGS = (
    b'"match.replace_player"',
    b'"match.hand_to_bot"',
    b'"match.open_seat_view"',
    b'"match.announce"',
)


def judged(writer: EntryWriter, record: MatchRecord, ruleset: Ruleset, decision: Decision) -> bool:
    """Judge `decision` if it is a seat tool; False for any other."""
    raw = bytes(decision.body)
    if not any(tag in raw for tag in _TAGS):
        return False
    body = None
    with suppress(msgspec.DecodeError):  # malformed: the judge's to refuse
        body = _organiser_decision.decode(raw)
    if body is None:
        return False
    verdict = _verdict(record, ruleset, decision, body)
    # an opening is the organiser's act for all to read, never the seat's sealed choice
    writer.ruling(ruleset, decision.body, verdict, public=isinstance(body, OpenSeatView))
    if isinstance(verdict, Accepted):
        for event in verdict.events:
            record = writer.write(event, ruleset)
        writer.settle(ruleset, record)
    return True


def _verdict(
    record: MatchRecord,
    ruleset: Ruleset,
    decision: Decision,
    body: ReplacePlayer | HandToBot | OpenSeatView | Announce,
) -> Accepted | Rejection:
    seat = decision.seat
    if isinstance(body, Announce):
        if decision.sender != rules.ORGANISER:
            return Rejection(rules.ANNOUNCE, "only the organiser writes to the players")
        return Accepted(rules.ANNOUNCE, [Announced(body.text)])
    if isinstance(body, OpenSeatView):
        if decision.sender != rules.ORGANISER:
            return Rejection(rules.SEAT_VIEW, "only the organiser opens a seat's information")
        if seat is None or not 0 <= seat < record.seats:
            return Rejection(rules.SEAT, f"seat {seat} is not a seat of this match")
        return Accepted(rules.SEAT_VIEW, [SeatViewOpened(seat, record.seq, body.note)])
    if decision.sender != rules.ORGANISER:
        return Rejection(rules.SEAT_HOLDER, "only the organiser changes who holds a seat")
    if seat is None or not 0 <= seat < record.seats:
        return Rejection(rules.SEAT, f"seat {seat} is not a seat of this {record.seats}-seat match")
    seated = record.seat_players[seat]
    if seated is None:
        return Rejection(rules.SEAT_HOLDER, f"seat {seat} is open: a player joins it")
    events: list[Any] = []
    if record.timing is not None and (
        seat in record.timing.deadlines or seat in record.timing.late
    ):
        events.append(DeadlineCleared(seat=seat))  # the newcomer's time starts afresh
    match body:
        case ReplacePlayer(player=player, note=note, player_id=player_id):
            if rules.reserved(player):
                why = f"{player!r} is a name only the platform gives; hand the seat to a bot"
                return Rejection(rules.RESERVED_NAME, why)
            replaced = SeatReplaced(seat, player, seated, note, player_id)
            return Accepted(rules.SEAT_HOLDER, [*events, replaced])
        case HandToBot(level=level, note=note):
            if seated.startswith(rules.BOT_PREFIX):
                return Rejection(rules.SEAT_HOLDER, f"seat {seat} is played by {seated} already")
            if not ruleset.bots:
                return Rejection(rules.SEAT_HOLDER, f"{ruleset.name} has no bot to take the seat")
            level = level or (record.timing.clock.level if record.timing else "")
            level = level or next(iter(ruleset.bots))
            if level not in ruleset.bots:
                why = f"no bot {level!r} of {ruleset.name}; bots: {', '.join(ruleset.bots)}"
                return Rejection(rules.SEAT_HOLDER, why)
            handed = SeatHandedToBot(seat, level, seated, "organiser", note)
            return Accepted(rules.SEAT_HOLDER, [*events, handed])
    raise TypeError(f"no seat decision {body!r}")
