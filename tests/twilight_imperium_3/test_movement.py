"""Movement (TI-M): the rulebook's worked examples (the five ships of IT 543-560, the carrier
loading on its way of IT 1373-1392, fighter support at IT 1505) and a scenario per rule."""

from events.rulesets.twilight_imperium_3 import movement
from events.rulesets.twilight_imperium_3.fleets import fighter_support
from events.rulesets.twilight_imperium_3.forces import Fleet, Holding
from events.rulesets.twilight_imperium_3.movement import Group, Movement, Pickup
from tests.twilight_imperium_3.battlefield import commander, forces, galaxy

NORR, XXCHA = 0, 1


def _rule(galaxy_, forces_, commander_, *groups: Group, activated: str = "101") -> str | None:
    refused = movement.refusal(galaxy_, forces_, commander_, Movement(activated, groups))
    return refused.rule if refused else None


def _five_ships():
    """IT 543-560: N'orr activated 101, where an Xxcha fleet and planet are. A supernova lies at
    201, two Xxcha destroyers at 202; N'orr activated 102 and 106 before."""
    board = galaxy({"101": "abyz_fria", "201": "supernova", "302": "empty_space"})
    units = forces(
        {
            ("101", XXCHA): {"cruiser": 2},
            ("202", XXCHA): {"destroyer": 2},
            ("203", NORR): {"dreadnought": 1},
            ("103", NORR): {"cruiser": 1},
            ("105", NORR): {"cruiser": 1},
            ("000", NORR): {"dreadnought": 1, "carrier": 1, "fighter": 4},
            ("106", NORR): {"destroyer": 2},
            ("302", NORR): {"cruiser": 1},
        },
        counters={"101": (NORR,), "102": (NORR,), "106": (NORR,)},
        planets={"Abyz": Holding(XXCHA, units={"ground_force": 1})},
    )
    return board, units, commander(NORR, fleet_supply=5)


def test_worked_example_five_ships_moving_into_an_activated_system():
    board, units, norr = _five_ships()
    # 1: a dreadnought two systems away moves only 1
    assert _rule(board, units, norr, Group("203", {"dreadnought": 1}, ("102",))) == "TI-M3"
    # 2: two cruisers, each 2 away, one through a system holding a N'orr counter
    assert _rule(board, units, norr, Group("103", {"cruiser": 1}, ("102",))) is None
    assert _rule(board, units, norr, Group("105", {"cruiser": 1}, ("106",))) is None
    # 3: the whole fleet next door, or only some of it
    whole = Group("000", {"dreadnought": 1, "carrier": 1, "fighter": 4})
    assert _rule(board, units, norr, whole) is None
    assert _rule(board, units, norr, Group("000", {"dreadnought": 1})) is None
    assert _rule(board, units, norr, Group("000", {"carrier": 1})) == "TI-M9"
    assert _rule(board, units, norr, Group("000", {"carrier": 1, "fighter": 4})) is None
    # 4: destroyers in reach but in a system N'orr activated before
    assert _rule(board, units, norr, Group("106", {"destroyer": 2})) == "TI-M2"
    # 5: every route of 2 crosses the supernova or the Xxcha destroyers
    assert _rule(board, units, norr, Group("302", {"cruiser": 1}, ("201",))) == "TI-M5"
    assert _rule(board, units, norr, Group("302", {"cruiser": 1}, ("202",))) == "TI-M4"
    everything = Movement(
        "101",
        (
            Group("103", {"cruiser": 1}, ("102",)),
            Group("105", {"cruiser": 1}, ("106",)),
            whole,
        ),
    )
    assert movement.refusal(board, units, norr, everything) is None
    after = movement.after(board, units, norr, everything)
    assert after.fleet("101", NORR).units == {
        "cruiser": 2,
        "dreadnought": 1,
        "carrier": 1,
        "fighter": 4,
    }
    assert after.fleet("000", NORR).units == {} and after.fleet("101", XXCHA).units == {
        "cruiser": 2
    }


