"""Invasions (CW-A3)."""

from events.rulesets.core_worlds.decisions import Invade, Use
from events.rulesets.core_worlds.happenings import Invaded, InvasionFailed

from .scenario import accepted, arrange, cid, in_action, play, rejected

GRUNTS = tuple(cid("Galactic Grunts", i) for i in range(3))
SNUBS = tuple(cid("Snub Fighter", i) for i in range(3))


def _ready(seed: str, world: str, warzone=(), hand=(), energy=3):
    """My turn in the Action phase, `world` in the Central Zone."""
    game = in_action(2, seed)
    me = game.turn
    home = game.players[me].home
    game = arrange(game, central=(cid(world),))
    game = arrange(game, me, warzone=(home, *warzone), hand=hand, energy=energy)
    return game, me


def test_cw_a3_invading_costs_an_action_point_and_one_energy_naming_a_world():
    game, me = _ready("a3", "Ossa Minor", warzone=(*GRUNTS, SNUBS[0]))
    after, _ = play(game, me, Invade(world=cid("Ossa Minor"), units=(*GRUNTS, SNUBS[0])))
    assert (after.players[me].energy, after.players[me].action_points) == (2, 3)
    assert (
        rejected(game, me, Invade(world=cid("Mireth")), "CW-A3")
        == "Mireth is not a World in the Central Zone"
    )


def test_cw_a3_1_tactics_during_an_invasion_pay_their_own_costs():
    bomber, march = cid("Hercules Bomber"), cid("Forced March")
    game, me = _ready("a31", "Pyxis Belt", warzone=(bomber, SNUBS[0]), hand=(march,), energy=4)
    plan = Invade(
        world=cid("Pyxis Belt"),
        units=(bomber, SNUBS[0]),
        tactics=(march,),
        uses=(Use(card=bomber),),
    )
    [event] = accepted(game, me, plan, "CW-A3.2")
    assert (event.fleet, event.ground, event.energy) == (2, 4, 3)
    ambush = cid("Ambush")
    game = arrange(game, me, hand=(march, ambush), energy=5)
    for side, strength in (("fleet", (2 + 4, 4)), ("ground", (2, 4 + 4))):
        chosen = Use(card=ambush, choice=side)  # Ambush's 4 on the side chosen alone
        uses = (Use(card=bomber), chosen)
        both = Invade(world=plan.world, units=plan.units, tactics=(march, ambush), uses=uses)
        [event] = accepted(game, me, both)
        assert (event.fleet, event.ground) == strength
    after, _ = play(game, me, plan)
    assert after.players[me].action_points == 3 and march in after.players[me].discard
    game = arrange(game, me, energy=2)
    assert rejected(game, me, plan, "CW-A3.1") == (
        "this invasion costs 3 energy (1 to invade, the rest for Tactics and abilities); you have 2"
    )
    convoy = cid("Supply Convoy")
    game = arrange(game, me, hand=(convoy,), energy=4)
    wrong = Invade(world=cid("Pyxis Belt"), units=(bomber,), tactics=(convoy,))
    assert (
        rejected(game, me, wrong, "CW-A3.1")
        == "Supply Convoy is not a Tactic played during an Invasion"
    )
    game = arrange(game, me, hand=(), energy=4)
    assert rejected(game, me, plan, "CW-A3.1") == "Forced March is not in your hand"
    game = arrange(game, me, hand=(march,), energy=5)
    twice = Invade(world=cid("Pyxis Belt"), units=(bomber, SNUBS[0]), tactics=(march, march))
    assert rejected(game, me, twice, "CW-A3.1") == (
        "Forced March is named twice; a card is used once"
    )
    game = arrange(game, me, hand=(march,), energy=4)
    stranger = Invade(world=plan.world, units=plan.units, uses=(Use(card=SNUBS[1]),))
    assert rejected(game, me, stranger, "CW-A3.1") == (
        "Snub Fighter is neither a Unit used in this invasion nor a Tactic played in it"
    )
    no_such = Invade(world=plan.world, units=plan.units, uses=(Use(card=bomber, ability=1),))
    assert rejected(game, me, no_such, "CW-A3.1") == (
        "Hercules Bomber has no ability #1 to use during an Invasion"
    )


def test_cw_a3_2_success_needs_both_fleet_and_ground_and_discards_the_units():
    game, me = _ready("a32", "Kelvar Outpost", warzone=(*GRUNTS[:2], SNUBS[0]))
    plan = Invade(world=cid("Kelvar Outpost"), units=(*GRUNTS[:2], SNUBS[0]))
    after, events = play(game, me, plan)
    assert isinstance(events[0], Invaded)
    player = after.players[me]
    assert player.warzone == (player.home, cid("Kelvar Outpost"))
    assert set(player.discard) >= {*GRUNTS[:2], SNUBS[0]}
    assert cid("Kelvar Outpost") not in after.central


