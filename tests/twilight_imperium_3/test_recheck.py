"""Recheck (TI-Q77): a card window after each round's dice of a space battle or an invasion
combat, both sides' at once; the die named is rolled again and the new roll stands. Sol (seat 0)
attacks Abyz and Fria's system (arena.py), where Mentak waits; dice loaded to order."""

import random

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.card_decisions import NoCard, PlayCard
from events.rulesets.twilight_imperium_3.card_windows import timings_of
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.tactical_events import (
    BattleEnded,
    BattleRound,
    CasualtiesTaken,
    DieRerolled,
    InvasionHits,
    Rolled,
    TimingPoint,
)
from tests.twilight_imperium_3.arena import AT, MENTAK, SOL, arena, attack, played_out, said
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import GAME, refused, with_player

RECHECK = "recheck"


def _at_recheck(state: Game) -> bool:
    return state.stack[-1].prompt == "action card" and timings_of(state.stack[-1]) == (
        "ROLL.after",
    )


def test_ti_q77_recheck_rolls_an_enemy_hit_again_before_casualties() -> None:
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}
    state = holding_cards(arena(fleets), MENTAK, RECHECK, RECHECK)
    state, events = attack(state, "1 dreadnought", 5, 1)  # Sol's 5 hits, Mentak's 1 misses
    assert [e for e in events if isinstance(e, TimingPoint)] == [TimingPoint(("ROLL.after",))]
    assert _at_recheck(state)
    assert state.tactic is not None and state.tactic.owes(MENTAK) == 1
    assert set(GAME.legal(state, MENTAK)) == {
        PlayCard(RECHECK, seat=SOL, count=1),  # Sol's hit
        PlayCard(RECHECK, count=1),  # his own miss
        NoCard(),
    }
    assert refused(state, MENTAK, said(state, MENTAK, "play recheck naming sol die 2")) == "TI-Q77"
    # the hit rolled again misses: round 1 costs Mentak nothing; round 2 (Sol 9, Mentak 1)
    # opens a window anew for his second copy, none more in round 1
    play = said(state, MENTAK, "play recheck naming sol die 1")
    state, events = played_out(state, MENTAK, play, 2, 9, 1)
    assert DieRerolled(seat=SOL, die=1, roll=2, hits=-1) in events
    assert not any(isinstance(e, CasualtiesTaken) for e in events)
    after = events[events.index(BattleRound(round=2)) :]
    assert [e for e in events if isinstance(e, TimingPoint)] == [TimingPoint(("ROLL.after",))]
    assert events.index(TimingPoint(("ROLL.after",))) > events.index(BattleRound(round=2))
    assert Rolled(SOL, "space battle", (9,), 1, MENTAK, (5,)) in after
    assert _at_recheck(state)
    state, events = played_out(state, MENTAK, NoCard())
    assert BattleEnded(sides=(SOL, MENTAK), victor=SOL) in events


def test_ti_q77_his_own_miss_rolled_again_may_hit() -> None:
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}
    state = holding_cards(arena(fleets), SOL, RECHECK)
    state, _ = attack(state, "1 dreadnought", 1, 1)  # both miss
    assert _at_recheck(state)
    assert GAME.legal(state, SOL) == [PlayCard(RECHECK, count=1), NoCard()]
    state, events = played_out(state, SOL, said(state, SOL, "play recheck die 1"), 0)  # a 10
    assert DieRerolled(seat=SOL, die=1, roll=0, hits=1) in events
    assert BattleEnded(sides=(SOL, MENTAK), victor=SOL) in events


