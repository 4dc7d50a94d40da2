"""Decisions with wrongly typed fields, as code that skips msgspec's validation builds them,
judged on states of random play: each gets a verdict, a wrongly typed one a Rejection, and
nothing raises."""

import random
from functools import cache
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from events.codec import encode
from events.envelope import Ruling
from events.match import apply
from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.decisions import DECISIONS, Exchange, Use
from events.rulesets.core_worlds.state import Game
from tests.random_play import random_match

from .scenario import RULES

HUGE = st.builds(tuple, st.just(range(100_000)))


@cache
def _states() -> list[Game]:
    """The states decisions were judged on in random matches, the Sector 0 draft included."""
    states = []
    for seats, options in ((3, {"sector0_draft": True}), (5, {})):
        record = None
        for entry in random_match("core-worlds", seats, f"wrongly-typed-{seats}", options):
            if isinstance(entry.body, Ruling) and record is not None and record.state is not None:
                states.append(record.state)
            record = apply(record, entry)
    return states


@cache
def _values(ids: tuple[int, ...]) -> st.SearchStrategy[Any]:
    """Values of the right type but maybe out of range (ids in play among them, so that later
    checks are reached), and values of any wrong type."""
    numbers = st.one_of(st.sampled_from(ids), st.integers(min_value=-(2**70), max_value=2**70))
    scalars = st.one_of(
        st.none(), st.booleans(), st.text(max_size=6), st.floats(), numbers, HUGE, st.just(object())
    )
    anything = st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.lists(inner, max_size=4).map(tuple),
            st.builds(Use, card=inner, ability=inner, times=inner, discards=inner, choice=inner),
            st.builds(Exchange, source=inner, discards=inner, ability=inner),
        ),
        max_leaves=6,
    )
    return st.one_of(numbers, st.lists(numbers, max_size=4).map(tuple), anything)


def _well_typed(decision: Any) -> bool:
    try:
        msgspec.convert(msgspec.to_builtins(decision), type(decision))
    except (msgspec.ValidationError, TypeError):
        return False
    return True


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_decision_with_wrongly_typed_fields_is_judged_and_never_raises(data):
    game = data.draw(st.sampled_from(_states()))
    seat = data.draw(st.sampled_from((*RULES.waiting(game).must, *range(game.seats))))
    kind = data.draw(st.sampled_from(DECISIONS))
    player = game.players[seat]
    values = _values((player.home, *player.hand, *player.warzone, *game.central))
    fields = [f.name for f in msgspec.structs.fields(kind)]
    legal = [d for d in RULES.legal(game, seat) if type(d) is kind]
    if legal:  # a legal decision, some fields made wrong
        wrong = (
            data.draw(st.lists(st.sampled_from(fields), min_size=1, unique=True)) if fields else []
        )
        changes = {name: data.draw(values) for name in wrong}
        decision = msgspec.structs.replace(data.draw(st.sampled_from(legal)), **changes)
    else:
        decision = kind(**{name: data.draw(values) for name in fields})
    verdict = RULES.decide(game, seat, decision, random.Random(0))
    assert isinstance(verdict, Accepted | Rejection)
    if isinstance(verdict, Rejection):
        assert verdict.rule and verdict.reason
    else:
        assert _well_typed(decision), verdict
        for event in verdict.events:
            assert msgspec.json.decode(encode(event), type=type(event)) == event
