"""What happened with action cards (TI-Q): the deck shuffled, cards drawn, discarded, played,
answered under seal, revealed, cancelled by a Sabotage, resolved, taken from a hand; and what
the "as an action" cards do to the board, the counters and the round."""

import msgspec

from events.rulesets.twilight_imperium_3.card_decisions import Lasting, PlayCard
from events.rulesets.twilight_imperium_3.decisions import Units
from events.rulesets.twilight_imperium_3.forces import Holding


class DeckShuffled(msgspec.Struct, frozen=True, tag="ti.deck_shuffled"):
    """The action deck in a new order, top first: at setup, or the discard pile shuffled into
    a new deck once the deck runs out (TI-Q1)."""

    deck: tuple[int, ...]


class CardsDrawn(msgspec.Struct, frozen=True, tag="ti.cards_drawn"):
    """From the top of the action deck into the seat's hand."""

    seat: int
    cards: tuple[int, ...]


class CardsDiscarded(msgspec.Struct, frozen=True, tag="ti.cards_discarded"):
    """From the seat's hand onto the discard pile, face up."""

    seat: int
    cards: tuple[int, ...]


class CardPlayed(msgspec.Struct, frozen=True, tag="ti.card_played"):
    """An action card out of the hand, face up, waiting to resolve (TI-Q2); `ahead`: played
    "any time" while the cards of a window wait on a card's prompt, it resolves before them."""

    seat: int
    card: int
    play: PlayCard
    action: bool = False
    ahead: bool = False


class CardChosen(msgspec.Struct, frozen=True, tag="ti.card_chosen"):
    """A seat's sealed answer to the open card window: a card of its hand to play (a Sabotage
    in the Sabotage window), or None for none."""

    seat: int
    play: PlayCard | None = None


class CardsRevealed(msgspec.Struct, frozen=True, tag="ti.cards_revealed"):
    """The window's sealed answers shown at once, per seat (None: none, or not asked)."""

    answers: tuple[PlayCard | None, ...]


class CardCancelled(msgspec.Struct, frozen=True, tag="ti.card_cancelled"):
    """The first card waiting to resolve is cancelled by the seat's Sabotage (`card`); both go
    to the discard pile (TI-Q2)."""

    seat: int
    card: int


class CardResolved(msgspec.Struct, frozen=True, tag="ti.card_resolved"):
    """The first card waiting is resolved: onto the discard pile, or back to its player's
    hand (`returned`, Strategic Bombardment's 6)."""

    returned: bool = False


class CardsTaken(msgspec.Struct, frozen=True, tag="ti.cards_taken"):
    """Cards from `other`'s hand into the seat's (Successful Spy): both know which."""

    seat: int
    other: int
    cards: tuple[int, ...]


class Lasted(msgspec.Struct, frozen=True, tag="ti.lasted"):
    """An effect for the rest of the round (cleared in the status phase)."""

    lasting: Lasting


class HoldingsChanged(msgspec.Struct, frozen=True, tag="ti.holdings_changed"):
    """Planets as an action card leaves them: their controller and units."""

    planets: dict[str, Holding]


class FleetChanged(msgspec.Struct, frozen=True, tag="ti.fleet_changed"):
    """The seat's ships in a system as an action card leaves them (none: no fleet)."""

    seat: int
    system: str
    units: Units


class CardsShown(msgspec.Struct, frozen=True, tag="ti.cards_shown"):
    """The seat's action cards shown to `to` alone, who knows them while they stay (Disclosure)."""

    seat: int
    to: int


class CardSearched(msgspec.Struct, frozen=True, tag="ti.card_searched"):
    """A card of the action deck into the seat's hand, chosen from the deck shown to him alone
    (Synchronicity): the others know only that one came."""

    seat: int
    card: int


class ShipsRepaired(msgspec.Struct, frozen=True, tag="ti.ships_repaired"):
    """The seat's damaged dreadnoughts and war suns in a system repaired (Emergency Repairs)."""

    seat: int
    system: str


class CommandLost(msgspec.Struct, frozen=True, tag="ti.command_lost"):
    """A counter out of the seat's command pool to his reinforcements (Insubordination)."""

    seat: int


class CounterLifted(msgspec.Struct, frozen=True, tag="ti.counter_lifted"):
    """The seat's counter off a system back to his reinforcements (Unexpected Action)."""

    seat: int
    system: str


class TradeGoodsTaken(msgspec.Struct, frozen=True, tag="ti.trade_goods_taken"):
    """Privateers: all `other`'s trade goods; the seat keeps `kept`, the rest go to the bank."""

    seat: int
    other: int
    kept: int


class DiceRolled(msgspec.Struct, frozen=True, tag="ti.dice_rolled"):
    """An action card's dice (Plague, Strategic Bombardment), 0 counting 10: the hits."""

    seat: int
    dice: tuple[int, ...]
    hits: int


# the strategy phase's cards (phase_cards.py)


class PickReturned(msgspec.Struct, frozen=True, tag="ti.pick_returned"):
    """A strategy card the seat picked back in the common area, its bonus spent (Public
    Disgrace, Strategic Flexibility); `speaker`: who holds the speaker token after."""

    seat: int
    card: int
    speaker: int


class PicksOver(msgspec.Struct, frozen=True, tag="ti.picks_over"):
    """Every pick is made: the strategy phase's last card window opens (TI-Q50)."""


class CounterPlaced(msgspec.Struct, frozen=True, tag="ti.counter_placed"):
    """A counter from the seat's reinforcements on a system, as if he had activated it
    (Signal Jamming)."""

    seat: int
    system: str


CARD_EVENTS = (
    DeckShuffled,
    CardsDrawn,
    CardsDiscarded,
    CardPlayed,
    CardChosen,
    CardsRevealed,
    CardCancelled,
    CardResolved,
    CardsTaken,
    Lasted,
    HoldingsChanged,
    FleetChanged,
    CommandLost,
    CounterLifted,
    TradeGoodsTaken,
    DiceRolled,
    PickReturned,
    PicksOver,
    CounterPlaced,
    ShipsRepaired,
    CardsShown,
    CardSearched,
)
