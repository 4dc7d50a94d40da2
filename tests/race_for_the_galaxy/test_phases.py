"""The phases (RG-E, RG-D, RG-W, RG-C, RG-P) and powers (RG-K): given a table after the
reveal, when the seats choose, then these events or this rejection."""

from events.rulesets.race_for_the_galaxy.decisions import (
    ChooseActions,
    Develop,
    Keep,
    Settle,
    Trade,
    Windfall,
)
from events.rulesets.race_for_the_galaxy.happenings import (
    Drew,
    GoodPlaced,
    Placed,
    Reshuffled,
    Sold,
)
from tests.race_for_the_galaxy.scenario import (
    RULES,
    all_play,
    arrange,
    ids,
    names,
    play,
    rejected,
    table,
)

HAND = ["gem_world", "comet_zone", "spice_world", "mining_world", "new_earth", "asteroid_belt"]


def _phase(step, tableaus, hands=(), actions=(("develop",), ("settle",)), deck=()):
    """Given: this step running, the rest of the round's phases done."""
    return table(tableaus, hands=hands, step=step, actions=actions, deck=deck)


def test_rg_e1_draw_two_keep_one_discard_the_other():
    game = table([["old_earth"], ["new_sparta"]], step="explore")
    game = arrange(game, 0, drawn=ids("gem_world", "comet_zone"))
    game = arrange(game, 1, drawn=ids("spice_world", "mining_world"))
    rejected(game, Keep(cards=game.players[0].drawn), "RG-E1")
    game, _ = all_play(game, Keep(game.players[0].drawn[:1]), Keep(game.players[1].drawn[1:]))
    assert names(game.players[0].hand) == ["gem_world"]
    assert names(game.players[1].hand) == ["mining_world"]
    assert set(names(game.discard)) == {"comet_zone", "spice_world"}


def test_rg_e4_everyone_draws_before_anyone_discards():
    """With the deck short, the reshuffle takes only the old discard pile: 9 from the deck and
    the 3 old discards for 12 wanted, and no explored card comes back this phase."""
    game = table([["old_earth"], ["new_sparta"]])
    game = arrange(game, deck=game.deck[:9], discard=game.deck[9:12])
    game, _ = all_play(game, ChooseActions(("explore_5",)), ChooseActions(("explore_5",)))
    assert [len(p.drawn) for p in game.players] == [7, 5]
    assert game.discard == () and game.deck == ()


def test_rg_k4_the_discard_pile_is_shuffled_in_as_soon_as_the_deck_runs_out():
    """The explore draws take the deck's last card: the 3 old discards become the deck at once,
    and the explore discards that follow stay in the discard pile."""
    game = table([["old_earth"], ["new_sparta"]])
    old = game.deck[9:12]
    game = arrange(game, deck=game.deck[:9], discard=old)
    game, events = all_play(game, ChooseActions(("explore_5",)), ChooseActions(("develop",)))
    (shuffled,) = [e for e in events if isinstance(e, Reshuffled)]
    assert sorted(shuffled.order) == sorted(old) and game.deck == shuffled.order
    game, _ = all_play(game, Keep(game.players[0].drawn[:1]), Keep(game.players[1].drawn[:1]))
    assert game.step == "develop" and sorted(game.deck) == sorted(old)
    assert len(game.discard) == 6 + 1 and not set(game.discard) & set(old)


def test_rg_e2_explore_plus_5_draws_seven_and_keeps_one():
    game = table([["old_earth"], ["new_sparta"]])
    game, _ = all_play(game, ChooseActions(("explore_5",)), ChooseActions(("develop",)))
    drawn = game.players[0].drawn
    assert (len(drawn), len(game.players[1].drawn)) == (2 + 5, 2)
    rejected(game, Keep(cards=drawn[:2]), "RG-E1")
    game, _ = all_play(game, Keep(drawn[:1]), Keep(game.players[1].drawn[:1]))
    assert game.players[0].hand == drawn[:1] and set(drawn[1:]) <= set(game.discard)


def test_rg_e3_explore_plus_1_plus_1_draws_three_and_keeps_two():
    game = table([["old_earth"], ["new_sparta"]])
    game, _ = all_play(game, ChooseActions(("explore_1_1",)), ChooseActions(("develop",)))
    drawn = game.players[0].drawn
    assert len(drawn) == 3
    rejected(game, Keep(cards=drawn[:1]), "RG-E1")
    game, _ = all_play(game, Keep(drawn[:2]), Keep(game.players[1].drawn[:1]))
    assert game.players[0].hand == drawn[:2]


