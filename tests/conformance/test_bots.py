"""Bots decide from the view alone: `default_decision` hands each bot a state dealt anew for
its seat, and what it decides there must be legal in the real state, at every level."""

import random

import pytest

from events.ruleset import Accepted

from .games import RULESETS, game_seats, positions, sample

POSITIONS = 80
TRIES = 3


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_a_bot_deciding_blind_decides_legally(game: str, seats: int) -> None:
    ruleset = RULESETS[game]
    for n, (state, _, _) in enumerate(sample(positions(game, seats), POSITIONS)):
        waiting = ruleset.waiting(state)
        for seat in waiting.must + waiting.may:
            for level in ruleset.bots:
                for k in range(TRIES):
                    rng = random.Random(f"{n}:{seat}:{level}:{k}")
                    decision = ruleset.default_decision(state, seat, level, rng)
                    verdict = ruleset.decide(state, seat, decision, rng)
                    assert isinstance(verdict, Accepted), (game, n, seat, level, decision, verdict)
