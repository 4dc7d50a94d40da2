"""SR-E: one scenario per effect of the card list's vocabulary."""

import re

from events.narration import rule_words, short_words
from events.rulesets.star_realms.decisions import (
    Buy,
    BuyExplorer,
    Choose,
    EndTurn,
    Play,
    PlayAll,
    Select,
    Use,
)
from events.rulesets.star_realms.happenings import (
    Chosen,
    Copied,
    DeckShuffled,
    Discarded,
    Gained,
)
from tests.star_realms.scenario import RULES, named, names, play, rejected, table

SR_E = [rule for rule in RULES.rule_ids() if rule.startswith("SR-E")]


def _play(game, name):
    return play(game, Play(card=named(game, name, game.players[0].hand)))


def _foreign(game, rule, seat=0):
    """Why a card of the Trade Deck, which no choice takes, is refused."""
    return rejected(game, Select(cards=(game.trade_deck[0],)), rule, seat=seat)


def test_sr_e1_trade_combat_authority():
    game = table(hand=["Cutter", "Viper"])
    game, _ = play(game, PlayAll())
    assert (game.turn.trade, game.turn.combat, game.players[0].authority) == (2, 1, 54)


def test_sr_e2_draw():
    game = table(hand=["Flagship"], deck=["Scout", "Viper"])
    game, _ = _play(game, "Flagship")
    assert names(game, game.players[0].hand) == ["Scout"]


def test_sr_e3_opponent_discards_at_the_start_of_their_turn_debts_add_up():
    game = table(
        hand=["Imperial Fighter", "Imperial Frigate"],
        their_hand=["Scout", "Scout", "Viper", "Scout", "Scout"],
    )
    game, _ = play(game, PlayAll())
    assert game.players[1].owed == 2 and len(game.players[1].hand) == 5
    game, _ = play(game, EndTurn())
    assert game.active == 1 and game.turn.pending.effects[0].amount == 2
    rejected(game, Play(card=game.players[1].hand[0]), "SR-P6", seat=1)
    viper = named(game, "Viper", game.players[1].hand)
    assert rejected(game, Select(cards=(viper,)), "SR-E3", seat=1) == "choose exactly 2"
    assert _foreign(game, "SR-E3", seat=1) == "choose cards from your hand"
    discards = game.players[1].hand[:2]
    game, events = play(game, Select(cards=discards), seat=1)
    assert Chosen(seat=1, cards=discards) in events and any(
        isinstance(e, Discarded) for e in events
    )
    assert len(game.players[1].hand) == 3 and game.players[1].owed == 0


def test_sr_e3_a_short_hand_discards_whole():
    game = table(hand=["Imperial Fighter", "Imperial Fighter"], their_hand=["Scout"])
    game, _ = play(game, PlayAll())
    game, _ = play(game, EndTurn())
    assert game.turn.pending.effects[0].amount == 2
    rejected(game, Select(), "SR-E3", seat=1)
    game, _ = play(game, Select(cards=game.players[1].hand), seat=1)
    assert game.players[1].hand == () and game.turn.pending is None


def test_sr_e4_scrap_from_hand_or_discard_up_to_n():
    game = table(hand=["Trade Bot", "Scout"], discard=["Viper"])
    game, _ = _play(game, "Trade Bot")
    scout, viper = game.players[0].hand[0], game.players[0].discard[0]
    asked = RULES.view(game, 0).pending
    assert (asked.kind, asked.amount) == ("scrap_hand_or_discard", 1)
    cards_asked = "this ability asks for cards, not a choice of effect"
    assert rejected(game, Choose(option=0), "SR-P6") == cards_asked
    assert rejected(game, Select(cards=(scout, viper)), "SR-E4") == "choose up to 1"
    assert rejected(game, Select(explorer=True), "SR-E4") == "this ability takes no Explorer"
    assert _foreign(game, "SR-E4") == "choose cards from your hand or discard pile"
    game, _ = play(game, Select(cards=(viper,)))
    assert game.scrap_heap == (viper,) and game.players[0].discard == ()
    again = table(hand=["Trade Bot", "Explorer"])
    again, _ = _play(again, "Trade Bot")
    again, _ = play(again, Select(cards=again.players[0].hand))
    assert again.turn.combat == 0 and again.scrap_heap == ()  # no scrap ability; pile