def test_candidates_offer_what_can_reach_and_each_is_accepted():
    board, units, norr = _five_ships()
    offered = movement.candidates(board, units, norr, "101")
    assert offered[0] == Movement("101")
    origins = {g.origin for m in offered for g in m.groups}
    assert origins == {"000", "103", "105"}
    assert all(movement.refusal(board, units, norr, m) is None for m in offered)
    assert len(offered[-1].groups) == 3


def _carrier_on_its_way(*technologies: str):
    """IT 1373-1392: a N'orr carrier at 102 on Abyz's 5 ground forces; 101, activated before,
    and 202 both lead to the activated 201, each holding N'orr ground forces."""
    board = galaxy({"102": "abyz_fria", "101": "arinam_meer", "202": "bereg_lirta_iv"})
    board = galaxy(board.tiles | {"201": "centauri_gral"})
    units = forces(
        {("102", NORR): {"carrier": 1}},
        counters={"101": (NORR,), "201": (NORR,)},
        planets={
            "Abyz": Holding(NORR, units={"ground_force": 5}),
            "Arinam": Holding(NORR, units={"ground_force": 2}),
            "Bereg": Holding(NORR, units={"ground_force": 1}),
            "Centauri": Holding(NORR, units={"ground_force": 1}),
        },
    )
    return board, units, commander(NORR, *technologies)


def test_worked_example_a_carrier_loads_on_its_way_but_not_where_activated_before():
    board, units, norr = _carrier_on_its_way("antimass_deflectors", "xrd_transporters")
    at_start = Pickup("102", {"ground_force": 4}, "Abyz")
    on_the_way = Pickup("202", {"ground_force": 1}, "Bereg")
    at_the_end = Pickup("201", {"ground_force": 1}, "Centauri")
    by_101 = Group("102", {"carrier": 1}, ("101",), pickups=(at_start,))
    assert _rule(board, units, norr, by_101, activated="201") is None
    loads_at_101 = Pickup("101", {"ground_force": 1}, "Arinam")
    at_101 = Group("102", {"carrier": 1}, ("101",), pickups=(at_start, loads_at_101))
    assert _rule(board, units, norr, at_101, activated="201") == "TI-M7"
    by_202 = Group("102", {"carrier": 1}, ("202",), pickups=(at_start, on_the_way, at_the_end))
    assert _rule(board, units, norr, by_202, activated="201") is None
    after = movement.after(board, units, norr, Movement("201", (by_202,)))
    assert after.fleet("201", NORR).units == {"carrier": 1, "ground_force": 6}
    assert after.planets["Abyz"] == Holding(NORR, units={"ground_force": 1})
    assert after.planets["Centauri"] == Holding(NORR, units={})
    seventh = Pickup("102", {"ground_force": 5}, "Abyz")
    overfull = Group("102", {"carrier": 1}, ("202",), pickups=(seventh, on_the_way, at_the_end))
    assert _rule(board, units, norr, overfull, activated="201") == "TI-M6"
    board, units, without_xrd = _carrier_on_its_way()
    assert _rule(board, units, without_xrd, by_202, activated="201") == "TI-M3"


def test_worked_example_fighter_support_of_a_dock_and_a_loaded_carrier():
    """IT 1505: a space dock and a carrier holding 2 ground forces support 7 fighters; when the
    carrier leaves, 4 of them go with it."""
    board = galaxy()
    units = forces(
        {("301", NORR): {"carrier": 1, "ground_force": 2, "fighter": 7}},
        counters={"201": (NORR,)},
        planets={"Jord": Holding(NORR, units={"space_dock": 1})},
    )
    norr = commander(NORR)
    assert fighter_support(units, board, "301", norr) == 7
    three = Group("301", {"carrier": 1, "ground_force": 2, "fighter": 3})
    four = Group("301", {"carrier": 1, "ground_force": 2, "fighter": 4})
    assert _rule(board, units, norr, three, activated="201") == "TI-M9"
    assert _rule(board, units, norr, four, activated="201") is None


