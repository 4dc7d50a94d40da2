"""Phase IV (RG-C): the consume powers, owed one at a time while usable, each once; 2xVP; VP
chips from the pool and the game end when it empties; the other row-IV powers."""

import random

import pytest

from events.rulesets.race_for_the_galaxy.decisions import Consume, Develop, Trade
from events.rulesets.race_for_the_galaxy.happenings import (
    ChipsTaken,
    Chosen,
    Drew,
    Gambled,
    GameEnded,
    Revealed,
    RoundBegan,
    Sold,
)
from tests.race_for_the_galaxy.scenario import (
    RULES,
    all_play,
    arrange,
    ids,
    names,
    on,
    play,
    rejected,
    stock,
    table,
)

GOODS = ["gem_world", "comet_zone", "spice_world"]  # Novelty, Rare, Novelty production worlds


def _consume(tableaus, actions=(("develop",), ("settle",)), hands=(), pool=24):
    """Given: phase IV running with these tableaus (seats' actions as given)."""
    return table(tableaus, hands=hands, step="consume", actions=actions, pool=pool)


def _worlds(game, seat, *world_ids):
    return tuple(on(game, seat, w) for w in world_ids)


def test_rg_c3_powers_are_owed_while_usable_each_once():
    game = _consume([["old_earth", "galactic_trendsetters", *GOODS], ["new_sparta"]])
    game = stock(game, 0, *GOODS)
    trend, earth = on(game, 0, "galactic_trendsetters"), on(game, 0, "old_earth")
    assert RULES.waiting(game).must == (0,)
    game, events = play(game, Consume(trend, worlds=_worlds(game, 0, "gem_world")))
    assert ChipsTaken(seat=0, vp=2) in events
    assert RULES.waiting(game).must == (0,)  # Old Earth still has goods to take
    rejected(game, Consume(trend, worlds=_worlds(game, 0, "comet_zone")), "RG-C3")
    assert "exactly 2" in rejected(
        game, Consume(earth, worlds=_worlds(game, 0, "comet_zone")), "RG-C3"
    )
    game, events = play(game, Consume(earth, worlds=_worlds(game, 0, "comet_zone", "spice_world")))
    assert ChipsTaken(seat=0, vp=2) in events and isinstance(events[-1], RoundBegan)
    assert game.players[0].chips == 4 and game.pool == 20 and game.players[0].goods == ()


def test_rg_c3_up_to_n_takes_as_many_as_there_are():
    game = stock(_consume([["old_earth", "gem_world"], ["new_sparta"]]), 0, "gem_world")
    earth = on(game, 0, "old_earth")
    rejected(game, Consume(earth), "RG-C3")
    game, events = play(game, Consume(earth, worlds=_worlds(game, 0, "gem_world")))
    assert ChipsTaken(seat=0, vp=1) in events


def test_rg_c3_a_power_without_fitting_goods_is_not_owed():
    """Consumer Markets takes Novelty only; a Rare good leaves the seat owing nothing."""
    game = _consume([["new_sparta", "consumer_markets", "comet_zone"], ["old_earth"]])
    game = stock(game, 0, "comet_zone")
    assert RULES.waiting(game).must == ()
    assert RULES.react(game, random.Random(0))  # the phase moves on


def test_rg_c3_kinds_counts_and_all_goods():
    tableau = ["new_sparta", "diversified_economy", "pilgrimage_world", *GOODS, "distant_world"]
    game = stock(_consume([tableau, ["old_earth"]]), 0, *GOODS, "distant_world")
    economy, pilgrims = on(game, 0, "diversified_economy"), on(game, 0, "pilgrimage_world")
    same = _worlds(game, 0, "gem_world", "spice_world", "comet_zone")
    assert "do not fit" in rejected(game, Consume(economy, worlds=same), "RG-C3")
    game, events = play(
        game, Consume(economy, worlds=_worlds(game, 0, *GOODS[1:], "distant_world"))
    )
    assert ChipsTaken(seat=0, vp=3) in events
    rejected(game, Consume(pilgrims, worlds=()), "RG-C3")  # all goods, not none
    game, events = play(game, Consume(pilgrims, worlds=_worlds(game, 0, "gem_world")))
    assert not any(isinstance(e, ChipsTaken) for e in events)  # 1 good: 0 VP
    assert game.players[0].chips == 3


def test_rg_c3_goods_of_different_kinds_are_owed_only_with_that_many_kinds():
    """Diversified Economy takes 3 kinds: 3 goods of 2 kinds leave the seat owing nothing."""
    tableau = ["new_sparta", "diversified_economy", *GOODS]
    game = stock(_consume([tableau, ["old_earth"]]), 0, *GOODS)
    assert RULES.waiting(game).must == ()


