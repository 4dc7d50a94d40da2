"""Develop and Settle powers: draw powers (RG-D6, RG-W9), Colony Ship and New Military Tactics
(RG-W7), pay for military (RG-W8)."""

from events.rulesets.race_for_the_galaxy.decisions import ChooseActions, Develop, Settle
from events.rulesets.race_for_the_galaxy.happenings import (
    Chosen,
    Drew,
    Placed,
    TableauDiscarded,
)
from tests.race_for_the_galaxy.scenario import (
    RULES,
    all_play,
    names,
    on,
    play,
    rejected,
    table,
)

FILLER = ["gem_world", "comet_zone", "spice_world", "mining_world", "asteroid_belt", "space_port"]


def _draws(events, seat=0):
    return sum(len(e.cards) for e in events if isinstance(e, Drew) and e.seat == seat)


def _settle(tableau, hand, other=("new_sparta",), actions=("develop",)):
    return table(
        [tableau, list(other)], hands=[hand], step="settle", actions=[actions, ["develop"]]
    )


def test_rg_d6_draw_at_start_comes_before_anyone_chooses():
    game = table([["old_earth", "interstellar_bank"], ["new_sparta"]], hands=[FILLER[:2]])
    game, events = all_play(game, ChooseActions(("develop",)), ChooseActions(("settle",)))
    assert game.step == "develop" and not any(isinstance(e, Chosen) for e in events[2:])
    assert _draws(events) == 1 and _draws(events, seat=1) == 0


def test_rg_d6_draw_after_developing_only_after_placing_and_not_for_itself():
    hand = ["public_works", "investment_credits", *FILLER[:2]]
    game = table([["old_earth"], ["new_sparta"]], hands=[hand], step="develop")
    works, credits, *pay = game.players[0].hand
    game, events = all_play(game, Develop(card=works, paying=(pay[0],)), Develop())
    assert _draws(events) == 0  # C1: Public Works draws nothing for itself
    game = table([["old_earth", "public_works"], ["new_sparta"]], hands=[hand[1:]], step="develop")
    credits, *pay = game.players[0].hand
    _, none = all_play(game, Develop(), Develop())
    _, events = all_play(game, Develop(card=credits, paying=(pay[0],)), Develop())
    assert _draws(none) == 0 and _draws(events) == 1


def test_rg_w9_draw_after_settling_adds_to_the_settle_bonus():
    game = _settle(["old_earth", "terraforming_robots"], FILLER[:3], actions=("settle",))
    gem, *pay = game.players[0].hand
    _, events = all_play(game, Settle(card=gem, paying=tuple(pay)), Settle())
    assert _draws(events) == 1 + 1


def test_rg_w7_colony_ship_makes_a_world_free_and_leaves_the_tableau():
    game = _settle(["old_earth", "colony_ship"], ["new_earth", "deserted_alien_outpost"])
    ship, (earth, alien) = on(game, 0, "colony_ship"), game.players[0].hand
    rejected(game, Settle(card=alien, discarding=(ship,)), "RG-W7")
    assert "pay exactly 5" in rejected(game, Settle(card=earth), "RG-W2")
    game, events = all_play(game, Settle(card=earth, discarding=(ship,)), Settle())
    assert TableauDiscarded(seat=0, cards=(ship,)) in events
    assert names(game.players[0].tableau) == ["old_earth", "new_earth"]
    assert ship in game.discard


def test_rg_w7_colony_ship_takes_a_military_world_only_when_paid_for():
    game = _settle(["old_earth", "colony_ship"], ["former_penal_colony"])
    ship, colony = on(game, 0, "colony_ship"), game.players[0].hand[0]
    assert "paid for" in rejected(game, Settle(card=colony, discarding=(ship,)), "RG-W7")
    game = _settle(["old_earth", "colony_ship", "contact_specialist"], ["former_penal_colony"])
    game, _ = play(game, Settle(card=colony, discarding=(ship,), pay_for_military=True))
    game, events = play(game, Settle(), seat=1)
    assert Placed(seat=0, card=colony, paying=()) in events


