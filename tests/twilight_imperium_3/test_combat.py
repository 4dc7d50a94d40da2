"""Combat in space (TI-C): the rulebook's space battle between Xxcha and N'orr (IT 716-745), its
combat-roll example (IT 714), the PDS fire example (IT 1397-1414), and a scenario per rule."""

from events.rulesets.twilight_imperium_3 import combat
from events.rulesets.twilight_imperium_3.combat import Casualties, Die, Retreat
from events.rulesets.twilight_imperium_3.forces import Fleet, Holding
from tests.twilight_imperium_3.battlefield import commander, forces, galaxy

NORR, XXCHA = 0, 1


def test_worked_example_the_xxcha_attack_a_norr_system():
    """Xxcha moved a carrier with 2 ground forces, 3 fighters and a cruiser into a system of the
    N'orr, who hold a cruiser and two destroyers and own Hylar V Assault Laser."""
    board = galaxy()
    at = "101"
    units = forces(
        {
            (at, NORR): {"cruiser": 1, "destroyer": 2},
            (at, XXCHA): {"carrier": 1, "ground_force": 2, "fighter": 3, "cruiser": 1},
        },
        counters={at: (XXCHA,)},
    )
    xxcha = commander(XXCHA, "antimass_deflectors", "enviro_compensator")
    norr = commander(NORR, "hylar_v_assault_laser", "deep_space_cannon")
    assert combat.defender(units, at, XXCHA) == NORR
    # the N'orr destroyers' barrage: 2, 2, 5, 6, all missing the 8 they need
    barrage = combat.barrage_volley(units, at, norr, XXCHA)
    assert barrage == (Die("destroyer", 8),) * 4
    assert combat.hits(barrage, (2, 2, 5, 6)) == 0
    assert combat.barrage_volley(units, at, xxcha, NORR) == ()
    # round 1: the book gives the fighters 3, 5, 10 and the cruiser 6, and counts 2 hits, so its
    # carrier's unnamed die hit: a 9 here
    xxcha_dice = combat.battle_volley(board, units, at, xxcha, defending=False)
    assert [d.unit for d in xxcha_dice] == ["cruiser", "carrier"] + ["fighter"] * 3
    assert combat.hits(xxcha_dice, (6, 9, 3, 5, 0)) == 2
    norr_dice = combat.battle_volley(board, units, at, norr, defending=True)
    assert combat.hits(norr_dice, (8, 9, 0)) == 3
    xxcha_losses = combat.default_casualties(units.fleet(at, XXCHA), 3, xxcha)
    norr_losses = combat.default_casualties(units.fleet(at, NORR), 2, norr)
    assert xxcha_losses == Casualties({"fighter": 3})
    assert norr_losses == Casualties({"destroyer": 2})
    units = combat.take_casualties(units, at, XXCHA, xxcha_losses)
    units = combat.take_casualties(units, at, NORR, norr_losses)
    assert not combat.battle_over(units, at)
    # round 2: the Xxcha cruiser 9 hits, the carrier's 1 misses, the N'orr cruiser's 3 misses
    xxcha_dice = combat.battle_volley(board, units, at, xxcha, defending=False)
    assert combat.hits(xxcha_dice, (9, 1)) == 1
    assert combat.hits(combat.battle_volley(board, units, at, norr, True), (3,)) == 0
    units = combat.take_casualties(units, at, NORR, Casualties({"cruiser": 1}))
    assert combat.battle_over(units, at) and combat.victor(units, at) == XXCHA
    assert units.fleet(at, XXCHA).units == {"carrier": 1, "ground_force": 2, "cruiser": 1}


def test_worked_example_pds_fire_from_next_door_and_from_the_planet():
    """IT 1397-1414: N'orr PDS next door fire with Deep Space Cannon at the Xxcha fleet in the
    system N'orr activated; then, activating an Xxcha planet with 2 PDS, the Xxcha PDS fire at
    the N'orr ships arriving."""
    board = galaxy({"101": "abyz_fria", "102": "arinam_meer"})
    norr = commander(NORR, "hylar_v_assault_laser", "deep_space_cannon")
    xxcha = commander(XXCHA)
    next_door = forces(
        {("101", NORR): {"cruiser": 2}, ("101", XXCHA): {"carrier": 1}},
        counters={"101": (NORR,)},
        planets={"Arinam": Holding(NORR, units={"pds": 1})},
    )
    assert combat.space_cannon(board, next_door, "101", norr, (xxcha,), {}) == (
        combat.Battery(NORR, XXCHA, {"Arinam": 1}),
    )
    without_cannon = commander(NORR)
    assert combat.space_cannon(board, next_door, "101", without_cannon, (xxcha,), {}) == ()
    their_planet = forces(
        {("101", NORR): {"cruiser": 2}},
        counters={"101": (NORR,)},
        planets={"Abyz": Holding(XXCHA, units={"pds": 2, "ground_force": 1})},
    )
    assert combat.space_cannon(board, their_planet, "101", norr, (xxcha,), {}) == (
        combat.Battery(XXCHA, NORR, {"Abyz": 2}),
    )


