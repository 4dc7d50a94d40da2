"""The state of a Race for the Galaxy game: immutable, canonically encodable."""

from enum import StrEnum

import msgspec

from events.rulesets.race_for_the_galaxy.cardset import CardSet
from events.rulesets.race_for_the_galaxy.decisions import Decision
from events.rulesets.race_for_the_galaxy.loader import load

Cards = tuple[int, ...]  # physical card ids; piles list their top card first

BONUS = (-1, 0)  # in `Player.used`: the phase's action bonus (Trade, Produce)
HAND_LIMIT = 10  # RG-R5
TABLEAU_END = 12  # RG-G1
POOL_PER_PLAYER = 12  # RG-S2
ROUND_PHASES = ("explore", "develop", "settle", "consume", "produce")  # RG-R3
PHASE_OF = {
    "explore_5": "explore",
    "explore_1_1": "explore",
    "develop": "develop",
    "settle": "settle",
    "trade": "consume",
    "consume_2x": "consume",
    "produce": "produce",
}


class Phase(StrEnum):
    """The steps of a game, each a prompt of the table in `steps.py`."""

    SETUP = "setup"  # the start's discard (RG-S5)
    SELECT = "select"  # choosing actions (RG-R1)
    EXPLORE = "explore"
    DEVELOP = "develop"
    SETTLE = "settle"
    CONSUME = "consume"
    PRODUCE = "produce"
    HAND_LIMIT = "hand_limit"  # RG-R5
    OVER = "over"


class Player(msgspec.Struct, frozen=True):
    tableau: Cards  # in placement order; the start world first
    hand: Cards = ()
    goods: tuple[tuple[int, int], ...] = ()  # (world, the face-down card that is its good)
    chips: int = 0
    actions: tuple[str, ...] = ()  # revealed this round
    choice: Decision | None = None  # sealed until the step's reveal (RG-H3)
    drawn: Cards = ()  # explored cards to choose from (RG-E1)
    fresh: Cards = ()  # placed in this phase: powers not working yet (RG-K1)
    used: tuple[tuple[int, int], ...] = ()  # (card, power) used in this phase; BONUS: the action's
    produced: Cards = ()  # worlds that got a good in this Produce phase (P-V6 … P-V8)

    @property
    def start(self) -> int:
        return self.tableau[0]

    def good_on(self, world: int) -> int | None:
        return next((g for w, g in self.goods if w == world), None)


class Game(msgspec.Struct, frozen=True):
    card_set: str
    players: tuple[Player, ...]
    deck: Cards  # secret order (RG-H2)
    pool: int  # VP chips left in the pool (RG-S2)
    step: Phase
    order: tuple[int, ...]  # seats in timing order (RG-R6)
    discard: Cards = ()
    round: int = 0
    advanced: bool = False  # the 2-player advanced game: two actions a round (RG-A)
    second: bool = False  # the second of two Develop or Settle phases in a row (RG-A3)
    phases: tuple[str, ...] = ()  # the chosen phases still to run this round
    in_turn: bool = False  # this Settle phase is taken in turn, not sealed (RG-R7)
    taken: tuple[int, ...] = ()  # seats that have taken their turn in it
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()

    @property
    def cards(self) -> CardSet:
        return load(self.card_set)

    @property
    def over(self) -> bool:
        return self.step == Phase.OVER

    def chose(self, seat: int, action: str) -> bool:
        """Whether the seat has this action's bonus in the running phase: in the second of two
        like phases only a seat that chose the action twice has it (RG-A3)."""
        return self.players[seat].actions.count(action) > (1 if self.second else 0)
