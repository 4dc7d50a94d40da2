"""Landing and invasion (TI-L): the rulebook's N'orr landing against an Xxcha PDS (IT 1411-1414),
and a scenario per rule."""

from events.rulesets.twilight_imperium_3 import combat, invasion
from events.rulesets.twilight_imperium_3.combat import Die
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.invasion import Bombardment, Drop, Invasion, Landing
from tests.twilight_imperium_3.battlefield import commander, forces, galaxy

NORR, XXCHA = 0, 1
AT = "101"  # Abyz and Fria


def _board():
    return galaxy({AT: "abyz_fria"})


def _rule(units, landing, who=NORR):
    refused = invasion.landing_refusal(_board(), units, commander(who), landing)
    return refused.rule if refused else None


def test_worked_example_three_ground_forces_against_a_ground_force_and_a_pds():
    """The N'orr land 3 ground forces on an Xxcha planet holding a ground force and a PDS; the
    PDS fires first, then the rounds."""
    units = forces(
        {(AT, NORR): {"carrier": 1, "ground_force": 3}},
        counters={AT: (NORR,)},
        planets={"Abyz": Holding(XXCHA, units={"ground_force": 1, "pds": 1})},
    )
    norr, xxcha = commander(NORR), commander(XXCHA)
    landing = Landing(AT, (Drop("Abyz", {"ground_force": 3}),))
    assert _rule(units, landing) is None
    units, (invaded,) = invasion.land(_board(), units, norr, landing)
    assert invaded == Invasion("Abyz", NORR, XXCHA, 3)
    assert units.fleet(AT, NORR).units == {"carrier": 1}
    shots = invasion.defence_volley(units, invaded, xxcha)
    assert shots == (Die("pds", 6),)
    invaded = invasion.defence(invaded, combat.hits(shots, (6,)))
    assert invaded.ground_forces == 2
    attack = combat.hits(invasion.ground_volley(2, norr), (8, 3))
    hold = combat.hits(invasion.ground_volley(invasion.defenders(units, invaded), xxcha), (2,))
    units, invaded = invasion.invasion_round(units, invaded, attack, hold)
    assert invasion.invasion_over(units, invaded)
    units = invasion.conclude(units, invaded)
    assert units.planets["Abyz"] == Holding(NORR, True, {"ground_force": 2})


def test_ti_l1_landing_from_ships_in_the_activated_system_once_no_enemy_ship_is_left():
    units = forces(
        {(AT, NORR): {"carrier": 1, "ground_force": 2}, (AT, XXCHA): {"fighter": 1}},
        counters={AT: (NORR,)},
    )
    assert _rule(units, Landing(AT, (Drop("Abyz", {"ground_force": 1}),))) == "TI-L1"
    clear = forces({(AT, NORR): {"carrier": 1, "ground_force": 2}}, counters={AT: (NORR,)})
    assert _rule(clear, Landing(AT, (Drop("Abyz", {"ground_force": 3}),))) == "TI-L1"
    assert _rule(clear, Landing(AT, (Drop("Jord", {"ground_force": 1}),))) == "TI-L1"
    assert _rule(clear, Landing(AT, (Drop("Abyz", {"carrier": 1}),))) == "TI-L1"
    split = Landing(AT, (Drop("Abyz", {"ground_force": 1}), Drop("Fria", {"ground_force": 1})))
    assert _rule(clear, split) is None
    assert _rule(forces({(AT, NORR): {"carrier": 1, "ground_force": 2}}), split) == "TI-L1"


def test_ti_l2_a_ground_force_takes_a_neutral_planet_exhausted_and_a_pds_alone_is_lost():
    units = forces(
        {(AT, NORR): {"carrier": 1, "ground_force": 1, "pds": 2}},
        counters={AT: (NORR,)},
        planets={"Fria": Holding(NORR, units={"pds": 1})},
    )
    landing = Landing(AT, (Drop("Abyz", {"pds": 1}), Drop("Fria", {"ground_force": 1, "pds": 1})))
    after, invasions = invasion.land(_board(), units, commander(NORR), landing)
    assert invasions == () and "Abyz" not in after.planets
    assert after.planets["Fria"] == Holding(NORR, units={"pds": 2, "ground_force": 1})
    assert after.fleet(AT, NORR).units == {"carrier": 1}
    taking = Landing(AT, (Drop("Abyz", {"ground_force": 1, "pds": 1}),))
    after, _ = invasion.land(_board(), units, commander(NORR), taking)
    assert after.planets["Abyz"] == Holding(NORR, True, {"ground_force": 1, "pds": 1})
    too_many = Landing(AT, (Drop("Fria", {"pds": 2}),))
    assert _rule(units, too_many) == "TI-U6"


