"""The legal decisions offered to a seat (bots and clients choose from them): every kind of
choice the step allows, each accepted, combinations bounded."""

from collections import Counter

from events.rulesets.race_for_the_galaxy import consume
from events.rulesets.race_for_the_galaxy.decisions import Consume, Discard, Keep, Settle, Windfall
from events.rulesets.race_for_the_galaxy.offers import BOUND
from tests.race_for_the_galaxy.scenario import CARDS, RULES, arrange, ids, on, stock, table

NOVELTY = ["refugee_world", "artist_colony", "gem_world", "space_port", "spice_world"]
NOVELTY += ["star_nomad_lair", "former_penal_colony", "pirate_world", "secluded_world"]


def test_a_gamble_is_offered_beside_the_same_cards_consume_power():
    game = table([["new_sparta", "gambling_world", "gem_world"], ["old_earth"]], step="consume")
    game = stock(game, 0, "gem_world")
    gambling, gem = on(game, 0, "gambling_world"), on(game, 0, "gem_world")
    offered = RULES.legal(game, 0)
    assert Consume(gambling, 0, worlds=(gem,)) in offered
    assert [d.number for d in offered if d.power == 1] == list(range(1, 8))


def test_hand_cards_for_vp_are_offered_in_every_number_up_to_the_powers_bounded():
    """Deficit Spending (up to 2 cards) with 7 in hand: none, each card, and the first 20 of
    the 21 pairs."""
    hand = [["gem_world", "comet_zone", "spice_world", "mining_world", "new_earth"]]
    hand[0] += ["asteroid_belt", "space_port"]
    game = table([["new_sparta", "deficit_spending"], ["old_earth"]], hand, step="consume")
    offered = RULES.legal(game, 0)
    assert Counter(len(d.cards) for d in offered) == {0: 1, 1: 7, 2: consume.BOUND}


def test_goods_combinations_are_bounded():
    """Consumer Markets takes 3 of 10 Novelty goods: the first 80 of the 120 triples."""
    game = table([["earths_lost_colony", "consumer_markets", *NOVELTY], ["old_earth"]])
    game = stock(arrange(game, step="consume"), 0, "earths_lost_colony", *NOVELTY)
    markets = on(game, 0, "consumer_markets")
    offered = [d for d in RULES.legal(game, 0) if d.card == markets]
    assert len(offered) == consume.BOUND * 4 and {len(d.worlds) for d in offered} == {3}


def test_the_produce_bonus_and_a_windfall_power_are_both_offered():
    tableau = ["old_earth", "free_trade_association", "star_nomad_lair"]
    game = table([tableau, ["new_sparta"]], step="produce", actions=[["produce"], ["develop"]])
    lair, trade = on(game, 0, "star_nomad_lair"), on(game, 0, "free_trade_association")
    assert RULES.legal(game, 0) == [Windfall(world=lair), Windfall(world=lair, card=trade)]


def test_a_military_world_paid_for_is_offered_with_a_power_that_pays():
    """Contact Specialist: Rebel Outpost (defense 5) for 4 cards, too strong to conquer."""
    hand = [["rebel_outpost", "gem_world", "comet_zone", "spice_world", "mining_world"]]
    game = table([["old_earth", "contact_specialist"], ["new_sparta"]], hand, step="settle")
    outpost, *others = game.players[0].hand
    paid = Settle(card=outpost, paying=tuple(others), pay_for_military=True)
    assert [d for d in RULES.legal(game, 0) if d.card == outpost] == [paid]


def test_explored_cards_to_keep_are_bounded():
    """Explore +1,+1 keeps 2 of 10 drawn: the first 40 of the 45 pairs."""
    game = table([["old_earth"], ["new_sparta"]], step="explore", actions=[["explore_1_1"], []])
    game = arrange(arrange(game, 0, drawn=game.deck[:10]), deck=game.deck[10:])
    offered = RULES.legal(game, 0)
    assert len(offered) == BOUND and all(isinstance(d, Keep) for d in offered)


def test_discards_to_the_hand_limit_are_bounded():
    """13 cards in hand, 3 to discard: the first 40 of the 286 choices."""
    game = table([["old_earth"], ["new_sparta"]], step="hand_limit")
    game = arrange(arrange(game, 0, hand=game.deck[:13]), deck=game.deck[13:])
    offered = RULES.legal(game, 0)
    assert len(offered) == BOUND and {len(d.cards) for d in offered} == {3}
    assert all(isinstance(d, Discard) for d in offered)


def test_a_power_owed_is_offered_however_many_goods_do_not_fit_it():
    """Seven Rare goods before three Novelty and one Genes: Consumer Markets (3 Novelty) is
    offered, and Diversified Economy (3 kinds) one good of each kind, from the first world
    holding that kind."""
    rare = ["alpha_centauri", "destroyed_world", "asteroid_belt", "radioactive_world"]
    rare += ["comet_zone", "mining_world", "blaster_gem_mines"]
    goods = [*rare, *NOVELTY[:3], "distant_world"]
    game = table([["new_sparta", "consumer_markets", "diversified_economy", *goods], ["old_earth"]])
    game = stock(arrange(game, step="consume"), 0, *goods)
    markets, economy = on(game, 0, "consumer_markets"), on(game, 0, "diversified_economy")
    offered = RULES.legal(game, 0)
    assert [d.worlds for d in offered if d.card == markets] == [
        tuple(on(game, 0, w) for w in NOVELTY[:3])
    ]
    # the first world of each kind, once: not every mix of the kinds' worlds
    first_of_each = tuple(on(game, 0, w) for w in (rare[0], NOVELTY[0], "distant_world"))
    assert [d.worlds for d in offered if d.card == economy] == [first_of_each]


def test_copies_of_a_card_are_one_choice():
    """Copies are interchangeable: keeping, developing or discarding either is one choice,
    offered once (as the first copy)."""
    robot, other_robot, gem, force, other_force = ids(
        "replicant_robots", "replicant_robots", "gem_world", "expedition_force", "expedition_force"
    )
    game = table([["old_earth"], ["new_sparta"]], step="explore", actions=[["explore_5"], []])
    game = arrange(game, 0, drawn=(robot, other_robot, gem))
    assert RULES.legal(game, 0) == [Keep(cards=(robot,)), Keep(cards=(gem,))]
    game = table([["old_earth"], ["new_sparta"]], step="develop", actions=[["develop"], []])
    game = arrange(game, 0, hand=(force, other_force, gem))
    assert [d.card for d in RULES.legal(game, 0)] == [None, force]


def test_discards_differ_by_the_cards_they_name():
    """12 in hand, two of them copies: 2 to discard, no two choices the same cards."""
    game = table([["old_earth"], ["new_sparta"]], step="hand_limit")
    hand = (*ids("replicant_robots", "replicant_robots"), *game.deck[:10])
    game = arrange(game, 0, hand=hand)
    offered = [sorted(CARDS.card(c).name for c in d.cards) for d in RULES.legal(game, 0)]
    assert len(offered) == BOUND and len({tuple(names) for names in offered}) == BOUND
    assert ["Replicant Robots", "Replicant Robots"] in offered
