"""Star Realms: the base set behind the platform's interface (rules reference: SR-* rule IDs).
Judging, waiting, legal decisions and reactions come from the table of prompts (`prompts.py`)."""

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from events.kit.phases import Phased, Table
from events.ruleset import (
    CardInfo,
    Description,
    Fact,
    Option,
    Rejection,
    Ruleset,
    Standing,
    register,
    text_read,
)
from events.rulesets.star_realms import text as text_form
from events.rulesets.star_realms.bots import BOTS
from events.rulesets.star_realms.decisions import DECISIONS
from events.rulesets.star_realms.describe import describe
from events.rulesets.star_realms.evolve import evolve
from events.rulesets.star_realms.facts import facts
from events.rulesets.star_realms.game_setup import setup
from events.rulesets.star_realms.happenings import EVENTS
from events.rulesets.star_realms.loader import BASE_SET, card_set_digest, load
from events.rulesets.star_realms.lookup import card_infos
from events.rulesets.star_realms.narrate import narrate
from events.rulesets.star_realms.prompts import TABLE
from events.rulesets.star_realms.resample import resample
from events.rulesets.star_realms.rules_text import rule_ids, rule_text
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.view import SeatView, view

OPTIONS = {
    "unlimited_explorers": Option(
        "Explorers never run out (the card reference's C5), not the box's pile of 10 (SR-A4)",
        False,
        (False, True),
    ),
}


class StarRealms(Phased, Ruleset):
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

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        unlimited = options.get("unlimited_explorers", False)
        return setup(load(BASE_SET), chance, unlimited_explorers=unlimited)

    def evolve(self, state: Game | None, event: Any) -> Game:
        return evolve(state, event)

    def view(self, state: Game, seat: int | None) -> SeatView:
        return view(state, seat)

    def resample(self, state: Game, seat: int, rng: random.Random) -> Game:
        return resample(state, seat, rng)

    def standing(self, state: Game) -> Standing:
        return Standing(
            round=state.round,
            phase="over" if state.over else ("choice" if state.turn.pending else "main"),
            scores=tuple(p.authority for p in state.players),
            winners=() if state.winner is None else (state.winner,),
        )

    def is_over(self, state: Game) -> bool:
        return state.over

    def facts(self, state: Game, event: Any) -> list[Fact]:
        return facts(state, event)

    def describe(self, view: SeatView, players: Sequence[str] = ()) -> Description:
        return describe(view, players)

    def narrate(
        self, before: Game | None, event: Any, seat: int | None, players: Sequence[str]
    ) -> str:
        return narrate(before, event, seat, players)

    def rule_text(self, rule: str) -> str:
        return rule_text(rule)

    def rule_ids(self) -> list[str]:
        return rule_ids()

    def cards(self, options: dict[str, Any]) -> list[CardInfo]:
        return card_infos(load(BASE_SET))

    def content_digest(self, options: dict[str, Any]) -> str:
        return card_set_digest()

    def read_text(self, state: Game, seat: int, text: str) -> Any | Rejection:
        return text_read(text_form.parse(state, seat, text))

    def write_text(self, state: Game, seat: int, decision: Any) -> str:
        return text_form.render(state, seat, decision)

    def text_help(self, state: Game, seat: int) -> str:
        return text_form.help_text(state, seat)


STAR_REALMS = register(StarRealms())
