"""Every decision `legal` lists is accepted, and it and what it decides survive the wire;
a seat the game does not wait for has none."""

import random

import msgspec
import pytest

from events.codec import encode, game_codec
from events.ruleset import Accepted

from .games import RULESETS, game_seats, positions, sample


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


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_cards_ticked_as_a_pick_says_make_an_accepted_decision(game: str, seats: int) -> None:
    """Each card pick, its `count` cards ticked (the last ones, the first, at random), is a
    decision the game accepts, and it stands for legal decisions of its own kind."""
    ruleset, rng = RULESETS[game], random.Random(game)
    for n, (state, _, _) in enumerate(sample(positions(game, seats), 200)):
        for seat in range(seats):
            legal = ruleset.legal(state, seat)
            for pick in ruleset.card_picks(ruleset.view(state, seat), legal):
                assert pick.replaces and 0 < pick.count < len(pick.cards), pick
                ids = [c.id for c in pick.cards]
                assert all(type(legal[i]) is type(pick.decision) for i in pick.replaces)
                for ticked in (ids[-pick.count :], ids[: pick.count], rng.sample(ids, pick.count)):
                    decision = msgspec.structs.replace(pick.decision, **{pick.field: tuple(ticked)})
                    verdict = ruleset.decide(state, seat, decision, random.Random(n))
                    assert isinstance(verdict, Accepted), (game, n, seat, decision, verdict)
