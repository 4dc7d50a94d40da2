"""Bots by level; each decides on a state `resample` dealt for its seat."""

import random
from typing import Any

from events.rulesets.race_for_the_galaxy.legal import legal
from events.rulesets.race_for_the_galaxy.state import Game


def random_bot(game: Game, seat: int, rng: random.Random) -> Any:
    return rng.choice(legal(game, seat))


BOTS = {"random": random_bot}