def test_sr_e5_scrap_from_the_trade_row_refills():
    game = table(hand=["Battle Pod"], row=["Cutter", "Ram"])
    game, _ = _play(game, "Battle Pod")
    ram = named(game, "Ram")
    top = game.trade_deck[0]
    assert _foreign(game, "SR-E5") == "choose cards of the Trade Row"
    game, _ = play(game, Select(cards=(ram,)))
    assert game.scrap_heap == (ram,) and game.row == (named(game, "Cutter"), top)


def test_sr_e6_destroy_a_base_outposts_first_no_combat():
    game = table(hand=["Missile Mech"], their_bases=["Blob Wheel", "Battle Station"])
    game, _ = _play(game, "Missile Mech")
    wheel, station = game.players[1].bases
    outposts_first = "choose a base of your opponent's; outposts first (SR-C3)"
    assert rejected(game, Select(cards=(wheel,)), "SR-E6") == outposts_first
    game, _ = play(game, Select(cards=(station,)))
    assert game.players[1].discard == (station,) and game.turn.combat == 6


def test_an_ability_of_two_choices_asks_the_second_after_the_first():
    game = table(
        hand=["Blob Destroyer", "Blob Fighter"], their_bases=["Blob Wheel"], row=["Cutter", "Ram"]
    )
    game, _ = play(game, PlayAll())
    game, _ = play(game, Use(card=named(game, "Blob Destroyer"), slot="ally"))
    wheel, ram = game.players[1].bases[0], named(game, "Ram")
    game, _ = play(game, Select(cards=(wheel,)))
    assert game.players[1].discard == (wheel,)
    assert _foreign(game, "SR-E5") == "choose cards of the Trade Row"
    game, _ = play(game, Select(cards=(ram,)))
    assert game.scrap_heap == (ram,) and game.turn.pending is None


def test_sr_e7_next_ship_may_go_on_top_once():
    game = table(hand=["Freighter", "Trade Pod"], row=["Cutter", "Blob Wheel", "Corvette"])
    game, _ = play(game, PlayAll())
    freighter = named(game, "Freighter", game.turn.ships)
    assert game.turn.next_ship_to_top is False  # no Trade Federation ally yet
    rejected(game, Buy(card=named(game, "Cutter"), top=True), "SR-E7")
    rejected(game, BuyExplorer(top=True), "SR-E7")
    central = table(
        hand=["Freighter", "Federation Shuttle"], row=["Cutter", "Blob Wheel", "Corvette"]
    )
    central, _ = play(central, PlayAll())
    central, _ = play(central, Use(card=named(central, "Freighter"), slot="ally"))
    assert central.turn.next_ship_to_top
    offered = RULES.legal(central, 0)
    assert all(Buy(card=named(central, "Cutter"), top=top) in offered for top in (False, True))
    central, _ = play(central, Buy(card=named(central, "Blob Wheel")))  # a base: kept
    assert central.turn.next_ship_to_top
    cutter = named(central, "Cutter")
    central, _ = play(central, Buy(card=cutter, top=True))
    assert central.players[0].deck[0] == cutter and not central.turn.next_ship_to_top
    assert freighter in game.turn.ships


