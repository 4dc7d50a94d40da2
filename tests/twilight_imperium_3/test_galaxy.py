"""The galaxy: wormholes (TI-G2), the layouts for 3 to 6 players and the compensation of crowded
seats (TI-G3), the order of placing (TI-G4), rings and homes (TI-G5), the tile face down
(TI-G8), and the table order that follows the homes (TI-S3)."""

import random

import pytest

from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.dealt import dealing
from events.rulesets.twilight_imperium_3.galaxy import (
    Placement,
    adjacent,
    open_positions,
    place,
    placer,
    positions,
    table_order,
)
from events.rulesets.twilight_imperium_3.loader import load
from tests.twilight_imperium_3.galaxies import inner_rings_done, three_players

LAYOUTS = load().layouts
RACE_HOMES = tuple(r.home for r in load().races.values())


def _distance(a: str, b: str) -> int:
    (qa, ra), (qb, rb) = hexes.axial(a), hexes.axial(b)
    return max(abs(qa - qb), abs(ra - rb), abs(qa + ra - qb - rb))


def _homes(players: int) -> tuple[str, ...]:
    return tuple(h.position for h in LAYOUTS[players].homes)


def test_ti_g2_two_alpha_wormholes_make_their_systems_adjacent_however_far():
    galaxy = three_players(
        inner_rings_done() | {"101": "lodor", "308": "alpha_wormhole"}, ((),) * 3
    )
    assert "308" in adjacent(galaxy, "101") and "101" in adjacent(galaxy, "308")
    assert set(adjacent(galaxy, "308")) == {"101", "205", "307", "206"}


def test_ti_g2_a_lone_wormhole_does_nothing_and_kinds_do_not_mix():
    galaxy = three_players(inner_rings_done() | {"101": "lodor", "308": "quann"}, ((),) * 3)
    assert set(adjacent(galaxy, "101")) == set(hexes.neighbours("101"))
    assert set(adjacent(galaxy, "308")) == {"205", "307", "206"}


def test_ti_g3_six_players_sit_three_hexes_straight_out_from_each_side_of_mecatol_rex():
    homes = _homes(6)
    assert homes == ("301", "304", "307", "310", "313", "316")
    for home, side in zip(homes, ("101", "102", "103", "104", "105", "106"), strict=True):
        assert hexes.axial(home) == tuple(3 * x for x in hexes.axial(side))


def test_ti_g3_three_players_on_28_hexes_with_homes_at_12_4_and_8_oclock():
    layout = LAYOUTS[3]
    assert positions(layout)[19:] == ("301", "302", "306", "307", "308", "312", "313", "314", "318")
    assert _homes(3) == ("301", "307", "313")
    assert {_distance(a, b) for a in _homes(3) for b in _homes(3) if a != b} == {6}


def test_ti_g3_four_players_each_four_hexes_from_both_neighbours():
    homes = _homes(4)
    assert homes == ("305", "309", "314", "318")
    assert [_distance(a, b) for a, b in zip(homes, homes[1:] + homes[:1], strict=True)] == [
        4,
        4,
        4,
        4,
    ]


def test_ti_g3_five_players_the_crowded_seats_get_trade_goods():
    """Position 5, three hexes from both neighbours, starts with 6 trade goods; positions 1 and
    4, three hexes from one neighbour, with 4; the others, four from both, with none."""
    homes = LAYOUTS[5].homes
    places = [h.position for h in homes]
    assert places == ["303", "307", "310", "313", "317"]
    for i, home in enumerate(homes):
        near = [_distance(home.position, places[(i + d) % 5]) for d in (-1, 1)]
        assert home.trade_goods == {(3, 3): 6, (3, 4): 4, (4, 3): 4, (4, 4): 0}[tuple(near)]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_ti_g3_every_home_position_is_in_ring_three_and_in_play(players: int):
    layout = LAYOUTS[players]
    assert all(p in positions(layout) and hexes.ring(p) == 3 for p in _homes(players))


def test_ti_s3_the_table_order_runs_clockwise_round_the_homes_from_the_speaker():
    galaxy = dealing(RACE_HOMES[:4], ("314", "305", "318", "309"), 2, "", random.Random(1))
    assert table_order(galaxy) == (2, 1, 3, 0)


def test_ti_g4_placing_goes_round_then_back_the_last_placing_twice():
    rng = random.Random(7)
    galaxy = dealing(RACE_HOMES[:3], ("301", "307", "313"), 1, "", rng)
    order = []
    for _ in range(7):
        seat = placer(galaxy)
        order.append(seat)
        galaxy = place(galaxy, Placement(seat, galaxy.hands[seat][0], open_positions(galaxy)[0]))
    assert order == [1, 2, 0, 0, 2, 1, 1]


def test_ti_g5_ring_one_first_and_homes_join_once_ring_two_is_complete():
    rng = random.Random(3)
    galaxy = dealing(RACE_HOMES[:3], ("301", "307", "313"), 0, "", rng)
    assert open_positions(galaxy) == tuple(f"10{i}" for i in range(1, 7))
    for _ in range(18):
        assert not set(galaxy.home_positions) & set(galaxy.tiles)
        seat = placer(galaxy)
        galaxy = place(galaxy, Placement(seat, galaxy.hands[seat][0], open_positions(galaxy)[0]))
    assert {galaxy.tiles[p] for p in ("301", "307", "313")} == set(RACE_HOMES[:3])
    assert open_positions(galaxy) == ("302", "306", "308", "312", "314", "318")


def test_ti_g8_five_players_one_tile_lies_face_down_where_the_speaker_chose():
    galaxy = dealing(RACE_HOMES[:5], _homes(5), 0, "104", random.Random(5))
    assert galaxy.face_down == "104" and "104" in galaxy.tiles
    assert "104" not in open_positions(galaxy) and len(open_positions(galaxy)) == 5
    assert [len(h) for h in galaxy.hands] == [6] * 5


def test_ti_g10_special_systems_hold_no_planet_and_no_wormhole():
    systems = load().systems.values()
    special = {s.kind for s in systems if s.special}
    assert special == {"asteroid_field", "nebula", "supernova"}
    assert not any(s.planets or s.wormhole for s in systems if s.special)
    assert load().systems["mecatol_rex"].kind == "regular"
