"""What happened: the events of a Race for the Galaxy match-log. Every random outcome (the
deck's order, each reshuffle) is written here."""

import msgspec

from events.rulesets.race_for_the_galaxy.decisions import Decision
from events.rulesets.race_for_the_galaxy.state import Cards


class Setup(msgspec.Struct, frozen=True, tag="rg.setup"):
    """Creates the game: each seat's start world and the shuffled deck (RG-S2, RG-S3)."""

    card_set: str
    starts: Cards  # per seat
    deck: Cards
    pool: int
    order: tuple[int, ...]  # seats in timing order, from the lowest start number (RG-R6)


class Reshuffled(msgspec.Struct, frozen=True, tag="rg.reshuffled"):
    """The discard pile, shuffled, becomes the deck (RG-K4)."""

    order: Cards


class Drew(msgspec.Struct, frozen=True, tag="rg.drew"):
    """Cards from the deck's top into the hand, or among the explored ones (RG-E1)."""

    seat: int
    cards: Cards
    explored: bool = False


class GoodPlaced(msgspec.Struct, frozen=True, tag="rg.good_placed"):
    """The deck's top card face down on a world as its good (RG-K5)."""

    seat: int
    world: int
    card: int


class Chosen(msgspec.Struct, frozen=True, tag="rg.chosen"):
    """A seat's sealed choice for the step, replacing any earlier one (RG-R1, RG-H3)."""

    seat: int
    choice: Decision


class Revealed(msgspec.Struct, frozen=True, tag="rg.revealed"):
    """Every choice of the step shown at once (RG-R2); the choices are cleared."""

    step: str
    choices: tuple[Decision | None, ...]  # per seat


class ActionsRevealed(msgspec.Struct, frozen=True, tag="rg.actions_revealed"):
    """The round's actions per seat and the phases they make run, in order (RG-R3)."""

    actions: tuple[tuple[str, ...], ...]
    phases: tuple[str, ...]


class StepBegan(msgspec.Struct, frozen=True, tag="rg.step_began"):
    """A phase (or the hand-limit step) begins; cards placed before now have working powers."""

    step: str


class Kept(msgspec.Struct, frozen=True, tag="rg.kept"):
    """Explored cards kept into the hand; the others discarded (RG-E1)."""

    seat: int
    kept: Cards


class Discarded(msgspec.Struct, frozen=True, tag="rg.discarded"):
    seat: int
    cards: Cards


class Placed(msgspec.Struct, frozen=True, tag="rg.placed"):
    """A development or world from hand into the tableau, `paying` discarded (RG-D2, RG-W2)."""

    seat: int
    card: int
    paying: Cards


class Sold(msgspec.Struct, frozen=True, tag="rg.sold"):
    """A good sold: to the discard pile; the seat draws `cards` next (RG-C1)."""

    seat: int
    world: int
    cards: int


class RoundBegan(msgspec.Struct, frozen=True, tag="rg.round_began"):
    round: int


class GameEnded(msgspec.Struct, frozen=True, tag="rg.game_ended"):
    scores: tuple[int, ...]
    winners: tuple[int, ...]


EVENTS = (
    Setup,
    Reshuffled,
    Drew,
    GoodPlaced,
    Chosen,
    Revealed,
    ActionsRevealed,
    StepBegan,
    Kept,
    Discarded,
    Placed,
    Sold,
    RoundBegan,
    GameEnded,
)