def test_sr_e8_acquire_a_ship_free_onto_the_deck():
    game = table(hand=["Blob Carrier", "Blob Fighter"], row=["Blob Wheel", "Ram"], deck=["Scout"])
    game, _ = play(game, PlayAll())
    game, _ = play(game, Use(card=named(game, "Blob Carrier"), slot="ally"))
    base = Select(cards=(named(game, "Blob Wheel"),))
    assert rejected(game, base, "SR-E8") == "choose a ship of the Trade Row"
    ram = named(game, "Ram")
    one = "choose one ship of the Trade Row, or an Explorer"
    assert rejected(game, Select(), "SR-E8") == one
    assert rejected(game, Select(cards=(ram,), explorer=True), "SR-E8") == one
    game, _ = play(game, Select(cards=(ram,)))
    assert game.players[0].deck[0] == ram and game.turn.trade == 0
    other = table(hand=["Blob Carrier", "Blob Fighter"])
    other, _ = play(other, PlayAll())
    other, _ = play(other, Use(card=named(other, "Blob Carrier"), slot="ally"))
    other, _ = play(other, Select(explorer=True))
    assert names(other, other.players[0].deck[:1]) == ["Explorer"]


def test_sr_e9_draw_then_scrap_from_hand():
    game = table(bases=["Machine Base"], hand=["Viper"], deck=["Scout"])
    game, _ = play(game, Use(card=game.players[0].bases[0], slot="primary"))
    assert len(game.players[0].hand) == 2
    rejected(game, Select(), "SR-E9")  # mandatory
    assert _foreign(game, "SR-E9") == "choose cards from your hand"
    scout = named(game, "Scout", game.players[0].hand)
    game, _ = play(game, Select(cards=(scout,)))
    assert game.scrap_heap == (scout,) and game.turn.pending is None  # one card, once
    assert names(game, game.players[0].hand) == ["Viper"]


def test_sr_e10_discard_then_draw_as_many():
    game = table(bases=["Recycling Station"], hand=["Viper", "Viper"], deck=["Scout"] * 2)
    game, _ = play(game, Use(card=game.players[0].bases[0], slot="primary"))
    game, _ = play(game, Choose(option=1))
    assert _foreign(game, "SR-E10") == "choose cards from your hand"
    game, _ = play(game, Select(cards=game.players[0].hand))
    assert names(game, game.players[0].hand) == ["Scout", "Scout"]
    assert names(game, game.players[0].discard) == ["Viper", "Viper"]


def test_sr_e11_scrap_then_draw_as_many_reshuffle_after():
    game = table(bases=["Brain World"], hand=["Viper"], discard=["Scout", "Scout"])
    game, _ = play(game, Use(card=game.players[0].bases[0], slot="primary"))
    viper = game.players[0].hand[0]
    scout = game.players[0].discard[0]
    assert _foreign(game, "SR-E11") == "choose cards from your hand or discard pile"
    game, events = play(game, Select(cards=(viper, scout)))
    assert sorted(game.scrap_heap) == sorted((viper, scout))
    assert any(isinstance(e, DeckShuffled) for e in events)
    assert names(game, game.players[0].hand) == ["Scout"]


def test_sr_e12_draw_one_per_blob_played_this_turn():
    game = table(hand=["Blob Fighter", "Ram", "Blob World"], deck=["Scout"] * 5, combat=0)
    game, _ = play(game, PlayAll())
    game, _ = play(game, Use(card=named(game, "Ram"), slot="scrap"))  # still counted
    game, _ = play(game, Use(card=game.players[0].bases[0], slot="primary"))
    game, _ = play(game, Choose(option=1))
    assert len(game.players[0].hand) == 3


def test_sr_e13_copy_another_ship_played_this_turn():
    game = table(hand=["Blob Fighter", "Stealth Needle", "Trade Pod"], deck=["Scout"] * 3)
    game, _ = _play(game, "Blob Fighter")
    game, _ = _play(game, "Stealth Needle")
    itself = Select(cards=(named(game, "Stealth Needle"),))
    assert rejected(game, itself, "SR-E13") == "choose another ship you played this turn"
    game, events = play(game, Select(cards=(named(game, "Blob Fighter"),)))
    assert any(isinstance(e, Copied) for e in events) and game.turn.combat == 6
    needle = named(game, "Stealth Needle")
    assert Gained(seat=0, card=needle, combat=3) in events  # the Needle gains, as the Fighter
    fighter = named(game, "Blob Fighter")
    assert Use(card=fighter, slot="ally") in RULES.legal(game, 0)  # the Needle is its Blob ally
    game, _ = _play(game, "Trade Pod")
    assert game.turn.combat == 6 + 2  # the pod's Blob ally: the Needle counts as Blob
    game, _ = play(game, Use(card=needle, slot="ally"))
    assert len(game.players[0].hand) == 1
    alone = table(hand=["Stealth Needle"])
    alone, _ = _play(alone, "Stealth Needle")
    assert alone.turn.pending is None  # nothing to copy


