"""A decision's random source draws exactly what `random.Random` seeded with its key draws,
whichever draw comes first, so logs judged before it was seeded lazily re-judge the same."""

import hashlib
import random

import pytest

from events.chance import chance_for


def _eager(seed: str, position: int) -> random.Random:
    return random.Random(hashlib.sha256(f"{seed}:{position}".encode()).digest())


def _draws(source: random.Random, first: int) -> list[object]:
    cards = list(range(40))
    draws = [
        lambda: source.shuffle(cards) or list(cards),
        lambda: source.random(),
        lambda: source.getrandbits(70),
        lambda: source.choice("abcdef"),
        lambda: source.sample(range(100), 5),
        lambda: source.choices("xyz", k=4),
        lambda: source.gauss(0, 1),
        lambda: source.randbytes(5),
        lambda: source.getstate(),
    ]
    return [draw() for draw in draws[first:] + draws[:first]]


@pytest.mark.parametrize("first", range(9))
def test_the_draws_are_those_of_the_generator_seeded_at_once(first: int) -> None:
    for position in range(20):
        assert _draws(chance_for("s33d", position), first) == _draws(
            _eager("s33d", position), first
        )


def test_a_state_set_or_a_seed_given_replaces_the_one_not_yet_drawn() -> None:
    kept = _eager("elsewhere", 3).getstate()
    restored = chance_for("s33d", 1)
    restored.setstate(kept)
    reseeded = chance_for("s33d", 1)
    reseeded.seed(42)
    assert restored.random() == _eager("elsewhere", 3).random()
    assert reseeded.random() == random.Random(42).random()
