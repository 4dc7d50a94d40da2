"""Judging a decision, over the table of steps (`steps.py`): the step must ask this seat for it,
and it must be one the rules allow. An accepted choice is sealed in the state until the
step's reveal (RG-H3)."""

import random
from typing import Any

from events.kit import phases
from events.ruleset import Accepted, Rejection
from events.rulesets.race_for_the_galaxy.state import Game
from events.rulesets.race_for_the_galaxy.steps import TABLE


def decide(game: Game, seat: int, decision: Any, chance: random.Random) -> Accepted | Rejection:
    return phases.decide(TABLE, game, seat, decision, chance)
