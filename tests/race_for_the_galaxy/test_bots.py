"""The bots: deciding on a state dealt anew for their seat, they decide legally in the real
one; their matches end; `greedy` beats `random`."""

import random

from events.ruleset import Accepted
from tests.race_for_the_galaxy.scenario import RULES, fold
from tests.reacting import bounded


def _play(levels, seed, options=None, check=False):
    """A match of these bot levels (at most 1,000 decisions); with `check`, every level's
    decision for every waiting seat is judged on the real state as the match goes."""
    rng = random.Random(seed)
    game = fold(RULES.initial(len(levels), options or {}, rng))
    for _ in range(1_000):
        react = bounded(RULES, rng)
        while derived := react(game):
            game = fold(derived, game)
        if RULES.is_over(game):
            return game
        waiting = RULES.waiting(game)
        if check:
            for seat in waiting.must + waiting.may:
                for level in RULES.bots:
                    decision = RULES.default_decision(game, seat, level, rng)
                    verdict = RULES.decide(game, seat, decision, rng)
                    assert isinstance(verdict, Accepted), (level, decision, verdict)
        seat = waiting.must[0]
        decision = RULES.default_decision(game, seat, levels[seat], rng)
        game = fold(RULES.decide(game, seat, decision, rng).events, game)
    return game


def test_bots_decide_legally_on_what_their_seat_may_see():
    _play(["greedy", "random", "greedy"], seed=1, check=True)
    _play(["random", "greedy"], seed=2, options={"advanced": True}, check=True)


def test_greedy_beats_random():
    won = 0
    for seed in range(12):
        levels = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
        game = _play(levels, seed)
        won += levels.index("greedy") in game.winners and len(game.winners) == 1
    assert won >= 10


def test_greedy_and_heuristic_matches_end():
    for seats, options in ((2, {}), (4, {}), (2, {"advanced": True}), (3, {"first_game": True})):
        assert RULES.is_over(_play(["greedy"] * seats, 1, options))
        assert RULES.is_over(_play(["heuristic"] * seats, 2, options))
