"""Properties of whole matches through the pure API: random legal play keeps every card, every
bot plays from setup to a winner, folding twice gives the same hashes."""

import random
from collections import Counter
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from events.chance import chance_for
from events.codec import state_hash
from events.ruleset import Accepted
from events.rulesets.star_realms.state import Game
from tests.reacting import Logged, bounded
from tests.star_realms.scenario import CARDS, RULES

matches = st.tuples(st.text(min_size=1, max_size=8), st.integers(min_value=0, max_value=2**32))


def _cards(game: Game) -> Counter:
    """Every physical card but Explorers, wherever it is."""
    found = [*game.trade_deck, *game.row, *game.scrap_heap, *game.turn.ships]
    for p in game.players:
        found += [*p.deck, *p.hand, *p.discard, *p.bases]
    return Counter(c for c in found if c < CARDS.explorer_base)


def match(seed: str, bots: tuple[str, str], rng: random.Random, check=None) -> tuple[Game, list]:
    """One match to its end or its 20,000th decision, bots choosing on what their seat may see
    (`random_legal`: any legal decision); the last state and every event with the state hash
    after it."""
    played = Logged(RULES, check)
    chance = chance_for(seed, 0)
    played.apply(RULES.initial(2, {}, chance))
    for number in range(1, 20_000):
        react = bounded(RULES, chance)
        while derived := react(played.state):
            played.apply(derived)
        game = played.state
        if RULES.is_over(game):
            return game, played.log
        seat = RULES.waiting(game).must[0]
        level = bots[seat]
        if level == "random_legal":
            decision = rng.choice(RULES.legal(game, seat))
        else:
            decision = RULES.default_decision(game, seat, level, rng)
        chance = chance_for(seed, number)
        verdict = RULES.decide(game, seat, decision, chance)
        assert isinstance(verdict, Accepted), (decision, verdict)
        played.apply(verdict.events)
    return played.state, played.log


@settings(max_examples=15, deadline=None)
@given(matches)
@example(("Ü", 16911414))  # both decks scrapped down to a base or two: no trade, too little combat
@example(("O\U000ff40c\x7fÕê¥", 2_706_316_059))  # bases and bought Explorers, no row left to buy
def test_random_play_makes_and_loses_no_card_and_a_won_match_stands(params):
    """Random legal play need not end (the rules know no draw, and aimless seats can scrap their
    decks down to cards that never get past an outpost): the bots' test below is the one that
    asks for an end."""
    seed, choices = params
    total = Counter(range(CARDS.explorer_base))

    def check(game: Game) -> None:
        assert _cards(game) == total
        assert game.turn.trade >= 0 and game.turn.combat >= 0

    game, _ = match(seed, ("random_legal", "random_legal"), random.Random(choices), check)
    if RULES.is_over(game):
        standing = RULES.standing(game)
        assert standing.winners == (game.winner,) and min(standing.scores) <= 0


@settings(max_examples=6, deadline=None)
@given(matches, st.sampled_from(["pass", "random", "greedy", "planner"]))
def test_every_bot_plays_to_the_end_blind(params, level):
    seed, choices = params
    # two pass bots never fight, and two random ones may wander for good, as random play above
    opponent = "greedy" if level in ("pass", "random") else level
    game, _ = match(seed, (level, opponent), random.Random(choices))
    assert RULES.is_over(game)


def test_the_same_log_folds_to_the_same_hashes():
    _, log = match("fold", ("greedy", "planner"), random.Random(1))
    state: Any = None
    for event, digest in log:
        state = RULES.evolve(state, event)
        assert state_hash(state) == digest