def test_sr_e14_if_two_bases():
    game = table(hand=["Embassy Yacht"], bases=["Blob Wheel"], deck=["Scout"] * 2)
    game, _ = _play(game, "Embassy Yacht")
    assert game.players[0].hand == ()
    game = table(hand=["Embassy Yacht"], bases=["Blob Wheel", "The Hive"], deck=["Scout"] * 2)
    game, _ = _play(game, "Embassy Yacht")
    assert len(game.players[0].hand) == 2


def test_sr_e15_choose_one():
    game = table(hand=["Patrol Mech"])
    game, _ = _play(game, "Patrol Mech")
    either = "choose the first effect (0) or the second (1)"
    assert rejected(game, Choose(option=2), "SR-E15") == either
    assert RULES.legal(game, 0) == [Choose(option=0), Choose(option=1)]
    game, _ = play(game, Choose(option=1))
    assert (game.turn.trade, game.turn.combat) == (0, 5)


def test_sr_e16_ships_get_combat_after_the_base():
    game = table(hand=["Scout", "Fleet HQ", "Scout"])
    game, _ = play(game, PlayAll())
    assert game.turn.combat == 1  # only the Scout after Fleet HQ
    game = table(hand=["Viper"], bases=["Fleet HQ"])
    game, events = play(game, PlayAll())
    assert game.turn.combat == 2
    assert Gained(seat=0, card=game.players[0].bases[0], combat=1) in events  # the base's bonus


def test_sr_e17_mech_world_allies_every_faction_but_is_no_blob():
    game = table(hand=["Trade Pod"], bases=["Mech World"], deck=["Scout"] * 2)
    game, _ = play(game, PlayAll())
    assert game.turn.combat == 2  # the pod's Blob ally
    world = table(hand=["Blob World"], bases=["Mech World"], deck=["Scout"] * 2)
    world, _ = play(world, PlayAll())
    world, _ = play(world, Use(card=named(world, "Blob World"), slot="primary"))
    world, _ = play(world, Choose(option=1))
    assert len(world.players[0].hand) == 1  # Blob World itself, not Mech World


def test_buy_explorer_to_top_after_a_marker():
    game = table(bases=["Central Office"], trade=2)
    game, _ = play(game, Use(card=game.players[0].bases[0], slot="primary"))
    game, _ = play(game, BuyExplorer(top=True))
    assert names(game, game.players[0].deck[:1]) == ["Explorer"]


NOTATION = re.compile(r"\b[a-z]+_[a-z_]+\b|\bupto\b")  # the card file's words: opp_discard …


def test_sr_e5_a_ruling_cites_the_rule_in_the_rulebooks_words():
    cited = {rule: short_words(rule_words(RULES, rule)) for rule in SR_E}
    assert cited["SR-E5"] == "Scrap from the Trade Row"
    assert cited["SR-E3"] == "The opponent discards"
    assert cited["SR-E7"] == "The next ship on top of the deck"
    for rule in SR_E:
        assert not NOTATION.search(rule_words(RULES, rule)), rule


def test_sr_e3_card_text_and_choices_in_words():
    infos = RULES.cards({})
    assert all(not NOTATION.search(line) for info in infos for line in info.abilities)
    game = table(hand=["Battle Pod"], row=["Cutter"])
    game, events = _play(game, "Battle Pod")
    told = [RULES.narrate(game, e, 0, ["Ana", "Ben"]) for e in events]
    assert "Battle Pod waits for Ana to choose: scrap up to 1 from the Trade Row" in told
    assert not NOTATION.search(RULES.text_help(game, 0))