def test_cw_a3_3_short_invasion_is_a_failure_and_hand_units_never_count():
    game, me = _ready("a33", "Kelvar Outpost", warzone=GRUNTS[:2], hand=(SNUBS[0],))
    plan = Invade(world=cid("Kelvar Outpost"), units=GRUNTS[:2])
    [event] = accepted(game, me, plan, "CW-A3.3")
    assert event == InvasionFailed(seat=me, world=cid("Kelvar Outpost"), fleet=0, ground=2)
    after, _ = play(game, me, plan)
    player = after.players[me]
    assert (player.energy, player.action_points) == (2, 3)
    assert set(GRUNTS[:2]) <= set(player.warzone) and after.turn != me
    with_hand = Invade(world=cid("Kelvar Outpost"), units=(*GRUNTS[:2], SNUBS[0]))
    assert rejected(game, me, with_hand, "CW-A3.3") == (
        "Units in hand never count; deploy Snub Fighter first"
    )


def test_cw_a3_3_a_short_invasion_spends_its_tactics_and_paid_abilities_but_not_its_units():
    bomber, march, measures = cid("Hercules Bomber"), cid("Forced March"), cid("Desperate Measures")
    hand = (march, measures, *GRUNTS[:2], GRUNTS[2])
    game, me = _ready("a33-spent", "Zeus", warzone=(bomber, SNUBS[0]), hand=hand, energy=5)
    plan = Invade(
        world=cid("Zeus"),
        units=(bomber, SNUBS[0]),
        tactics=(march, measures),
        uses=(Use(card=bomber), Use(card=measures, times=2, discards=GRUNTS[:2])),
    )
    after, events = play(game, me, plan)
    assert events[0] == InvasionFailed(
        seat=me,
        world=cid("Zeus"),
        fleet=4,
        ground=4,
        tactics=(march, measures),
        discards=GRUNTS[:2],
        energy=3,
    )
    player = after.players[me]
    assert (player.energy, player.action_points) == (2, 3)
    assert player.hand == (GRUNTS[2],)
    assert set(player.discard) >= {march, measures, *GRUNTS[:2]}
    assert {bomber, SNUBS[0]} <= set(player.warzone) and cid("Zeus") in after.central


def test_cw_a3_1_each_use_says_what_its_ability_asks_for():
    bomber, measures, ambush = cid("Hercules Bomber"), cid("Desperate Measures"), cid("Ambush")
    hand = (measures, ambush, *GRUNTS[:2])
    game, me = _ready("a31-uses", "Zeus", warzone=(bomber,), hand=hand, energy=5)

    def refused(*uses, tactics=(measures,)):
        plan = Invade(world=cid("Zeus"), units=(bomber,), tactics=tactics, uses=uses)
        return rejected(game, me, plan, "CW-A3.1")

    assert refused(Use(card=measures, times=2, discards=GRUNTS[:1])) == (
        "Desperate Measures adds strength per card discarded: name 2 cards to discard"
    )
    assert refused(Use(card=measures, discards=(bomber,))) == "Hercules Bomber is not in your hand"
    assert refused(Use(card=bomber, discards=GRUNTS[:1])) == (
        "Hercules Bomber's ability discards no cards"
    )
    assert refused(Use(card=ambush, choice="both"), tactics=(ambush,)) == (
        'Ambush: choose "fleet" or "ground"'
    )


def test_cw_a3_4_colonise_with_a_grunt_or_snub_used_in_the_invasion():
    rover = cid("Armoured Rover")
    game, me = _ready("a34", "Ossa Minor", warzone=(GRUNTS[0], rover, SNUBS[0]))
    plan = Invade(world=cid("Ossa Minor"), units=(GRUNTS[0], rover, SNUBS[0]), colonist=SNUBS[0])
    after, _ = play(game, me, plan)
    player = after.players[me]
    assert player.colonists == (SNUBS[0],)
    assert SNUBS[0] not in player.warzone and SNUBS[0] not in player.discard
    wrong = Invade(world=cid("Ossa Minor"), units=(GRUNTS[0], rover, SNUBS[0]), colonist=rover)
    assert rejected(game, me, wrong, "CW-A3.4") == "Armoured Rover cannot colonise a World"
    unused = Invade(world=cid("Ossa Minor"), units=(GRUNTS[0], rover), colonist=SNUBS[0])
    assert (
        rejected(game, me, unused, "CW-A3.4") == "the colonist must be a Unit used in this invasion"
    )


def test_cw_a3_2_only_units_in_your_own_warzone_count_each_once():
    """Each plan would take the World if the named Unit counted: the refusal is the check."""
    game, me = _ready("a32own", "Kelvar Outpost", warzone=(GRUNTS[0], SNUBS[0]))
    world = cid("Kelvar Outpost")
    assert isinstance(play(game, me, Invade(world, (*GRUNTS[:1], SNUBS[0])))[1][0], InvasionFailed)
    plan = Invade(world=world, units=(GRUNTS[0], GRUNTS[1], SNUBS[0]))
    mine = arrange(game, me, warzone=(game.players[me].home, *GRUNTS[:2], SNUBS[0]))
    assert isinstance(play(mine, me, plan)[1][0], Invaded)
    other = 1 - me
    theirs = game.players[other]
    for where in (
        arrange(game, me, discard=(GRUNTS[1],)),
        arrange(game, me, draw=(GRUNTS[1],)),
        arrange(game, other, warzone=(theirs.home, GRUNTS[1])),
    ):
        reason = rejected(where, me, plan, "CW-A3.2")
        assert reason == "Galactic Grunts is not a Unit in your Warzone", reason
    twice = Invade(world=world, units=(GRUNTS[0], GRUNTS[0], SNUBS[0]))
    assert rejected(game, me, twice, "CW-A3.2") == "a Unit is named twice"
