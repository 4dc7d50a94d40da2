"""A test-only bot that always activates systems holding enemy ships it can reach, else plays as
`greedy`: it drives matches into space battles, retreats and invasions."""

import random
from typing import Any

from events.rulesets.twilight_imperium_3.bots import arriving, choose, expansion
from events.rulesets.twilight_imperium_3.fleets import ships
from events.rulesets.twilight_imperium_3.forces import Space
from events.rulesets.twilight_imperium_3.state import Game


def battle(game: Game, seat: int, position: str) -> float:
    """Enemy ships in reach first; then what greedy wants, a little."""
    fleets = game.forces.space.get(position, Space()).fleets
    enemies = any(f.seat != seat and ships(f.units) for f in fleets)
    if enemies and ships(arriving(game, seat, position)):
        return 10 + expansion(game, seat, position)
    return expansion(game, seat, position) / 100


def brawler(game: Game, seat: int, rng: random.Random) -> Any:
    return choose(game, seat, battle, fight=True)
