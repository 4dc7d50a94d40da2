"""Messages on a match's log: the organiser's to every player (`Announce`), and a seat's (or the
organiser's) to everyone or privately to chosen seats (`WriteMessage`), signed or, where the
match allows it, anonymous. They are on the log, so a replay keeps each where it was said;
who may read one is `projections.secrecy`'s to decide. They change nothing in the match."""

from typing import Annotated, Literal

import msgspec

from events.storable import Int32

MAX_MESSAGE = 1000  # characters of a message: a long letter, not a book (SL-21)
MESSAGES_PER_WINDOW = 10  # a seat's messages within MESSAGE_WINDOW_MS (SL-22)
MESSAGE_WINDOW_MS = 60_000

MessageText = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_MESSAGE)]
Recipients = Annotated[list[Int32], msgspec.Meta(max_length=16)]


class MessageRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a match lets its seats write, chosen when it is opened (so before any seat is taken):
    `allowed` none, public only, or public and private; `anonymous`: a seat may leave a message
    unsigned; `organiser_reads`: the organiser reads private messages too."""

    allowed: Literal["none", "public", "private"] = "none"
    anonymous: bool = False
    organiser_reads: bool = False


NO_MESSAGES = MessageRules()


def rules_words(rules: MessageRules) -> str:
    """The rules in a line, for the join page and the lobby."""
    if rules.allowed == "none":
        return "no messages between players"
    kinds = "public and private messages" if rules.allowed == "private" else "public messages"
    signed = "signed or anonymous" if rules.anonymous else "signed"
    eyes = "; the organiser reads private ones" if rules.organiser_reads else ""
    eyes = eyes if rules.allowed == "private" else ""
    return f"{kinds}, {signed}{eyes}"


class Announce(msgspec.Struct, frozen=True, tag="match.announce"):
    """The organiser writes `text` to every player of the match."""

    text: MessageText


class Announced(msgspec.Struct, frozen=True, tag="match.announced"):
    text: str


def announced_line(body: Announced) -> str:
    return f"the organiser wrote to the players: {body.text!r}"


class WriteMessage(msgspec.Struct, frozen=True, tag="match.write"):
    """The deciding seat (or the organiser) writes `text` to every seat (`to` empty) or only to
    the seats in `to`; unsigned (`signed` false), where the match allows it, no reader is told
    who wrote it. The text's bounds are judged (SL-21), so a refusal says why."""

    text: str
    to: Recipients = []
    signed: bool = True


class MessageWritten(msgspec.Struct, frozen=True, tag="match.message"):
    """A message as it was written: `by` the seat (None: the organiser), `to` the seats it is
    for (empty: everyone). The whole is kept from every reader `projections.secrecy` does
    not name."""

    by: Int32 | None
    text: str
    to: list[Int32] = []
    signed: bool = True

    @property
    def private(self) -> bool:
        return bool(self.to)


class HideMessage(msgspec.Struct, frozen=True, tag="match.hide_message"):
    """The organiser hides the message written at entry `seq` from every reader, for `reason`."""

    seq: Int32
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class MessageHidden(msgspec.Struct, frozen=True, tag="match.message_hidden"):
    """Who hid the message of entry `seq`, and why: every reader reads this line."""

    seq: Int32
    by: str
    reason: str


MESSAGE_DECISIONS = (Announce, WriteMessage, HideMessage)
MESSAGE_ENTRIES = (Announced, MessageWritten, MessageHidden)


PRIVATE_LINE = "a private message was written"
UNSIGNED_LINE = "an unsigned message was written to everyone"
SIGNED_ENDING = " wrote a message to everyone"


def message_line(body: MessageWritten, names: list[str]) -> str:
    """A message's line in the match's story, the same for every eyes: who wrote to everyone,
    never its text (readers read it where `projections.secrecy` lets them, and a hidden one
    must not stay in the story), nor who wrote a private or unsigned one."""
    if body.private:
        return PRIVATE_LINE
    if not body.signed:
        return UNSIGNED_LINE
    who = "the organiser" if body.by is None else _named(names, body.by)
    return who + SIGNED_ENDING


def tells_a_message(line: str) -> bool:
    """Whether a story line is a message's (`message_line`): a reader's cue to read it."""
    return line in (PRIVATE_LINE, UNSIGNED_LINE) or line.endswith(SIGNED_ENDING)


def hidden_line(body: MessageHidden) -> str:
    return f"{body.by} hid the message of entry {body.seq}: {body.reason}"


def _named(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"
