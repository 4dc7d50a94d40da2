"""Every game plays to its end at every seat count and in every variant its options declare,
at random and by each of its bots, and says at each step whom it waits for and who won."""

from itertools import product
from typing import Any

import pytest

from events.ruleset import Ruleset, Waiting, setup_error

from .games import RULESETS, Chooser, bot, game_seats, game_variants, play, random_choice

SEEDS = 3


def _choosers(game: str) -> list[tuple[str, Chooser]]:
    return [
        ("random", random_choice),
        *((f"bot {level}", bot(level)) for level in RULESETS[game].bots),
    ]


def _check_standing(ruleset: Ruleset, state: Any, seats: int) -> None:
    waiting, standing = ruleset.waiting(state), ruleset.standing(state)
    assert len(standing.scores) == seats and standing.phase
    assert all(0 <= seat < seats for seat in waiting.must + waiting.may)
    if ruleset.is_over(state):
        # an ended game waits for no one, at once or in turn (so no seat holds a phase open)
        assert standing.winners and waiting == Waiting(), (standing, waiting)
        assert set(standing.winners) <= set(range(seats))
    else:
        assert waiting.must and not standing.winners, (standing, waiting)


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_every_chooser_plays_to_the_end(game: str, seats: int) -> None:
    ruleset = RULESETS[game]
    assert ruleset.bots, f"{game} has no bot"
    for (name, choose), seed in product(_choosers(game), range(SEEDS)):
        played = play(game, seats, f"{name}-{seats}-{seed}", choose)
        for position in played.positions:
            _check_standing(ruleset, position.state, seats)
            waiting = ruleset.waiting(position.state)
            assert position.seat in waiting.must + waiting.may
        _check_standing(ruleset, played.end, seats)
        assert played.positions, f"{game}: {name} ended the match before any decision"


@pytest.mark.parametrize(("game", "options"), game_variants())
def test_every_declared_option_value_plays_to_the_end(game: str, options: dict[str, Any]) -> None:
    ruleset = RULESETS[game]
    seats = ruleset.min_seats + 1 if ruleset.max_seats > ruleset.min_seats else ruleset.min_seats
    assert setup_error(ruleset, seats, options) is None
    for (name, choose), seed in product(_choosers(game), range(SEEDS)):
        played = play(game, seats, f"{name}-{options}-{seed}", choose, options)
        for position in played.positions:
            _check_standing(ruleset, position.state, seats)
        _check_standing(ruleset, played.end, seats)
