"""The tactical and transfer actions through the game interface: each step asked in the action's
window or carried out on its own, dice loaded to order. Three players in a built galaxy of
empty space (battlefield.py): seat 0 Sol at 301, seat 1 Mentak at 307, seat 2 Jol-Nar at 313;
seat 0 acts first."""

from typing import Any

import msgspec

from events.rulesets.twilight_imperium_3.decisions import Activate, Follow, Play
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.orders import (
    FirePds,
    HoldFire,
    Land,
    Move,
    Produce,
    Retreat,
    Stay,
)
from events.rulesets.twilight_imperium_3.production import Batch
from events.rulesets.twilight_imperium_3.state import WindowPrompt
from events.rulesets.twilight_imperium_3.tactical_events import Rolled
from tests.twilight_imperium_3.arena import AT, MENTAK, SOL, act, arena, played_out, said
from tests.twilight_imperium_3.play import GAME, refused


def test_ti_m1_m2_an_activation_with_nothing_to_move_or_build_ends_without_asking() -> None:
    state, _ = act(arena({}), SOL, Activate(system="204"))
    assert state.stack == () and state.turn == MENTAK and state.tactic is None


def _told_to_the_next_turn(state: Any, seat: int, decision: Any) -> list[str]:
    """The public's lines of what the decision sets off, up to the next player's turn."""
    _, events = played_out(state, seat, decision)
    lines = []
    for event in events:
        lines.append(GAME.narrate(state, event, None, ["sol", "mentak", "jol-nar"]))
        state = GAME.evolve(state, event)
    return lines


def test_ti_a2_an_action_that_asked_no_one_ends_with_a_line_as_one_that_asked_does() -> None:
    # nothing to move nor build at 204: each step passes on its own, no window opens
    unasked = _told_to_the_next_turn(arena({}), SOL, Activate(system="204"))
    assert unasked[-2:] == ["sol's tactical action is over", "mentak's turn"]
    state, _ = act(arena({("203", SOL): {"cruiser": 2}}), SOL, Activate(system="204"))
    asked = _told_to_the_next_turn(state, SOL, said(state, SOL, "move 2 cruiser from 203"))
    assert asked[-2:] == ["the tactical action is over", "mentak's turn"]


def test_ti_m2_the_movement_step_asks_and_moves_ships_into_the_activated_system() -> None:
    state, _ = act(arena({("203", SOL): {"cruiser": 2}}), SOL, Activate(system="204"))
    assert state.stack[-1].prompt == WindowPrompt.MOVEMENT and GAME.waiting(state).must == (0,)
    move = said(state, SOL, "move 2 cruiser from 203 to 204")
    assert GAME.write_text(state, SOL, move) == "move 2 cruiser from 203 to 204"
    assert refused(state, SOL, said(state, SOL, "move 3 cruiser from 203")) == "TI-M2"
    state, _ = act(state, SOL, move)
    assert state.forces.fleet("204", SOL).units == {"cruiser": 2}
    assert state.turn == MENTAK  # nothing to fight, land or build


def test_ti_c1_pds_in_range_fire_at_the_arriving_ships_and_their_owner_takes_the_hits() -> None:
    pds = {"Abyz": Holding(MENTAK, units={"pds": 1, "ground_force": 1})}
    state, _ = act(arena({("102", SOL): {"cruiser": 2}}, pds), SOL, Activate(system=AT))
    state, _ = act(state, SOL, Move(said(state, SOL, "move 2 cruiser from 102").groups))
    assert state.stack[-1].prompt == WindowPrompt.SPACE_CANNON
    assert GAME.waiting(state).must == (MENTAK,)
    assert {type(d) for d in GAME.legal(state, MENTAK)} == {FirePds, HoldFire}
    state, events = act(state, MENTAK, FirePds(), 6)  # PDS hit on 6
    assert Rolled(MENTAK, "space cannon", (6,), 1, SOL) in events
    # one kind of ship, no choice: the loss is taken without asking
    assert state.forces.fleet(AT, SOL).units == {"cruiser": 1}