def test_rg_c3_two_goods_of_a_kind_for_one_reward():
    tableau = ["new_sparta", "mining_league", "comet_zone", "mining_world", "gem_world"]
    game = stock(_consume([tableau, ["old_earth"]]), 0, "comet_zone", "mining_world", "gem_world")
    league = on(game, 0, "mining_league")
    rejected(game, Consume(league, worlds=_worlds(game, 0, "comet_zone", "gem_world")), "RG-C3")
    game, events = play(
        game, Consume(league, worlds=_worlds(game, 0, "comet_zone", "mining_world"))
    )
    assert ChipsTaken(seat=0, vp=3) in events and len(game.players[0].goods) == 1


def test_rg_c3_every_seat_chooses_then_all_are_carried_out_together():
    game = _consume([["epsilon_eridani", "gem_world"], ["earths_lost_colony"]])
    game = stock(stock(game, 0, "gem_world"), 1, "earths_lost_colony")
    assert RULES.waiting(game).must == (0, 1)
    mine = Consume(on(game, 0, "epsilon_eridani"), worlds=_worlds(game, 0, "gem_world"))
    theirs = Consume(
        on(game, 1, "earths_lost_colony"), worlds=_worlds(game, 1, "earths_lost_colony")
    )
    game, events = play(game, mine)
    assert [type(e) for e in events] == [Chosen] and game.players[0].goods
    game, events = play(game, theirs, seat=1)
    assert isinstance(events[1], Revealed)
    assert [e for e in events if isinstance(e, ChipsTaken)] == [ChipsTaken(0, 1), ChipsTaken(1, 1)]
    assert [e.seat for e in events if isinstance(e, Drew)][:1] == [0]  # Epsilon's card


def test_rg_c4_two_x_vp_doubles_chips_not_cards():
    tableau = ["epsilon_eridani", "gem_world"]
    game = stock(_consume([tableau, ["new_sparta"]], [["consume_2x"], ["develop"]]), 0, "gem_world")
    game, events = play(
        game, Consume(on(game, 0, "epsilon_eridani"), worlds=game.players[0].tableau[1:])
    )
    assert ChipsTaken(seat=0, vp=2) in events
    assert sum(len(e.cards) for e in events if isinstance(e, Drew)) == 1


@pytest.mark.parametrize(("pool", "left", "ends"), [(1, 0, True), (3, 1, False)])
def test_rg_c5_chips_are_paid_past_an_empty_pool_and_only_an_empty_pool_ends_it(pool, left, ends):
    tableau = ["new_sparta", "galactic_trendsetters", "gem_world"]
    game = _consume([tableau, ["old_earth"]], pool=pool)
    game = stock(game, 0, "gem_world")
    game, events = play(
        game, Consume(on(game, 0, "galactic_trendsetters"), worlds=game.players[0].tableau[2:])
    )
    assert game.players[0].chips == 2 and game.pool == left
    assert isinstance(events[-1], GameEnded) is ends and RULES.is_over(game) is ends


def test_rg_c5_every_seat_is_paid_in_full_when_the_pool_runs_out():
    game = _consume([["epsilon_eridani", "gem_world"], ["earths_lost_colony"]], pool=1)
    game = stock(stock(game, 0, "gem_world"), 1, "earths_lost_colony")
    mine = Consume(on(game, 0, "epsilon_eridani"), worlds=_worlds(game, 0, "gem_world"))
    theirs = Consume(on(game, 1, "earths_lost_colony"), worlds=game.players[1].tableau)
    game, events = all_play(game, mine, theirs)
    assert [p.chips for p in game.players] == [1, 1] and game.pool == 0
    assert isinstance(events[-1], GameEnded)


def test_rg_c1_the_trader_sells_before_any_consume_power():
    tableau = ["old_earth", "gem_world", "comet_zone"]
    game = _consume([tableau, ["new_sparta"]], [["trade"], ["develop"]])
    game = stock(game, 0, "gem_world", "comet_zone")
    earth, gem = on(game, 0, "old_earth"), on(game, 0, "gem_world")
    rejected(game, Consume(earth, worlds=(gem,)), "RG-C1")
    comet = on(game, 0, "comet_zone")
    assert RULES.bots["greedy"](game, 0, random.Random(0)) == Trade(world=comet)  # the dearest
    before, (game, events) = game, play(game, Trade(world=gem))
    assert Sold(seat=0, world=gem, cards=3) in events
    told = RULES.narrate(before, Sold(seat=0, world=gem, cards=3), 1, ["ann", "bob"])
    assert told == "ann sold the Novelty good on Gem World for 3 cards"
    game, events = play(game, Consume(earth, worlds=_worlds(game, 0, "comet_zone")))
    assert ChipsTaken(seat=0, vp=1) in events