def test_rg_e5_explore_powers_draw_more_and_keep_more():
    game = table([["old_earth", "galactic_renaissance"], ["new_sparta"]])
    game, _ = all_play(game, ChooseActions(("explore_1_1",)), ChooseActions(("develop",)))
    assert len(game.players[0].drawn) == 2 + 1 + 2
    rejected(game, Keep(cards=game.players[0].drawn[:2]), "RG-E1")
    game, _ = all_play(game, Keep(game.players[0].drawn[:3]), Keep(game.players[1].drawn[:1]))
    assert len(game.players[0].hand) == 3


def test_rg_d1_w1_each_chooses_a_card_or_none_and_all_are_placed_together():
    """The first choice places nothing: both are carried out once the second is in."""
    hands = [["drop_ships", *HAND[:4]], ["destroyed_world", "empath_world"]]
    game = _phase("develop", [["old_earth"], ["new_sparta"]], hands, [["develop"], ["settle"]])
    mine, theirs = game.players[0].hand, game.players[1].hand
    game, events = play(game, Develop(card=mine[0], paying=mine[1:4]))
    assert not [e for e in events if isinstance(e, Placed)]
    game, events = play(game, Develop(), seat=1)
    assert [(e.seat, e.card) for e in events if isinstance(e, Placed)] == [(0, mine[0])]
    game = _phase("settle", [["old_earth"], ["new_sparta"]], hands, [["develop"], ["settle"]])
    game, events = play(game, Settle())
    assert not [e for e in events if isinstance(e, Placed)]
    game, events = play(game, Settle(card=theirs[0], paying=theirs[1:]), seat=1)
    assert [(e.seat, e.card) for e in events if isinstance(e, Placed)] == [(1, theirs[0])]


def test_rg_w2_a_world_is_paid_in_other_hand_cards_to_its_cost():
    game = _phase("settle", [["old_earth"], ["new_sparta"]], [["gem_world", *HAND[2:5]]])
    gem, *others = game.players[0].hand
    assert "pay exactly 2" in rejected(game, Settle(card=gem, paying=tuple(others)), "RG-W2")
    rejected(game, Settle(card=gem, paying=(gem, others[0])), "RG-W2")
    game, events = all_play(game, Settle(card=gem, paying=tuple(others[:2])), Settle())
    assert [e.paying for e in events if isinstance(e, Placed)] == [tuple(others[:2])]
    assert game.players[0].hand == (others[2],) and set(others[:2]) <= set(game.discard)


def test_rg_d2_d3_pay_the_cost_less_one_for_the_chooser():
    hands = [["drop_ships", *HAND[:4]], ["drop_ships", "new_vinland", *HAND[4:], "galactic_resort"]]
    game = _phase("develop", [["old_earth"], ["new_sparta"]], hands, [["develop"], ["settle"]])
    mine, theirs = game.players[0].hand, game.players[1].hand
    rejected(game, Develop(card=mine[0], paying=mine[1:]), "RG-D2")
    rejected(game, Develop(card=theirs[0], paying=theirs[1:4]), "RG-D2", seat=1)
    game, events = all_play(
        game,
        Develop(card=mine[0], paying=mine[1:4]),
        Develop(card=theirs[0], paying=theirs[1:5]),
    )
    placed = [e for e in events if isinstance(e, Placed)]
    assert [len(e.paying) for e in placed] == [3, 4]
    assert names(game.players[0].tableau) == ["old_earth", "drop_ships"]
    assert game.players[0].hand == mine[4:] and game.players[1].hand == ()


def test_rg_d4_no_second_copy_of_a_development():
    game = _phase("develop", [["old_earth", "space_marines"], ["new_sparta"]], [["space_marines"]])
    rejected(game, Develop(card=game.players[0].hand[0]), "RG-D4")


def test_rg_d5_a_cost_never_goes_below_zero():
    tableau = ["old_earth", "investment_credits", "galactic_federation"]
    game = _phase("develop", [tableau, ["new_sparta"]], [["expedition_force", "gem_world"]])
    card = game.players[0].hand[0]
    rejected(game, Develop(card=card, paying=game.players[0].hand[1:]), "RG-D2")
    game, _ = all_play(game, Develop(card=card), Develop())
    assert names(game.players[0].hand) == ["gem_world"]