def test_ti_c2_c3_c5_a_space_battle_barrage_then_rounds_casualties_chosen_by_their_owner() -> None:
    fleets = {
        ("102", SOL): {"destroyer": 1, "cruiser": 1},
        (AT, MENTAK): {"carrier": 1, "fighter": 2, "cruiser": 1},
    }
    state, _ = act(arena(fleets), SOL, Activate(system=AT))
    # barrage 9 and 1: one fighter lost; round 1: Sol 9 and 9, Mentak 1 1 1
    state, _ = act(
        state,
        SOL,
        Move(said(state, SOL, "move 1 cruiser 1 destroyer from 102").groups),
        9,
        1,
        9,
        9,
        1,
        1,
        1,
    )
    assert state.forces.fleet(AT, MENTAK).units.get("fighter") == 1
    assert state.stack[-1].prompt == WindowPrompt.CASUALTIES and GAME.waiting(state).must == (
        MENTAK,
    )
    lose = said(state, MENTAK, "lose 1 fighter 1 cruiser")
    assert refused(state, MENTAK, said(state, MENTAK, "lose 1 fighter")) == "TI-C5"
    state, _ = act(state, MENTAK, lose, 0, 0, 1)  # round 2: Sol hits twice, Mentak's carrier misses
    assert state.forces.fleet(AT, MENTAK).units == {}
    assert state.forces.fleet(AT, SOL).units == {"destroyer": 1, "cruiser": 1}


def test_ti_c7_c8_the_attacker_announces_a_retreat_and_leaves_at_the_end_of_the_round() -> None:
    fleets = {("201", SOL): {"cruiser": 1}, (AT, MENTAK): {"cruiser": 1}}
    state, _ = act(arena(fleets, counters={"102": (SOL,)}), SOL, Activate(system=AT))
    state, _ = act(state, SOL, said(state, SOL, "move 1 cruiser from 201"))
    assert state.stack[-1].prompt == WindowPrompt.RETREAT
    assert GAME.legal(state, SOL) == [Stay(), Retreat("102")]
    assert refused(state, SOL, Retreat("202")) == "TI-C8"
    state, _ = act(state, SOL, said(state, SOL, "retreat to 102"), 1, 1)  # both miss
    assert state.forces.fleet("102", SOL).units == {"cruiser": 1}
    assert state.forces.fleet(AT, MENTAK).units == {"cruiser": 1}
    assert state.turn == MENTAK


def test_ti_l1_l4_l7_landing_bombardment_and_a_planet_taken_with_a_neighbours_last_dock() -> None:
    fleets = {("102", SOL): {"dreadnought": 1, "carrier": 1, "ground_force": 3}}
    planets = {
        "Abyz": Holding(MENTAK, units={"ground_force": 1, "space_dock": 1}),
        "Moll Primus": Holding(MENTAK),
    }
    state, _ = act(arena(fleets, planets), SOL, Activate(system=AT))
    state, _ = act(state, SOL, said(state, SOL, "move 1 dreadnought 1 carrier 3 gf from 102"))
    assert state.stack[-1].prompt == WindowPrompt.LANDING
    assert refused(state, SOL, said(state, SOL, "land 4 gf on abyz")) == "TI-L1"
    state, _ = act(state, SOL, said(state, SOL, "land 3 gf on abyz"))
    assert state.stack[-1].prompt == WindowPrompt.BOMBARDMENT
    state, events = act(state, SOL, said(state, SOL, "bombard abyz with 1 dreadnought"), 5)
    assert Rolled(SOL, "bombardment", (5,), 1) in events
    assert state.forces.planets["Abyz"] == Holding(SOL, True, {"ground_force": 3})
    assert state.took_last_dock == (SOL,) and "Abyz" in state.taken
    assert state.turn == MENTAK  # no space dock is built on a planet taken this round