def test_ti_c1_the_active_players_pds_fire_without_ships_moved_and_others_only_at_him():
    board = galaxy({"101": "abyz_fria", "102": "arinam_meer"})
    norr, xxcha, third = commander(NORR), commander(XXCHA, "deep_space_cannon"), commander(2)
    units = forces(
        {("101", XXCHA): {"cruiser": 1}},
        counters={"101": (NORR,)},
        planets={"Abyz": Holding(NORR, units={"pds": 2}), "Arinam": Holding(2, units={"pds": 1})},
    )
    assert combat.space_cannon(board, units, "101", norr, (xxcha, third), {}) == (
        combat.Battery(NORR, XXCHA, {"Abyz": 2}),
    )
    # a PDS spent firing earlier in the action (a transfer's other system) fires no more
    spent = {"Abyz": 1}
    assert combat.space_cannon(board, units, "101", norr, (xxcha, third), spent) == (
        combat.Battery(NORR, XXCHA, {"Abyz": 1}),
    )


def test_ti_c2_a_battle_when_the_active_player_meets_ships_even_a_fighter():
    units = forces({("101", NORR): {"cruiser": 1}, ("101", XXCHA): {"fighter": 1}})
    assert combat.defender(units, "101", NORR) == XXCHA
    landed_only = forces({("101", NORR): {"cruiser": 1}})
    assert combat.defender(landed_only, "101", NORR) is None


def test_ti_c3_the_barrage_hits_only_fighters_and_only_if_there_are_any():
    units = forces({("101", NORR): {"destroyer": 2}, ("101", XXCHA): {"fighter": 1, "cruiser": 1}})
    barrage = combat.barrage_volley(units, "101", commander(NORR), XXCHA)
    assert len(barrage) == 4 and combat.hits(barrage, (9, 9, 0, 1)) == 3
    after = combat.barrage(units, "101", XXCHA, 3)
    assert after.fleet("101", XXCHA).units == {"cruiser": 1}
    no_fighters = forces({("101", NORR): {"destroyer": 2}, ("101", XXCHA): {"cruiser": 1}})
    assert combat.barrage_volley(no_fighters, "101", commander(NORR), XXCHA) == ()


def test_ti_c4_combat_rolls_a_zero_is_ten_and_technologies_and_nebulae_add():
    """IT 714: three cruisers roll 2, 5, 7 and a dreadnought 6: two hits; two fighters roll 3
    and 5 and a destroyer 0, a ten: one hit."""
    board = galaxy({"102": "nebula"})
    plain = commander(NORR)
    units = forces({("101", NORR): {"cruiser": 3, "dreadnought": 1}})
    volley = combat.battle_volley(board, units, "101", plain, defending=False)
    assert combat.hits(volley, (6, 2, 5, 7)) == 2
    defence = forces({("101", XXCHA): {"fighter": 2, "destroyer": 1}})
    defending = combat.battle_volley(board, defence, "101", commander(XXCHA), True)
    assert combat.hits(defending, (0, 3, 5)) == 1
    mixed = {"cruiser": 1, "destroyer": 1, "fighter": 1, "war_sun": 1}
    lasers = combat.dice(mixed, commander(NORR, "hylar_v_assault_laser", "cybernetics"))
    assert [(d.unit, d.hit_on) for d in lasers] == [
        ("war_sun", 3),
        ("war_sun", 3),
        ("war_sun", 3),
        ("cruiser", 6),
        ("destroyer", 8),
        ("fighter", 8),
    ]
    in_nebula = forces({("102", NORR): {"cruiser": 1}})
    assert combat.battle_volley(board, in_nebula, "102", plain, True) == (Die("cruiser", 6),)
    assert combat.battle_volley(board, in_nebula, "102", plain, False) == (Die("cruiser", 7),)


