"""The board's cells: every position of the layout with its coordinates, the system's name and
planets, the seat at home there and the marks a map shows; the tile face down kept hidden
until the galaxy is built."""

import random

from events.ruleset import Cell
from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.board import cells
from events.rulesets.twilight_imperium_3.dealt import deal, dealing
from events.rulesets.twilight_imperium_3.loader import load
from tests.twilight_imperium_3.galaxies import inner_rings_done, three_players

HOMES = tuple(r.home for r in load().races.values())


def test_a_cell_per_position_at_its_coordinates():
    for players, count in ((3, 28), (4, 37), (5, 37), (6, 37)):
        rng = random.Random(players)
        board = cells(deal(HOMES[:players], 0, rng))
        assert len(board) == count
        assert all((c.q, c.r) == hexes.axial(c.code) for c in board)


def test_planets_home_seats_and_marks():
    tiles = inner_rings_done() | {"101": "lodor", "102": "bereg_lirta_iv", "103": "asteroid_field"}
    board = {c.code: c for c in cells(three_players(tiles, ((), (), ())))}
    assert board["101"] == Cell("101", 0, -1, "Lodor", ("Lodor 3/1 green",), marks=("wormhole α",))  # noqa: RUF001
    assert board["102"].title == "Bereg / Lirta IV"
    assert board["102"].lines == ("Bereg 3/1 red", "Lirta IV 2/3 green")
    assert board["103"].marks == ("asteroid field",) and board["103"].lines == ()
    assert (board["307"].title, board["307"].owner, board["307"].marks) == (
        "Moll Primus",
        1,
        ("home system",),
    )
    assert board["000"].lines == ("Mecatol Rex 1/6",) and board["000"].owner is None


def test_while_the_galaxy_is_built_open_places_homes_to_come_and_the_tile_face_down():
    layout = load().layouts[5]
    galaxy = dealing(HOMES[:5], tuple(h.position for h in layout.homes), 0, "104", random.Random(2))
    board = {c.code: c for c in cells(galaxy)}
    assert (board["104"].title, board["104"].marks) == ("", ("face down",))
    assert board["101"].marks == ("to place",) and board["310"].marks == ("home to come",)
