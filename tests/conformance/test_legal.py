"""Every decision `legal` lists is accepted, and it and what it decides survive the wire;
a seat the game does not wait for has none."""

import random

import msgspec
import pytest

from events.codec import encode, game_codec
from events.ruleset import Accepted

from .games import RULESETS, game_seats, positions


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_every_legal_option_is_accepted(game: str, seats: int) -> None:
    ruleset = RULESETS[game]
    codec = game_codec(game)
    for n, (state, _, _) in enumerate(positions(game, seats)):
        waiting = ruleset.waiting(state)
        for seat in range(seats):
            options = ruleset.legal(state, seat)
            if seat not in waiting.must + waiting.may:
                assert not options, (game, n, seat, options)
                continue
            assert options or seat not in waiting.must, (game, n, seat)
            for option in options:
                verdict = ruleset.decide(state, seat, option, random.Random(n))
                assert isinstance(verdict, Accepted), (game, n, seat, option, verdict)
                assert encode(codec.decision_body(encode(option))) == encode(option)
                for event in verdict.events:
                    read = msgspec.json.decode(encode(event), type=type(event))
                    assert encode(read) == encode(event), event
