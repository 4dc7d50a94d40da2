"""Core Worlds: the ruleset behind the platform's interface (rules reference: CW-* rule IDs)."""

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
from events.rulesets.core_worlds import text as text_form
from events.rulesets.core_worlds.bots import BOTS
from events.rulesets.core_worlds.decisions import DECISIONS
from events.rulesets.core_worlds.describe import describe
from events.rulesets.core_worlds.evolve import evolve
from events.rulesets.core_worlds.facts import facts
from events.rulesets.core_worlds.game_setup import setup
from events.rulesets.core_worlds.happenings import EVENTS
from events.rulesets.core_worlds.loader import PROVISIONAL, CardSetError, digest, load
from events.rulesets.core_worlds.lookup import card_infos
from events.rulesets.core_worlds.narrate import narrate
from events.rulesets.core_worlds.phases import STEADY, TABLE, legal
from events.rulesets.core_worlds.resample import resample
from events.rulesets.core_worlds.rules_text import rule_ids, rule_text
from events.rulesets.core_worlds.scoring import score
from events.rulesets.core_worlds.state import PHASE_NAMES, Game, Phase
from events.rulesets.core_worlds.view import SeatView, view

OPTIONS = {
    "sector0_draft": Option("the pre-game Sector 0 draft, CW-V", False, (False, True)),
    "card_set": Option(
        "the card set: the provisional one, or a file of the operator's card-set folder",
        PROVISIONAL,
    ),
}


class CoreWorlds(Phased, Ruleset):
    """Judging, waiting and reacting come from the table of phases (`phases.py`); one seat at
    a time, but Discard and the Sector V reshuffle, where every seat still to choose does so in
    any order; no choice is sealed."""

    name = "core-worlds"
    version = "3"  # 3: an Energy Surge's play cost is charged; 2: chance from the platform
    min_seats = 2
    max_seats = 5
    decision_types = DECISIONS
    event_types = EVENTS
    state_type = Game
    bots = BOTS
    options = OPTIONS
    view_type = SeatView
    table: ClassVar[Table] = TABLE

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        cards = load(options.get("card_set", PROVISIONAL))
        return setup(cards, seats, chance, sector0=options.get("sector0_draft", False))

    def evolve(self, state: Game | None, event: Any) -> Game:
        return evolve(state, event)

    def view(self, state: Game, seat: int | None) -> SeatView:
        return view(state, seat, self.waiting(state).must)

    def resample(self, state: Game, seat: int, rng: random.Random) -> Game:
        return resample(state, seat, rng)

    def legal(self, state: Game, seat: int) -> list[Any]:
        return legal(state, seat)

    def standing(self, state: Game) -> Standing:
        scores = state.scores or tuple(score(state, seat) for seat in range(state.seats))
        return Standing(
            round=state.round,
            phase=PHASE_NAMES.get(state.phase, state.phase),
            scores=tuple(s.total for s in scores),
            winners=state.winners,
        )

    def facts(self, state: Game, event: Any) -> list[Fact]:
        return facts(state, event)

    def is_over(self, state: Game) -> bool:
        return state.phase == Phase.OVER

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
        return card_infos(load(options.get("card_set", PROVISIONAL)))

    def content_digest(self, options: dict[str, Any]) -> str:
        return digest(options.get("card_set", PROVISIONAL))

    def options_error(self, seats: int, options: dict[str, Any]) -> str | None:
        try:
            cards = load(options.get("card_set", PROVISIONAL))
        except CardSetError as error:
            return str(error)
        if len(cards.homes) < seats:
            return (
                f"card set {cards.name!r} has {len(cards.homes)} Home Worlds; "
                f"{seats} players need one each"
            )
        return None

    def read_text(self, state: Game, seat: int, text: str) -> Any | Rejection:
        return text_read(text_form.parse(state, seat, text))

    def write_text(self, state: Game, seat: int, decision: Any) -> str:
        return text_form.render(state, seat, decision)

    def text_help(self, state: Game, seat: int) -> str:
        return text_form.help_text(state, seat)

    def needs_fresh_view(self, decision: Any) -> bool:
        """Passing, a token and end-of-round choices depend on nothing others change."""
        return not isinstance(decision, STEADY)


CORE_WORLDS = register(CoreWorlds())
