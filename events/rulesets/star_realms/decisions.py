"""What a player may decide: one message each, judged as a whole."""

import msgspec

Cards = tuple[int, ...]


class Play(msgspec.Struct, frozen=True, tag="sr.play"):
    """Play a card from hand (SR-P1)."""

    card: int


class PlayAll(msgspec.Struct, frozen=True, tag="sr.play_all"):
    """Play the hand in its order, stopping where an ability asks a choice."""


class Use(msgspec.Struct, frozen=True, tag="sr.use"):
    """Use an ability of a card in play: a base's primary, an ally or a scrap ability."""

    card: int
    slot: str  # primary | ally | scrap


class Buy(msgspec.Struct, frozen=True, tag="sr.buy"):
    """Acquire a Trade Row card for its cost (SR-A1); `top`: onto the draw pile (SR-E7)."""

    card: int
    top: bool = False


class BuyExplorer(msgspec.Struct, frozen=True, tag="sr.buy_explorer"):
    top: bool = False


class AttackBase(msgspec.Struct, frozen=True, tag="sr.attack_base"):
    base: int


class AttackPlayer(msgspec.Struct, frozen=True, tag="sr.attack_player"):
    amount: int


class Choose(msgspec.Struct, frozen=True, tag="sr.choose"):
    """Which of a choose_one's two effects (0 or 1) (SR-E15)."""

    option: int


class Select(msgspec.Struct, frozen=True, tag="sr.select"):
    """The cards a pending ability asks for (none where it says "up to"); `explorer` takes an
    Explorer where an ability acquires a ship (SR-E8)."""

    cards: Cards = ()
    explorer: bool = False


class EndTurn(msgspec.Struct, frozen=True, tag="sr.end_turn"):
    pass


DECISIONS = (
    Play,
    PlayAll,
    Use,
    Buy,
    BuyExplorer,
    AttackBase,
    AttackPlayer,
    Choose,
    Select,
    EndTurn,
)