def test_rg_c2_a_bonus_for_this_worlds_good_is_for_its_good_alone():
    tableau = ["old_earth", "star_nomad_lair", "gem_world"]  # two Novelty worlds
    game = _consume([tableau, ["new_sparta"]], [["trade"], ["develop"]])
    game = stock(game, 0, "star_nomad_lair", "gem_world")
    lair, gem = on(game, 0, "star_nomad_lair"), on(game, 0, "gem_world")
    _, events = play(game, Trade(world=lair))
    assert Sold(seat=0, world=lair, cards=2 + 1 + 1) in events  # Novelty, Old Earth, the lair
    _, events = play(game, Trade(world=gem))
    assert Sold(seat=0, world=gem, cards=2 + 1) in events


def test_rg_c6_draw_powers_draw_as_consume_begins():
    game = table([["new_sparta", "new_economy"], ["old_earth"]], step="develop")
    game = arrange(game, phases=("consume",))
    game = arrange(arrange(game, 0, actions=("consume_2x",)), 1, actions=("develop",))
    game, events = all_play(game, Develop(), Develop())
    assert [(e.seat, len(e.cards)) for e in events if isinstance(e, Drew)] == [(0, 1)]


def test_rg_c6_gamble_names_a_number_and_turns_the_top_card():
    game = _consume([["new_sparta", "gambling_world"], ["old_earth"]])
    game = arrange(game, deck=(*ids("gem_world"), *game.deck[1:]))
    gambling = on(game, 0, "gambling_world")
    rejected(game, Consume(gambling, power=0), "RG-C3")  # no good to consume
    rejected(game, Consume(gambling, power=1, number=8), "RG-C6")
    won, events = play(game, Consume(gambling, power=1, number=2))
    assert Gambled(seat=0, number=2, card=ids("gem_world")[0], won=True) in events
    assert names(won.players[0].hand) == ["gem_world"]
    lost, _ = play(game, Consume(gambling, power=1, number=3))
    assert lost.players[0].hand == () and names(lost.discard) == ["gem_world"]


def test_rg_c6_gamble_reads_a_military_worlds_defense_and_is_not_asked_with_no_card_to_turn():
    game = _consume([["new_sparta", "gambling_world"], ["old_earth"]])
    gambling = on(game, 0, "gambling_world")
    fuel = ids("rebel_fuel_cache")[0]  # defense 1, no cost
    on_top = arrange(game, deck=(fuel, *(c for c in game.deck if c != fuel)))
    _, events = play(on_top, Consume(gambling, power=1, number=1))
    assert Gambled(seat=0, number=1, card=fuel, won=True) in events
    empty = arrange(game, 1, hand=game.deck)  # every card in a hand: none to turn
    empty = arrange(empty, deck=())
    assert RULES.waiting(empty).must == () and RULES.is_over(empty) is False


def test_rg_c6_hand_cards_for_vp_are_optional_partial_and_never_doubled():
    hand = [["gem_world", "comet_zone", "spice_world"]]
    game = _consume([["new_sparta", "deficit_spending"], ["old_earth"]], [["consume_2x"], []], hand)
    spending, cards = on(game, 0, "deficit_spending"), game.players[0].hand
    assert RULES.waiting(game).must == (0,)
    rejected(game, Consume(spending, cards=cards), "RG-C6")
    kept, events = play(game, Consume(spending, cards=cards[:1]))
    assert ChipsTaken(seat=0, vp=1) in events and len(kept.players[0].hand) == 2
    _, events = play(game, Consume(spending, cards=cards[:2]))
    assert ChipsTaken(seat=0, vp=2) in events
    declined, events = play(game, Consume(spending))
    assert not any(isinstance(e, ChipsTaken) for e in events) and declined.players[0].hand == cards


def test_rg_c6_trade_powers_with_and_without_trade_powers():
    black = _consume([["new_sparta", "black_market_trading_world", "spice_world"], ["old_earth"]])
    black = stock(black, 0, "spice_world")
    spice = on(black, 0, "spice_world")
    _, events = play(black, Consume(on(black, 0, "black_market_trading_world"), worlds=(spice,)))
    assert Sold(seat=0, world=spice, cards=2) in events
    league = _consume([["new_sparta", "trade_league", "spice_world"], ["old_earth"]])
    league = stock(league, 0, "spice_world")
    _, events = play(league, Consume(on(league, 0, "trade_league"), worlds=(spice,)))
    assert Sold(seat=0, world=spice, cards=2 + 2 + 1) in events


def test_rg_k2_a_power_is_compulsory_unless_it_says_may():
    """Old Earth's consume cannot be declined; Merchant World's hand discard can."""
    game = _consume([["old_earth", "gem_world"], ["merchant_world"]], hands=[[], ["comet_zone"]])
    game = stock(game, 0, "gem_world")
    rejected(game, Consume(on(game, 0, "old_earth")), "RG-C3")
    assert RULES.waiting(game).must == (0, 1)
    game, _ = play(game, Consume(on(game, 1, "merchant_world")), seat=1)
    assert RULES.waiting(game).must == (0,) and game.players[1].hand
