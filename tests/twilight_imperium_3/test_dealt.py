"""TI-G9: every dealt galaxy, for every number of players, is one the players could have built:
each position of its layout filled once, the homes where they sit, the right tiles, placements
in the order of play ring by ring, and each placement one the judge accepts, replayed from the
hands as dealt. The checks of order, rings and special systems are made here again without the
judge."""

import random
from collections import Counter
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.content import MECATOL_REX
from events.rulesets.twilight_imperium_3.dealt import deal
from events.rulesets.twilight_imperium_3.galaxy import (
    Galaxy,
    place,
    positions,
    table_order,
)
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.placement import refusal

CONTENT = load()
SYSTEMS = CONTENT.systems
RACE_HOMES = [r.home for r in CONTENT.races.values()]
DEALT = Counter(
    s.id
    for s in SYSTEMS.values()
    if s.kind != "home" and s.id != MECATOL_REX
    for _ in range(s.copies)
)


def _dealt(players: int, seed: int) -> Galaxy:
    rng = random.Random(seed)
    return deal(tuple(rng.sample(RACE_HOMES, players)), rng.randrange(players), rng)


def _as_dealt(galaxy: Galaxy) -> Galaxy:
    """The galaxy before its first placement: the hands each seat placed from."""
    hands = tuple(
        tuple(p.system for p in galaxy.placed if p.seat == s) for s in range(galaxy.players)
    )
    kept = {"000": MECATOL_REX} | (
        {galaxy.face_down: galaxy.tiles[galaxy.face_down]} if galaxy.face_down else {}
    )
    return Galaxy(
        galaxy.speaker, galaxy.home_systems, galaxy.home_positions, kept, hands, galaxy.face_down
    )


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([3, 4, 5, 6]), st.integers(min_value=0, max_value=2**32))
def test_ti_g9_every_dealt_galaxy_could_have_been_built_by_the_rules(players: int, seed: int):
    galaxy = _dealt(players, seed)
    layout = CONTENT.layouts[players]
    assert galaxy.built and set(galaxy.tiles) == set(positions(layout))
    assert sorted(galaxy.home_positions) == [h.position for h in layout.homes]
    assert all(
        galaxy.tiles[p] == s
        for p, s in zip(galaxy.home_positions, galaxy.home_systems, strict=True)
    )
    on_table = Counter(s for p, s in galaxy.tiles.items() if p not in galaxy.home_positions)
    on_table[MECATOL_REX] -= 1
    unused = DEALT - +on_table
    assert +on_table <= DEALT and unused.total() == sum(layout.set_aside.values()) + layout.removed
    assert hexes.ring(galaxy.face_down) == 1 if layout.face_down else galaxy.face_down == ""

    order = table_order(galaxy)
    snake = [
        order[t % players] if t // players % 2 == 0 else order[-1 - t % players]
        for t in range(len(galaxy.placed))
    ]
    assert [p.seat for p in galaxy.placed] == snake
    rings = [hexes.ring(p.position) for p in galaxy.placed]
    assert rings == sorted(rings)

    replay = _as_dealt(galaxy)
    for placement in galaxy.placed:
        assert refusal(replay, placement) is None
        replay = place(replay, placement)
    assert replay.tiles == galaxy.tiles


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([3, 4, 5, 6]), st.integers(min_value=0, max_value=2**32))
def test_ti_g9_g7_special_systems_touch_only_when_the_placer_held_nothing_else(
    players: int, seed: int
):
    galaxy = _dealt(players, seed)
    for i, placement in enumerate(galaxy.placed):
        near = [p for p in hexes.neighbours(placement.position) if p != galaxy.face_down]
        earlier = {p.position for p in galaxy.placed[:i]} | set(galaxy.home_positions)
        crowded = SYSTEMS[placement.system].special and any(
            SYSTEMS[galaxy.tiles[p]].special for p in near if p in earlier
        )
        still_held = [p.system for p in galaxy.placed[i:] if p.seat == placement.seat]
        assert not crowded or all(SYSTEMS[s].special for s in still_held)


def test_ti_g9_g6_a_planetless_system_is_followed_by_one_with_planets_when_the_hand_holds_one():
    for seed in range(40):
        galaxy = _dealt(6 - seed % 4, seed)
        for seat in range(galaxy.players):
            own = [p.system for p in galaxy.placed if p.seat == seat]
            for i, (before, after) in enumerate(pairwise(own)):
                if not SYSTEMS[before].planets and not SYSTEMS[after].planets:
                    assert not any(SYSTEMS[s].planets for s in own[i + 1 :])


def test_ti_g9_the_same_chance_deals_the_same_galaxy():
    assert _dealt(5, 11) == _dealt(5, 11) and _dealt(5, 11) != _dealt(5, 12)
