"""TI-G1: ring codes and axial coordinates, both ways, and neighbours."""

from events.rulesets.twilight_imperium_3 import hexes


def test_ti_g1_thirty_seven_positions_ring_by_ring_and_back():
    assert len(hexes.CODES) == 37
    assert [hexes.ring(c) for c in hexes.CODES] == [0] + [1] * 6 + [2] * 12 + [3] * 18
    assert all(hexes.code(hexes.axial(c)) == c for c in hexes.CODES)
    assert len({hexes.axial(c) for c in hexes.CODES}) == 37


def test_ti_g1_each_ring_starts_due_north_and_runs_clockwise():
    """North is (0, -1); the corners of ring 3 come every 3 steps: N, NE, SE, S, SW, NW."""
    assert [hexes.axial(c) for c in ("101", "102", "103", "104", "105", "106")] == [
        (0, -1),
        (1, -1),
        (1, 0),
        (0, 1),
        (-1, 1),
        (-1, 0),
    ]
    corners = [hexes.axial(c) for c in ("301", "304", "307", "310", "313", "316")]
    assert corners == [(0, -3), (3, -3), (3, 0), (0, 3), (-3, 3), (-3, 0)]
    assert hexes.axial("302") == (1, -3) and hexes.axial("318") == (-1, -2)


def test_ti_g1_neighbours_as_async_players_know_them():
    """The ring numbering of TI4 map strings: 101 borders 201 202 102 000 106 212."""
    assert set(hexes.neighbours("101")) == {"201", "202", "102", "000", "106", "212"}
    assert set(hexes.neighbours("000")) == {f"10{i}" for i in range(1, 7)}
    assert set(hexes.neighbours("301")) == {"302", "201", "318"}
    assert set(hexes.neighbours("302")) == {"301", "303", "201", "202"}


def test_ti_g1_neighbours_are_mutual_and_six_inside_the_outer_ring():
    for c in hexes.CODES:
        assert all(c in hexes.neighbours(n) for n in hexes.neighbours(c))
        assert len(hexes.neighbours(c)) == 6 or hexes.ring(c) == 3