def test_ti_l3_an_enemy_planet_without_ground_forces_falls_and_its_pds_and_dock_go():
    units = forces(
        {(AT, NORR): {"carrier": 1, "ground_force": 1}},
        counters={AT: (NORR,)},
        planets={"Abyz": Holding(XXCHA, units={"pds": 2, "space_dock": 1})},
    )
    landing = Landing(AT, (Drop("Abyz", {"ground_force": 1}),))
    after, invasions = invasion.land(_board(), units, commander(NORR), landing)
    assert invasions == ()
    assert after.planets["Abyz"] == Holding(NORR, True, {"ground_force": 1})


def _besieged(planet_units):
    return forces(
        {(AT, NORR): {"dreadnought": 2, "war_sun": 1, "carrier": 1, "ground_force": 2}},
        counters={AT: (NORR,)},
        planets={
            "Abyz": Holding(XXCHA, units=planet_units),
            "Fria": Holding(XXCHA, units={"ground_force": 2}),
        },
    )


def test_ti_l4_dreadnoughts_bombard_only_what_they_invade_and_never_through_a_shield():
    units = _besieged({"ground_force": 3, "pds": 1})
    norr = commander(NORR)
    abyz = (Invasion("Abyz", NORR, XXCHA, 2),)
    fria = (Invasion("Fria", NORR, XXCHA, 2),)

    def rule(invasions, *bombardments):
        refused = invasion.bombardment_refusal(_board(), units, norr, AT, invasions, bombardments)
        return refused.rule if refused else None

    assert rule(abyz, Bombardment("Abyz", {"dreadnought": 1})) == "TI-L4"
    assert rule(abyz, Bombardment("Fria", {"dreadnought": 1})) == "TI-L4"
    assert rule(fria, Bombardment("Fria", {"dreadnought": 2})) is None
    assert rule((), Bombardment("Abyz", {"war_sun": 1})) is None
    twice = (Bombardment("Abyz", {"war_sun": 1}), Bombardment("Fria", {"war_sun": 1}))
    assert rule(fria, *twice) == "TI-L4"
    assert rule(fria, Bombardment("Fria", {"carrier": 1})) == "TI-L4"
    volley = invasion.bombardment_volley(Bombardment("Abyz", {"war_sun": 1}), norr)
    assert volley == (Die("war_sun", 3),) * 3
    after = invasion.bombard(units, "Abyz", combat.hits(volley, (3, 0, 1)))
    assert after.planets["Abyz"].units == {"ground_force": 1, "pds": 1}


def test_ti_l5_the_defending_pds_fire_once_before_the_first_round():
    units = _besieged({"ground_force": 1, "pds": 2})
    invaded = Invasion("Abyz", NORR, XXCHA, 2, pds=1)
    shots = invasion.defence_volley(units, invaded, commander(XXCHA))
    invaded = invasion.defence(invaded, combat.hits(shots, (7, 9)))
    assert invaded.ground_forces == 0 and invasion.invasion_over(units, invaded)
    after = invasion.conclude(units, invaded)
    assert after.planets["Abyz"] == units.planets["Abyz"]


def test_ti_l6_invasion_rounds_are_simultaneous_ground_force_against_ground_force():
    units = _besieged({"ground_force": 3})
    invaded = Invasion("Abyz", NORR, XXCHA, 2)
    assert invasion.ground_volley(2, commander(NORR)) == (Die("ground_force", 8),) * 2
    units, invaded = invasion.invasion_round(units, invaded, 2, 1)
    assert invasion.defenders(units, invaded) == 1 and invaded.ground_forces == 1
    assert not invasion.invasion_over(units, invaded)


def test_ti_l7_when_both_sides_fall_together_the_defender_keeps_the_planet():
    units = _besieged({"ground_force": 1, "space_dock": 1})
    invaded = Invasion("Abyz", NORR, XXCHA, 1, pds=1)
    units, invaded = invasion.invasion_round(units, invaded, 1, 1)
    assert invasion.invasion_over(units, invaded)
    after = invasion.conclude(units, invaded)
    assert after.planets["Abyz"] == Holding(XXCHA, units={"space_dock": 1})
    won = invasion.conclude(units, Invasion("Abyz", NORR, XXCHA, 1, pds=1))
    assert won.planets["Abyz"] == Holding(NORR, True, {"ground_force": 1, "pds": 1})
