"""Chance from the platform: the random source a ruleset draws from while the judge writes
one decision's entries. It is derived from the match's secret seed and the position of the
first of those entries, so re-judging the log draws the same, and nobody can foresee a draw
before `SeedRevealed`. The seed itself never reaches a game: every outcome drawn must be
written as an event (a deal, a shuffle's order, a roll), which is all a fold ever reads."""

import hashlib
import random


def chance_for(seed: str, position: int) -> random.Random:
    return random.Random(hashlib.sha256(f"{seed}:{position}".encode()).digest())
