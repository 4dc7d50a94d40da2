"""Matches through the pure API alone, as the bench times them: a game's events folded per
second, and whole matches with each decision's decide plus react until quiet timed."""

import random
import time
from collections.abc import Callable
from typing import Any

from events.ruleset import Ruleset
from tests.reacting import folded


def events_per_second(ruleset: Ruleset, streams: list[list[Any]]) -> float:
    """Each stream (a match's game events) folded from nothing, again and again for a second."""
    events, started = 0, time.perf_counter()
    while time.perf_counter() - started < 1.0:
        for stream in streams:
            state = None
            for event in stream:
                state = ruleset.evolve(state, event)
            events += len(stream)
    return events / (time.perf_counter() - started)


def whole_match(
    ruleset: Ruleset,
    seats: int,
    rng: random.Random,
    choose: Callable[[Any, int], Any],
    timings: list[float] | None = None,
    kept: list[Any] | None = None,
) -> Any:
    """One match from setup to its end, `choose` deciding for the first seat the game waits
    on; the end state. With `timings`, each decision's decide plus react until quiet is timed;
    `kept` gathers the match's game events."""
    kept = [] if kept is None else kept
    state = _quiet(ruleset, _kept(ruleset, ruleset.initial(seats, {}, rng), None, kept), rng, kept)
    while not ruleset.is_over(state):
        seat = ruleset.waiting(state).must[0]
        decision = choose(state, seat)
        started = time.perf_counter()
        verdict = ruleset.decide(state, seat, decision, rng)
        state = _quiet(ruleset, _kept(ruleset, verdict.events, state, kept), rng, kept)
        if timings is not None:
            timings.append(time.perf_counter() - started)
    return state


def _kept(ruleset: Ruleset, events: list[Any], state: Any, kept: list[Any]) -> Any:
    kept.extend(events)
    return folded(ruleset, events, state)


def _quiet(ruleset: Ruleset, state: Any, rng: random.Random, kept: list[Any]) -> Any:
    while derived := ruleset.react(state, rng):
        state = _kept(ruleset, derived, state, kept)
    return state
