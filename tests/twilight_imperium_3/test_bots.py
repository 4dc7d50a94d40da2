"""The bots over whole matches: `greedy` lands on planets and takes them; the test-only
`brawler` takes its fleets into space battles, and the match still ends."""

import random

from events.ruleset import Ruleset
from events.rulesets.twilight_imperium_3.content import System
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.tactical_events import BattleBegan, Landed
from tests.conformance.games import bot, play
from tests.twilight_imperium_3.brawler import brawler
from tests.twilight_imperium_3.play import GAME


def _brawling(ruleset: Ruleset, state: Game, seat: int, rng: random.Random) -> object:
    return brawler(state, seat, rng)


def _home(seat: int, game: Game) -> System:
    return load().systems[game.galaxy.home_systems[seat]]


def _events(positions: list) -> set[type]:
    kinds: set[type] = set()
    for position in positions:
        verdict = GAME.decide(position.state, position.seat, position.decision, random.Random(0))
        kinds |= {type(e) for e in getattr(verdict, "events", ())}
    return kinds


def test_greedy_lands_on_planets_and_takes_them() -> None:
    played = play("twilight-imperium-3", 4, "greedy", bot("greedy"))
    assert played.end.over and Landed in _events(played.positions)
    homes = sum(len(p.planets) for p in map(_home, range(4), [played.end] * 4))
    held = sum(h.controller is not None for h in played.end.forces.planets.values())
    assert held > homes


def test_a_brawler_table_fights_space_battles_and_still_ends() -> None:
    played = play("twilight-imperium-3", 3, "brawl", _brawling)
    assert played.end.over
    assert BattleBegan in _events(played.positions)
