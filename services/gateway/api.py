"""Request and reply shapes of the HTTP API (they are its OpenAPI schema). Requests refuse
fields they do not name: a misspelt field is an error, not a silently ignored wish."""

from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec

from events.clock import Clock, Seconds
from events.messages import MessageRules, MessageText
from events.narration import NarratedLine
from events.ruleset import Description, Option

# Unicode's format characters (Cf): zero-width spaces and joiners, soft hyphens, bidi controls,
# tags; nothing a name shows, all ways to make one pass for another.
FORMAT_CHARACTERS = (
    r"\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f"
    r"\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    r"\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    r"\U000e0020-\U000e007f"
)
# Names refuse every control and format character, line separators, and lone surrogates; ids
# are plain ASCII.
NAME_PATTERN = rf"^[^\x00-\x1f\x7f-\x9f\u2028\u2029{FORMAT_CHARACTERS}\ud800-\udfff]+$"
ID_PATTERN = r"^[A-Za-z0-9._:/-]+$"

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=ID_PATTERN)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=NAME_PATTERN)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=15)]
Seq = Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)]  # an entry number (a PostgreSQL integer)
Code = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")]
Note = Annotated[str, msgspec.Meta(max_length=200, pattern=NAME_PATTERN[:-2] + "*$")]


class Game(msgspec.Struct, frozen=True):
    name: str
    version: str
    min_seats: int
    max_seats: int
    bots: list[str]  # the levels a bot seat may play at
    options: dict[str, Option] = {}  # the match options it takes, by name


class RequestBody(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a client sends."""


class BotSeat(RequestBody):
    seat: Seat
    bot: Name = "greedy"


class NewMatch(RequestBody):
    seats: Annotated[int, msgspec.Meta(ge=1, le=16)]
    game: Name | None = None  # the server's default game (GET /games lists it first)
    bots: list[BotSeat] = []
    options: dict[str, Any] = {}
    match_id: Id | None = None
    clock: Clock | None = None  # none: nobody is ever timed out
    name: Annotated[str, msgspec.Meta(max_length=60, pattern=NAME_PATTERN)] | None = None
    unrated: bool = False  # true: no player's rating counts its result
    # who joins must have this share of decisions on time in the game (with a player token)
    min_reliability: Annotated[float, msgspec.Meta(ge=0, le=1)] | None = None
    # what seats may write to each other; none given: public messages, signed
    messages: MessageRules = MessageRules("public")
    organiser_take_backs: bool = False  # true: the organiser may grant a take-back alone


class NewFork(RequestBody):
    """A practice match forked after entry `at` of another, its seats left open but for bots."""

    at: Annotated[int, msgspec.Meta(ge=1)]
    bots: list[BotSeat] = []


class ForkAsked(msgspec.Struct, frozen=True):
    match_id: str  # the fork's, listed in the lobby once the bots worker has made it
    of: str
    at: int
    seat: int | None  # whose view it takes; None: the whole record of an ended match


class Absence(RequestBody):
    days: Annotated[int, msgspec.Meta(ge=1, le=366)]


class Extend(RequestBody):
    by_s: Seconds
    note: Note = ""


class Message(RequestBody):
    """A message to every seat (`to` empty) or to the seats in `to`; unsigned where the match
    allows it. An organiser's to everyone is its announcement."""

    text: MessageText
    to: Annotated[list[Seat], msgspec.Meta(max_length=16)] = []
    signed: bool = True


class Hide(RequestBody):
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=NAME_PATTERN)]


class MessageRead(msgspec.Struct, frozen=True):
    """A message as its reader may read it."""

    seq: int  # its entry
    writer: str  # a name, `the organiser`, or `anonymous`
    writer_seat: int | None  # a signed seat's; None for the organiser's and unsigned ones
    to: list[int]  # empty: everyone
    text: str  # empty once hidden
    hidden: str | None  # who hid it and why
    at: str  # when it was written (ISO 8601, UTC)
    unread: bool  # after the last message the seat marked read


class MessagesReply(msgspec.Struct, frozen=True):
    match_id: str
    rules: MessageRules
    messages: list[MessageRead]
    muted: list[int]  # the seats whose signed messages the reader does not read


class NewDispute(RequestBody):
    seq: Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1)]  # the entry whose ruling is disputed
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class Resolution(RequestBody):
    roll_back: bool  # false: the ruling is upheld
    note: Annotated[str, msgspec.Meta(max_length=500)] = ""


class NewVersion(RequestBody):
    version: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]  # of the match's game


class NewPlayer(RequestBody):
    name: Name


class PlayerIssued(msgspec.Struct, frozen=True):
    player_id: str
    name: str
    token: str  # shown once: it proves the player, and acts for the seats it joins
    expires_at: str


