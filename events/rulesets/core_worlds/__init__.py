"""Core Worlds: the ruleset behind the platform's interface (rules reference: CW-* rule IDs)."""

import random
from typing import Any, ClassVar

from events.kit.parts import Delegated, Parts, parts_of
from events.kit.phases import Phased, Table, waiting
from events.ruleset import CardInfo, Option, Ruleset, Standing, register
from events.rulesets.core_worlds.bots import BOTS
from events.rulesets.core_worlds.decisions import DECISIONS
from events.rulesets.core_worlds.game_setup import setup
from events.rulesets.core_worlds.happenings import EVENTS
from events.rulesets.core_worlds.loader import PROVISIONAL, CardSetError, digest, load
from events.rulesets.core_worlds.lookup import card_infos
from events.rulesets.core_worlds.phases import TABLE, legal
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


class CoreWorlds(Delegated, Phased, Ruleset):
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
    parts: ClassVar[Parts] = parts_of(
        __name__, "CW", view=lambda game, seat: view(game, seat, waiting(TABLE, game).must)
    )

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        cards = load(options.get("card_set", PROVISIONAL))
        return setup(cards, seats, chance, sector0=options.get("sector0_draft", False))

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

    def is_over(self, state: Game) -> bool:
        return state.phase == Phase.OVER

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


CORE_WORLDS = register(CoreWorlds())
