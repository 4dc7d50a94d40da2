"""Three points of the tactical and transfer actions checked against the rulebook's letter:
each PDS fires once in a transfer, at one of its two systems (TI-A2, IT 569); what a ship
destroyed by space cannon carried goes with it (TI-M6, TI-M9, TI-C5; IT 1431, 1503-1507); what
a cruiser moved by Warfare's secondary carries (TI-A8, TI-M6; IT 1362, 1999-2003). The arena's
three players (arena.py): Sol acts, Mentak's PDS fire."""

import msgspec

from events.rulesets.twilight_imperium_3.decisions import Play
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.rulesets.twilight_imperium_3.tactical_events import Rolled, UnitsRemoved
from tests.twilight_imperium_3.arena import AT, JOL_NAR, MENTAK, SOL, act, arena, said
from tests.twilight_imperium_3.battlefield import galaxy
from tests.twilight_imperium_3.play import GAME, refused

# Mentak's PDS with Deep Space Cannon, for a transfer between 202 and 203: Abyz (101) reaches
# 202 only, Arinam (102) both, Quinarra (204) 203 only
CANNONS = {
    "Abyz": Holding(MENTAK, units={"pds": 1}),
    "Arinam": Holding(MENTAK, units={"pds": 1}),
    "Quinarra": Holding(MENTAK, units={"pds": 1}),
}


def _with(state: Game, seat: int, *technologies: str, **changes: object) -> Game:
    player = state.players[seat]
    owned = (*player.technologies, *technologies)
    player = msgspec.structs.replace(player, technologies=owned, **changes)
    return msgspec.structs.replace(
        state, players=(*state.players[:seat], player, *state.players[seat + 1 :])
    )


def _board(fleets: dict, planets: dict) -> Game:
    state = arena(fleets, planets)
    tiles = {AT: "abyz_fria", "102": "arinam_meer", "204": "quinarra_tren_lak"}
    state = msgspec.structs.replace(state, galaxy=galaxy(tiles))
    return _with(state, MENTAK, "deep_space_cannon")


def test_ti_a2_in_a_transfer_each_pds_fires_once_at_one_of_the_two_systems() -> None:
    fleets = {("202", SOL): {"cruiser": 2}, ("203", SOL): {"cruiser": 2}}
    state, _ = act(
        _board(fleets, CANNONS), SOL, said(_board(fleets, CANNONS), SOL, "transfer 202 203")
    )
    # no movement keeps both within fleet supply: the space cannon is asked at once
    assert state.stack[-1].prompt == WindowPrompt.SPACE_CANNON and state.tactic.focus == "202"
    assert refused(state, MENTAK, said(state, MENTAK, "fire 1 pds from Quinarra")) == "TI-C1"
    keeping = said(state, MENTAK, "fire 1 pds from Abyz")
    assert GAME.write_text(state, MENTAK, keeping) == "fire 1 pds from Abyz"
    state, events = act(state, MENTAK, keeping, 6)  # Abyz alone fires into 202, and hits
    assert Rolled(MENTAK, "space cannon", (6,), 1, SOL) in events
    assert state.forces.fleet("202", SOL).units == {"cruiser": 1}
    # at 203 Mentak is asked again: Arinam kept its shot, Quinarra reaches 203 only
    assert state.stack[-1].prompt == WindowPrompt.SPACE_CANNON and state.tactic.focus == "203"
    assert GAME.waiting(state).must == (MENTAK,)
    assert refused(state, MENTAK, said(state, MENTAK, "fire 1 pds from Abyz")) == "TI-C1"
    state, events = act(state, MENTAK, said(state, MENTAK, "fire pds"), 1, 1)
    assert Rolled(MENTAK, "space cannon", (1, 1), 0, SOL) in events
    assert state.turn == MENTAK


def test_ti_a2_a_pds_that_fired_into_the_first_system_does_not_fire_into_the_second() -> None:
    fleets = {("202", SOL): {"cruiser": 2}, ("203", SOL): {"cruiser": 2}}
    planets = {"Arinam": CANNONS["Arinam"]}
    state, _ = act(
        _board(fleets, planets), SOL, said(_board(fleets, planets), SOL, "transfer 202 203")
    )
    assert GAME.waiting(state).must == (MENTAK,)
    state, events = act(state, MENTAK, said(state, MENTAK, "fire pds"), 1)
    assert [e for e in events if isinstance(e, Rolled)] == [
        Rolled(MENTAK, "space cannon", (1,), 0, SOL)
    ]
    assert state.turn == MENTAK  # Arinam's one PDS is spent: nobody is asked at 203


