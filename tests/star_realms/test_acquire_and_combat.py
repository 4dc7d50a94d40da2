"""SR-A acquiring cards and SR-C combat."""

from random import Random

import msgspec

from events.ruleset import Rejection
from events.rulesets.star_realms.decisions import (
    AttackBase,
    AttackPlayer,
    Buy,
    BuyExplorer,
    EndTurn,
    Play,
    PlayAll,
    Select,
    Use,
)
from events.rulesets.star_realms.happenings import RowFilled
from tests.star_realms.scenario import (
    RULES,
    arrange,
    fold,
    named,
    names,
    play,
    rejected,
    settle,
    start,
    table,
)

ROW = ["Cutter", "Blob Wheel", "Dreadnaught", "Trade Bot", "Barter World"]


def test_sr_a1_acquire_for_the_cost_leftover_buys_more():
    game = table(row=ROW, trade=5)
    game, _ = play(game, Buy(card=named(game, "Blob Wheel")))
    game, _ = play(game, Buy(card=named(game, "Cutter")))
    assert game.turn.trade == 0
    reason = rejected(table(row=ROW, trade=3), Buy(card=named(game, "Dreadnaught")), "SR-A1")
    assert "costs 7" in reason


def test_sr_a2_acquired_cards_go_to_the_discard_pile_unplayed():
    game = table(row=ROW, trade=2)
    game, _ = play(game, Buy(card=named(game, "Cutter")))
    assert names(game, game.players[0].discard) == ["Cutter"]
    assert game.players[0].authority == 50 and game.turn.ships == ()


def test_sr_a3_the_row_refills_at_once_in_the_same_slot():
    game = table(row=ROW, trade=3)
    top = game.trade_deck[0]
    game, events = play(game, Buy(card=named(game, "Blob Wheel")))
    assert RowFilled(slot=1, card=top) in events and game.row[1] == top and len(game.row) == 5
    rejected(game, Buy(card=999), "SR-A3")
    empty = arrange(table(row=ROW, trade=3), trade_deck=())
    empty, _ = play(empty, Buy(card=named(empty, "Blob Wheel")))
    assert len(empty.row) == 4  # the deck is empty: the slot stays empty


def test_sr_a4_the_explorer_pile_holds_10_and_then_is_empty():
    game = table(trade=24)
    for left in range(9, -1, -1):
        game, _ = play(game, BuyExplorer())
        assert game.explorer_pile == left
    assert names(game, game.players[0].discard) == ["Explorer"] * 10
    assert len(set(game.players[0].discard)) == 10 and game.turn.trade == 4
    assert rejected(game, BuyExplorer(), "SR-A4") == "the Explorer pile is empty"
    assert not any(isinstance(d, BuyExplorer) for d in RULES.legal(game, 0))
    assert "explorer" not in RULES.text_help(game, 0)
    assert "2 Trade each, none left in the pile" in str(RULES.describe(RULES.view(game, 1)))


def test_sr_a4_a_scrapped_explorer_goes_back_to_the_pile():
    game = arrange(table(hand=["Explorer"], discard=["Explorer"], trade=2), explorer_pile=0)
    played = game.players[0].hand[0]
    game, _ = play(game, Play(card=played))
    game, _ = play(game, Use(card=played, slot="scrap"))
    assert game.explorer_pile == 1 and game.scrap_heap == ()
    game, _ = play(game, BuyExplorer())
    assert game.explorer_pile == 0 and game.players[0].discard[-1] not in (played,)
    bot = arrange(table(hand=["Trade Bot"], discard=["Explorer"]), explorer_pile=0)
    bot, _ = play(bot, Play(card=bot.players[0].hand[0]))
    bot, _ = play(bot, Select(cards=bot.players[0].discard))
    assert bot.explorer_pile == 1 and bot.players[0].discard == ()


def test_sr_a4_a_free_ship_is_no_explorer_once_the_pile_is_empty():
    game = table(hand=["Blob Carrier", "Blob Fighter"], row=["Ram"], deck=["Scout"])
    game = arrange(game, explorer_pile=0)
    game, _ = play(game, PlayAll())
    game, _ = play(game, Use(card=named(game, "Blob Carrier"), slot="ally"))
    assert Select(explorer=True) not in RULES.legal(game, 0)
    assert rejected(game, Select(explorer=True), "SR-A4") == "the Explorer pile is empty"
    bare = table(hand=["Blob Carrier", "Blob Fighter"], row=["Blob Wheel"], deck=["Scout"])
    bare, _ = play(arrange(bare, explorer_pile=0), PlayAll())
    bare, _ = play(bare, Use(card=named(bare, "Blob Carrier"), slot="ally"))
    assert bare.turn.pending is None and names(bare, bare.players[0].deck) == ["Scout"]


def test_sr_a4_an_unlimited_pile_is_a_match_option():
    ten = start()
    assert ten.explorer_pile == 10
    unlimited, _ = settle(fold(RULES.initial(2, {"unlimited_explorers": True}, Random("s"))))
    game = arrange(table(trade=40), explorer_pile=unlimited.explorer_pile)
    for _ in range(20):
        game, _ = play(game, BuyExplorer())
    assert len(set(game.players[0].discard)) == 20 and game.explorer_pile is None
    assert "2 Trade each, never run out" in str(RULES.describe(RULES.view(game, 0)))


