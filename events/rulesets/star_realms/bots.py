"""Bots: one changes as little as the rules allow (a seat's default when its time runs out),
one plays any legal decision at random, one plays greedily, and one plays by a plan.

All are pure: the platform hands them a state resampled for their seat and a generator.
"""

import random
from typing import Any

from events.ruleset import Bot
from events.rulesets.star_realms.decisions import Choose, EndTurn
from events.rulesets.star_realms.legal import choices, legal
from events.rulesets.star_realms.state import Game


def pass_bot(game: Game, seat: int, rng: random.Random) -> Any:
    """End the turn; where a choice waits, the first effect or the fewest cards."""
    pending = game.turn.pending
    if pending is None:
        return EndTurn()
    if pending.effects[0].kind == "choose_one":
        return Choose(option=0)
    return min(choices(game, seat), key=lambda s: len(s.cards) + s.explorer)


def random_bot(game: Game, seat: int, rng: random.Random) -> Any:
    return rng.choice(legal(game, seat))


BOTS: dict[str, Bot] = {"pass": pass_bot, "random": random_bot}
