"""The lookup of systems, units, technologies, strategy cards and objectives; the digest that
pins the content; and the facts analytics counts of a match, space battles and planets taken
among them."""

import random
from typing import Any

import msgspec

from events.ruleset import Fact
from events.rulesets.twilight_imperium_3 import loader
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.card_events import CardCancelled, CardPlayed
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.happenings import (
    GameEnded,
    Picked,
    Scored,
    TechnologyGained,
)
from events.rulesets.twilight_imperium_3.tactical_events import BattleEnded, InvasionEnded, Landed
from tests.conformance.games import bot, play
from tests.twilight_imperium_3.arena import MENTAK, SOL, arena
from tests.twilight_imperium_3.cards import copy, holding_cards
from tests.twilight_imperium_3.play import GAME, started


def test_the_lookup_lists_every_system_unit_technology_strategy_card_objective_and_trade_card():
    infos = {info.name: info for info in GAME.cards({})}
    assert len(infos) == len(GAME.cards({})) == 37 + 9 + 24 + 8 + 30 + 10 + 72  # names unique
    assert (
        infos["Sabotage"].copies == 5 and infos["Sabotage"].kind == "Action card, played AC.played"
    )
    assert "stage 3" in infos["Veto"].abilities[-1]
    assert infos["Strategic Shift"].abilities[-1] == "not in the deck with 4 players"
    abyz = infos["Abyz / Fria"]
    assert abyz.kind == "System, regular" and abyz.numbers["resources"] == 5
    assert abyz.abilities == (
        "Abyz: 3 resources, 0 influence",
        "Fria: 2 resources, 0 influence, blue specialty",
    )
    assert infos["Jord"].deck == "home system of the Federation of Sol"
    assert infos["Empty Space"].copies == 6
    assert "no ship enters or passes through it" in infos["Supernova"].abilities
    fighter = infos["Fighter"]
    assert fighter.cost == 1 and fighter.copies == 10 and "2 for each cost" in fighter.abilities
    assert "built only with War Sun" in infos["War Sun"].abilities
    war_sun = infos["War Sun (technology)"]
    assert war_sun.kind == "Technology, red" and war_sun.cost == 8
    assert infos["Imperial"].numbers == {"initiative": 8}
    assert infos["Imperium Rex"].abilities[-1] == "ends the game when revealed"
    assert infos["Domination!"].abilities[-1] == "wins the game at once"
    jol_nar = infos["Trade cards of the Universities of Jol-Nar"]
    assert jol_nar.kind == "Trade card" and jol_nar.numbers == {"card 1": 1, "card 2": 3}


def test_the_content_digest_pins_what_the_rules_read() -> None:
    digest = GAME.content_digest({})
    assert len(digest) == 64 and GAME.content_digest({"galaxy": "build"}) == digest
    content = loader.load()
    nebula = msgspec.structs.replace(content.systems["nebula"], copies=2)
    changed = msgspec.structs.replace(content, systems=content.systems | {"nebula": nebula})
    assert loader.pinning.content_digest(changed) != digest


def test_facts_count_races_cards_objectives_technologies_planets_and_points() -> None:
    state = started(3, seed=1)
    setup = GAME.initial(3, {}, random.Random(1))[0]
    races = GAME.facts(state, setup)
    named = [loader.load().races[r].name for r in setup.races]
    assert races == [Fact("race", name, seat) for seat, name in enumerate(named)]
    assert GAME.facts(state, Picked(seat=1, card=8)) == [Fact("strategy card", "Imperial", 1)]
    assert GAME.facts(state, Scored(seat=2, objective="imperial", points=2)) == [
        Fact("Imperial points", "Imperial", 2, 2)
    ]
    domination = next(o for o in loader.load().objectives.values() if o.name == "Domination!")
    assert GAME.facts(state, Scored(seat=0, objective=domination.id, points=0)) == [
        Fact("objective scored", "Domination!", 0)
    ]
    assert GAME.facts(state, TechnologyGained(seat=0, technology="war_sun")) == [
        Fact("technology gained", "War Sun", 0)
    ]
    ended = GAME.facts(state, GameEnded(winners=(0,), reason="10 points"))
    held = [f for f in ended if f.kind == "planets held"]
    assert [f.value for f in held] == [
        sum(h.controller == s for h in state.forces.planets.values()) for s in range(3)
    ]
    assert [f for f in ended if f.kind == "final VP"] == [
        Fact("final VP", "score", s, 0) for s in range(3)
    ]


def _match_facts(seed: str) -> list[tuple[Any, Any, Fact]]:
    """Every event of a 4-seat greedy match, each decision's and what follows it on its own,
    with the facts analytics counts of it, each with the state it happened in."""
    played = play("twilight-imperium-3", 4, seed, bot("greedy"))
    found = []
    for position in played.positions:
        judged = GAME.decide(position.state, position.seat, position.decision, random.Random(0))
        state, events = position.state, list(getattr(judged, "events", ()))
        while events:
            for event in events:
                found += [(state, event, fact) for fact in GAME.facts(state, event)]
                state = GAME.evolve(state, event)
            events = GAME.react(state, random.Random(0))
    return found


def test_facts_count_the_action_cards_played() -> None:
    state = holding_cards(arena({}, {"Abyz": Holding(SOL)}), SOL, "good_year")
    played = CardPlayed(seat=SOL, card=copy("good_year"), play=PlayCard("good_year"))
    assert GAME.facts(state, played) == [Fact("action card played", "Good Year", SOL)]
    cancelled = CardCancelled(seat=MENTAK, card=copy("sabotage"))
    assert GAME.facts(state, cancelled) == [Fact("action card played", "Sabotage", MENTAK)]


def test_facts_count_space_battles_won_and_lost_and_planets_taken() -> None:
    found = _match_facts("facts-2")
    battles = [(e, f) for _, e, f in found if isinstance(e, BattleEnded)]
    assert battles and all(f.kind == "space battle won" for _, f in battles)
    assert all(f.value == int(f.seat == e.victor) and f.seat in e.sides for e, f in battles)
    taken = [(s, f) for s, e, f in found if f.kind == "planet taken"]
    assert taken and all(
        s.forces.planets.get(f.subject, Holding()).controller != f.seat for s, f in taken
    )
    landed = [f for _, e, f in found if isinstance(e, Landed) and f.kind == "planet taken"]
    invaded = [f for _, e, f in found if isinstance(e, InvasionEnded)]
    assert landed and len(landed) + len(invaded) == len(taken)