def test_ti_m9_c5_a_carrier_destroyed_by_space_cannon_takes_its_cargo_and_fighters_with_it() -> (
    None
):
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 2, "fighter": 2}}
    planets = {"Abyz": Holding(MENTAK, units={"pds": 1})}
    state, _ = act(arena(fleets, planets), SOL, said(arena(fleets, planets), SOL, f"activate {AT}"))
    state, _ = act(state, SOL, said(state, SOL, "move 1 carrier 2 gf 2 fighter from 102"))
    state, _ = act(state, MENTAK, said(state, MENTAK, "fire pds"), 6)
    assert state.stack[-1].prompt == WindowPrompt.CASUALTIES
    assert refused(state, SOL, said(state, SOL, "lose 1 carrier")) == "TI-C5"  # the cargo too
    state, events = act(state, SOL, said(state, SOL, "lose 1 carrier 2 gf"))
    # no battle follows: the fighters left without support go at once (IT 1431, 1503)
    assert UnitsRemoved(SOL, AT, {"fighter": 2}) in events
    assert AT not in {p for p, s in state.forces.space.items() if s.fleets}
    assert state.turn == MENTAK


def test_ti_m9_c5_in_a_transfer_a_carrier_lost_to_space_cannon_leaves_nothing_in_space() -> None:
    fleets = {
        ("202", SOL): {"carrier": 1, "ground_force": 1, "fighter": 3},
        ("203", SOL): {"cruiser": 1},
    }
    planets = {"Abyz": CANNONS["Abyz"]}
    state, _ = act(
        _board(fleets, planets), SOL, said(_board(fleets, planets), SOL, "transfer 202 203")
    )
    state, _ = act(state, SOL, said(state, SOL, "move nothing"))
    state, _ = act(state, MENTAK, said(state, MENTAK, "fire pds"), 6)
    state, events = act(state, SOL, said(state, SOL, "lose 1 carrier 1 gf"))
    assert UnitsRemoved(SOL, "202", {"fighter": 3}) in events
    assert state.forces.fleet("202", SOL).units == {}
    assert state.forces.fleet("203", SOL).units == {"cruiser": 1}


def _warfare(fleets: dict, *technologies: str) -> Game:
    """Sol plays Warfare, taking no counter back; Mentak is asked to follow."""
    state = arena(fleets)
    state = _with(_with(state, SOL, cards=(6,)), JOL_NAR, cards=(7,))
    state = _with(state, MENTAK, *technologies)
    state, _ = act(state, SOL, Play(card=6))
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY and MENTAK in state.stack[-1].asked
    return state


def test_ti_a8_a_cruiser_moved_by_warfare_takes_the_ground_force_it_carries() -> None:
    state = _warfare({("203", MENTAK): {"cruiser": 1, "ground_force": 1}}, "stasis_capsules")
    alone = said(state, MENTAK, "follow cruiser 203 to 204")
    assert refused(state, MENTAK, alone) == "TI-M6"  # the ground force is never left in space
    carrying = said(state, MENTAK, "follow cruiser 203 to 204 with 1 gf")
    assert (
        GAME.write_text(state, MENTAK, carrying) == "follow cruiser 203 to 204 with 1 ground force"
    )
    assert (
        refused(state, MENTAK, said(state, MENTAK, "follow cruiser 203 to 204 with 2 gf"))
        == "TI-M6"
    )
    state, _ = act(state, MENTAK, carrying)
    assert state.forces.fleet("204", MENTAK).units == {"cruiser": 1, "ground_force": 1}
    assert state.forces.fleet("203", MENTAK).units == {}
    assert MENTAK in state.forces.space["204"].counters


def test_ti_a8_without_room_aboard_a_warfare_move_carries_nothing() -> None:
    fleets = {("203", MENTAK): {"carrier": 1, "cruiser": 1, "ground_force": 1}}
    state = _warfare(fleets)  # no Stasis Capsules: the ground force rides the carrier
    assert (
        refused(state, MENTAK, said(state, MENTAK, "follow cruiser 203 to 204 with 1 gf"))
        == "TI-M6"
    )
    state, _ = act(state, MENTAK, said(state, MENTAK, "follow cruiser 203 to 204"))
    assert state.forces.fleet("204", MENTAK).units == {"cruiser": 1}
    assert state.forces.fleet("203", MENTAK).units == {"carrier": 1, "ground_force": 1}
