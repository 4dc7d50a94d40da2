"""The cards whose effect lasts the round (TI-Q3, TI-Q5, TI-Q17, TI-Q24, TI-Q52, TI-Q53): each
played by Sol (seat 0) in the arena (arena.py), or lasting from the strategy phase, then read by
the rule it bends."""

import msgspec

from events.rulesets.twilight_imperium_3.card_decisions import Lasting, PlayCard
from events.rulesets.twilight_imperium_3.decisions import Activate
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.invasion import Drop
from events.rulesets.twilight_imperium_3.orders import Land, Produce, Transfer
from events.rulesets.twilight_imperium_3.production import Batch
from events.rulesets.twilight_imperium_3.state import Game
from tests.twilight_imperium_3.arena import AT, MENTAK, SOL, arena
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import GAME, refused, step

SOL_HOME = "301"


def _played(state: Game, d: PlayCard) -> Game:
    """Sol's action: the card; then Mentak's turn."""
    state = step(holding_cards(state, SOL, d.card), SOL, d)
    assert state.turn == MENTAK
    return state


def test_ti_q3_armistice_keeps_him_off_that_planet_this_round() -> None:
    planets = {"Abyz": Holding(SOL, units={"ground_force": 1}), "Fria": Holding(SOL)}
    state = arena({(AT, MENTAK): {"carrier": 1, "ground_force": 2}}, planets)
    state = _played(state, PlayCard("armistice", seat=MENTAK, planet="Abyz"))
    state = step(state, MENTAK, Activate(system=AT))
    assert state.stack[-1].prompt == "landing"
    assert refused(state, MENTAK, Land((Drop("Abyz", {"ground_force": 1}),))) == "TI-Q3"
    assert all("Abyz" not in (x.planet for x in o.drops) for o in GAME.legal(state, MENTAK))
    state = step(state, MENTAK, Land((Drop("Fria", {"ground_force": 2}),)))
    assert state.forces.planets["Fria"].controller == MENTAK


def test_ti_q5_diplomatic_immunity_keeps_everyone_else_from_activating_it() -> None:
    state = arena({("102", SOL): {"cruiser": 1}})
    state = _played(state, PlayCard("diplomatic_immunity", system="102"))
    assert refused(state, MENTAK, Activate(system="102")) == "TI-Q5"
    assert refused(state, MENTAK, Transfer(first="103", second="102")) == "TI-Q5"
    assert Activate(system="102") not in GAME.legal(state, MENTAK)
    mine = msgspec.structs.replace(state, turn=SOL)
    assert Activate(system="102") in GAME.legal(mine, SOL)


def test_ti_q17_spacedock_accident_the_dock_builds_nothing_this_round() -> None:
    docks = {"Abyz": Holding(MENTAK, units={"space_dock": 1}), "Fria": Holding(MENTAK)}
    state = _played(arena({}, docks), PlayCard("spacedock_accident", planet="Abyz"))
    state = step(state, MENTAK, Activate(system=AT))
    assert not any(o.batches for o in GAME.legal(state, MENTAK))  # a new dock on Fria at most
    two = docks | {"Fria": Holding(MENTAK, units={"space_dock": 1})}
    state = _played(arena({}, two), PlayCard("spacedock_accident", planet="Abyz"))
    state = step(state, MENTAK, Activate(system=AT))
    assert state.stack[-1].prompt == "production"  # Fria's dock builds
    abyz = Produce((Batch("Abyz", {"fighter": 2}),), paying=("Abyz", "Fria"))
    fria = Produce((Batch("Fria", {"fighter": 2}),), paying=("Fria",))
    assert refused(state, MENTAK, abyz) == "TI-Q17"
    assert step(state, MENTAK, fria).forces.fleet(AT, MENTAK).units == {"fighter": 2}
    assert all(b.dock == "Fria" for o in GAME.legal(state, MENTAK) for b in o.batches)


def test_ti_q24_war_footing_two_more_ships_in_that_system_this_round() -> None:
    state = arena({(SOL_HOME, SOL): {"cruiser": 3}})
    state = _played(state, PlayCard("war_footing", system=SOL_HOME))
    state = step(msgspec.structs.replace(state, turn=SOL), SOL, Activate(system=SOL_HOME))
    ships = [o for o in GAME.legal(state, SOL) for b in o.batches if "cruiser" in b.units]
    assert ships  # a fourth cruiser fits in his fleet supply of 3 there, and a fifth


def _lasting(state: Game, *lasting: Lasting) -> Game:
    """Played in the strategy phase (test_phase_cards.py), read in the action phase."""
    return msgspec.structs.replace(state, lasting=lasting)


def test_ti_q52_grand_armada_no_fleet_supply_limit_in_his_home_system() -> None:
    state = step(arena({(SOL_HOME, SOL): {"cruiser": 3}}), SOL, Activate(system=SOL_HOME))
    two = Produce((Batch("Jord", {"cruiser": 2}),), paying=("Jord",))
    assert refused(state, SOL, two) == "TI-M8"
    state = step(
        _lasting(arena({(SOL_HOME, SOL): {"cruiser": 3}}), Lasting("grand_armada", SOL)),
        SOL,
        Activate(system=SOL_HOME),
    )
    assert step(state, SOL, two).forces.fleet(SOL_HOME, SOL).units == {"cruiser": 5}


def test_ti_q53_productivity_spike_the_dock_produces_its_planets_influence_more() -> None:
    eight = Produce((Batch("Jord", {"ground_force": 8}),), paying=("Jord",))
    state = step(arena({}), SOL, Activate(system=SOL_HOME))
    assert refused(state, SOL, eight) == "TI-U2"  # Jord's dock: 4 resources + 2
    spiked = _lasting(arena({}), Lasting("productivity_spike", SOL, planet="Jord"))
    state = step(spiked, SOL, Activate(system=SOL_HOME))
    assert step(state, SOL, eight).forces.planets["Jord"].units["ground_force"] == 8  # 2 influence
