"""Bots decide only on what their seat may see: the platform hands them a state resampled for
their seat, and the bots themselves never read what the seat cannot see."""

import random

import pytest

from events.ruleset import Accepted

from .scenario import RULES, fold, settle, start


@pytest.mark.parametrize(("seats", "seed"), [(2, "blind-2"), (3, "blind-3"), (5, "blind-5")])
def test_no_bot_decision_depends_on_what_its_seat_cannot_see(seats: int, seed: str) -> None:
    game = start(seats, seed, sector0_draft=True)
    rng = random.Random(seed)
    checked = 0
    while not RULES.is_over(game):
        seat = rng.choice(RULES.waiting(game).must)
        other = RULES.resample(game, seat, rng)
        assert other != game and RULES.view(other, seat) == RULES.view(game, seat)
        for level, bot in sorted(RULES.bots.items()):
            asked = bot(game, seat, random.Random(checked))
            assert bot(other, seat, random.Random(checked)) == asked, (level, game.phase)
            decided = RULES.default_decision(game, seat, level, random.Random(checked))
            assert RULES.default_decision(other, seat, level, random.Random(checked)) == decided
            assert isinstance(RULES.decide(game, seat, decided, rng), Accepted), (level, decided)
        checked += 1
        verdict = RULES.decide(game, seat, RULES.default_decision(game, seat, "greedy", rng), rng)
        assert isinstance(verdict, Accepted)
        game, _ = settle(fold(verdict.events, game))
    assert checked > 50
