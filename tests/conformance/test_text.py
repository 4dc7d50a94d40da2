"""Text commands (play by message): every legal decision written with `write_text` reads back
to itself; every suggestion of `text_help` (a phrase in quotes) that reads as a decision is
accepted where it was suggested; any other text reads as a decision of the game or as a
rejection, never an exception."""

import random
import re
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.ruleset import Accepted, Rejection, Ruleset

from .games import GAMES, RULESETS, game_seats, positions, sample

POSITIONS = 60
QUOTED = re.compile(r"(?<!\w)'([^'\n]+)'(?!\w)")  # 'draft Hercules Bomber', not World's


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_every_legal_decision_written_as_text_reads_back_to_itself(game: str, seats: int) -> None:
    ruleset = RULESETS[game]
    written = 0
    for state, _, _ in sample(positions(game, seats), POSITIONS):
        waiting = ruleset.waiting(state)
        for seat in waiting.must + waiting.may:
            for decision in ruleset.legal(state, seat):
                text = ruleset.write_text(state, seat, decision)
                if text:
                    written += 1
                    assert ruleset.read_text(state, seat, text) == decision, (game, text)
    if type(ruleset).read_text is not Ruleset.read_text:
        assert written, f"{game} reads text commands and wrote none of its legal decisions"


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_what_help_suggests_reads_back_as_an_accepted_decision(game: str, seats: int) -> None:
    ruleset = RULESETS[game]
    helped = read = 0
    for n, (state, _, _) in enumerate(sample(positions(game, seats), POSITIONS)):
        waiting = ruleset.waiting(state)
        for seat in waiting.must + waiting.may:
            help_text = ruleset.text_help(state, seat)
            helped += bool(help_text)
            for said in QUOTED.findall(help_text):
                decision = ruleset.read_text(state, seat, said)
                if isinstance(decision, Rejection):
                    assert decision.rule and decision.reason, (said, decision)
                    continue
                verdict = ruleset.decide(state, seat, decision, random.Random(n))
                assert isinstance(verdict, Accepted), (game, n, seat, said, decision, verdict)
                read += 1
    if helped:  # a game with text commands suggests some that read as decisions
        assert read, f"{game}: help was given {helped} times, and no suggestion read back"


@cache
def _positions(game: str) -> tuple[tuple[Any, int, str], ...]:
    """Where some seat is waited for, with the words its help uses."""
    ruleset, found = RULESETS[game], []
    for state, seat, _ in sample(positions(game, RULESETS[game].min_seats), 20):
        found.append((state, seat, ruleset.text_help(state, seat)))
    return tuple(found)


@st.composite
def _texts(draw: st.DrawFn, help_text: str) -> str:
    words = [*help_text.replace("'", " ").split(), "0", "-1", "99999999999999999999", ",", ";"]
    made = st.lists(st.sampled_from(words), max_size=10).map(" ".join)
    return draw(st.one_of(made, st.text(max_size=40)))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_text_reads_as_a_decision_or_a_rejection(game: str, data: st.DataObject) -> None:
    ruleset = RULESETS[game]
    state, seat, help_text = data.draw(st.sampled_from(_positions(game)))
    text = data.draw(_texts(help_text))
    read = ruleset.read_text(state, seat, text)
    if isinstance(read, Rejection):
        assert read.rule and read.reason, (text, read)
    else:
        assert type(read) in ruleset.decision_types, (text, read)
        verdict = ruleset.decide(state, seat, read, random.Random(0))
        assert isinstance(verdict, Accepted | Rejection), (text, verdict)