def test_rg_k1_a_power_works_from_the_next_phase():
    """Replicant Robots placed in Develop lowers New Earth's cost in the same round's Settle."""
    hand = ["replicant_robots", "new_earth", *HAND[:4], "asteroid_belt", "space_port"]
    game = table([["old_earth"], ["new_sparta"]], hands=[hand])
    game, _ = all_play(game, ChooseActions(("develop",)), ChooseActions(("settle",)))
    robots, earth, *rest = game.players[0].hand
    game, _ = all_play(game, Develop(card=robots, paying=tuple(rest[:3])), Develop())
    assert "pay exactly 3" in rejected(game, Settle(card=earth, paying=tuple(rest[3:5])), "RG-W2")
    game, _ = all_play(game, Settle(card=earth, paying=tuple(rest[3:])), Settle())
    assert names(game.players[0].tableau) == ["old_earth", "replicant_robots", "new_earth"]


def test_rg_w3_w5_a_military_world_conquered_gets_its_windfall_good():
    hand = [["former_penal_colony", "gem_world"]]
    game = _phase("settle", [["new_sparta"], ["old_earth"]], hand)
    world, other = game.players[0].hand
    rejected(game, Settle(card=world, paying=(other,)), "RG-W3")
    game, events = all_play(game, Settle(card=world), Settle())
    assert names(game.players[0].tableau) == ["new_sparta", "former_penal_colony"]
    assert game.players[0].hand == (other,)
    assert [e.world for e in events if isinstance(e, GoodPlaced)] == [world]  # RG-W5


def test_rg_w4_military_too_weak_and_military_against_a_kind():
    hands = [["rebel_outpost"], ["rebel_fuel_cache", "outlaw_world"]]
    game = _phase("settle", [["new_sparta"], ["alpha_centauri"]], hands)
    assert "Military 5" in rejected(game, Settle(card=game.players[0].hand[0]), "RG-W3")
    cache, outlaw = game.players[1].hand
    rejected(game, Settle(card=outlaw), "RG-W3", seat=1)
    game, _ = all_play(game, Settle(), Settle(card=cache))
    assert names(game.players[1].tableau) == ["alpha_centauri", "rebel_fuel_cache"]


def test_rg_k3_military_against_a_kind_adds_to_the_rest():
    """New Sparta's 2 and Galactic Imperium's 4 against Rebel conquer Rebel Base (defense 6)."""
    game = _phase("settle", [["new_sparta", "galactic_imperium"], ["old_earth"]], [["rebel_base"]])
    game, _ = all_play(game, Settle(card=game.players[0].hand[0]), Settle())
    assert names(game.players[0].tableau) == ["new_sparta", "galactic_imperium", "rebel_base"]


def test_rg_w6_the_settle_bonus_draws_after_placing_only():
    hands = [["gem_world", "comet_zone", "spice_world"], []]
    game = _phase("settle", [["old_earth"], ["new_sparta"]], hands, [["settle"], ["settle"]])
    world, *paying = game.players[0].hand
    game, events = all_play(game, Settle(card=world, paying=tuple(paying)), Settle())
    assert [e.seat for e in events if isinstance(e, Drew)] == [0]


def test_rg_c1_c2_the_trader_sells_one_good_for_its_price_and_trade_powers():
    game = _phase(
        "consume", [["old_earth", "gem_world"], ["new_sparta"]], (), [["trade"], ["develop"]]
    )
    gem = game.players[0].tableau[1]
    game = arrange(game, 0, goods=((gem, game.deck[-1]),))
    game = arrange(game, deck=game.deck[:-1])
    assert RULES.waiting(game).must == (0,)
    rejected(game, Trade(world=game.players[0].tableau[0]), "RG-C1")
    game, events = play(game, Trade(world=gem))
    assert [e for e in events if isinstance(e, Sold)] == [Sold(seat=0, world=gem, cards=2 + 1)]
    assert len(game.players[0].hand) == 3 and game.players[0].goods == ()


def test_rg_p1_p2_production_worlds_fill_and_the_bonus_fills_a_windfall_world():
    tableau = ["earths_lost_colony", "gem_world", "asteroid_belt"]
    game = table([tableau, ["alpha_centauri"]], step="select", actions=())
    game, _ = all_play(game, ChooseActions(("produce",)), ChooseActions(("develop",)))
    game, _ = all_play(game, Develop(), Develop())
    goods = [names([w]) for w, _ in game.players[0].goods]
    assert goods == [["earths_lost_colony"], ["gem_world"]]
    belt = game.players[0].tableau[2]
    rejected(game, Windfall(world=game.players[0].tableau[1]), "RG-P2")
    game, _ = play(game, Windfall(world=belt))
    assert len(game.players[0].goods) == 3
