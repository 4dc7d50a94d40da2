"""What happened: the events of a Star Realms match-log. Every random outcome is written here."""

import msgspec

from events.rulesets.star_realms.cardset import Effect
from events.rulesets.star_realms.state import Cards


class Setup(msgspec.Struct, frozen=True, tag="sr.setup"):
    """Creates the game: who plays first, every deck's shuffled order (SR-S)."""

    card_set: str
    first: int
    decks: tuple[Cards, ...]  # per seat
    trade_deck: Cards
    explorer_pile: int | None  # Explorers in their pile (SR-A4); None: they never run out


class RowFilled(msgspec.Struct, frozen=True, tag="sr.row_filled"):
    """The top card of the Trade Deck into the Trade Row, at the slot just emptied (SR-A3)."""

    slot: int
    card: int


class DeckShuffled(msgspec.Struct, frozen=True, tag="sr.deck_shuffled"):
    """The seat's discard pile, shuffled, becomes its draw pile (SR-T4)."""

    seat: int
    order: Cards


class Drew(msgspec.Struct, frozen=True, tag="sr.drew"):
    seat: int
    cards: Cards


class TurnBegan(msgspec.Struct, frozen=True, tag="sr.turn_began"):
    seat: int


class Played(msgspec.Struct, frozen=True, tag="sr.played"):
    seat: int
    card: int


class AbilityUsed(msgspec.Struct, frozen=True, tag="sr.ability_used"):
    seat: int
    card: int
    slot: str


class Gained(msgspec.Struct, frozen=True, tag="sr.gained"):
    seat: int
    card: int
    trade: int = 0
    combat: int = 0
    authority: int = 0


class Prompted(msgspec.Struct, frozen=True, tag="sr.prompted"):
    """An ability waits for its seat's choice (SR-P6)."""

    seat: int
    card: int
    effects: tuple[Effect, ...]


class Chosen(msgspec.Struct, frozen=True, tag="sr.chosen"):
    """The pending choice made: an option of choose_one, or cards (none where allowed)."""

    seat: int
    option: int = -1
    cards: Cards = ()
    explorer: bool = False


class Scrapped(msgspec.Struct, frozen=True, tag="sr.scrapped"):
    """Cards of the seat's (in play, hand or discard pile) to the scrap heap; Explorers back
    to their pile (SR-P4, SR-A4)."""

    seat: int
    cards: Cards


class RowScrapped(msgspec.Struct, frozen=True, tag="sr.row_scrapped"):
    cards: Cards


class Discarded(msgspec.Struct, frozen=True, tag="sr.discarded"):
    seat: int
    cards: Cards


class DiscardOwed(msgspec.Struct, frozen=True, tag="sr.discard_owed"):
    seat: int  # who owes
    count: int


class Acquired(msgspec.Struct, frozen=True, tag="sr.acquired"):
    seat: int
    card: int
    cost: int
    top: bool  # onto the draw pile rather than the discard pile
    marker_used: bool = False  # the next-ship marker is spent (SR-E7)


class Copied(msgspec.Struct, frozen=True, tag="sr.copied"):
    seat: int
    card: int  # the Stealth Needle
    ship: int


class NextShipMarked(msgspec.Struct, frozen=True, tag="sr.next_ship_marked"):
    seat: int


class BaseDestroyed(msgspec.Struct, frozen=True, tag="sr.base_destroyed"):
    seat: int  # the owner
    base: int
    combat: int  # spent on it; 0 when an ability destroyed it


class Attacked(msgspec.Struct, frozen=True, tag="sr.attacked"):
    seat: int  # the one attacked
    amount: int


class TurnEnded(msgspec.Struct, frozen=True, tag="sr.turn_ended"):
    """The Discard phase: ships in play and the hand to the discard pile (SR-T2)."""

    seat: int


class GameWon(msgspec.Struct, frozen=True, tag="sr.game_won"):
    winner: int


EVENTS = (
    Setup,
    RowFilled,
    DeckShuffled,
    Drew,
    TurnBegan,
    Played,
    AbilityUsed,
    Gained,
    Prompted,
    Chosen,
    Scrapped,
    RowScrapped,
    Discarded,
    DiscardOwed,
    Acquired,
    Copied,
    NextShipMarked,
    BaseDestroyed,
    Attacked,
    TurnEnded,
    GameWon,
)