def test_ti_c5_the_owner_chooses_casualties_each_hit_one_and_cargo_lost_with_its_room():
    fleet = Fleet(NORR, {"carrier": 1, "cruiser": 1, "ground_force": 4, "fighter": 1})
    norr = commander(NORR)
    assert combat.casualties_refusal(fleet, 1, Casualties({"cruiser": 1}), norr) is None
    assert combat.casualties_refusal(fleet, 1, Casualties({"cruiser": 2}), norr).rule == "TI-C5"
    assert combat.casualties_refusal(fleet, 2, Casualties({"cruiser": 1}), norr).rule == "TI-C5"
    assert (
        combat.casualties_refusal(fleet, 1, Casualties({"ground_force": 1}), norr).rule == "TI-C5"
    )
    carrier_lost = Casualties({"carrier": 1})
    assert combat.casualties_refusal(fleet, 1, carrier_lost, norr).rule == "TI-C5"
    with_cargo = Casualties({"carrier": 1, "ground_force": 4})
    assert combat.casualties_refusal(fleet, 1, with_cargo, norr) is None
    assert (
        combat.casualties_refusal(
            fleet,
            9,
            Casualties({"carrier": 1, "cruiser": 1, "fighter": 1, "ground_force": 4}),
            norr,
        )
        is None
    )
    assert combat.default_casualties(fleet, 2, norr) == Casualties({"fighter": 1, "cruiser": 1})
    assert combat.default_casualties(fleet, 3, norr) == Casualties(
        {"fighter": 1, "cruiser": 1, "carrier": 1, "ground_force": 4}
    )


def test_ti_c6_a_dreadnought_takes_one_hit_as_damage_and_a_second_destroys_it():
    fleet = Fleet(NORR, {"dreadnought": 2}, {"dreadnought": 1})
    norr = commander(NORR)
    assert combat.absorbable(fleet) == 3
    twice = Casualties(damaged={"dreadnought": 2})
    assert combat.casualties_refusal(fleet, 2, twice, norr).rule == "TI-C6"
    both = Casualties({"dreadnought": 1}, {"dreadnought": 1})
    assert combat.casualties_refusal(fleet, 2, both, norr) is None
    units = forces({("101", NORR): fleet})
    after = combat.take_casualties(units, "101", NORR, both)
    assert after.fleet("101", NORR) == Fleet(NORR, {"dreadnought": 1}, {"dreadnought": 1})
    assert combat.default_casualties(fleet, 1, norr) == Casualties(damaged={"dreadnought": 1})


def test_ti_c7_once_the_attacker_announces_a_retreat_the_defender_may_not():
    board = galaxy()
    units = forces(
        {("101", NORR): {"cruiser": 1}, ("101", XXCHA): {"cruiser": 1}},
        counters={"101": (NORR,), "102": (NORR, XXCHA)},
    )
    to_102 = Retreat("102")
    assert combat.retreat_refusal(board, units, "101", NORR, NORR, False, to_102) is None
    assert combat.retreat_refusal(board, units, "101", XXCHA, NORR, True, to_102).rule == "TI-C7"
    assert combat.retreat_refusal(board, units, "101", XXCHA, NORR, False, to_102) is None


def test_ti_c8_retreats_go_next_door_to_a_system_activated_before_and_without_ships():
    board = galaxy()
    units = forces(
        {
            ("101", NORR): {"carrier": 1, "cruiser": 3, "fighter": 6},
            ("101", XXCHA): {"cruiser": 1},
            ("106", NORR): {"destroyer": 1},
        },
        counters={"101": (NORR,), "102": (NORR,), "106": (NORR,), "000": (XXCHA,)},
    )
    assert combat.retreats(board, units, "101", NORR) == ("102",)
    refused = combat.retreat_refusal(board, units, "101", NORR, NORR, False, Retreat("103"))
    assert refused.rule == "TI-C8"
    norr = commander(NORR, fleet_supply=3)
    after, removed = combat.retreat(board, units, "101", norr, Retreat("102"))
    assert after.fleet("101", NORR).units == {}
    assert after.fleet("102", NORR).units == {"carrier": 1, "cruiser": 2, "fighter": 6}
    assert removed == {"cruiser": 1}
    alone = forces({("101", NORR): {"cruiser": 1}}, counters={"102": (NORR,)})
    assert combat.retreat(board, alone, "101", norr, Retreat("102")) == (alone, {})


def test_ti_c9_the_battle_ends_with_one_side_or_none_and_unsupported_fighters_go():
    board = galaxy()
    units = forces({("101", NORR): {"fighter": 3, "cruiser": 1}})
    assert combat.battle_over(units, "101") and combat.victor(units, "101") == NORR
    after, removed = combat.end_of_battle(board, units, "101", (commander(NORR),))
    assert after.fleet("101", NORR).units == {"cruiser": 1} and removed == {NORR: {"fighter": 3}}
    empty = forces({("101", NORR): {}, ("101", XXCHA): {}})
    assert combat.battle_over(empty, "101") and combat.victor(empty, "101") is None