class Player(msgspec.Struct, frozen=True):
    player_id: str
    name: str
    expires_at: str | None


class MyMatch(msgspec.Struct, frozen=True):
    """One of a player's seats, as "my games" lists them: waiting on the player first, the
    soonest deadline first among them."""

    match_id: str
    game: str
    status: str
    seat: int
    holds: bool  # false once the seat went to a bot or another player
    waiting: bool  # the match waits for this seat's decision now
    due: str | None  # the seat's deadline, if its clock runs one
    left_s: int | None  # seconds left before it (negative: past it, in its grace)
    round: int | None
    phase: str | None
    seq: int
    last_activity: str
    chosen: bool = False  # it made a sealed choice, which it may change until all have chosen


class NewInvite(RequestBody):
    expires_s: Annotated[int, msgspec.Meta(ge=1, le=366 * 24 * 3600)] | None = None


class Invite(msgspec.Struct, frozen=True):
    match_id: str
    seat: int
    code: str  # shown once; the seat is reserved for it until it is used or expires
    expires_at: str


class NewSeatLink(RequestBody):
    expires_s: Annotated[int, msgspec.Meta(ge=1, le=300)] | None = None  # default: 5 minutes


class SeatLink(msgspec.Struct, frozen=True):
    match_id: str
    seat: int
    path: str  # the web page that signs a browser in to the seat, once, until expires_at
    expires_at: str


class Replace(RequestBody):
    player: Name
    player_id: Id | None = None  # the player whose token is to act for the seat
    note: Note = ""


class Replaced(msgspec.Struct, frozen=True):
    decision_id: str
    token: str  # the new player's seat token, acting once the replacement is accepted
    revoked: int  # the former player's tokens revoked


class HandOver(RequestBody):
    level: Annotated[str, msgspec.Meta(max_length=40, pattern=NAME_PATTERN)] | None = None
    note: Note = ""


class OpenView(RequestBody):
    note: Note = ""


class Revoked(msgspec.Struct, frozen=True):
    revoked: int


class MatchOpened(msgspec.Struct, frozen=True):
    match_id: str
    decision_id: str


NoticeKind = Literal["turn", "reminder", "timeout", "message", "correction", "ended"]
NOTICE_KINDS: tuple[NoticeKind, ...] = (
    "turn",
    "reminder",
    "timeout",
    "message",
    "correction",
    "ended",
)


class Mail(RequestBody):
    """Where a seat's mail goes and what it wants to hear (answers to its mails always come)."""

    address: Annotated[
        str, msgspec.Meta(max_length=254, pattern=r"^[^@\s<>,;:\"()\[\]\\]+@[A-Za-z0-9.-]+$")
    ]
    kinds: list[NoticeKind] = msgspec.field(default_factory=lambda: list(NOTICE_KINDS))
    digest_s: Annotated[int, msgspec.Meta(ge=0, le=7 * 86400)] = 0  # one mail per this long
    remind_s: Annotated[int, msgspec.Meta(ge=0, le=7 * 86400)] = 3600  # before a deadline


class MailSet(msgspec.Struct, frozen=True):
    address: str
    kinds: list[str]
    digest_s: int
    remind_s: int
    reply_address_made: bool  # the mail worker has given the seat its reply address
    confirmed: bool  # its reader replied `confirm`: until then it gets nothing but that request


class Webhook(RequestBody):
    """Where a seat's notices are posted, and in which format: Discord's or Slack's incoming
    webhook, or a generic JSON body signed with the secret the answer gives."""

    url: Annotated[str, msgspec.Meta(max_length=2000, pattern=r"^https?://")]
    format: Literal["json", "discord", "slack"] = "json"
    kinds: list[NoticeKind] = msgspec.field(default_factory=lambda: list(NOTICE_KINDS))
    remind_s: Annotated[int, msgspec.Meta(ge=0, le=7 * 86400)] = 3600  # before a deadline


class WebhookSet(msgspec.Struct, frozen=True):
    url: str
    format: str
    kinds: list[str]
    remind_s: int
    secret: str  # the key of the JSON body's X-Starledger-Signature (HMAC-SHA256, hex)


class Notices(RequestBody):
    """What a player hears of all their seats: by mail, by webhook, or (null) not that way."""

    mail: Mail | None = None
    webhook: Webhook | None = None


class NoticesSet(msgspec.Struct, frozen=True):
    mail: Mail | None
    webhook: Webhook | None
    secret: str  # signs the JSON webhook body of every seat set from these
    seats: int  # the seats held now that took them


class Join(RequestBody):
    seat: Seat
    player: Name | None = None  # needed without a player token; with one, the player's name
    invite: Code | None = None  # the code of a seat reserved for an invite
    mail: Mail | None = None  # play (or hear of the match) by mail


