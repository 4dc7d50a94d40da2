"""What follows on its own, applied as the rules service applies it and no further: a ruleset
still reacting after MAX_REACTIONS calls in a row fails the test at once instead of hanging it;
and events folded as a match's log folds them."""

import random
from collections.abc import Callable
from typing import Any

from events.codec import state_hash
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


def folded(ruleset: Ruleset, events: list[Any], state: Any = None) -> Any:
    """`state` with `events` applied, as a match's log folds them."""
    for event in events:
        state = ruleset.evolve(state, event)
    return state


class Logged:
    """A match's state folded event by event, each event logged with the state hash after it,
    and `check` run on every state it passes through."""

    def __init__(self, ruleset: Ruleset, check: Callable[[Any], None] | None = None) -> None:
        self.ruleset, self.check = ruleset, check
        self.state: Any = None
        self.log: list[tuple[Any, str]] = []

    def apply(self, events: list[Any]) -> None:
        for event in events:
            self.state = self.ruleset.evolve(self.state, event)
            self.log.append((event, state_hash(self.state)))
            if self.check is not None:
                self.check(self.state)
