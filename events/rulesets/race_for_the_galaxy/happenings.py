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
    hands: tuple[Cards, ...] = ()  # the first game's preset hands, per seat (RG-S6)
    advanced: bool = False  # the 2-player advanced game (RG-A1)


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
    """Every choice of the step shown at once (RG-R2), or in a phase taken in turn the choice of
    the seat whose turn it was (RG-R7); the choices are cleared."""

    step: str
    choices: tuple[Decision | None, ...]  # per seat


class ActionsRevealed(msgspec.Struct, frozen=True, tag="rg.actions_revealed"):
    """The round's actions per seat and the phases they make run, in order (RG-R3)."""

    actions: tuple[tuple[str, ...], ...]
    phases: tuple[str, ...]


class StepBegan(msgspec.Struct, frozen=True, tag="rg.step_began"):
    """A phase (or the hand-limit step) begins; cards placed before now have working powers.
    `second`: the second of two Develop or Settle phases in a row (RG-A3); `in_turn`: a Settle
    phase taken in turn, each choice revealed and carried out before the next seat's (RG-R7)."""

    step: str
    second: bool = False
    in_turn: bool = False


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


class Used(msgspec.Struct, frozen=True, tag="rg.used"):
    """A power (the card's `power`-th of the phase's row), or with card -1 the action bonus,
    used in this phase: each once a phase (RG-C3, RG-P4)."""

    seat: int
    card: int
    power: int = 0


class Consumed(msgspec.Struct, frozen=True, tag="rg.consumed"):
    """The goods on these worlds to the discard pile (RG-C3, RG-K5)."""

    seat: int
    worlds: Cards


class ChipsTaken(msgspec.Struct, frozen=True, tag="rg.chips_taken"):
    """VP chips from the pool; once it is empty, from the reserve (RG-C5)."""

    seat: int
    vp: int


class Gambled(msgspec.Struct, frozen=True, tag="rg.gambled"):
    """The deck's top card turned face up for the number named: to the hand if its cost (a
    military world's defense) is that number, else to the discard pile (P-IV7)."""

    seat: int
    number: int
    card: int
    won: bool


class TableauDiscarded(msgspec.Struct, frozen=True, tag="rg.tableau_discarded"):
    """Cards from the tableau to the discard pile for their powers (RG-W7)."""

    seat: int
    cards: Cards


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
    Used,
    Consumed,
    ChipsTaken,
    Gambled,
    TableauDiscarded,
    RoundBegan,
    GameEnded,
)
