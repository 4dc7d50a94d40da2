"""Game end (RG-G1), scores with cost-6 bonuses (RG-G2, RG-G3) and ties (RG-G4)."""

import random
from collections import Counter

from events.rulesets.race_for_the_galaxy.decisions import ChooseActions, Develop
from events.rulesets.race_for_the_galaxy.happenings import GameEnded, RoundBegan
from events.rulesets.race_for_the_galaxy.scoring import final_scores, winners
from tests.race_for_the_galaxy.scenario import RULES, all_play, arrange, fold, ids, table
from tests.reacting import bounded

ELEVEN = ["old_earth", "gem_world", "comet_zone", "spice_world", "mining_world", "new_earth"]
ELEVEN += ["asteroid_belt", "space_port", "new_vinland", "distant_world", "tourist_world"]
HAND = [["space_marines", "pre_sentient_race", "radioactive_world"]]


def _a_develop_round(game):
    game, _ = all_play(game, ChooseActions(("develop",)), ChooseActions(("develop",)))
    hand = game.players[0].hand
    return all_play(game, Develop(card=hand[0], paying=hand[1:2]), Develop())


def test_rg_g1_the_game_ends_after_the_round_a_tableau_reaches_12():
    game = table([ELEVEN, ["new_sparta"]], hands=HAND)
    game, events = _a_develop_round(game)
    assert len(game.players[0].tableau) == 12
    assert any(isinstance(e, GameEnded) for e in events) and RULES.is_over(game)


def test_rg_g1_the_game_goes_on_below_12_with_chips_left():
    game = table([ELEVEN[:10], ["new_sparta"]], hands=HAND)
    game, events = _a_develop_round(game)
    assert events[-1] == RoundBegan(round=2) and not RULES.is_over(game)


def test_rg_g1_the_game_ends_when_the_pool_is_empty():
    game = arrange(table([["old_earth"], ["new_sparta"]], hands=HAND), pool=0)
    _, events = _a_develop_round(game)
    assert isinstance(events[-1], GameEnded)


def test_rg_g1_the_game_ends_scored_with_its_winners():
    game = fold([GameEnded(scores=(3, 5), winners=(1,))], table([["old_earth"], ["new_sparta"]]))
    assert RULES.is_over(game) and RULES.waiting(game).must == ()
    assert (game.scores, game.winners) == ((3, 5), (1,))


def test_rg_g2_printed_vp_plus_chips():
    game = arrange(table([["old_earth", "rebel_base"], ["new_sparta"]]), 0, chips=4)
    assert final_scores(game) == (2 + 6 + 4, 1)


def test_rg_g3_each_card_scores_for_the_first_line_it_matches():
    """Alien Tech Institute: an Alien production world 3 (not 3 + 2), itself 2 as ALIEN."""
    tableau = ["old_earth", "alien_tech_institute", "lost_alien_battle_fleet", "alien_robot_sentry"]
    game = table([tableau, ["new_sparta"]])
    printed = 2 + 0 + 4 + 2
    assert final_scores(game)[0] == printed + 2 + 3 + 2


def test_rg_g3_lines_on_top_chips_and_total_military():
    renaissance = table([["old_earth", "galactic_renaissance", "artist_colony"], ["new_sparta"]])
    renaissance = arrange(renaissance, 0, chips=7)
    assert final_scores(renaissance)[0] == 2 + 1 + 7 + 2 + 3
    order = table([["new_sparta", "new_galactic_order", "contact_specialist"], ["old_earth"]])
    assert final_scores(order)[0] == 1 + 0 + 1 + (2 + 2 - 1)


def test_rg_g4_ties_go_to_hand_plus_goods_then_are_shared():
    game = table([["epsilon_eridani"], ["earths_lost_colony"]])
    assert final_scores(game) == (1, 1) and winners(game, (1, 1)) == (0, 1)
    game = arrange(game, 1, hand=ids("gem_world"))
    assert winners(game, (1, 1)) == (1,)
    good, *hand = ids("comet_zone", "spice_world", "star_nomad_lair")
    goods = arrange(game, 0, goods=((game.players[0].tableau[0], good),), hand=tuple(hand))
    assert winners(goods, (1, 1)) == (0,)  # 2 cards and a good against 1 card


MATCHES = [(2, {}), (3, {}), (4, {}), (2, {"advanced": True}), (3, {"first_game": True})]


def test_random_matches_end_with_every_card_accounted_for():
    for seats, options in MATCHES:
        rng = random.Random(seats)
        game = None
        for event in RULES.initial(seats, options, rng):
            game = RULES.evolve(game, event)
        while True:
            react = bounded(RULES, rng)
            while derived := react(game):
                for event in derived:
                    game = RULES.evolve(game, event)
            if RULES.is_over(game):
                break
            seat = RULES.waiting(game).must[0]
            decision = RULES.default_decision(game, seat, "random", rng)
            for event in RULES.decide(game, seat, decision, rng).events:
                game = RULES.evolve(game, event)
        held = [*game.deck, *game.discard]
        for p in game.players:
            held += [*p.hand, *p.tableau, *p.drawn, *(g for _, g in p.goods)]
        assert Counter(held) == Counter(range(114))
        assert game.winners and len(game.scores) == seats
        assert game.pool == 0 or max(len(p.tableau) for p in game.players) >= 12
