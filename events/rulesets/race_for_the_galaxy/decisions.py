"""What a player may decide. Every decision answers a simultaneous step and is sealed until
all have chosen (RG-H3); a seat may send another until then (RG-R1). In a Settle phase taken in
turn (RG-R7) each seat's choice is revealed and carried out as soon as it is made."""

import msgspec

Cards = tuple[int, ...]

ACTIONS = ("explore_5", "explore_1_1", "develop", "settle", "trade", "consume_2x", "produce")
ACTION_WORDS = {  # as players write them
    "explore_5": "explore +5",
    "explore_1_1": "explore +1+1",
    "develop": "develop",
    "settle": "settle",
    "trade": "trade",
    "consume_2x": "consume 2x",
    "produce": "produce",
}


class ChooseActions(msgspec.Struct, frozen=True, tag="rg.choose_actions"):
    """The round's action card (RG-R1)."""

    actions: tuple[str, ...]


class Discard(msgspec.Struct, frozen=True, tag="rg.discard"):
    """Cards from hand to the discard pile: 2 of the 6 dealt (RG-S5), or down to 10 (RG-R5)."""

    cards: Cards


class Keep(msgspec.Struct, frozen=True, tag="rg.keep"):
    """The explored cards kept; the rest are discarded (RG-E1)."""

    cards: Cards


class Develop(msgspec.Struct, frozen=True, tag="rg.develop"):
    """A development from hand (None: none) and the cards paying for it (RG-D1, RG-D2)."""

    card: int | None = None
    paying: Cards = ()


class Settle(msgspec.Struct, frozen=True, tag="rg.settle"):
    """A world from hand (None: none) and the cards paying for it (RG-W1, RG-W2); `discarding`:
    tableau cards given up for their power (RG-W7); `pay_for_military`: a military world paid
    for, not conquered (RG-W8)."""

    card: int | None = None
    paying: Cards = ()
    discarding: Cards = ()
    pay_for_military: bool = False


class Trade(msgspec.Struct, frozen=True, tag="rg.trade"):
    """The world whose good is sold (RG-C1)."""

    world: int


class Consume(msgspec.Struct, frozen=True, tag="rg.consume"):
    """One row-IV power of a tableau card used (RG-C3, RG-C6): `power` counts the card's row-IV
    powers from 0; `worlds` give the goods it takes, `cards` the hand cards it discards
    (P-IV8), `number` the number named (P-IV7)."""

    card: int
    power: int = 0
    worlds: Cards = ()
    cards: Cards = ()
    number: int = 0


class Windfall(msgspec.Struct, frozen=True, tag="rg.windfall"):
    """The windfall world that gets a good from the Produce bonus (`card` None, RG-P2) or from
    the windfall-produce power of the tableau card `card` (RG-P4)."""

    world: int
    card: int | None = None


Decision = ChooseActions | Discard | Keep | Develop | Settle | Trade | Consume | Windfall
DECISIONS = (ChooseActions, Discard, Keep, Develop, Settle, Trade, Consume, Windfall)
