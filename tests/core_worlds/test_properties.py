"""Properties of random legal play, 2 to 5 players, from setup to the final score."""

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from events.chance import chance_for
from events.codec import state_hash
from events.ruleset import Accepted
from events.rulesets.core_worlds.bots import greedy_bot
from events.rulesets.core_worlds.cardset import ROUNDS
from events.rulesets.core_worlds.state import Game
from tests.reacting import Logged, bounded

from .scenario import CARDS, RULES

games = st.tuples(
    st.integers(min_value=2, max_value=5),
    st.text(min_size=1, max_size=8),
    st.booleans(),
    st.integers(min_value=0, max_value=2**32),
)


def _random_play(seats: int, seed: str, sector0: bool, choices: int, check=None):
    """Play to the end, each decision legal: half at random, half the greedy bot's (which goes
    deeper into the game). The end state, every event with the state hash after it, and the
    decisions taken."""
    rng = random.Random(choices)
    played = Logged(RULES, check)
    chance = chance_for(seed, 0)  # as the judge draws: one source per decision
    played.apply(RULES.initial(seats, {"sector0_draft": sector0}, chance))
    decisions = []
    while True:
        react = bounded(RULES, chance)
        while derived := react(played.state):
            played.apply(derived)
        game = played.state
        if RULES.is_over(game):
            return game, played.log, decisions
        seat = rng.choice(RULES.waiting(game).must)
        if rng.random() < 0.5:
            decision = greedy_bot(game, seat, rng)
        else:
            decision = rng.choice(RULES.legal(game, seat))
        chance = chance_for(seed, len(decisions) + 1)
        verdict = RULES.decide(game, seat, decision, chance)
        assert isinstance(verdict, Accepted), (decision, verdict)
        decisions.append((seat, decision))
        played.apply(verdict.events)


def _in_play(game: Game) -> Counter:
    places: Counter = Counter()
    for p in game.players:
        places.update(p.hand + p.draw + p.discard + p.warzone + p.colonists + p.picks)
    for deck in game.galactic:
        places.update(deck)
    places.update(game.central + game.removed)
    return places


def _every_card(game: Game) -> Counter:
    cards = Counter(c for deck in CARDS.decks for c in deck)
    for p in game.players:
        cards.update((p.home, *CARDS.starting[p.home]))
    return cards


@settings(max_examples=50, deadline=None)
@given(games)
def test_random_play_ends_after_round_ten_with_scores(params):
    seats = params[0]
    game, _, _ = _random_play(*params)
    assert RULES.is_over(game) and game.round == ROUNDS
    assert len(game.scores) == seats and game.winners
    assert all(s.total == s.bonus + s.printed for s in game.scores)


@settings(max_examples=40, deadline=None)
@given(games)
def test_every_card_in_exactly_one_place_and_no_negative_counts(params):
    expected = None

    def check(game: Game) -> None:
        nonlocal expected
        expected = expected or _every_card(game)
        assert _in_play(game) == expected
        for p in game.players:
            assert p.energy >= 0 and p.action_points >= 0 and p.surge_tokens >= 0

    _random_play(*params, check=check)


@settings(max_examples=30, deadline=None)
@given(games)
def test_same_seed_and_decisions_same_events_and_hashes(params):
    game, log, decisions = _random_play(*params)
    seats, seed, sector0, _ = params
    replay: list[tuple[Any, str]] = []
    again = None

    def apply(events: list[Any]) -> None:
        nonlocal again
        for event in events:
            again = RULES.evolve(again, event)
            replay.append((event, state_hash(again)))

    chance = chance_for(seed, 0)
    apply(RULES.initial(seats, {"sector0_draft": sector0}, chance))
    for number, (seat, decision) in enumerate([*decisions, (None, None)], start=1):
        react = bounded(RULES, chance)
        while derived := react(again):
            apply(derived)
        if decision is not None:
            chance = chance_for(seed, number)
            apply(RULES.decide(again, seat, decision, chance).events)
    assert replay == log and again == game


@settings(max_examples=30, deadline=None)
@given(games)
def test_no_view_shows_another_hand_or_a_deck_order(params):
    seats, seed, sector0, choices = params

    def check(game: Game) -> None:
        hidden_piles = [c for p in game.players for c in p.draw]
        hidden_piles += [c for deck in game.galactic for c in deck]
        for seat in (*range(game.seats), None):
            view = RULES.view(game, seat)
            shown = set(view.cards) | set(view.hand) | set(view.discard) | set(view.central)
            for p in view.players:
                shown |= {*p.warzone, *p.colonists, *p.picks}
            others = {
                c for s, p in enumerate(game.players) if s != seat for c in (*p.hand, *p.discard)
            }
            assert not shown & others
            assert not shown & set(hidden_piles)

    _random_play(seats, seed, sector0, choices, check=check)