def test_ti_m1_activation_needs_a_counter_and_a_system_not_yet_holding_one():
    board = galaxy({"101": "asteroid_field", "102": "supernova", "103": "nebula"})
    units = forces(counters={"104": (NORR,), "105": (XXCHA,)})
    refused = [
        movement.activation_refusal(board, units, NORR, position, 3)
        for position in ("101", "102", "104")
    ]
    assert [r.rule if r else None for r in refused] == ["TI-M1"] * 3
    assert movement.activation_refusal(board, units, NORR, "105", 0).rule == "TI-M1"
    assert movement.activation_refusal(board, units, NORR, "105", 1) is None
    assert movement.activation_refusal(board, units, NORR, "103", 1) is None


def test_ti_m2_ships_move_only_into_the_system_just_activated_and_only_what_is_there():
    board = galaxy()
    units = forces({("102", NORR): {"cruiser": 1}}, counters={"101": (NORR,)})
    norr = commander(NORR)
    assert _rule(board, units, norr, Group("102", {"cruiser": 1}), activated="103") == "TI-M2"
    assert _rule(board, units, norr, Group("102", {"cruiser": 2})) == "TI-M2"
    twice = (Group("102", {"cruiser": 1}), Group("102", {"cruiser": 1}, ("000",)))
    assert _rule(board, units, norr, *twice) == "TI-M2"
    assert _rule(board, units, norr, Group("102", {"cruiser": 1})) is None


def test_ti_m3_routes_follow_adjacency_within_the_move_value():
    board = galaxy()
    units = forces({("204", NORR): {"cruiser": 1}}, {"101": (NORR,)})
    norr = commander(NORR)
    assert _rule(board, units, norr, Group("204", {"cruiser": 1}, ("000",))) == "TI-M3"
    assert _rule(board, units, norr, Group("204", {"cruiser": 1}, ("103",))) == "TI-M3"
    assert _rule(board, units, norr, Group("204", {"cruiser": 1})) == "TI-M3"
    assert _rule(board, units, norr, Group("204", {"cruiser": 1}, ("102",))) is None


def test_ti_m3_a_wormhole_joins_far_systems():
    board = galaxy({"101": "lodor", "208": "alpha_wormhole"})
    units = forces({("208", NORR): {"carrier": 1}}, {"101": (NORR,)})
    assert _rule(board, units, commander(NORR), Group("208", {"carrier": 1})) is None
    plain = galaxy({"101": "lodor"})
    assert _rule(plain, units, commander(NORR), Group("208", {"carrier": 1})) == "TI-M3"


def test_ti_m4_enemy_ships_block_the_way_but_fighters_alone_do_not():
    board, norr = galaxy(), commander(NORR)
    past_mecatol = Group("102", {"cruiser": 1}, ("000",))
    blocked = forces(
        {("102", NORR): {"cruiser": 1}, ("000", XXCHA): {"destroyer": 1}}, {"104": (NORR,)}
    )
    assert _rule(board, blocked, norr, past_mecatol, activated="104") == "TI-M4"
    screened = forces(
        {("102", NORR): {"cruiser": 1}, ("000", XXCHA): {"fighter": 2}}, {"104": (NORR,)}
    )
    assert _rule(board, screened, norr, past_mecatol, activated="104") is None


def test_ti_m5_asteroid_fields_and_supernovae_are_not_passed_without_their_technology():
    board = galaxy({"000": "asteroid_field", "106": "supernova"})
    units = forces({("104", NORR): {"cruiser": 1}, ("105", NORR): {"cruiser": 1}}, {"101": (NORR,)})
    plain, deflected = commander(NORR), commander(NORR, "antimass_deflectors")
    through_asteroids = Group("104", {"cruiser": 1}, ("000",))
    assert _rule(board, units, plain, through_asteroids) == "TI-M5"
    assert _rule(board, units, deflected, through_asteroids) is None
    assert _rule(board, units, deflected, Group("105", {"cruiser": 1}, ("106",))) == "TI-M5"


