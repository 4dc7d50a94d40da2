"""Production (TI-U): the rulebook's N'orr production example (IT 1063-1075; the data file notes
that the Italian text swaps the cruiser's and the destroyer's costs, the total 6 either way),
the cheapest payments and plans, and a scenario per rule."""

from events.rulesets.twilight_imperium_3 import production
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.production import Batch, Build
from tests.twilight_imperium_3.battlefield import commander, forces, galaxy

NORR, XXCHA = 0, 1
HOME = "301"


def _norr_home(fleet=None, quinarra=None, **others: Holding):
    """The N'orr home system at 301, activated, a space dock on Quinarra (3 resources)."""
    board = galaxy({HOME: "quinarra_tren_lak", "101": "abyz_fria"})
    planets = {
        "Quinarra": Holding(NORR, units=quinarra or {"space_dock": 1}),
        "Tren'lak": Holding(NORR),
        "Fria": Holding(NORR),
    } | others
    units = forces({(HOME, NORR): fleet or {}}, counters={HOME: (NORR,)}, planets=planets)
    return board, units


def _rule(board, units, commander_, build, trade_goods=0, newly=frozenset()):
    refused = production.refusal(board, units, commander_, build, trade_goods, newly)
    return refused.rule if refused else None


def test_worked_example_norr_build_a_carrier_a_destroyer_and_a_cruiser():
    board, units = _norr_home({"carrier": 1})
    three = Batch("Quinarra", {"carrier": 1, "destroyer": 1, "cruiser": 1})
    order = Build(HOME, (three,), paying=("Fria", "Quinarra", "Tren'lak"))
    assert production.cost(order) == 6
    assert production.output("Quinarra", commander(NORR)) == 5
    assert production.payment(units, NORR, 6, 0) == (("Fria", "Quinarra", "Tren'lak"), 0)
    norr = commander(NORR, "hylar_v_assault_laser", "deep_space_cannon", fleet_supply=4)
    assert _rule(board, units, norr, order) is None
    after = production.after(units, norr, order)
    assert after.fleet(HOME, NORR).units == {"carrier": 2, "destroyer": 1, "cruiser": 1}
    assert all(after.planets[p].exhausted for p in ("Fria", "Quinarra", "Tren'lak"))
    assert _rule(board, units, commander(NORR, fleet_supply=3), order) == "TI-M8"


def test_plans_are_each_accepted_and_paid_the_cheapest_way():
    board, units = _norr_home()
    norr = commander(NORR)
    plans = production.plans(board, units, norr, HOME, trade_goods_held=1)
    assert plans[0] == Build(HOME)
    assert Build(HOME, (Batch("Quinarra", {"cruiser": 1}),), paying=("Fria",)) in plans
    assert Build(HOME, (Batch("Quinarra", {"ground_force": 2}),), paying=("Tren'lak",)) in plans
    assert not any(b.batches and "war_sun" in b.batches[0].units for b in plans)
    assert all(production.refusal(board, units, norr, p, 1) is None for p in plans)


def test_ti_u1_production_only_at_own_docks_in_the_activated_system():
    board, units = _norr_home()
    norr = commander(NORR)
    elsewhere = Build("101", (Batch("Quinarra", {"cruiser": 1}),), paying=("Fria",))
    assert _rule(board, units, norr, elsewhere) == "TI-U1"
    no_dock = Build(HOME, (Batch("Tren'lak", {"cruiser": 1}),), paying=("Fria",))
    assert _rule(board, units, norr, no_dock) == "TI-U1"


def test_ti_u2_a_dock_produces_its_planets_resources_plus_2_and_enviro_compensator_1_more():
    board, units = _norr_home()
    six = Build(HOME, (Batch("Quinarra", {"ground_force": 6}),), paying=("Quinarra",))
    assert _rule(board, units, commander(NORR), six) == "TI-U2"
    assert _rule(board, units, commander(NORR, "enviro_compensator"), six) is None


def test_ti_u3_fighters_and_ground_forces_come_two_a_resource_never_mixed():
    assert production.cost(Build(HOME, (Batch("Quinarra", {"fighter": 3}),))) == 2
    mixed = Build(HOME, (Batch("Quinarra", {"fighter": 1, "ground_force": 1}),))
    assert production.cost(mixed) == 2
    board, units = _norr_home({"carrier": 1})
    order = Build(HOME, (Batch("Quinarra", {"fighter": 2, "ground_force": 2}),), paying=("Fria",))
    assert _rule(board, units, commander(NORR), order) is None
    after = production.after(units, commander(NORR), order)
    assert after.fleet(HOME, NORR).units == {"carrier": 1, "fighter": 2}
    assert after.planets["Quinarra"].units == {"space_dock": 1, "ground_force": 2}


