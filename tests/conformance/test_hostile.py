"""Odd decisions (wrongly typed, unknown ids, negative numbers, huge lists, no decision at all)
are refused with a rule and a reason, never an exception: by `decide` itself, since a
decision built in code reaches it unchecked, and by the judge, from JSON."""

import random
from functools import cache
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Ruling
from events.held_answers import owed, seat_state
from events.platform_rules import SEAT
from events.ruleset import Accepted, Rejection, Ruleset
from tests.random_play import PLAYERS, Table

from .games import GAMES, RULESETS, positions, sample
from .hostile import decisions, hostile_decisions, mistyped, near

POSITIONS = 20


@cache
def _positions(game: str) -> tuple[tuple[Any, int, tuple[Any, ...]], ...]:
    """Settled states over a match, a seat waited for, and its legal decisions."""
    ruleset = RULESETS[game]
    return tuple(
        (state, seat, tuple(ruleset.legal(state, seat)))
        for state, seat, _ in sample(positions(game, ruleset.min_seats), POSITIONS)
    )


def _judged(ruleset: Ruleset, state: Any, seat: int, decision: Any) -> None:
    verdict = ruleset.decide(state, seat, decision, random.Random(0))
    if isinstance(verdict, Rejection):
        assert verdict.rule and verdict.reason, (decision, verdict)
        return
    assert isinstance(verdict, Accepted), (decision, verdict)
    assert not mistyped(decision), (decision, verdict)
    for event in verdict.events:  # what is accepted must go on the log and read back
        assert encode(msgspec.json.decode(encode(event), type=type(event))) == encode(event)


@pytest.mark.parametrize("game", GAMES)
def test_decide_refuses_each_field_made_odd(game: str) -> None:
    ruleset = RULESETS[game]
    for state, seat, _ in _positions(game):
        for decision in hostile_decisions(ruleset.decision_types):
            _judged(ruleset, state, seat, decision)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_decide_refuses_what_hypothesis_makes(game: str, data: st.DataObject) -> None:
    ruleset = RULESETS[game]
    state, seat, options = data.draw(st.sampled_from(_positions(game)))
    made = decisions(ruleset.decision_types)
    decision = data.draw(
        st.one_of(made, st.sampled_from(options).flatmap(near)) if options else made
    )
    _judged(ruleset, state, seat, decision)


@pytest.mark.parametrize("game", GAMES)
def test_the_judge_refuses_them_from_json(game: str) -> None:
    ruleset, rng = RULESETS[game], random.Random(game)
    seats, hostile = ruleset.min_seats, hostile_decisions(ruleset.decision_types)
    table = Table(f"hostile-{game}")
    table.send(None, CreateMatch(ruleset=game, seats=seats, options={}, seed="hostile"))
    for seat in range(seats):
        table.send(seat, ClaimSeat(player=PLAYERS[seat]))
    record, sent = table.folded.matches[table.match_id], 0
    while not record.over:
        seat = rng.choice(owed(record, ruleset))
        for body in hostile[sent : sent + 10]:
            first = len(table.entries)
            table.send(seat, body)
            ruling = table.entries[first].body
            assert isinstance(ruling, Ruling), (body, ruling)
            assert ruling.accepted or (ruling.rule and ruling.reason), (body, ruling)
            assert not (ruling.accepted and mistyped(body)), (body, ruling)
            sent += 1
        if not record.over:
            seat = rng.choice(owed(record, ruleset))
            table.send(seat, rng.choice(ruleset.legal(seat_state(record, ruleset, seat), seat)))
    assert sent == len(hostile), f"{game} ended before every odd decision was sent"


ODD_SEATS = (-1, True, False, "0", 1.5, None)  # besides the seat count and past it


@pytest.mark.parametrize("game", GAMES)
def test_decide_refuses_a_seat_the_match_does_not_have(game: str) -> None:
    ruleset = RULESETS[game]
    assert any(options for _, _, options in _positions(game)), f"{game}: no position to try"
    for state, _, options in _positions(game):
        seats = ruleset.min_seats
        for odd_seat in (*ODD_SEATS, seats, seats + 5):
            for decision in options[:3]:
                verdict = ruleset.decide(state, odd_seat, decision, random.Random(0))
                assert isinstance(verdict, Rejection), (game, odd_seat, decision, verdict)
                assert verdict.rule == SEAT, (game, odd_seat, verdict)
