"""The galaxy's hex geometry (TI-G1): positions by ring code (000 for Mecatol Rex; ring R holds
R01 … clockwise from due north) and by axial coordinates (q, r) of flat-topped hexes, north
being (0, -1); and neighbours."""

Axial = tuple[int, int]

# N, NE, SE, S, SW, NW: clockwise from due north; ring R's corners lie R steps out along them
DIRECTIONS: tuple[Axial, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
RINGS = 3


def _ring_codes(ring: int) -> dict[str, Axial]:
    """Side s of ring R runs from corner s towards corner s + 1, one step at a time."""
    codes = {}
    for k in range(6 * ring):
        side, step = divmod(k, ring)
        corner, heading = DIRECTIONS[side], DIRECTIONS[(side + 2) % 6]
        codes[f"{ring}{k + 1:02d}"] = (
            ring * corner[0] + step * heading[0],
            ring * corner[1] + step * heading[1],
        )
    return codes


_AXIAL: dict[str, Axial] = {"000": (0, 0)}
for _ring in range(1, RINGS + 1):
    _AXIAL |= _ring_codes(_ring)
_CODE = {axial: code for code, axial in _AXIAL.items()}
CODES = tuple(_AXIAL)  # 000, 101 … 106, 201 … 212, 301 … 318


def is_code(code: str) -> bool:
    return code in _AXIAL


def axial(code: str) -> Axial:
    return _AXIAL[code]


def code(position: Axial) -> str:
    return _CODE[position]


def ring(code: str) -> int:
    return int(code[0])


def neighbours(code: str) -> tuple[str, ...]:
    """The positions sharing a side with this one, clockwise from north, off-board ones left out."""
    q, r = _AXIAL[code]
    around = ((q + dq, r + dr) for dq, dr in DIRECTIONS)
    return tuple(_CODE[p] for p in around if p in _CODE)