def test_the_next_explorer_may_go_on_top_however_many_were_bought():
    marked = table(trade=2)
    marked = arrange(marked, turn=msgspec.structs.replace(marked.turn, next_ship_to_top=True))
    for bought in range(0, 100, 3):
        game = arrange(marked, explorers=bought)
        assert BuyExplorer(top=True) in RULES.legal(game, 0), bought
        game, _ = play(game, BuyExplorer(top=True))
        assert names(game, game.players[0].deck[:1]) == ["Explorer"]


def test_sr_a5_scouts_and_vipers_are_never_acquired():
    game = table(hand=["Scout"], trade=10)
    rejected(game, Buy(card=game.players[0].hand[0]), "SR-A3")
    assert all(card.cost is None for card in RULES.cards({}) if card.name in ("Scout", "Viper"))


def test_sr_c1_combat_is_one_pool_split_over_targets():
    game = table(hand=["Viper"] * 2, their_bases=["Blob Wheel"], combat=6)
    game, _ = play(game, PlayAll())
    game, _ = play(game, AttackBase(base=game.players[1].bases[0]))
    game, _ = play(game, AttackPlayer(amount=3))
    assert game.turn.combat == 0 and game.players[1].authority == 47


def test_sr_c2_a_base_is_destroyed_for_its_defense_to_its_owners_discard():
    game = table(their_bases=["Blob Wheel"], combat=4)
    wheel = game.players[1].bases[0]
    assert "Defense 5" in rejected(game, AttackBase(base=wheel), "SR-C2")
    game = table(their_bases=["Blob Wheel"], combat=5)
    assert AttackBase(base=wheel) in RULES.legal(game, 0)  # Combat equal to its Defense will do
    game, _ = play(game, AttackBase(base=wheel))
    assert game.players[1].bases == () and game.players[1].discard == (wheel,)
    gone = rejected(game, AttackBase(base=wheel), "SR-C2")
    assert gone == "that card is not a base of your opponent's in play"


def test_sr_c3_outposts_shield_authority_and_other_bases():
    game = table(their_bases=["Blob Wheel", "Trading Post"], combat=20)
    wheel, post = game.players[1].bases
    shielded = rejected(game, AttackPlayer(amount=1), "SR-C3")
    assert shielded == "an outpost shields your opponent: destroy it first"
    behind = rejected(game, AttackBase(base=wheel), "SR-C3")
    assert behind == "an outpost shields Blob Wheel: attack the outposts first"
    game, _ = play(game, AttackBase(base=post))
    game, _ = play(game, AttackBase(base=wheel))
    game, _ = play(game, AttackPlayer(amount=11))
    assert game.players[1].authority == 39


def test_sr_c4_any_amount_to_authority():
    game = table(hand=["Viper"], combat=4)
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    assert RULES.read_text(game, 0, "attack player 2") == AttackPlayer(amount=2)
    assert RULES.read_text(game, 0, "attack") == AttackPlayer(amount=5)  # all the Combat
    assert RULES.write_text(game, 0, AttackPlayer(amount=2)) == "attack player 2"
    assert "attack player [amount]: all your Combat unless you say" in RULES.text_help(game, 0)
    assert RULES.legal(game, 0)[-2:] == [AttackPlayer(amount=5), EndTurn()]  # offered whole
    assert RULES.bots["greedy"](game, 0, Random(0)) == AttackPlayer(amount=5)
    before, (game, events) = game, play(game, AttackPlayer(amount=2))
    told = RULES.narrate(before, events[0], None, ["ann", "bob"])
    assert told == "bob took 2 damage; Authority now 48"
    assert game.players[1].authority == 48 and game.turn.combat == 3
    rejected(game, AttackPlayer(amount=4), "SR-C4")
    rejected(game, AttackPlayer(amount=0), "SR-C4")


def test_sr_c2_a_base_attacked_by_its_name_alone_or_a_later_word_of_it():
    game = table(their_bases=["Trading Post", "Blob Wheel"], combat=5)
    wheel = named(game, "Blob Wheel")
    assert RULES.read_text(game, 0, "attack Blob Wheel") == AttackBase(base=wheel)
    assert RULES.read_text(game, 0, "attack wheel") == AttackBase(base=wheel)
    nameless = RULES.read_text(game, 0, "attack base")
    assert nameless.reason == "name a base of your opponent's: 'attack base Blob Wheel'"
    missed = RULES.read_text(game, 0, "attack base Mothership")
    assert "no 'Mothership' among your opponent's bases" in missed.reason


def test_sr_c4_authority_attacked_in_the_words_players_use():
    game = table(their_bases=["Blob Wheel"], combat=5)
    assert RULES.read_text(game, 0, "attack opponent 3") == AttackPlayer(amount=3)
    assert RULES.read_text(game, 0, "attack authority") == AttackPlayer(amount=5)
    assert RULES.read_text(game, 0, "attack 3") == AttackPlayer(amount=3)
    expected = "say 'attack player 5', 'attack player' (all your Combat) or 'attack base <name>'"
    for unreadable in ("attack player 3 now", "attack player all"):
        said = RULES.read_text(game, 0, unreadable)
        assert isinstance(said, Rejection) and said.reason.endswith(expected), unreadable
