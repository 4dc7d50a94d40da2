"""A board as an inline SVG picture: each cell a flat-top hex placed by its axial coordinates,
its code, title and lines written inside; the template escapes every word, and the picture
needs no script and no outside file."""

import math

import msgspec

from events.ruleset import Board, Cell

SIZE = 60.0  # a hex's corner-to-centre distance, in the picture's units
_ROOT3 = math.sqrt(3)


class Drawn(msgspec.Struct, frozen=True):
    cell: Cell
    x: float  # its centre
    y: float
    points: str  # its hexagon, for <polygon points=…>


class Drawing(msgspec.Struct, frozen=True):
    label: str
    view_box: str
    cells: tuple[Drawn, ...]


def centre(q: int, r: int) -> tuple[float, float]:
    return 1.5 * q * SIZE, _ROOT3 * (r + q / 2) * SIZE


def hexagon(x: float, y: float) -> str:
    corners = (math.radians(60 * k) for k in range(6))
    return " ".join(f"{x + SIZE * math.cos(a):.1f},{y + SIZE * math.sin(a):.1f}" for a in corners)


def drawing(board: Board) -> Drawing:
    placed = [(cell, *centre(cell.q, cell.r)) for cell in board.cells]
    xs = [x for _, x, _ in placed] or [0.0]
    ys = [y for _, _, y in placed] or [0.0]
    margin = SIZE + 4
    left, top = min(xs) - margin, min(ys) - margin
    width, height = max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin
    return Drawing(
        board.label,
        f"{left:.1f} {top:.1f} {width:.1f} {height:.1f}",
        tuple(Drawn(cell, x, y, hexagon(x, y)) for cell, x, y in placed),
    )