class Joined(msgspec.Struct, frozen=True):
    match_id: str
    seat: int
    token: str  # acts for the seat once the claim (decision_id) is accepted
    decision_id: str


class Submit(RequestBody):
    decision_id: Id
    body: Annotated[
        dict[str, Any],
        msgspec.Meta(
            description="one of the match's game's decisions, by its `type`: a field the game"
            " does not name, at any depth, is refused (422), and so is text past 2,000"
            " characters or a list past 256 entries, or past a tighter bound the game's"
            " decision types declare"
        ),
    ]
    seen_seq: Seq | None = None


class Say(RequestBody):
    text: Annotated[str, msgspec.Meta(min_length=1, max_length=2000)]
    decision_id: Id | None = None
    seen_seq: Seq | None = None


class Submitted(msgspec.Struct, frozen=True):
    decision_id: str


class Help(msgspec.Struct, frozen=True):
    help: str


def verdict(accepted: bool | None) -> str:
    """A ruling's status once judged: `sealed` for another seat's sealed choice until the
    reveal, whose verdict is kept as the rest of it is."""
    if accepted is None:
        return "sealed"
    return "accepted" if accepted else "rejected"


class Ruling(msgspec.Struct, frozen=True):
    decision_id: str
    status: str  # pending, accepted, rejected or sealed (`verdict`)
    rule: str | None = None
    reason: str | None = None
    first_seq: int | None = None
    last_seq: int | None = None
    # a sealed window's answer, held off the numbered record until the window closes (SL-28):
    # read by its seat alone, it has no entries yet
    held: bool = False


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
    texts: list[str] = []  # each decision as its text command, in the same order; "" if none


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
    entries: list[NarratedLine]


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
    asked: Any  # the decision as sent (a new match's without its seed)
    accepted: bool | None  # None: another seat's sealed choice, until the reveal
    rule: str
    reason: str
    caused: list[str]  # the kind of each entry, first_seq onwards
    hash_before: str  # "sealed" while the state holds a sealed choice not yet revealed
    hash_after: str  # the same
    read: Any  # a text decision as its game read it; None for any other
    rule_text: str  # the rule in the rulebook's words
    narration: list[NarratedLine]  # every entry it caused, for the eyes of the seat that decided


class NewLeague(RequestBody):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=60, pattern=NAME_PATTERN)]
    game: Name | None = None
    seats: Annotated[int, msgspec.Meta(ge=2, le=16)] = 2
    pairing: Literal["swiss", "round_robin"] = "swiss"
    rounds: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0  # round robin: 0 plays every pair
    options: dict[str, Any] = {}
    clock: Clock | None = None  # every match's; none: nobody is ever timed out
    players: Annotated[int, msgspec.Meta(ge=2, le=1000)] | None = None  # round 1 once full
    starts_at: datetime | None = None  # round 1 then, with whoever signed up
    min_reliability: Annotated[float, msgspec.Meta(ge=0, le=1)] | None = None  # on time, 0-1
    # a round opens no sooner than this after the one before (a weekly league: 604800)
    round_every_s: Annotated[int, msgspec.Meta(ge=0, le=366 * 86_400)] = 0
    league_id: (
        Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=ID_PATTERN)] | None
    ) = None


class LeagueAsked(msgspec.Struct, frozen=True):
    league_id: str
    entry_id: str  # a refusal by the log names it (`refusals` of the league)


OrderWords = Annotated[str, msgspec.Meta(max_length=200, pattern=NAME_PATTERN[:-2] + "*$")]


class StandingOrder(RequestBody):
    """When asked `prompt` (a prompt the game declares) and `condition` (one it understands, or
    none) holds, answer `answer`: a text command, or alternatives split by `;`, the first legal
    one taken; until `turn` (from its first answer until the turn moves on), `round`, `match`."""

    prompt: Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
    answer: Annotated[OrderWords, msgspec.Meta(min_length=1)]
    condition: OrderWords = ""
    until: Literal["turn", "round", "match"] = "match"


class StandingOrderShown(msgspec.Struct, frozen=True):
    number: int
    prompt: str
    condition: str
    answer: str
    until: str
    left_at: int  # the match's entry when it was left or last changed
    answered: int  # how many times it answered for the seat
    ended_at: int | None = None  # dropped, ran out or withdrawn at this entry
    ended_why: str | None = None


class StandingOrders(msgspec.Struct, frozen=True):
    """Your seat's standing orders (never shown to anyone else), and what they may name."""

    match_id: str
    seat: int
    orders: list[StandingOrderShown]
    prompts: dict[str, str]  # each prompt's name, with what it asks
    conditions: dict[str, list[str]]  # the conditions the game understands, by prompt
    automatic: list[str]  # prompts nobody is asked where they have one legal answer
