"""A board in a view's description: drawn as an inline SVG of hexes placed by their axial
coordinates, every word escaped, and listed in words beside it; no script, no outside file
(rendered from the templates, no browser)."""

import math
import re

from events.ruleset import Board, Cell, Description, Section
from services.web.boards import SIZE, centre, drawing
from services.web.jinja import _env

GALAXY = Board(
    "The galaxy",
    (
        Cell("000", 0, 0, "Mecatol Rex", ("Mecatol Rex 1/6",)),
        Cell("101", 0, -1, "Abyz/Fria", ("2 Cruiser", "1 Carrier"), owner=1, marks=("nebula",)),
        Cell("102", 1, -1, "<b>Bold</b>", ("a & b",), marks=("wormhole alpha",)),
    ),
)


def test_neighbouring_cells_sit_a_hex_apart_and_none_overlap() -> None:
    spots = [centre(c.q, c.r) for c in GALAXY.cells]
    for a in spots[1:]:
        assert math.isclose(math.dist(spots[0], a), SIZE * math.sqrt(3))
    assert math.isclose(math.dist(spots[1], spots[2]), SIZE * math.sqrt(3))
    drawn = drawing(GALAXY)
    left, top, width, height = map(float, drawn.view_box.split())
    for at in drawn.cells:  # every corner inside the picture
        for point in at.points.split():
            x, y = map(float, point.split(","))
            assert left <= x <= left + width and top <= y <= top + height


def test_the_board_is_drawn_escaped_and_listed_in_words() -> None:
    described = Description("Your view", (Section("Scores"),), boards=(GALAXY,))
    html = _env.from_string('{% import "macros.html" as show %}{{ show.description(d) }}').render(
        d=described
    )
    svg = html[html.index("<svg") : html.index("</svg>")]
    assert len(re.findall(r"<polygon ", svg)) == 3
    assert 'class="cell owner-1" data-code="101"' in svg
    assert "<b>" not in html and "&lt;b&gt;Bold&lt;/b&gt;" in svg and "a &amp; b" in svg
    assert "<script" not in html and "href=" not in svg
    assert (
        '<th scope="row">101 Abyz/Fria (seat 1)</th><td>2 Cruiser; 1 Carrier; nebula</td>' in html
    )


def test_a_highlighted_cell_stands_out_drawn_over_its_neighbours_and_says_why() -> None:
    lit = Board(
        "The galaxy",
        (
            Cell("000", 0, 0, "Mecatol Rex"),
            Cell("101", 0, -1, highlight="active system"),
            Cell("102", 1, -1),
        ),
    )
    described = Description("Your view", (), boards=(lit,))
    html = _env.from_string('{% import "macros.html" as show %}{{ show.description(d) }}').render(
        d=described
    )
    svg = html[html.index("<svg") : html.index("</svg>")]
    assert re.findall(r'data-code="(\d+)"', svg) == ["000", "102", "101"]
    assert 'class="cell highlight" data-code="101"' in svg
    assert "<title>101 ; active system</title>" in svg
    assert '<th scope="row">101 </th><td>active system</td>' in html
