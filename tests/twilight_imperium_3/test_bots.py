"""The bots over whole matches: `greedy` lands on planets and takes them; the test-only
`brawler` takes its fleets into space battles, and the match still ends. And `greedy`'s aims:
technologies an objective counts, Imperial left to the leader once Imperium Rex may come."""

import random

import msgspec

from events.ruleset import Ruleset
from events.rulesets.twilight_imperium_3.bots import greedy
from events.rulesets.twilight_imperium_3.card_decisions import (
    NoCard,
    NoSabotage,
    PlayCard,
    Sabotage,
)
from events.rulesets.twilight_imperium_3.content import System
from events.rulesets.twilight_imperium_3.decisions import Activate, Decline, Follow, Pick, Play
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.tactical_events import BattleBegan, Landed
from events.rulesets.twilight_imperium_3.technology import gainable
from tests.conformance.games import bot, play
from tests.twilight_imperium_3.arena import AT, JOL_NAR, MENTAK, SOL, arena
from tests.twilight_imperium_3.brawler import brawler
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import GAME, picked, stationed, step, with_player


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


FIVE_TECHNOLOGIES = "p1_04"
STAGE_ONE = ("p1_01", "p1_02", "p1_03", "p1_07", "p1_08", "p1_09")  # none counts technologies


def _technology_played(revealed: tuple[str, ...]) -> Game:
    """Seat 0 plays Technology; every seat has 8 trade goods and these objectives face up."""
    state = picked(stationed(3, seed=1), {0: [7, 1], 1: [4, 5], 2: [6, 2]})
    state = msgspec.structs.replace(state, revealed=revealed)
    for seat in range(3):
        state = with_player(state, seat, trade_goods=8)
    technology = gainable(state, 0)[0]
    return step(state, 0, Play(card=7, technology=technology))


def test_greedy_buys_a_technology_when_an_objective_counts_technologies() -> None:
    state = _technology_played((FIVE_TECHNOLOGIES,))
    seat = GAME.waiting(state).must[0]
    choice = greedy(state, seat, random.Random(0))
    assert isinstance(choice, Follow) and choice.technology in gainable(state, seat)
    without = _technology_played(("p1_01",))
    assert isinstance(greedy(without, seat, random.Random(0)), Decline)


def test_greedy_leaves_imperial_to_the_leader_once_imperium_rex_may_come() -> None:
    state = stationed(3, seed=1)
    speaker = GAME.waiting(state).must[0]
    state = with_player(state, speaker, secret="")  # none counting technologies either
    early = msgspec.structs.replace(state, revealed=STAGE_ONE[:5])
    assert greedy(early, speaker, random.Random(0)) == Pick(card=8)
    # the stage-I cards and one of stage II face up: Imperium Rex is one of the three left
    late = msgspec.structs.replace(state, revealed=(*STAGE_ONE, "p2_01"))
    behind = with_player(late, (speaker + 1) % 3, points=4)
    assert greedy(behind, speaker, random.Random(0)).card != 8
    assert greedy(with_player(late, speaker, points=4), speaker, random.Random(0)) == Pick(card=8)


def test_greedy_plays_an_economy_card_and_sabotages_a_card_aimed_at_it() -> None:
    state = holding_cards(arena({}, {"Abyz": Holding(SOL)}), SOL, "good_year")
    state = with_player(state, SOL, cards=())
    assert GAME.bots["greedy"](state, SOL, random.Random(0)) == PlayCard("good_year")
    state = holding_cards(state, SOL, "insubordination")
    state = holding_cards(state, MENTAK, "sabotage")
    state = holding_cards(state, JOL_NAR, "sabotage")
    state = step(state, SOL, PlayCard("insubordination", seat=MENTAK))
    assert GAME.bots["greedy"](state, MENTAK, random.Random(0)) == Sabotage()
    assert GAME.bots["greedy"](state, JOL_NAR, random.Random(0)) == NoSabotage()


def test_greedy_leads_a_large_fleet_into_the_breach_and_not_a_small_one() -> None:
    for cruisers, plays in ((1, False), (4, True)):
        fleets = {
            ("102", SOL): {"dreadnought": 1, "cruiser": cruisers},
            (AT, MENTAK): {"cruiser": 1},
        }
        state = with_player(arena(fleets), SOL, fleet=5)
        state = step(holding_cards(state, SOL, "into_the_breach"), SOL, Activate(system=AT))
        move = f"move 1 dreadnought {cruisers} cruiser from 102"
        state = step(state, SOL, GAME.read_text(state, SOL, move))
        assert state.stack[-1].prompt == "action card"  # before the battle
        chosen = GAME.bots["greedy"](state, SOL, random.Random(0))
        assert chosen == (PlayCard("into_the_breach") if plays else NoCard())
