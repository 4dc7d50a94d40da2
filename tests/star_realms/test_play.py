"""SR-P playing cards and using abilities."""

from events.rulesets.star_realms.decisions import Choose, Play, PlayAll, Select, Use
from events.rulesets.star_realms.happenings import AbilityUsed, Gained, Prompted, Scrapped
from tests.star_realms.scenario import named, names, play, rejected, table


def test_sr_p1_a_ships_primary_resolves_when_played():
    game = table(hand=["Cutter"])
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    assert game.turn.trade == 2 and game.players[0].authority == 54
    assert names(game, game.turn.ships) == ["Cutter"]
    rejected(game, Play(card=999), "SR-P1")


def test_sr_p1_play_all_plays_the_hand():
    game = table(hand=["Scout", "Scout", "Viper"])
    game, _ = play(game, PlayAll())
    assert game.players[0].hand == () and (game.turn.trade, game.turn.combat) == (2, 1)
    assert rejected(game, PlayAll(), "SR-P1") == "your hand is empty"


def test_sr_p2_a_base_stays_and_its_primary_is_used_once_per_turn():
    game = table(hand=["Trading Post"])
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    post = game.players[0].bases[0]
    assert game.turn.pending is None  # a base's primary waits for its owner
    game, _ = play(game, Use(card=post, slot="primary"))
    game, _ = play(game, Choose(option=1))
    assert game.turn.trade == 1
    rejected(game, Use(card=post, slot="primary"), "SR-P2")


def test_sr_p2_a_ship_has_no_primary_to_use_again():
    game = table(hand=["Cutter"])
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    rejected(game, Use(card=game.turn.ships[0], slot="primary"), "SR-P2")


def test_sr_p3_ally_unlocks_with_another_card_of_the_faction_and_latches():
    game = table(hand=["Blob Fighter", "Blob Fighter"], deck=["Scout"] * 4)
    first = game.players[0].hand[0]
    game, _ = play(game, Play(card=first))
    rejected(game, Use(card=first, slot="ally"), "SR-P3")  # alone: locked
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    game, _ = play(game, Use(card=first, slot="ally"))
    assert len(game.players[0].hand) == 1
    rejected(game, Use(card=first, slot="ally"), "SR-P3")  # once per turn


def test_sr_p3_a_base_from_an_earlier_turn_is_an_ally():
    game = table(hand=["Trade Pod"], bases=["Blob Wheel"])
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    assert game.turn.combat == 1 + 2 and game.turn.trade == 3  # wheel, and the pod's ally


def test_sr_p3_a_base_scrapped_before_the_ship_came_unlocks_nothing():
    game = table(hand=["Trade Pod"], bases=["Blob Wheel"])
    game, _ = play(game, Use(card=game.players[0].bases[0], slot="scrap"))
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    assert game.turn.trade == 3 + 3 and game.turn.combat == 0  # no Blob ally in play with it
    pod = game.turn.ships[0]
    reason = rejected(game, Use(card=pod, slot="ally"), "SR-P3")
    assert reason == "Trade Pod: no other Blob card of yours has been in play with it this turn"


def test_sr_p3_a_ship_scrapped_before_the_next_came_unlocks_nothing():
    game = table(hand=["Ram", "Blob Fighter"], deck=["Scout"])
    ram = named(game, "Ram")
    game, _ = play(game, Play(card=ram))
    fighter = named(game, "Blob Fighter")
    game, _ = play(game, Use(card=ram, slot="scrap"))
    game, _ = play(game, Play(card=fighter))
    rejected(game, Use(card=fighter, slot="ally"), "SR-P3")


def test_sr_p3_unlocked_while_both_were_in_play_it_stays_unlocked():
    game = table(hand=["Blob Fighter"], bases=["Blob Wheel"], deck=["Scout"])
    fighter = game.players[0].hand[0]
    game, _ = play(game, Play(card=fighter))
    game, _ = play(game, Use(card=game.players[0].bases[0], slot="scrap"))
    game, _ = play(game, Use(card=fighter, slot="ally"))
    assert names(game, game.players[0].hand) == ["Scout"]


def test_sr_p4_scrap_ability_leaves_play_first():
    game = table(hand=["Explorer"])
    explorer = game.players[0].hand[0]
    game, _ = play(game, Play(card=explorer))
    game, events = play(game, Use(card=explorer, slot="scrap"))
    assert isinstance(events[0], Scrapped) and game.turn.combat == 2
    assert game.turn.ships == () and game.scrap_heap == ()  # back to the Explorer pile
    rejected(game, Use(card=explorer, slot="scrap"), "SR-P4")


def test_sr_p4_a_scrapped_base_goes_to_the_scrap_heap():
    game = table(bases=["Blob Wheel"])
    wheel = game.players[0].bases[0]
    game, _ = play(game, Use(card=wheel, slot="scrap"))
    assert game.turn.trade == 3 and game.scrap_heap == (wheel,) and game.players[0].bases == ()


def test_sr_p5_gains_only_abilities_are_used_at_once():
    game = table(hand=["Federation Shuttle", "Cutter"])
    game, events = play(game, PlayAll())
    used = [e for e in events if isinstance(e, AbilityUsed) and e.slot == "ally"]
    assert len(used) == 2  # each ally's gain came on its own
    assert game.players[0].authority == 50 + 4 + 4
    assert game.turn.combat == 4 and game.turn.trade == 4


def test_sr_p5_abilities_that_draw_wait_for_the_player():
    game = table(hand=["Blob Fighter", "Battle Pod"], deck=["Scout"] * 3, row=["Cutter"])
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    game, _ = play(game, Select())  # Battle Pod's row scrap: none
    fighter = named(game, "Blob Fighter", game.turn.ships)
    assert (fighter, "ally") not in game.turn.used


def test_sr_p6_a_choice_stops_everything_else():
    game = table(hand=["Barter World", "Scout"])
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    game, events = play(game, Use(card=game.players[0].bases[0], slot="primary"))
    assert any(isinstance(e, Prompted) for e in events)
    rejected(game, Play(card=game.players[0].hand[0]), "SR-P6")
    effect_asked = "this ability asks which effect you choose, not cards"
    assert rejected(game, Select(), "SR-P6") == effect_asked
    game, _ = play(game, Choose(option=0))
    assert game.players[0].authority == 52
    rejected(game, Choose(option=0), "SR-P6")


def test_sr_p7_every_effect_of_a_clause_left_to_right():
    game = table(hand=["Command Ship"], deck=["Scout", "Viper", "Scout"])
    game, events = play(game, Play(card=game.players[0].hand[0]))
    gained = next(e for e in events if isinstance(e, Gained))
    assert (gained.authority, gained.combat) == (4, 5)
    assert names(game, game.players[0].hand) == ["Scout", "Viper"]
