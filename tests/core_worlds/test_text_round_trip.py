"""Every legal decision written as text reads back as itself; no text makes the reader fail."""

import random
from collections import Counter
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.bots import greedy_bot
from events.rulesets.core_worlds.decisions import DECISIONS, Declare, Invade
from events.rulesets.core_worlds.state import Game
from events.rulesets.core_worlds.text import TextError, help_text, parse, render

from .scenario import CARDS, RULES, fold, settle, start

MATCHES = [(2, "a", True), (3, "b", False), (4, "c", True), (5, "d", False), (3, "e", True)]


def _features(decision: Any, text: str) -> list[str]:
    """What a decision's text had to express, beyond its kind."""
    found = [type(decision).__name__]
    if isinstance(decision, Invade):
        found += ["choice"] * any(u.choice for u in decision.uses)
        found += ["times"] * any(u.times > 1 for u in decision.uses)
        found += ["discards"] * any(u.discards for u in decision.uses)
        found += ["tactics"] * bool(decision.tactics) + ["colonist"] * (
            decision.colonist is not None
        )
    if isinstance(decision, Declare):
        found += ["surges"] * bool(decision.surges)
        found += [text.split(" ")[0] for text in text.split("; ") if decision.exchanges]
    found += ["position"] * any(word.strip(",").isdigit() for word in text.split())
    return found


def _play(seats: int, seed: str, sector0: bool, seen: Counter) -> None:
    """A match to the end, half greedy, half random; at each state, every legal decision's text."""
    rng = random.Random(seed)
    game = start(seats, seed, sector0_draft=sector0)
    while not RULES.is_over(game):
        seat = rng.choice(RULES.waiting(game).must)
        options = RULES.legal(game, seat)
        for decision in options:
            text = render(game, seat, decision)
            assert parse(game, seat, text) == decision, text
            seen.update(_features(decision, text))
        assert help_text(game, seat)
        chosen = greedy_bot(game, seat, rng) if rng.random() < 0.5 else rng.choice(options)
        verdict = RULES.decide(game, seat, chosen, random.Random(0))
        assert isinstance(verdict, Accepted), verdict
        game, _ = settle(fold(verdict.events, game))


def test_every_legal_decision_reads_back_from_its_text_in_self_played_matches():
    seen: Counter = Counter()
    for seats, seed, sector0 in MATCHES:
        _play(seats, seed, sector0, seen)
    kinds = {kind.__name__ for kind in DECISIONS}
    assert kinds <= set(seen), kinds - set(seen)
    expressed = {"choice", "times", "discards", "tactics", "colonist", "surges", "explore", "use"}
    assert expressed <= set(seen), expressed - set(seen)
    assert seen["position"] > 0


@cache
def _states() -> tuple[tuple[Game, int], ...]:
    """A seat to act at each phase of a short match, the Sector 0 draft included."""
    rng = random.Random("states")
    game, found = start(3, "states", sector0_draft=True), {}
    while game.round < 3:
        seat = RULES.waiting(game).must[0]
        found.setdefault(game.phase, (game, seat))
        verdict = RULES.decide(game, seat, greedy_bot(game, seat, rng), rng)
        game, _ = settle(fold(verdict.events, game))
    return tuple(found.values())


VERBS = ["pick", "draft", "deploy", "invade", "use", "play", "explore", "surge", "pass", "keep"]
PARTS = ["with", "playing", "using", "discarding", "colonise", "and", "nothing", "x2", "#2", ":g"]
ODD = [",", ";", ":", "#", "0", "3", "99", "123456789012345678901234567890", "\u00e9", "\u017f"]
WORDS = [*VERBS, *PARTS, *ODD, "shuffle", "help", *(card.name for card in CARDS.cards[::7])]


def _reads(state: int, text: str) -> None:
    game, seat = _states()[state % len(_states())]
    said = parse(game, seat, text)
    assert isinstance(said, (TextError, *DECISIONS)), said
    if not isinstance(said, TextError):
        assert isinstance(RULES.decide(game, seat, said, random.Random(0)), Accepted | Rejection)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=9), st.text(max_size=60))
def test_any_text_is_a_decision_or_a_text_error(state, text):
    _reads(state, text)


@settings(max_examples=400, deadline=None)
@given(
    st.integers(min_value=0, max_value=9),
    st.lists(st.sampled_from(WORDS), max_size=12),
    st.sampled_from([" ", ", ", " and ", "; "]),
)
def test_command_like_text_is_a_decision_or_a_text_error(state, words, joint):
    _reads(state, joint.join(words))
