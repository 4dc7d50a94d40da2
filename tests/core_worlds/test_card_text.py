"""Card text (CW-C): when abilities apply, how often, and that the card beats the rules."""

from events.rulesets.core_worlds.decisions import Invade, Use, UseAction
from events.rulesets.core_worlds.happenings import Invaded

from .scenario import RULES, accepted, arrange, cid, in_action, play, rejected


def _turn(seed: str, warzone=(), hand=(), energy=5, central=()):
    game = in_action(2, seed)
    me = game.turn
    game = arrange(game, central=central)
    home = game.players[me].home
    return arrange(game, me, warzone=(home, *warzone), hand=hand, energy=energy), me


def test_cw_c1_abilities_once_per_situation_unless_up_to_n():
    bomber, heavy = cid("Hercules Bomber"), cid("Heavy Repeating Assault")
    world = cid("Ossa Minor")
    game, me = _turn("c1", warzone=(bomber, heavy), central=(world,))
    twice = Invade(world=world, units=(bomber,), uses=(Use(card=bomber, times=2),))
    assert rejected(game, me, twice, "CW-C1") == (
        "Hercules Bomber's ability is used once per invasion, not 2"
    )
    again = Invade(world=world, units=(bomber,), uses=(Use(card=bomber), Use(card=bomber)))
    assert rejected(game, me, again, "CW-C1") == (
        'Hercules Bomber\'s ability is named twice; name it once, with times for "up to" abilities'
    )
    up_to = Invade(world=world, units=(bomber, heavy), uses=(Use(card=heavy, times=2),))
    [event] = accepted(game, me, up_to)
    assert (event.fleet, event.ground, event.energy) == (1, 5, 3)
    thrice = Invade(world=world, units=(bomber, heavy), uses=(Use(card=heavy, times=3),))
    assert rejected(game, me, thrice, "CW-C1") == (
        "Heavy Repeating Assault's ability is used up to 2 times per invasion, not 3"
    )


def test_cw_c2_card_text_beats_the_rules():
    vanguard, snub = cid("Iron Vanguard"), cid("Snub Fighter")
    world = cid("Drift Colony")
    game, me = _turn("c2", warzone=(vanguard, snub), central=(world,))
    after, events = play(game, me, Invade(world=world, units=(vanguard, snub)))
    assert isinstance(events[0], Invaded) and events[0].survivors == (vanguard,)
    assert vanguard in after.players[me].warzone and snub in after.players[me].discard


def test_cw_c3_unit_text_only_in_the_warzone_and_counters_on_it():
    soldier = cid("Genetic Super Soldier")
    game, me = _turn("c3", hand=(soldier,))
    assert rejected(game, me, UseAction(card=soldier), "CW-C3") == (
        "Genetic Super Soldier is in your hand; Unit text has effect only in the Warzone"
    )
    world = cid("Haldor Station")
    game, me = _turn("c3", warzone=(soldier,), central=(world,), energy=9)
    for _ in range(3):
        game = arrange(game, turn=me, turn_done=False)
        game, _ = play(game, me, UseAction(card=soldier))
    assert game.players[me].tokens_on(soldier) == 3 and game.players[me].energy == 6
    game = arrange(game, turn=me, turn_done=False)
    assert (
        rejected(game, me, UseAction(card=soldier), "CW-C1")
        == "Genetic Super Soldier already holds 3 energy tokens"
    )
    [event] = accepted(game, me, Invade(world=world, units=(soldier,)))
    assert (event.fleet, event.ground) == (0, 2 + 2 * 3)
    after, _ = play(game, me, Invade(world=world, units=(soldier,)))
    assert after.players[me].counters == ()


def test_cw_c4_own_discard_pile_visible_never_an_opponents():
    game = in_action(2, "c4")
    game = arrange(game, 0, discard=(cid("Battle Cruiser"),))
    game = arrange(game, 1, discard=(cid("Leviathan"),))
    mine = RULES.view(game, 0)
    assert mine.discard == (cid("Battle Cruiser"),) and mine.players[1].discard_size == 1
    assert cid("Leviathan") not in mine.cards
    spectator = RULES.view(game, None)
    assert spectator.hand == () and spectator.discard == ()
