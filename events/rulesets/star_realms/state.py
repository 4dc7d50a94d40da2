"""The state of a Star Realms game: immutable, canonically encodable, cheap to replace in part."""

import msgspec

from events.rulesets.star_realms.cardset import CardSet, Effect
from events.rulesets.star_realms.loader import load

Cards = tuple[int, ...]  # physical card ids; piles list their top card first

AUTHORITY = 50  # SR-S1
HAND = 5  # SR-T3


class Player(msgspec.Struct, frozen=True):
    authority: int = AUTHORITY
    deck: Cards = ()  # secret order, top first
    hand: Cards = ()
    discard: Cards = ()  # public (SR-H1)
    bases: Cards = ()  # in play, from turn to turn
    owed: int = 0  # discards owed at the start of this seat's next turn (SR-E3)


class Pending(msgspec.Struct, frozen=True):
    """An ability stopped at a choice: `effects[0]` asks it, the rest follow once it is made.
    `card` is the card whose ability it is (-1 for the discards a seat owes)."""

    card: int
    effects: tuple[Effect, ...]


class Turn(msgspec.Struct, frozen=True):
    """What the seat in turn has going this turn; all of it ends with the turn (SR-T2)."""

    trade: int = 0
    combat: int = 0
    ships: Cards = ()  # ships in play
    played: Cards = ()  # every card played from hand this turn, even if gone since
    together: tuple[Cards, ...] = ()  # the seat's cards in play each time one came (SR-P3)
    used: tuple[tuple[int, str], ...] = ()  # (card, slot) used this turn
    copies: tuple[tuple[int, int], ...] = ()  # (Stealth Needle, the ship it copies) (SR-E13)
    next_ship_to_top: bool = False  # SR-E7
    pending: Pending | None = None


class Game(msgspec.Struct, frozen=True):
    card_set: str
    players: tuple[Player, ...]
    first: int  # the seat that played first
    active: int  # the seat in turn
    trade_deck: Cards  # secret order, known to no one (SR-H2)
    row: Cards = ()  # the Trade Row, in slot order
    scrap_heap: Cards = ()
    explorers: int = 0  # Explorers handed out so far: the next one's id is base + this
    explorer_pile: int | None = None  # Explorers in their pile (SR-A4); None: never run out
    round: int = 0  # turns begun, counting both seats'
    turn: Turn = Turn()
    winner: int | None = None

    @property
    def cards(self) -> CardSet:
        return load(self.card_set)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def opponent(self) -> int:
        return 1 - self.active

    @property
    def next_explorer(self) -> int:
        """The id the next Explorer taken from the pile gets (ids are never used twice)."""
        return self.cards.explorer_base + self.explorers

    @property
    def explorer_left(self) -> bool:
        """Whether an Explorer may be taken from the pile (SR-A4)."""
        return self.explorer_pile != 0
