"""A batch of events decided one after another, each judged on the state the last one left."""

import random
from collections.abc import Callable
from typing import Any, Generic, TypeVar

S = TypeVar("S")
Evolve = Callable[[Any, Any], Any]  # a game's `evolve(state, event) -> state`


class Batch(Generic[S]):
    evolve: Evolve  # the game's, set by each game's subclass or given

    def __init__(self, game: S, chance: random.Random, evolve: Evolve | None = None) -> None:
        self.game, self.chance = game, chance  # chance: the platform's, for shuffles
        self.events: list[Any] = []
        if evolve is not None:
            self.evolve = evolve

    def emit(self, *events: Any) -> None:
        for event in events:
            self.events.append(event)
            self.game = self.evolve(self.game, event)
