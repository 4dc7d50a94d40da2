"""What a player may decide. Every decision answers a simultaneous step and is sealed until
all have chosen (RG-H3); a seat may send another until then (RG-R1)."""

import msgspec

Cards = tuple[int, ...]

ACTIONS = ("explore_5", "explore_1_1", "develop", "settle", "trade", "consume_2x", "produce")


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
    """A world from hand (None: none) and the cards paying for it (RG-W1, RG-W2)."""

    card: int | None = None
    paying: Cards = ()


class Trade(msgspec.Struct, frozen=True, tag="rg.trade"):
    """The world whose good is sold (RG-C1)."""

    world: int


class Windfall(msgspec.Struct, frozen=True, tag="rg.windfall"):
    """The windfall world that gets the Produce bonus's good (RG-P2)."""

    world: int


Decision = ChooseActions | Discard | Keep | Develop | Settle | Trade | Windfall
DECISIONS = (ChooseActions, Discard, Keep, Develop, Settle, Trade, Windfall)
