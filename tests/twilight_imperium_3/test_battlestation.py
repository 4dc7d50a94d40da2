"""Experimental Battlestation (TAC.enemyMovedIn, TI-Q74): Sol (seat 0) moves into Abyz and Fria's
system (arena.py), where Mentak holds a space dock on Abyz; at the space cannon step, before any
PDS fires, Mentak's card makes the dock fire three dice as a PDS. Dice loaded to order."""

from typing import Any

from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.decisions import Activate
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.tactical_events import (
    CasualtiesTaken,
    Rolled,
    TimingPoint,
)
from tests.twilight_imperium_3.arena import AT, MENTAK, SOL, arena, played_out, said
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import refused, step, with_player

ENTERED = ("TAC.enemyEnters", "TAC.enemyMovedIn")


def _sol_moves_in(state: Game) -> tuple[Game, list[Any]]:
    state = step(state, SOL, Activate(system=AT))
    return played_out(state, SOL, said(state, SOL, "move 2 destroyer from 102"))


def _dock_on_abyz(*technologies: str) -> Game:
    fleets = {("102", SOL): {"destroyer": 2}}
    planets = {"Abyz": Holding(MENTAK, units={"space_dock": 1})}
    state = holding_cards(arena(fleets, planets), MENTAK, "experimental_battlestation")
    return with_player(state, MENTAK, technologies=technologies)


def test_ti_q74_experimental_battlestation_the_dock_fires_three_dice_as_a_pds() -> None:
    state, events = _sol_moves_in(_dock_on_abyz())
    assert TimingPoint(timings=ENTERED) in events  # once Sol's ships are in, before PDS fire
    assert state.stack[-1].prompt == "action card" and state.stack[-1].asked == (MENTAK,)
    far = PlayCard("experimental_battlestation", planet="Moll Primus")  # his home dock, 307
    assert refused(state, MENTAK, far) == "TI-Q74"
    play = said(state, MENTAK, "play experimental battlestation on abyz")
    state, events = played_out(state, MENTAK, play, 6, 0, 5)
    assert Rolled(MENTAK, "space cannon", (6, 0, 5), 2, SOL) in events  # a PDS hits on 6
    assert CasualtiesTaken(seat=SOL, at=AT, destroyed={"destroyer": 2}) in events
    assert not state.forces.fleet(AT, SOL).units


def test_ti_q74_graviton_laser_system_rolls_the_dock_s_misses_again() -> None:
    state, _ = _sol_moves_in(_dock_on_abyz("graviton_laser_system"))
    state, events = played_out(
        state, MENTAK, PlayCard("experimental_battlestation", planet="Abyz"), 1, 2, 6, 7, 1
    )
    assert Rolled(MENTAK, "space cannon", (1, 2, 6), 1, SOL) in events
    assert Rolled(MENTAK, "space cannon rolled again", (7, 1), 1, SOL) in events
    assert not state.forces.fleet(AT, SOL).units


def test_ti_q74_no_dock_in_reach_no_window() -> None:
    fleets = {("102", SOL): {"destroyer": 2}}
    state = holding_cards(arena(fleets), MENTAK, "experimental_battlestation")
    _, events = _sol_moves_in(state)  # his only dock is at home, out of reach
    assert not any(isinstance(e, TimingPoint) for e in events)
