"""Fold speed: a game's events folded by `evolve` alone, on one core."""

import time
from typing import Any

from events.ruleset import Ruleset


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