def test_ti_l2_a_ground_force_landing_on_a_neutral_planet_takes_it_exhausted() -> None:
    state, _ = act(
        arena({("102", SOL): {"carrier": 1, "ground_force": 2}}), SOL, Activate(system=AT)
    )
    state, _ = act(state, SOL, said(state, SOL, "move 1 carrier 2 gf from 102"))
    state, _ = act(state, SOL, Land(said(state, SOL, "land 1 gf on abyz; 1 gf on fria").drops))
    assert state.forces.planets["Fria"] == Holding(SOL, True, {"ground_force": 1})
    assert state.taken == ("Abyz", "Fria")


def test_ti_u1_u10_production_in_the_activated_system_trade_goods_back_to_the_bank() -> None:
    state = arena({})
    state = msgspec.structs.replace(
        state,
        players=(msgspec.structs.replace(state.players[0], trade_goods=2), *state.players[1:]),
    )
    state, _ = act(state, SOL, Activate(system="301"))
    assert state.stack[-1].prompt == WindowPrompt.PRODUCTION
    build = said(state, SOL, "build 1 cruiser at jord paying 2 tg")
    assert build == Produce((Batch("Jord", {"cruiser": 1}),), trade_goods=2)
    assert refused(state, SOL, said(state, SOL, "build 7 fighter at jord paying jord")) == "TI-U2"
    state, _ = act(state, SOL, build)
    assert state.forces.fleet("301", SOL).units == {"cruiser": 1}
    assert state.players[SOL].trade_goods == 0 and state.turn == MENTAK


def test_ti_a2_a_transfer_activates_two_adjacent_systems_and_moves_ships_both_ways() -> None:
    fleets = {("201", SOL): {"cruiser": 1}, ("202", SOL): {"destroyer": 1}}
    state = arena(fleets | {("203", MENTAK): {"cruiser": 1}})
    assert refused(state, SOL, said(state, SOL, "transfer 202 203")) == "TI-A2"  # Mentak's ships
    assert refused(state, SOL, said(state, SOL, "transfer 201 203")) == "TI-A2"  # not adjacent
    state, _ = act(state, SOL, said(state, SOL, "transfer 201 and 202"))
    assert state.players[SOL].command == 2
    assert state.forces.space["201"].counters == state.forces.space["202"].counters == (SOL,)
    swap = said(state, SOL, "move 1 cruiser from 201 to 202; 1 destroyer from 202 to 201")
    state, _ = act(state, SOL, swap)
    assert state.forces.fleet("202", SOL).units == {"cruiser": 1}
    assert state.forces.fleet("201", SOL).units == {"destroyer": 1}
    assert state.turn == MENTAK


def test_ti_a9_imperials_secondary_builds_at_a_dock_without_activating_it() -> None:
    state = arena({})
    sol = msgspec.structs.replace(state.players[SOL], cards=(8,))
    state = msgspec.structs.replace(state, players=(sol, *state.players[1:]), objectives=("p1_01",))
    state, _ = act(state, SOL, Play(card=8))
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY and state.stack[-1].asked == (MENTAK,)
    follow = said(state, MENTAK, "follow build 2 fighter at moll primus paying moll primus")
    assert isinstance(follow, Follow)
    state, _ = act(state, MENTAK, follow)
    assert state.forces.fleet("307", MENTAK).units == {"fighter": 2}
    assert MENTAK not in state.forces.space["307"].counters
    assert state.players[MENTAK].strategy == 1


def test_ti_p3_counters_gained_go_to_the_areas_the_player_chooses() -> None:
    state = arena({})
    sol = msgspec.structs.replace(state.players[SOL], cards=(4,))
    state = msgspec.structs.replace(state, players=(sol, *state.players[1:]))
    assert refused(state, SOL, said(state, SOL, "play logistics placing 3 strategy 2 fleet")) == (
        "TI-P3"
    )
    state, _ = act(state, SOL, said(state, SOL, "play logistics placing 1 strategy 2 fleet"))
    player = state.players[SOL]
    assert (player.strategy, player.command, player.fleet) == (3, 4, 5)
