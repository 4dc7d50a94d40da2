"""A table for the tactical action's scenarios: three players in a built galaxy of empty space
(battlefield.py), seat 0 Sol at 301, seat 1 Mentak at 307, seat 2 Jol-Nar at 313, seat 0 to act
in the action phase; dice loaded to order."""

import random
from typing import Any

from events.ruleset import Accepted
from events.rulesets.twilight_imperium_3.decisions import Activate
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.state import Game, Phase, Player
from tests.twilight_imperium_3.battlefield import forces, galaxy
from tests.twilight_imperium_3.play import GAME, applied, settled, step

SOL, MENTAK, JOL_NAR = 0, 1, 2
AT = "101"  # Abyz and Fria


class Loaded(random.Random):
    """A chance source whose d10s come up as told (0 counting 10), in order."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randrange(self, *_: Any) -> int:  # type: ignore[override]
        return self.rolls.pop(0)


def arena(fleets: dict, planets: dict | None = None, counters: dict | None = None) -> Game:
    """The action phase, seat 0's turn, these units on the board."""
    players = tuple(
        Player(race=race, strategy=2, command=3, fleet=3, cards=(card,))
        for race, card in (("sol", 2), ("mentak", 4), ("jol_nar", 6))
    )
    homes = {
        "Jord": Holding(SOL, units={"space_dock": 1}),
        "Moll Primus": Holding(MENTAK, units={"space_dock": 1}),
        "Jol": Holding(JOL_NAR),
        "Nar": Holding(JOL_NAR),
    }
    return Game(
        players=players,
        galaxy=galaxy({AT: "abyz_fria"}),
        forces=forces(fleets, counters, homes | (planets or {})),
        speaker=SOL,
        phase=Phase.ACTION,
        objectives=(),
        round=1,
        turn=SOL,
    )


def act(state: Game, seat: int, decision: Any, *rolls: int) -> tuple[Game, list[Any]]:
    """The decision accepted and all that follows, with these dice; the state and events."""
    judged = GAME.decide(state, seat, decision, Loaded(*rolls))
    assert isinstance(judged, Accepted), judged
    return settled(applied(state, judged.events)), judged.events


def played_out(state: Game, seat: int, decision: Any, *rolls: int) -> tuple[Game, list[Any]]:
    """The decision accepted and all that follows on its own, every die from these rolls; the
    state and every event."""
    chance = Loaded(*rolls)
    judged = GAME.decide(state, seat, decision, chance)
    assert isinstance(judged, Accepted), judged
    events = list(judged.events)
    state = applied(state, events)
    while more := GAME.react(state, chance):
        events += more
        state = applied(state, more)
    return state, events


def attack(state: Game, moving: str, *rolls: int) -> tuple[Game, list[Any]]:
    """Sol activates the arena's system and moves these ships in from 102, with these dice."""
    state = step(state, SOL, Activate(system=AT))
    return played_out(state, SOL, said(state, SOL, f"move {moving} from 102"), *rolls)


def said(state: Game, seat: int, text: str) -> Any:
    return GAME.read_text(state, seat, text)
