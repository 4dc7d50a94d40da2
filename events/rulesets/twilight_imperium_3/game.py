"""Twilight Imperium 3rd edition behind the platform's interface (rules: TI-* rule IDs in
RULES.md). Not registered here: `develop.py` registers it for development and the conformance
run until stage 1 is whole (STATUS.md)."""

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from events.kit.phases import Phased, Table, default_bot, legal
from events.ruleset import Description, Option, Rejection, Ruleset, Standing, text_read
from events.rulesets.twilight_imperium_3 import text
from events.rulesets.twilight_imperium_3.bots import greedy
from events.rulesets.twilight_imperium_3.decisions import DECISIONS
from events.rulesets.twilight_imperium_3.describe import describe
from events.rulesets.twilight_imperium_3.evolve import evolve
from events.rulesets.twilight_imperium_3.happenings import EVENTS
from events.rulesets.twilight_imperium_3.narrate import narrate
from events.rulesets.twilight_imperium_3.rules_text import rule_ids, rule_text
from events.rulesets.twilight_imperium_3.setup import setup
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.steps import TABLE
from events.rulesets.twilight_imperium_3.view import resample, view

OPTIONS = {
    "galaxy": Option(
        "how the galaxy is made: 'dealt', random placements the rules allow (TI-G9); the "
        "players' own placements ('build') come next",
        "dealt",
        ("dealt",),
    )
}


def _random(game: Game, seat: int, rng: random.Random) -> Any:
    return rng.choice(legal(TABLE, game, seat))


class TwilightImperium(Phased, Ruleset):
    """Judging, waiting and reacting come from the table of prompts (`steps.py`)."""

    name = "twilight-imperium-3"
    version = "1"
    min_seats = 3
    max_seats = 6
    decision_types = DECISIONS
    event_types = EVENTS
    state_type = Game
    view_type = Game
    bots = {"pass": default_bot(TABLE), "random": _random, "greedy": greedy}
    options = OPTIONS
    table: ClassVar[Table] = TABLE

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        return setup(seats, chance)

    def evolve(self, state: Game | None, event: Any) -> Game:
        return evolve(state, event)

    def view(self, state: Game, seat: int | None) -> Game:
        return view(state, seat)

    def resample(self, state: Game, seat: int, rng: random.Random) -> Game:
        return resample(state, seat, rng)

    def standing(self, state: Game) -> Standing:
        phase = "over" if state.over else str(TABLE.current(state))
        scores = tuple(p.points for p in state.players)
        return Standing(round=state.round, phase=phase, scores=scores, winners=state.winners)

    def is_over(self, state: Game) -> bool:
        return state.over

    def describe(self, view: Game, players: Sequence[str] = ()) -> Description:
        return describe(view, players)

    def narrate(
        self, before: Game | None, event: Any, seat: int | None, players: Sequence[str]
    ) -> str:
        return narrate(before, event, seat, players)

    def rule_text(self, rule: str) -> str:
        return rule_text(rule)

    def rule_ids(self) -> list[str]:
        return rule_ids()

    def read_text(self, state: Game, seat: int, said: str) -> Any | Rejection:
        return text_read(text.parse(state, seat, said))

    def write_text(self, state: Game, seat: int, decision: Any) -> str:
        return text.render(state, seat, decision)


TWILIGHT_IMPERIUM = TwilightImperium()