def test_ti_q77_recheck_in_a_round_of_invasion_combat() -> None:
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 2}}
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 1})}
    state = holding_cards(arena(fleets, planets), MENTAK, RECHECK)
    state, _ = attack(state, "1 carrier 2 gf")
    # Sol's 8 hits and 1 misses, Mentak's 1 misses: the dice wait for the window
    state, events = played_out(state, SOL, said(state, SOL, "land 2 gf on abyz"), 8, 1, 1)
    assert not any(isinstance(e, InvasionHits) for e in events)
    assert _at_recheck(state)
    assert state.tactic is not None and state.tactic.invasions[0].dice
    # the hit rolled again misses: round 1 kills no one; round 2: Sol 8 8, Mentak 1
    play = said(state, MENTAK, "play recheck naming sol die 1")
    state, events = played_out(state, MENTAK, play, 3, 8, 8, 1)
    rerolled = events.index(DieRerolled(seat=SOL, die=1, roll=3, hits=-1))
    hits = [e for e in events[rerolled:] if isinstance(e, InvasionHits)]
    assert hits == [InvasionHits("Abyz", 0, 0), InvasionHits("Abyz", 1, 0)]
    assert state.forces.planets["Abyz"] == Holding(SOL, True, {"ground_force": 2})


def test_ti_q77_not_the_space_cannon_the_barrage_nor_assault_cannon() -> None:
    fleets = {
        ("102", SOL): {"dreadnought": 1, "destroyer": 1},
        (AT, MENTAK): {"carrier": 1, "fighter": 2},
    }
    planets = {"Abyz": Holding(MENTAK, units={"pds": 1})}
    state = with_player(arena(fleets, planets), SOL, technologies=("assault_cannon",))
    state = holding_cards(state, MENTAK, RECHECK)
    state, _ = attack(state, "1 dreadnought 1 destroyer")
    assert state.stack[-1].prompt == "space cannon"
    # every die misses: the PDS, the barrage's 2, Assault Cannon's 1, then round 1's 2 and 3
    state, events = played_out(state, MENTAK, said(state, MENTAK, "fire pds"), *[1] * 9)
    first = next(n for n, e in enumerate(events) if isinstance(e, TimingPoint))
    rolled = [e.purpose for e in events[:first] if isinstance(e, Rolled)]
    assert rolled == [
        "space cannon",
        "anti-fighter barrage",
        "assault cannon",
        "space battle",
        "space battle",
    ]
    assert events[first] == TimingPoint(timings=("ROLL.after",))


def test_ti_q77_recheck_comes_before_shields_holding() -> None:
    fleets = {("102", SOL): {"dreadnought": 2}, (AT, MENTAK): {"cruiser": 2}}
    state = holding_cards(arena(fleets), MENTAK, RECHECK, "shields_holding")
    state, _ = attack(state, "2 dreadnought", 9, 9, 1, 1)
    assert _at_recheck(state)
    state, _ = played_out(state, MENTAK, said(state, MENTAK, "play recheck naming sol die 2"), 1)
    assert state.stack[-1].prompt == "action card"
    assert timings_of(state.stack[-1]) == ("SB.afterEnemyRoll",)
    assert state.tactic is not None and state.tactic.owes(MENTAK) == 1


def test_ti_q77_the_play_in_words() -> None:
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}
    state = holding_cards(arena(fleets), MENTAK, RECHECK)
    state, _ = attack(state, "1 dreadnought", 5, 1)
    for text, play in (
        ("play Recheck naming sol die 1", PlayCard(RECHECK, seat=SOL, count=1)),
        ("play Recheck die 1", PlayCard(RECHECK, count=1)),
    ):
        assert said(state, MENTAK, text) == play
        assert GAME.write_text(state, MENTAK, play) == text
    malformed = said(state, MENTAK, "play recheck die two")
    assert isinstance(malformed, Rejection) and "die <n>" in malformed.reason
    assert "[die <n>]" in GAME.text_help(state, MENTAK)


def test_ti_q77_greedy_rolls_again_an_enemy_hit_that_would_cost_it_a_ship() -> None:
    for mine, plays in (({"cruiser": 1}, True), ({"dreadnought": 1}, False)):
        fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): mine}
        state = holding_cards(arena(fleets), MENTAK, RECHECK)
        state, _ = attack(state, "1 dreadnought", 5, 1)  # Sol's hit; a dreadnought takes damage
        assert _at_recheck(state)
        chosen = GAME.bots["greedy"](state, MENTAK, random.Random(0))
        assert chosen == (PlayCard(RECHECK, seat=SOL, count=1) if plays else NoCard())
