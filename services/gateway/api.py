"""Request and reply shapes of the HTTP API (they are its OpenAPI schema)."""

from typing import Annotated, Any

import msgspec

from events.narration import Told
from events.ruleset import Description

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9._:/-]+$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=15)]


class BotSeat(msgspec.Struct, frozen=True):
    seat: Seat
    bot: Name = "greedy"


class NewMatch(msgspec.Struct, frozen=True):
    seats: Annotated[int, msgspec.Meta(ge=1, le=16)]
    game: Name = "core-worlds"
    bots: list[BotSeat] = []
    options: dict[str, Any] = {}
    match_id: Id | None = None


class MatchOpened(msgspec.Struct, frozen=True):
    match_id: str
    decision_id: str


class Join(msgspec.Struct, frozen=True):
    seat: Seat
    player: Name


class Joined(msgspec.Struct, frozen=True):
    match_id: str
    seat: int
    token: str  # acts for the seat once the claim (decision_id) is accepted
    decision_id: str


class Submit(msgspec.Struct, frozen=True):
    decision_id: Id
    body: dict[str, Any]
    seen_seq: Annotated[int, msgspec.Meta(ge=0)] | None = None


class Say(msgspec.Struct, frozen=True):
    text: Annotated[str, msgspec.Meta(min_length=1, max_length=2000)]
    decision_id: Id | None = None
    seen_seq: Annotated[int, msgspec.Meta(ge=0)] | None = None


class Submitted(msgspec.Struct, frozen=True):
    decision_id: str
    decision: dict[str, Any] | None = None  # what a text command was read as


class Help(msgspec.Struct, frozen=True):
    help: str


class Ruling(msgspec.Struct, frozen=True):
    decision_id: str
    status: str  # pending, accepted or rejected
    rule: str | None = None
    reason: str | None = None
    first_seq: int | None = None
    last_seq: int | None = None


class SeatViewReply(msgspec.Struct, frozen=True):
    match_id: str
    seat: int | None
    seq: int
    view: dict[str, Any]
    description: Description  # the view laid out for any renderer, by its game


class LegalReply(msgspec.Struct, frozen=True):
    match_id: str
    seat: int
    seq: int
    decisions: list[dict[str, Any]]


class ReplayReply(msgspec.Struct, frozen=True):
    match_id: str
    seq: int
    over: bool
    full: bool
    shown: Any
    narration: str  # entry `seq` in a line, for the same eyes as `shown`
    description: Description | None  # None before the game's first event


class NarrationReply(msgspec.Struct, frozen=True):
    match_id: str
    seat: int | None  # whose eyes the lines are for; None: the public's
    entries: list[Told]


class Explanation(msgspec.Struct, frozen=True):
    """The decision behind some entries, as the audit trail keeps it, told in words."""

    match_id: str
    decision_id: str
    first_seq: int
    last_seq: int
    ruling_seq: int
    seat: int | None
    sender: str
    sent_at_ms: int
    recorded_at_ms: int
    asked: Any  # the decision as sent; the seed sealed until the match reveals it
    accepted: bool
    rule: str
    reason: str
    caused: list[str]  # the kind of each entry, first_seq onwards
    hash_before: str
    hash_after: str
    sealed: bool  # `asked` still hides the seed
    rule_text: str  # the rule in the rulebook's words
    narration: list[Told]  # every entry it caused, for the eyes of the seat that decided
