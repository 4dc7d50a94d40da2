"""The view laid out: on the map each hex lists its ships first as short counts, then its
planets with their controller and units, the command counters first among its marks; beside
it a compact table of the systems with units; the players, strategy cards and objectives; the
systems an action under way has activated lit."""

import msgspec
from msgspec.structs import replace

from events.rulesets.twilight_imperium_3.decisions import Activate
from events.rulesets.twilight_imperium_3.forces import Fleet, Space
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.tactic import Tactic, TacticalStep
from tests.twilight_imperium_3.play import GAME, picked, stationed, step

NAMES = ("ann", "bob", "cy")


def _sections(description):
    return {s.title: s for s in description.sections}


def test_a_hex_shows_ships_then_planets_with_their_units_and_the_counters_on_it() -> None:
    state = stationed(3, seed=1)
    home = state.galaxy.home_positions[0]
    space = state.forces.space[home]
    damaged = Fleet(0, space.fleets[0].units | {"dreadnought": 2}, {"dreadnought": 1})
    forces = msgspec.structs.replace(
        state.forces, space=state.forces.space | {home: Space((damaged,), counters=(0, 2))}
    )
    state = msgspec.structs.replace(state, forces=forces)
    cell = next(
        c for c in GAME.describe(GAME.view(state, 1), NAMES).boards[0].cells if c.code == home
    )
    assert cell.lines[0].startswith("ann DN2(1 damaged)")
    planets = load().systems[state.galaxy.home_systems[0]].planets
    assert [line.split(":")[0] for line in cell.lines[1:]] == [
        f"{p.name} {p.resources}/{p.influence}" + (f" {p.specialty}" if p.specialty else "")
        for p in planets
    ]
    assert all(": ann" in line for line in cell.lines[1:])
    assert any(line.endswith("SD") for line in cell.lines[1:])  # a dock is one, uncounted
    assert cell.marks[0] == "counters: ann and cy"


def test_beside_the_map_a_table_of_the_systems_with_units_players_cards_and_objectives() -> None:
    state = picked(stationed(3, seed=1), {0: [2, 3], 1: [4, 5], 2: [6, 7]})
    seat = state.turn
    target = next(
        p for p in state.galaxy.tiles if p not in state.galaxy.home_positions and p != "000"
    )
    state = step(state, seat, Activate(system=target))
    sections = _sections(GAME.describe(GAME.view(state, 0), NAMES))
    table = sections["Systems with units"].tables[0]
    rows = {row[0]: row for row in table.rows}
    assert set(rows) == {*state.galaxy.home_positions, target}
    assert rows[target][2:] == ("", "", NAMES[seat])
    assert rows[state.galaxy.home_positions[0]][2].startswith("ann ")
    cards = sections["Strategy cards"].tables[0]
    assert [r[2] for r in cards.rows] == ["", "ann", "ann", "bob", "bob", "cy", "cy", ""]
    assert [r[3] for r in cards.rows] == ["1", "0", "0", "0", "0", "0", "0", "1"]
    assert [r[0] for r in sections["Players"].tables[0].rows] == list(NAMES)
    secret = [f for f in sections["Objectives"].fields if f.label.startswith("Secret of")]
    assert [f.label for f in secret] == ["Secret of ann"]  # the seat's own, no other


def test_the_map_lights_the_systems_an_action_under_way_has_activated() -> None:
    state = stationed(3, seed=1)
    transfer = Tactic(seat=0, system="101", transfer="102", step=TacticalStep.BATTLE)
    lit = {
        c.code: c.highlight
        for c in GAME.describe(GAME.view(replace(state, tactic=transfer), 1), NAMES).boards[0].cells
        if c.highlight
    }
    assert lit == {"101": "active system: space battle", "102": "active system: space battle"}
    assert not any(c.highlight for c in GAME.describe(GAME.view(state, 1), NAMES).boards[0].cells)