def test_rg_w7_new_military_tactics_adds_3_military_for_a_conquest():
    game = _settle(["new_sparta", "new_military_tactics"], ["rebel_outpost"], ["old_earth"])
    tactics, (outpost,) = on(game, 0, "new_military_tactics"), game.players[0].hand
    assert "Military 5" in rejected(game, Settle(card=outpost), "RG-W3")
    game, _ = all_play(game, Settle(card=outpost, discarding=(tactics,)), Settle())
    assert names(game.players[0].tableau) == ["new_sparta", "rebel_outpost"]
    assert tactics in game.discard


def test_rg_w7_new_military_tactics_may_be_given_up_with_any_choice_or_none():
    """P-III7 is a "may" power of any Settle phase: given up with a paid world, or while settling
    nothing, it only leaves the tableau (a card fewer near the game's end)."""
    tableau = ["old_earth", "new_military_tactics", "contact_specialist"]
    game = _settle(
        tableau,
        ["gem_world", "former_penal_colony", "comet_zone", "space_port"],
        actions=("settle",),
    )
    tactics, (gem, colony, comet, port) = on(game, 0, "new_military_tactics"), game.players[0].hand
    _, events = all_play(
        game, Settle(card=gem, paying=(comet, port), discarding=(tactics,)), Settle()
    )
    assert TableauDiscarded(seat=0, cards=(tactics,)) in events
    paid = Settle(card=colony, paying=(comet,), discarding=(tactics,), pay_for_military=True)
    play(game, paid)  # accepted: paid for, and the tactics given up
    giving_up = RULES.read_text(game, 0, "settle nothing discarding new military tactics")
    assert giving_up == Settle(discarding=(tactics,)) and giving_up in RULES.legal(game, 0)
    game, events = all_play(game, giving_up, Settle())
    assert TableauDiscarded(seat=0, cards=(tactics,)) in events
    assert not any(isinstance(e, Placed | Drew) for e in events)  # no world, no Settle bonus
    assert names(game.players[0].tableau) == ["old_earth", "contact_specialist"]
    assert tactics in game.discard and len(game.players[0].hand) == 4


def test_rg_w7_colony_ship_is_given_up_only_for_the_world_it_makes_free():
    game = _settle(["old_earth", "colony_ship"], ["gem_world"])
    ship = on(game, 0, "colony_ship")
    assert "name the world" in rejected(game, Settle(discarding=(ship,)), "RG-W7")
    assert Settle(discarding=(ship,)) not in RULES.legal(game, 0)


def test_rg_w8_pay_for_military_at_defense_less_one_and_discounts():
    hand = ["rebel_outpost", "alien_robot_sentry", "rebel_fuel_cache", *FILLER[:4]]
    tableau = ["alpha_centauri", "contact_specialist"]
    game = _settle(tableau, hand)
    outpost, sentry, cache, *pay = game.players[0].hand
    assert "Military 5" in rejected(game, Settle(card=outpost), "RG-W3")
    rejected(game, Settle(card=sentry, paying=(pay[0],), pay_for_military=True), "RG-W8")
    assert "pay exactly 4" in rejected(
        game, Settle(card=outpost, paying=tuple(pay[:3]), pay_for_military=True), "RG-W2"
    )
    # Rebel Fuel Cache: defense 1, less 1, less Alpha Centauri's Rare discount: free
    _, events = all_play(game, Settle(card=cache, pay_for_military=True), Settle())
    assert Placed(seat=0, card=cache, paying=()) in events
    paid = Settle(card=outpost, paying=tuple(pay), pay_for_military=True)
    game, _ = all_play(game, paid, Settle())
    assert names(game.players[0].tableau)[-1] == "rebel_outpost"


def test_rg_w8_no_paying_for_military_without_the_power():
    game = _settle(["old_earth"], ["former_penal_colony", "gem_world"])
    colony, gem = game.players[0].hand
    rejected(game, Settle(card=colony, paying=(gem,), pay_for_military=True), "RG-W8")