def test_ti_u4_paying_with_ready_planets_and_trade_goods_no_more_than_needed():
    board, units = _norr_home(Fria=Holding(NORR, exhausted=True), Abyz=Holding(XXCHA))
    norr = commander(NORR)
    cruiser = (Batch("Quinarra", {"cruiser": 1}),)
    assert _rule(board, units, norr, Build(HOME, cruiser, paying=("Fria",))) == "TI-U4"
    assert _rule(board, units, norr, Build(HOME, cruiser, paying=("Abyz",))) == "TI-U4"
    assert _rule(board, units, norr, Build(HOME, cruiser, paying=("Tren'lak",))) == "TI-U4"
    assert (
        _rule(board, units, norr, Build(HOME, cruiser, paying=("Tren'lak",), trade_goods=1), 1)
        is None
    )
    assert (
        _rule(board, units, norr, Build(HOME, cruiser, paying=("Tren'lak",), trade_goods=1), 0)
        == "TI-U4"
    )
    assert (
        _rule(board, units, norr, Build(HOME, cruiser, paying=("Quinarra",), trade_goods=1), 1)
        == "TI-U4"
    )
    both = ("Quinarra", "Tren'lak")
    assert _rule(board, units, norr, Build(HOME, cruiser, paying=both)) == "TI-U4"
    sarween = commander(NORR, "enviro_compensator", "sarween_tools")
    assert _rule(board, units, sarween, Build(HOME, cruiser, paying=("Tren'lak",))) is None
    assert production.payment(units, NORR, 5, 2) == (("Quinarra", "Tren'lak"), 1)
    assert production.payment(units, NORR, 5, 0) is None


def test_ti_u5_unit_limits_pieces_and_the_shared_tokens():
    board, units = _norr_home({"dreadnought": 5})
    norr = commander(NORR, fleet_supply=8)
    dreadnought = Build(HOME, (Batch("Quinarra", {"dreadnought": 1}),), paying=("Quinarra", "Fria"))
    assert _rule(board, units, norr, dreadnought) == "TI-U5"
    board, units = _norr_home({"carrier": 2, "fighter": 10})
    fighters = Build(HOME, (Batch("Quinarra", {"fighter": 2}),), paying=("Tren'lak",))
    assert _rule(board, units, norr, fighters) is None
    crowded = forces(
        {(HOME, NORR): {"carrier": 2, "fighter": 10}, ("101", XXCHA): {"fighter": 33}},
        counters={HOME: (NORR,)},
        planets=units.planets,
    )
    assert _rule(board, crowded, norr, fighters) == "TI-U5"
    ten_places = ("101", "102", "103", "104", "105", "106", "000", "201", "202", "203")
    scattered = forces(
        {(p, NORR): {"carrier": 1, "fighter": 1} for p in ten_places}
        | {(HOME, NORR): {"carrier": 1}},
        counters={HOME: (NORR,)},
        planets=units.planets,
    )
    assert _rule(board, scattered, norr, fighters) == "TI-U5"


def test_ti_u6_two_pds_and_one_space_dock_a_planet():
    board, units = _norr_home(quinarra={"space_dock": 1, "pds": 1})
    norr = commander(NORR)
    two = Build(HOME, (Batch("Quinarra", {"pds": 2}),), paying=("Quinarra", "Tren'lak"))
    assert _rule(board, units, norr, two) == "TI-U6"
    one = Build(HOME, (Batch("Quinarra", {"pds": 1}),), paying=("Fria",))
    assert _rule(board, units, norr, one) is None
    second_dock = Build(HOME, space_dock="Quinarra", paying=("Quinarra", "Tren'lak"))
    assert _rule(board, units, norr, second_dock) == "TI-U6"


def test_ti_u7_a_war_sun_needs_its_technology():
    board, units = _norr_home(**{"Jord": Holding(NORR)})
    every_planet = ("Fria", "Jord", "Quinarra", "Tren'lak")
    war_sun = Build(HOME, (Batch("Quinarra", {"war_sun": 1}),), paying=every_planet, trade_goods=2)
    assert _rule(board, units, commander(NORR), war_sun, trade_goods=2) == "TI-U7"
    assert _rule(board, units, commander(NORR, "war_sun"), war_sun, trade_goods=2) is None


def test_ti_u8_a_besieged_dock_builds_ground_forces_and_pds_but_no_ships():
    board, units = _norr_home()
    besieged = forces(
        {(HOME, XXCHA): {"cruiser": 1}}, counters={HOME: (NORR,)}, planets=units.planets
    )
    norr = commander(NORR)
    cruiser = Build(HOME, (Batch("Quinarra", {"cruiser": 1}),), paying=("Fria",))
    assert _rule(board, besieged, norr, cruiser) == "TI-U8"
    troops = Build(HOME, (Batch("Quinarra", {"ground_force": 2}),), paying=("Tren'lak",))
    assert _rule(board, besieged, norr, troops) is None


def test_ti_u9_a_new_space_dock_on_a_planet_held_all_round_and_free_of_enemy_ships():
    board, units = _norr_home()
    norr = commander(NORR)
    dock = Build(HOME, space_dock="Tren'lak", paying=("Quinarra", "Tren'lak"))
    assert _rule(board, units, norr, dock) is None
    assert _rule(board, units, norr, dock, newly=frozenset({"Tren'lak"})) == "TI-U9"
    besieged = forces(
        {(HOME, XXCHA): {"cruiser": 1}}, counters={HOME: (NORR,)}, planets=units.planets
    )
    assert _rule(board, besieged, norr, dock) == "TI-U9"
    after = production.after(units, norr, dock)
    assert after.planets["Tren'lak"].units == {"space_dock": 1}


def test_ti_u10_the_bank_gives_no_more_than_it_holds():
    assert production.TRADE_GOODS == 40
    assert production.from_bank(40, 3) == 3
    assert production.from_bank(2, 3) == 2
    assert production.from_bank(0, 3) == 0
