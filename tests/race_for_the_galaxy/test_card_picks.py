"""Choices of several cards offered as cards to tick: the opening discard, explored cards to
keep, the hand cards paying for a development or a world; every other choice stays a button."""

import random

from events.rulesets.race_for_the_galaxy.decisions import Develop, Discard, Settle
from tests.race_for_the_galaxy.scenario import RULES, fold, table


def test_the_opening_discard_is_two_of_the_six_to_tick_standing_for_every_pair():
    game = fold(RULES.initial(2, {}, random.Random(1)))
    legal = RULES.legal(game, 0)
    [pick] = RULES.card_picks(RULES.view(game, 0), legal)
    assert (pick.label, pick.decision, pick.field, pick.count) == (
        "discard the 2 ticked",
        Discard(cards=()),
        "cards",
        2,
    )
    assert [c.id for c in pick.cards] == list(game.players[0].hand)
    assert pick.replaces == tuple(range(len(legal))) and len(legal) == 15
    assert RULES.card_picks(RULES.view(game, None), legal) == []


def test_a_payment_is_the_hand_less_the_card_placed_ticked_as_many_as_it_costs():
    """Space Marines (cost 2) from a hand of four: pay with any two of the other three; so Gem
    World and Spice World (cost 2) in a Settle phase."""
    hand = [["space_marines", "gem_world", "comet_zone", "spice_world"]]
    game = table([["old_earth"], ["new_sparta"]], hand, step="develop", actions=[["settle"], []])
    marines, gem, comet, spice = game.players[0].hand
    legal = RULES.legal(game, 0)
    picks = RULES.card_picks(RULES.view(game, 0), legal)
    [develop] = [p for p in picks if isinstance(p.decision, Develop)]
    assert develop.label == "develop Space Marines, paying with the 2 ticked"
    assert develop.decision == Develop(card=marines) and develop.field == "paying"
    assert [c.id for c in develop.cards] == [gem, comet, spice] and develop.count == 2
    assert [legal[i] for i in develop.replaces] == [Develop(marines, (gem, comet))]
    assert Develop() in legal and not any(legal.index(Develop()) in p.replaces for p in picks)
    settling = table(
        [["old_earth"], ["new_sparta"]], hand, step="settle", actions=[["develop"], []]
    )
    legal = RULES.legal(settling, 0)
    picks = RULES.card_picks(RULES.view(settling, 0), legal)
    assert [(p.label, p.decision, p.count) for p in picks] == [
        ("settle Gem World, paying with the 2 ticked", Settle(card=gem), 2),
        ("settle Spice World, paying with the 2 ticked", Settle(card=spice), 2),
    ]
    # Comet Zone costs 3: paid with the whole rest of the hand, one way, so one button
    [comet_zone] = [d for d in legal if d.card == comet]
    assert not any(legal.index(comet_zone) in p.replaces for p in picks)
