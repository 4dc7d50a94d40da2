"""What a player may decide: one message each, judged as a whole."""

import msgspec

Cards = tuple[int, ...]


class Pick(msgspec.Struct, frozen=True, tag="cw.pick"):
    """Take one Sector 0 card in the pre-game draft (CW-V3)."""

    card: int


class Exchange(msgspec.Struct, frozen=True):
    """Use an Energy-phase ability of a World or Unit in the Warzone (CW-E4, CW-E5)."""

    source: int
    discards: Cards = ()
    ability: int = 0  # index in the card's abilities


class Declare(msgspec.Struct, frozen=True, tag="cw.declare"):
    """The Energy phase declaration: Energy Surge cards played and abilities used (CW-E2)."""

    surges: Cards = ()
    exchanges: tuple[Exchange, ...] = ()


class Draft(msgspec.Struct, frozen=True, tag="cw.draft"):
    card: int


class Deploy(msgspec.Struct, frozen=True, tag="cw.deploy"):
    units: Cards  # in order: costs may depend on what is already in the Warzone


class Use(msgspec.Struct, frozen=True):
    """One ability used during an Invasion, by a Unit used in it or a Tactic played in it."""

    card: int
    ability: int = 0  # index in the card's abilities
    times: int = 1  # for "up to N" abilities
    discards: Cards = ()  # hand cards discarded for strength
    choice: str = ""  # "fleet" or "ground" for choose_strength


class Invade(msgspec.Struct, frozen=True, tag="cw.invade"):
    world: int
    units: Cards = ()  # Warzone Units used
    tactics: Cards = ()  # "during an Invasion" Tactics played from hand
    uses: tuple[Use, ...] = ()
    colonist: int | None = None  # a Unit used, tucked under the World (CW-A3.4)


class UseAction(msgspec.Struct, frozen=True, tag="cw.use_action"):
    """An "as an Action" ability of a Warzone Unit or a Tactic in hand (CW-A4)."""

    card: int
    ability: int = 0
    discards: Cards = ()


class Pass(msgspec.Struct, frozen=True, tag="cw.pass"):
    pass


class UseSurgeToken(msgspec.Struct, frozen=True, tag="cw.use_surge_token"):
    pass


class Keep(msgspec.Struct, frozen=True, tag="cw.keep"):
    """Discard the hand, keeping at most one card (CW-X1)."""

    card: int | None = None


class Reshuffle(msgspec.Struct, frozen=True, tag="cw.reshuffle"):
    """On entering Sector V: shuffle the discard pile into the draw pile or not (CW-N4)."""

    shuffle: bool


DECISIONS = (Pick, Declare, Draft, Deploy, Invade, UseAction, Pass, UseSurgeToken, Keep, Reshuffle)
