"""Race for the Galaxy: the base game behind the platform's interface (rules: RG-* rule IDs in
RULES.md), registered. Every step is a sealed simultaneous choice, save a Settle phase taken
in turn near the game's end (RG-R7)."""

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from events.kit.parts import Delegated, Parts, parts_of
from events.kit.phases import Phased, Table
from events.ruleset import CardInfo, CardPick, Ruleset, Standing, register
from events.rulesets.race_for_the_galaxy.action_cards import OPTIONS, options_error
from events.rulesets.race_for_the_galaxy.bots import BOTS
from events.rulesets.race_for_the_galaxy.decide import legal
from events.rulesets.race_for_the_galaxy.decisions import DECISIONS
from events.rulesets.race_for_the_galaxy.game_setup import setup
from events.rulesets.race_for_the_galaxy.happenings import EVENTS, Chosen, Revealed
from events.rulesets.race_for_the_galaxy.heuristic import heuristic_bot
from events.rulesets.race_for_the_galaxy.loader import BASE_GAME, card_set_digest, load
from events.rulesets.race_for_the_galaxy.lookup import card_infos
from events.rulesets.race_for_the_galaxy.picks import card_picks
from events.rulesets.race_for_the_galaxy.scoring import final_scores
from events.rulesets.race_for_the_galaxy.standing import keep_highest_cost, says_highest_cost
from events.rulesets.race_for_the_galaxy.state import Game
from events.rulesets.race_for_the_galaxy.steps import TABLE
from events.rulesets.race_for_the_galaxy.view import SeatView


class RaceForTheGalaxy(Delegated, Phased, Ruleset):
    """Judging, waiting and reacting come from the table of steps (`steps.py`)."""

    name = "race-for-the-galaxy"
    version = "2"
    min_seats = 2
    max_seats = 4
    decision_types = DECISIONS
    event_types = EVENTS
    state_type = Game
    bots = {**BOTS, "heuristic": heuristic_bot}
    view_type = SeatView
    options = OPTIONS
    table: ClassVar[Table] = TABLE
    parts: ClassVar[Parts] = parts_of(__name__, "RG")

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        return setup(seats, options, chance)

    def legal(self, state: Game, seat: int) -> list[Any]:
        return legal(state, seat)

    def standing(self, state: Game) -> Standing:
        return Standing(
            round=state.round,
            phase=state.step,
            scores=state.scores or final_scores(state),
            winners=state.winners,
        )

    def is_over(self, state: Game) -> bool:
        return state.over

    def cards(self, options: dict[str, Any]) -> list[CardInfo]:
        return card_infos(load(BASE_GAME))

    def card_picks(self, view: SeatView, legal: Sequence[Any]) -> list[CardPick]:
        return card_picks(view, legal)

    def content_digest(self, options: dict[str, Any]) -> str:
        return card_set_digest()

    def options_error(self, seats: int, options: dict[str, Any]) -> str | None:
        return options_error(seats, options)

    def sealed_event(self, event: Any) -> int | None:
        return event.seat if isinstance(event, Chosen) else None

    def reveals(self, event: Any) -> bool:
        return isinstance(event, Revealed)

    def order_answer(self, state: Game, seat: int, condition: str, answer: str) -> Any:
        if not condition and says_highest_cost(answer):
            return keep_highest_cost(state, seat)
        return super().order_answer(state, seat, condition, answer)


RACE_FOR_THE_GALAXY = register(RaceForTheGalaxy())
