"""Envelopes on the two topics: decisions in, match-log entries out.

A decision's body and an entry's body are game-specific; envelopes carry them
as raw JSON until the match's ruleset names their types (see `events.codec`).
"""

from typing import Annotated, Any, Generic, TypeVar

import msgspec

from events.clock import CLOCK_DECISIONS, CLOCK_ENTRIES, Clock
from events.corrections import CORRECTION_ENTRIES
from events.messages import MESSAGE_DECISIONS, MESSAGE_ENTRIES, MessageRules
from events.seats import SEAT_DECISIONS, SEAT_ENTRIES
from events.standing_orders import OrderCause
from events.storable import Int32, Int64
from events.upgrades import Upgraded

MatchName = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
Share = Annotated[float, msgspec.Meta(ge=0, le=1)]

Body = TypeVar("Body")

SCHEMA = 1  # bumped with an upcaster in `events.upcast` whenever an envelope changes


class Decision(msgspec.Struct, frozen=True, kw_only=True):
    """What a player, bot, timer or organiser asked for. `decision_id` is the idempotency key.
    Its numbers go to integer columns as they are, so they are bounded to fit."""

    decision_id: str
    match_id: str
    seat: Int32 | None
    body: msgspec.Raw
    seen_seq: Int32 | None = None
    sender: str = ""
    sent_at_ms: Int64 = 0
    schema: int = SCHEMA
    # the seat's standing order that sent it (`events.standing_orders`); its seat's secret
    order: OrderCause | msgspec.UnsetType = msgspec.UNSET


# Decisions every game shares (tags start with `match.`; rulesets use other tags).


class ForkOf(msgspec.Struct, frozen=True):
    """Where a fork starts: after entry `seq` of match `match_id`, whole (an ended match, where
    nothing is hidden any more) or as `seat` sees it (a running match's, whatever is hidden
    from the seat dealt anew by `Ruleset.resample`). `state` is that game state, encoded by the
    game's codec: written by the one who forks, carried by the create and its `MatchCreated`
    (the replay read model keeps it for re-judging; no other read model stores it)."""

    match_id: str
    seq: Int32
    seat: Int32 | None = None
    state: bytes = b""


class CreateMatch(msgspec.Struct, frozen=True, tag="match.create"):
    ruleset: str
    seats: int
    options: dict[str, Any] = {}
    seed: str | None = None  # given only to replay a known match; the service draws one otherwise
    clock: Clock | msgspec.UnsetType = msgspec.UNSET  # none: nobody is ever timed out
    name: MatchName | msgspec.UnsetType = msgspec.UNSET  # what its organiser calls it
    unrated: bool | msgspec.UnsetType = msgspec.UNSET  # true: no rating counts its result
    # who joins must have this share of decisions on time in the game (checked at the gateway)
    min_reliability: Share | msgspec.UnsetType = msgspec.UNSET
    messages: MessageRules | msgspec.UnsetType = msgspec.UNSET  # none: no messages
    # true: the organiser may grant or refuse a take-back alone (platform rules 3)
    organiser_take_backs: bool | msgspec.UnsetType = msgspec.UNSET
    # a practice match that starts where another stood (sent by the bots worker, which folds)
    fork: ForkOf | msgspec.UnsetType = msgspec.UNSET


PlayerId = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


class ClaimSeat(msgspec.Struct, frozen=True, tag="match.claim_seat"):
    """`player_id`: the player whose token joined (the gateway's word; never a token), so
    ratings and reliability follow the player rather than a name two may share."""

    player: str
    player_id: PlayerId | msgspec.UnsetType = msgspec.UNSET


class Say(msgspec.Struct, frozen=True, tag="match.say"):
    """A decision written as text (play by message): the rules service reads it with the
    game's `read_text` against the state it holds, and the ruling keeps both."""

    text: str


PLATFORM_DECISIONS = (
    CreateMatch,
    ClaimSeat,
    Say,
    *CLOCK_DECISIONS,
    *SEAT_DECISIONS,
    *MESSAGE_DECISIONS,
)


# Entries every game shares.


class MatchCreated(msgspec.Struct, frozen=True, tag="match.created"):
    ruleset: str
    seats: Int32
    options: dict[str, Any]
    seed_commitment: str  # sha256 of the seed, public from the start
    seed: str  # secret until `SeedRevealed`; only the rules service and full replays read it
    content_digest: str = ""  # `Ruleset.content_digest` of the options: the data it was played with
    clock: Clock | msgspec.UnsetType = msgspec.UNSET  # as the create asked (`events.clock`)
    platform_rules: Int32 = 0  # `events.platform_rules.VERSION` when it was opened
    name: str | msgspec.UnsetType = msgspec.UNSET  # as the create asked; unset: no name
    unrated: bool | msgspec.UnsetType = msgspec.UNSET  # as the create asked; unset: rated
    min_reliability: Share | msgspec.UnsetType = msgspec.UNSET  # as the create asked; unset: none
    messages: MessageRules | msgspec.UnsetType = msgspec.UNSET  # as asked; unset: none
    organiser_take_backs: bool | msgspec.UnsetType = msgspec.UNSET  # as the create asked
    fork: ForkOf | msgspec.UnsetType = msgspec.UNSET  # a fork: never rated, nor in analytics


