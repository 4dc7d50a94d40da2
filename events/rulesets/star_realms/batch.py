"""A batch of events decided one after another, each judged on the state the last one left."""

import random
from typing import Any

from events.rulesets.star_realms.evolve import evolve
from events.rulesets.star_realms.state import Game


class Batch:
    def __init__(self, game: Game, chance: random.Random) -> None:
        self.game, self.chance = game, chance  # chance: the platform's, for shuffles
        self.events: list[Any] = []

    def emit(self, *events: Any) -> None:
        for event in events:
            self.events.append(event)
            self.game = evolve(self.game, event)
