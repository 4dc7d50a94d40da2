"""What follows on its own, applied as the rules service applies it and no further: a ruleset
still reacting after MAX_REACTIONS calls in a row fails the test at once instead of hanging it."""

import random
from collections.abc import Callable
from typing import Any

from events.ruleset import MAX_REACTIONS, Ruleset


def bounded(ruleset: Ruleset, chance: random.Random) -> Callable[[Any], list[Any]]:
    """`ruleset.react` with the rules service's bound on calls in a row that add events."""
    in_a_row = 0

    def react(state: Any) -> list[Any]:
        nonlocal in_a_row
        derived = ruleset.react(state, chance)
        in_a_row = in_a_row + 1 if derived else 0
        if in_a_row > MAX_REACTIONS:
            raise AssertionError(f"{ruleset.name}: react did not settle in {MAX_REACTIONS} calls")
        return derived

    return react


def settled(ruleset: Ruleset, state: Any, chance: random.Random) -> tuple[Any, list[Any]]:
    """The state once react has nothing more to add, and every event it added."""
    react, happened = bounded(ruleset, chance), []
    while derived := react(state):
        for event in derived:
            state = ruleset.evolve(state, event)
        happened += derived
    return state, happened