class SeatClaimed(msgspec.Struct, frozen=True, tag="match.seat_claimed"):
    seat: Int32
    player: str
    player_id: str | msgspec.UnsetType = msgspec.UNSET  # unset: a name alone, or a bot


class Ruling(msgspec.Struct, frozen=True, tag="ruling"):
    """The verdict on one decision; the first entry of every decision's batch."""

    seat: Int32 | None
    sender: str
    sent_at_ms: Int64
    asked: msgspec.Raw  # the decision body as sent (JSON), or a JSON string if it was not JSON
    accepted: bool
    rule: str
    reason: str = ""
    seen_seq: Int32 | None = None  # the entry the player had seen, as the decision said
    read: msgspec.Raw = msgspec.Raw(b"null")  # a `match.say` as its game read it (JSON)
    # true: judging it drew chance (platform rules 3), so taking it back would draw anew
    drew: bool | msgspec.UnsetType = msgspec.UNSET
    # the seat's standing order that decided it: told to that seat alone (`projections.secrecy`)
    order: OrderCause | msgspec.UnsetType = msgspec.UNSET


class SeedRevealed(msgspec.Struct, frozen=True, tag="match.seed_revealed"):
    seed: str


class SealedRefusal(msgspec.Struct, frozen=True, tag="match.sealed_refusal"):
    """Follows the ruling that refused a seat's sealed choice (platform rules 2), sealed for
    that seat as the event of an accepted choice is: others count the same entries whatever
    the verdict. It changes nothing."""

    seat: Int32


class WindowClosed(msgspec.Struct, frozen=True, tag="match.window_closed"):
    """Every seat a sealed response window asked has answered (platform rules 4, SL-28): the
    `answers` entries of their answers follow, in seat order, then whatever they lead to. Until
    now each answer was held off the numbered record (`Entry.held`), heard by its seat alone."""

    answers: Int32


PLATFORM_ENTRIES = (
    MatchCreated,
    WindowClosed,
    SeatClaimed,
    Ruling,
    SeedRevealed,
    SealedRefusal,
    *CLOCK_ENTRIES,
    *SEAT_ENTRIES,
    *MESSAGE_ENTRIES,
    *CORRECTION_ENTRIES,
    Upgraded,
)
_PLATFORM_ENTRY_TYPES = frozenset(PLATFORM_ENTRIES)


def is_platform_entry(body: Any) -> bool:
    """Whether an entry's body is the platform's, not a game's event. By exact type, as entries
    are decoded: one lookup, where `isinstance` over the tuple tries each class in turn (each
    a slow check for a Struct class), and the judge and every fold ask it of each entry."""
    return type(body) in _PLATFORM_ENTRY_TYPES


class Entry(msgspec.Struct, Generic[Body], frozen=True, kw_only=True):
    """One match-log entry. `seq` is gapless per match; `state_hash` digests the state after it.
    Its numbers are bounded by the read models' columns: a record beyond them is unreadable."""

    match_id: str
    seq: Int32
    decision_id: str
    ruleset: str
    ruleset_version: str
    body: Body
    state_hash: str
    recorded_at_ms: Int64 = 0
    schema: int = SCHEMA
    # The seat whose sealed choice the body holds (`Ruleset.sealed`, `sealed_event`): only
    # that seat may see it until the match reveals it. Left out of the JSON when unset.
    sealed_for: Int32 | msgspec.UnsetType = msgspec.UNSET
    # true: a sealed window's answer held off the numbered record until the window closes
    # (SL-28); its `seq` is the numbered entry it follows, its seat is `sealed_for`
    held: bool | msgspec.UnsetType = msgspec.UNSET

    @property
    def sealed_seat(self) -> int | None:
        return None if self.sealed_for is msgspec.UNSET else self.sealed_for

    @property
    def follows(self) -> int:
        """The numbered entry this one comes after."""
        return self.seq if self.held is True else self.seq - 1


class EntryBatch(msgspec.Struct, Generic[Body], frozen=True, tag="entries", kw_only=True):
    """Every entry one decision caused, in one Kafka record so none is ever half written."""

    writer: str  # the owner that wrote it; see `OwnerFence`
    decision_partition: int
    decision_offset: int
    entries: list[Entry[Body]]


class OwnerFence(msgspec.Struct, frozen=True, tag="fence", kw_only=True):
    """A new owner of a match-log partition announces itself; older writers are ignored after it."""

    writer: str


class DeadLetter(msgspec.Struct, frozen=True, kw_only=True):
    """A decision no match can answer for, kept on `decisions-dead` with the reason."""

    reason: str
    rule: str
    partition: int
    offset: int
    payload: str  # the decision as received, cut to 4 KiB
