"""What is legal, over the table of steps (`steps.py`): the offers of the step's asks to a seat
it waits on, each one the judge accepts (the judge and the sealing are the kit's `Phased`)."""

from typing import Any

from events.kit import phases
from events.rulesets.race_for_the_galaxy.state import Game
from events.rulesets.race_for_the_galaxy.steps import TABLE


def legal(game: Game, seat: int) -> list[Any]:
    return phases.legal(TABLE, game, seat)