def test_ti_m5_a_nebula_is_entered_only_to_end_there_and_left_moving_1():
    board = galaxy({"102": "nebula"})
    into = forces({("104", NORR): {"cruiser": 1}}, {"102": (NORR,), "103": (NORR,)})
    norr = commander(NORR)
    assert _rule(board, into, norr, Group("104", {"cruiser": 1}, ("103",)), activated="102") is None
    across = forces({("103", NORR): {"cruiser": 1}}, {"101": (NORR,)})
    assert _rule(board, across, norr, Group("103", {"cruiser": 1}, ("102",))) == "TI-M5"
    out = forces({("102", NORR): {"cruiser": 1}}, {"101": (NORR,), "105": (NORR,)})
    assert (
        _rule(board, out, norr, Group("102", {"cruiser": 1}, ("000",)), activated="105") == "TI-M5"
    )
    assert _rule(board, out, norr, Group("102", {"cruiser": 1})) is None


def test_ti_m6_fighters_and_ground_forces_move_only_aboard_and_stasis_capsules_add_berths():
    board = galaxy()
    fighters = forces({("102", NORR): {"fighter": 1}}, {"101": (NORR,)})
    assert _rule(board, fighters, commander(NORR), Group("102", {"fighter": 1})) == "TI-M6"
    units = forces({("102", NORR): {"cruiser": 2, "ground_force": 2}}, {"101": (NORR,)})
    with_troops = Group("102", {"cruiser": 2, "ground_force": 2})
    assert _rule(board, units, commander(NORR), with_troops) == "TI-M6"
    assert _rule(board, units, commander(NORR, "stasis_capsules"), with_troops) is None


def test_ti_m7_no_loading_where_enemy_ships_are():
    board = galaxy({"102": "abyz_fria"})
    units = forces(
        {("103", NORR): {"carrier": 1}, ("102", XXCHA): {"fighter": 1}},
        {"101": (NORR,)},
        {"Abyz": Holding(NORR, units={"ground_force": 2}), "Fria": Holding(XXCHA)},
    )
    norr = commander(NORR, "xrd_transporters")
    load = Group(
        "103", {"carrier": 1}, ("102",), pickups=(Pickup("102", {"ground_force": 2}, "Abyz"),)
    )
    assert _rule(board, units, norr, load) == "TI-M7"
    theirs = Group(
        "103", {"carrier": 1}, ("102",), pickups=(Pickup("102", {"ground_force": 1}, "Fria"),)
    )
    assert _rule(board, units, norr, theirs) == "TI-M7"


def test_ti_m8_fleet_supply_counts_every_ship_but_fighters_where_they_end():
    board = galaxy()
    units = forces(
        {
            ("101", NORR): {"cruiser": 2, "fighter": 3},
            ("102", NORR): {"carrier": 1, "destroyer": 1},
        },
        {"101": (NORR,)},
    )
    group = Group("102", {"carrier": 1, "destroyer": 1})
    assert _rule(board, units, commander(NORR, fleet_supply=3), group) == "TI-M8"
    assert _rule(board, units, commander(NORR, fleet_supply=4), group) is None


def test_ti_m9_fighters_left_behind_need_support():
    board = galaxy()
    units = forces({("102", NORR): {"carrier": 1, "fighter": 2}}, {"101": (NORR,)})
    assert _rule(board, units, commander(NORR), Group("102", {"carrier": 1})) == "TI-M9"
    damaged = forces(
        {("102", NORR): Fleet(NORR, {"dreadnought": 2}, {"dreadnought": 1})}, {"101": (NORR,)}
    )
    one = Movement("101", (Group("102", {"dreadnought": 1}, damaged={"dreadnought": 1}),))
    after = movement.after(board, damaged, commander(NORR), one)
    assert after.fleet("101", NORR) == Fleet(NORR, {"dreadnought": 1}, {"dreadnought": 1})
    assert after.fleet("102", NORR) == Fleet(NORR, {"dreadnought": 1}, {})
