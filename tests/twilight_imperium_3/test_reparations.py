"""Reparations (LOST.planet, TI-Q73): Sol (seat 0) takes Mentak's Abyz (arena.py), by invasion
combat or by landing on it undefended; the card window opens for Mentak at once, and his card
exhausts a planet of Sol's and readies one of his own worth no more resources than Abyz (3).
Dice loaded to order."""

from typing import Any

from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.decisions import Activate
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.happenings import Exhausted
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.tactical_events import InvasionEnded, TimingPoint
from tests.twilight_imperium_3.arena import AT, MENTAK, SOL, arena, played_out, said
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import refused, step

INVADERS = {("102", SOL): {"carrier": 1, "ground_force": 3}}


def _mentak_holds(abyz: Holding) -> Game:
    planets = {
        "Abyz": abyz,
        "Fria": Holding(MENTAK, exhausted=True),
        "Moll Primus": Holding(MENTAK, exhausted=True),
    }
    return holding_cards(arena(INVADERS, planets), MENTAK, "reparations")


def _land_on_abyz(state: Game, *rolls: int) -> tuple[Game, list[Any]]:
    state = step(state, SOL, Activate(system=AT))
    state, _ = played_out(state, SOL, said(state, SOL, "move 1 carrier 3 gf from 102"))
    return played_out(state, SOL, said(state, SOL, "land 3 gf on abyz"), *rolls)


def test_ti_q73_reparations_once_the_invasion_takes_his_planet() -> None:
    state = _mentak_holds(Holding(MENTAK, units={"ground_force": 1}))
    state, events = _land_on_abyz(state, 9, 9, 9, 1)  # Sol's 3 dice hit, Mentak's misses
    assert InvasionEnded(planet="Abyz", taken=True, invader=SOL) in events
    assert events[-2] == TimingPoint(timings=("LOST.planet",))  # then the window opens
    assert state.stack[-1].prompt == "action card" and state.stack[-1].asked == (MENTAK,)
    too_rich = PlayCard("reparations", planet="Jord", target="Moll Primus")  # 4 resources > 3
    assert refused(state, MENTAK, too_rich) == "TI-Q73"
    assert refused(state, MENTAK, PlayCard("reparations", planet="Abyz")) == "TI-Q73"  # exhausted
    state, events = played_out(
        state, MENTAK, said(state, MENTAK, "play reparations on jord readying fria")
    )
    assert Exhausted(seat=SOL, planets=("Jord",)) in events
    assert Exhausted(seat=MENTAK, planets=("Fria",), ready=True) in events
    assert state.forces.planets["Jord"].exhausted and not state.forces.planets["Fria"].exhausted
    assert state.forces.planets["Abyz"].controller == SOL
    assert state.tactic is None  # the action carried on to its end: nothing to build


def test_ti_q73_reparations_once_his_undefended_planet_falls_at_the_landing() -> None:
    state, events = _land_on_abyz(_mentak_holds(Holding(MENTAK)))
    assert TimingPoint(timings=("LOST.planet",)) in events  # before the bombardment
    assert state.tactic is not None and state.tactic.step == "bombardment"
    state, events = played_out(state, MENTAK, PlayCard("reparations", target="Fria"))
    assert Exhausted(seat=MENTAK, planets=("Fria",), ready=True) in events


def test_ti_q73_no_window_for_a_neutral_planet_nor_for_a_planet_kept() -> None:
    state = holding_cards(arena(INVADERS), MENTAK, "reparations")
    _, events = _land_on_abyz(state)  # Abyz was neutral: no one lost it
    assert not any(isinstance(e, TimingPoint) for e in events)
    _, events = _land_on_abyz(
        _mentak_holds(Holding(MENTAK, units={"ground_force": 1})), *(1, 1, 1, 9, 1, 1, 9, 1, 9)
    )
    assert InvasionEnded(planet="Abyz", taken=False, invader=SOL) in events
    assert not any(isinstance(e, TimingPoint) for e in events)
