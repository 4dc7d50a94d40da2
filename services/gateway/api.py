"""Request and reply shapes of the HTTP API (they are its OpenAPI schema)."""

from typing import Annotated, Any

import msgspec

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9._:/-]+$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=15)]


class Game(msgspec.Struct, frozen=True):
    name: str
    version: str
    min_seats: int
    max_seats: int
    bots: list[str]  # the levels a bot seat may play at


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
