"""Star Realms: the base set behind the platform's interface (rules reference: SR-* rule IDs).
Judging, waiting, legal decisions and reactions come from the table of prompts (`prompts.py`)."""

import random
from typing import Any, ClassVar

from events.kit.parts import Delegated, Parts, parts_of
from events.kit.phases import Phased, Table
from events.ruleset import CardInfo, Option, Ruleset, Standing, register
from events.rulesets.star_realms.bots import BOTS
from events.rulesets.star_realms.decisions import DECISIONS
from events.rulesets.star_realms.game_setup import setup
from events.rulesets.star_realms.happenings import EVENTS
from events.rulesets.star_realms.loader import BASE_SET, card_set_digest, load
from events.rulesets.star_realms.lookup import card_infos
from events.rulesets.star_realms.prompts import TABLE, Asking
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.view import SeatView

START_OF_TURN = "at the start of my turn"  # a standing order's condition: nothing played yet
OPTIONS = {
    "unlimited_explorers": Option(
        "Explorers never run out (the card reference's C5), not the box's pile of 10 (SR-A4)",
        False,
        (False, True),
    ),
}


class StarRealms(Delegated, Phased, Ruleset):
    name = "star-realms"
    version = "2"  # 2: an ally only with its faction in play at once; a pile of 10 Explorers
    min_seats = 2
    max_seats = 2
    decision_types = DECISIONS
    event_types = EVENTS
    state_type = Game
    bots = BOTS
    view_type = SeatView
    options = OPTIONS
    round_word = "turn"  # the rulebook counts turns, each seat's its own
    table: ClassVar[Table] = TABLE
    parts: ClassVar[Parts] = parts_of(__name__, "SR")

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        unlimited = options.get("unlimited_explorers", False)
        return setup(load(BASE_SET), chance, unlimited_explorers=unlimited)

    def standing(self, state: Game) -> Standing:
        return Standing(
            round=state.round,
            phase="over" if state.over else ("choice" if state.turn.pending else "main"),
            scores=tuple(p.authority for p in state.players),
            winners=() if state.winner is None else (state.winner,),
        )

    def is_over(self, state: Game) -> bool:
        return state.over

    def cards(self, options: dict[str, Any]) -> list[CardInfo]:
        return card_infos(load(BASE_SET))

    def content_digest(self, options: dict[str, Any]) -> str:
        return card_set_digest()

    def conditions(self, prompt: str) -> tuple[str, ...]:
        return (START_OF_TURN,) if prompt == Asking.TURN else ()

    def order_answer(self, state: Game, seat: int, condition: str, answer: str) -> Any:
        if condition == START_OF_TURN:
            if state.turn.played or state.turn.used:
                return None  # the turn has begun
            condition = ""
        return super().order_answer(state, seat, condition, answer)


STAR_REALMS = register(StarRealms())
