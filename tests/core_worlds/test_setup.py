"""Setup (CW-S) and the round structure (CW-R)."""

import random
from collections import Counter

from events.rulesets.core_worlds.decisions import Draft, Invade, Keep, Pass
from events.rulesets.core_worlds.happenings import Setup
from events.rulesets.core_worlds.state import Phase

from .scenario import CARDS, RULES, cid, fold, in_action, rejected, start


def test_cw_s1_two_to_five_players_ten_rounds_in_five_sectors():
    assert (RULES.min_seats, RULES.max_seats) == (2, 5)
    assert RULES.options_error(5, {}) is None
    assert [CARDS.sector(r).number for r in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    game = in_action(2)
    assert rejected(game, 7, Pass(), "SL-4") == "there is no seat 7 in this 2-player game"
    assert rejected(game, 2, Pass(), "SL-4") == "there is no seat 2 in this 2-player game"


def test_cw_s2_random_home_worlds_and_the_lowest_number_holds_destiny():
    seen = set()
    for seed in range(12):
        game = start(3, f"s2-{seed}")
        homes = [p.home for p in game.players]
        assert len(set(homes)) == 3 and all(p.warzone == (p.home,) for p in game.players)
        numbers = [CARDS.cards[h].number for h in homes]
        assert numbers[game.destiny] == min(numbers)
        assert game.turn == game.destiny  # the first Action-phase turn is the destiny's
        seen.add(tuple(homes))
    assert len(seen) > 1


def test_cw_s3_starting_deck_is_the_factions_sixteen_cards_shuffled():
    setups = [RULES.initial(2, {}, random.Random(f"s3-{seed}"))[0] for seed in range(2)]
    for setup in setups:
        for home, draw in zip(setup.homes, setup.draws, strict=True):
            assert sorted(draw) == sorted(CARDS.starting[home]) and home not in draw
            assert len(draw) == 16
    hero_counts = Counter(CARDS.cards[c].type for c in CARDS.starting[CARDS.homes[0]])
    assert hero_counts["Hero"] == 1
    assert setups[0].draws[0] != tuple(sorted(setups[0].draws[0]))


def test_cw_s4_energy_starts_at_zero_and_action_points_at_sector_one():
    game = fold(RULES.initial(4, {}, random.Random("s4")))
    assert all(p.energy == 0 and p.action_points == 4 for p in game.players)


def test_cw_s5_galactic_decks_shuffled_separately_and_deck_0_unused():
    setup: Setup = RULES.initial(2, {}, random.Random("s5:setup"))[0]
    for deck, shuffled in zip(CARDS.decks, setup.galactic, strict=True):
        assert sorted(shuffled) == list(deck)
    game = start(2, "s5")
    assert game.galactic[0] == setup.galactic[0]
    assert not set(game.central) & set(CARDS.decks[0])


def test_cw_s6_energy_surge_tokens_by_player_count():
    expected = {2: [0, 0], 3: [0, 1, 1], 4: [0, 0, 1, 2], 5: [0, 0, 0, 0, 0]}
    for seats, by_player in expected.items():
        game = fold(RULES.initial(seats, {}, random.Random(f"s6-{seats}")))
        tokens = [game.players[seat].surge_tokens for seat in game.order()]
        assert tokens == by_player


def test_cw_r_decisions_belong_to_their_phase():
    game = start(2, "r")
    assert game.phase == Phase.ENERGY
    reason = rejected(game, game.destiny, Draft(card=cid("Battle Cruiser")), "CW-R")
    assert reason == "drafting happens in the Action phase; this is the Energy phase"
    reason = rejected(game, game.destiny, Invade(world=cid("Ossa Minor")), "CW-R")
    assert reason == "invading happens in the Action phase; this is the Energy phase"
    reason = rejected(game, game.destiny, Keep(), "CW-R")
    assert reason == "keeping a card happens in the Discard phase; this is the Energy phase"
