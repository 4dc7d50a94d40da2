"""Messages, judged: a seat's (or the organiser's) to everyone or to chosen seats, within what
the match's options allow (SL-21) and a seat's pace (SL-22); and the organiser hiding one, on
the log with its reason (SL-23). A message is never a seat's sealed choice, and never makes
a seat's view stale: it changes nothing in the match."""

from contextlib import suppress
from typing import Union

import msgspec

from events import platform_rules as rules
from events.envelope import Decision
from events.match import MatchRecord
from events.messages import (
    MAX_MESSAGE,
    MESSAGE_WINDOW_MS,
    MESSAGES_PER_WINDOW,
    HideMessage,
    MessageHidden,
    MessageWritten,
    WriteMessage,
)
from events.ruleset import Accepted, Rejection, Ruleset
from services.rules.deadlines import EntryWriter

_message_decision = msgspec.json.Decoder(Union[WriteMessage, HideMessage])  # noqa: UP007
_TAGS = (b'"match.write"', b'"match.hide_message"')


def judged(writer: EntryWriter, record: MatchRecord, ruleset: Ruleset, decision: Decision) -> bool:
    """Judge `decision` if it writes or hides a message; False for any other."""
    raw = bytes(decision.body)
    if record.platform_rules < rules.MESSAGES or not any(tag in raw for tag in _TAGS):
        return False  # an older match's judge knew no messages: the game's judge refuses it
    body = None
    with suppress(msgspec.DecodeError):  # malformed: the judge's to refuse
        body = _message_decision.decode(raw)
    if body is None:
        return False
    if isinstance(body, HideMessage):
        verdict = _hiding(record, decision, body)
    else:
        verdict = _writing(record, decision, body, writer.now_ms)
    writer.ruling(ruleset, decision.body, verdict, public=True)
    if isinstance(verdict, Accepted):
        for event in verdict.events:
            writer.write(event, ruleset)
    return True


def _writing(
    record: MatchRecord, decision: Decision, body: WriteMessage, now_ms: int
) -> Accepted | Rejection:
    organiser = decision.sender == rules.ORGANISER and decision.seat is None
    seat = decision.seat
    if not organiser and (
        seat is None or not 0 <= seat < record.seats or record.seat_players[seat] != decision.sender
    ):
        return Rejection(rules.SEAT, f"seat {seat} is not held by {decision.sender!r}")
    allowed = record.messages
    if not organiser and allowed.allowed == "none":
        return Rejection(rules.MESSAGE, "this match takes no messages between players")
    if not body.text.strip() or len(body.text) > MAX_MESSAGE:
        why = f"a message holds 1 to {MAX_MESSAGE} characters, not only spaces; this one"
        return Rejection(rules.MESSAGE, f"{why} holds {len(body.text)}")
    if body.to:
        if not organiser and allowed.allowed != "private":
            return Rejection(rules.MESSAGE, "this match takes public messages only")
        if len(set(body.to)) != len(body.to) or any(not 0 <= s < record.seats for s in body.to):
            why = f"write to seats of this match, each once (0 to {record.seats - 1})"
            return Rejection(rules.MESSAGE, why)
        if body.to == [seat]:
            return Rejection(rules.MESSAGE, "a message to yourself alone is a note: keep it")
    if not body.signed and (organiser or not allowed.anonymous):
        return Rejection(rules.MESSAGE, "messages in this match are signed")
    if seat is not None and not organiser:
        latest = record.written_ms[seat] if seat < len(record.written_ms) else []
        if len(latest) >= MESSAGES_PER_WINDOW and now_ms - latest[-MESSAGES_PER_WINDOW] < (
            MESSAGE_WINDOW_MS
        ):
            why = f"at most {MESSAGES_PER_WINDOW} messages a minute: wait a little"
            return Rejection(rules.MESSAGE_RATE, why)
    written = MessageWritten(None if organiser else seat, body.text, body.to, body.signed)
    return Accepted(rules.MESSAGE, [written])


def _hiding(record: MatchRecord, decision: Decision, body: HideMessage) -> Accepted | Rejection:
    if decision.sender != rules.ORGANISER:
        return Rejection(rules.HIDE_MESSAGE, "only the organiser hides a message")
    if body.seq not in record.shown_messages:
        why = f"entry {body.seq} is no message shown (none was written there, or it is hidden)"
        return Rejection(rules.HIDE_MESSAGE, why)
    return Accepted(rules.HIDE_MESSAGE, [MessageHidden(body.seq, rules.ORGANISER, body.reason)])
