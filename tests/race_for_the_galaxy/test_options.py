"""The match options: the first game's preset hands (RG-S6) and the 2-player advanced game
(RG-A1 … RG-A4), declared as match options."""

import random
from collections import Counter

from events.ruleset import setup_error
from events.rulesets.race_for_the_galaxy.decisions import (
    ChooseActions,
    Consume,
    Develop,
    Keep,
    Trade,
)
from events.rulesets.race_for_the_galaxy.happenings import ActionsRevealed, ChipsTaken, Sold
from tests.race_for_the_galaxy.scenario import (
    CARDS,
    RULES,
    all_play,
    arrange,
    fold,
    names,
    on,
    play,
    rejected,
    settle,
    stock,
    table,
)

PRESET = {
    "epsilon_eridani": {"rebel_fuel_cache", "public_works", "colony_ship", "gem_world"},
    "alpha_centauri": {"expedition_force", "mining_robots", "rebel_miners", "comet_zone"},
    "new_sparta": {"export_duties", "former_penal_colony", "malevolent_lifeforms"}
    | {"new_military_tactics"},
    "earths_lost_colony": {"space_marines", "contact_specialist", "spice_world"}
    | {"avian_uplift_race"},
}


def _advanced(tableaus, hands=(), step="select", actions=()):
    return arrange(table(tableaus, hands=hands, step=step, actions=actions), advanced=True)


def test_the_two_options_are_declared_and_the_rest_refused():
    assert setup_error(RULES, 2, {}) is None
    assert setup_error(RULES, 2, {"advanced": True, "first_game": True}) is None
    assert setup_error(RULES, 4, {"first_game": True}) is None
    two = "the advanced game (two actions a round) is for 2 players"
    assert setup_error(RULES, 3, {"advanced": True}) == two
    assert "no option 'expansion'" in setup_error(RULES, 2, {"expansion": True})
    assert "true or false" in setup_error(RULES, 2, {"first_game": "yes"})


def test_rg_s6_first_game_numbered_start_worlds_and_preset_hands():
    for seats in (2, 3, 4):
        game, _ = settle(fold(RULES.initial(seats, {"first_game": True}, random.Random(seats))))
        starts = sorted(CARDS.card(p.start).start for p in game.players)
        assert starts == list(range(1, seats + 1))
        for p in game.players:
            assert set(names(p.hand)) == PRESET[CARDS.card(p.start).id]
        assert game.step == "select" and RULES.waiting(game).must == tuple(range(seats))
        assert game.round == 1 and not game.advanced
        held = [*game.deck, *(g for p in game.players for _, g in p.goods)]
        held += [c for p in game.players for c in (*p.hand, *p.tableau)]
        assert Counter(held) == Counter(range(114))
        assert sum(len(p.goods) for p in game.players) == 1  # Alpha Centauri's (RG-S4)


def test_rg_a_the_advanced_option_starts_a_game_of_two_actions_a_round():
    game, _ = settle(fold(RULES.initial(2, {"advanced": True}, random.Random(2))))
    assert game.advanced and RULES.view(game, 0).advanced


def test_rg_a1_two_actions_a_round_develop_or_settle_may_be_doubled():
    game = _advanced([["old_earth"], ["new_sparta"]])
    rejected(game, ChooseActions(("develop",)), "RG-A1")
    rejected(game, ChooseActions(("explore_5", "explore_5")), "RG-A1")
    rejected(table([["old_earth"], ["new_sparta"]]), ChooseActions(("develop", "settle")), "RG-R1")
    assert len(RULES.legal(game, 0)) == 21 + 2
    game, events = all_play(
        game, ChooseActions(("settle", "develop")), ChooseActions(("settle", "settle"))
    )
    revealed = next(e for e in events if isinstance(e, ActionsRevealed))
    assert revealed.phases == ("develop", "settle", "settle")


def test_rg_a2_both_explore_cards_draw_8_keep_2():
    game = _advanced([["old_earth"], ["new_sparta"]])
    game, _ = all_play(
        game, ChooseActions(("explore_5", "explore_1_1")), ChooseActions(("develop", "trade"))
    )
    assert [len(p.drawn) for p in game.players] == [8, 2]
    rejected(game, Keep(game.players[0].drawn[:3]), "RG-E1")
    play(game, Keep(game.players[0].drawn[:2]))


def test_rg_a3_two_develop_phases_the_bonus_twice_only_for_the_double_chooser():
    hands = [["investment_credits", "colony_ship", "gem_world"], ["space_marines", "drop_ships"]]
    hands[1] += ["comet_zone", "spice_world", "mining_world", "new_earth", "asteroid_belt"]
    game = _advanced([["old_earth"], ["new_sparta"]], hands=hands)
    game, _ = all_play(
        game, ChooseActions(("develop", "develop")), ChooseActions(("develop", "trade"))
    )
    credits, ship, gem = game.players[0].hand
    marines, drops, *pay = game.players[1].hand
    game, _ = all_play(game, Develop(card=credits), Develop(card=marines, paying=tuple(pay[:1])))
    assert game.step == "develop" and game.second
    # Credits work in the second phase: Colony Ship 2 - 1 bonus - 1 = 0.
    rejected(game, Develop(card=ship, paying=(gem,)), "RG-D2")
    # One Develop card: no bonus in the second phase, Drop Ships costs its full 4.
    rejected(game, Develop(card=drops, paying=tuple(pay[1:4])), "RG-D2", seat=1)
    game, _ = all_play(game, Develop(card=ship), Develop(card=drops, paying=tuple(pay[1:5])))
    assert names(game.players[0].tableau) == ["old_earth", "investment_credits", "colony_ship"]
    assert names(game.players[1].tableau) == ["new_sparta", "space_marines", "drop_ships"]


def test_rg_a4_both_consume_cards_sell_first_then_consume_with_2x_vp():
    tableau = ["epsilon_eridani", "gem_world", "comet_zone"]
    game = _advanced(
        [tableau, ["new_sparta"]], step="consume", actions=[("trade", "consume_2x"), ()]
    )
    game = stock(game, 0, "gem_world", "comet_zone")
    gem, comet = on(game, 0, "gem_world"), on(game, 0, "comet_zone")
    eridani = on(game, 0, "epsilon_eridani")
    rejected(game, Consume(eridani, worlds=(gem,)), "RG-C1")
    game, events = play(game, Trade(world=comet))
    assert Sold(seat=0, world=comet, cards=3) in events
    game, events = play(game, Consume(eridani, worlds=(gem,)))
    assert ChipsTaken(seat=0, vp=2) in events
