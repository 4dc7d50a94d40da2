"""Chance from the platform: the random source a ruleset draws from while the judge writes
one decision's entries. It is derived from the match's secret seed and the position of the
first of those entries, so re-judging the log draws the same, and nobody can foresee a draw
before `SeedRevealed`. The seed itself never reaches a game: every outcome drawn must be
written as an event (a deal, a shuffle's order, a roll), which is all a fold ever reads."""

import hashlib
import random
from typing import Any


class Chance(random.Random):
    """`random.Random` seeded with `key` at its first draw: most decisions draw nothing, and
    seeding the generator costs more than judging a simple decision. Every draw, and the
    state, are those of `random.Random(key)`."""

    def __init__(self, key: bytes) -> None:  # the generator's own seeding waits for a draw
        self._key: bytes | None = key
        self.gauss_next = None

    @property
    def drawn(self) -> bool:
        """Whether anything was drawn (or the generator's state read) yet."""
        return self._key is None

    def _seeded(self) -> None:
        if self._key is not None:
            key, self._key = self._key, None
            super().seed(key)

    def random(self) -> float:
        self._seeded()
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._seeded()
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        self._seeded()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._key = None
        super().setstate(state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._key = None
        super().seed(a, version)


def chance_for(seed: str, position: int) -> Chance:
    return Chance(hashlib.sha256(f"{seed}:{position}".encode()).digest())
