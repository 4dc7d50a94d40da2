"""The galaxy as the board's cells (`events.ruleset.Cell`) a page draws as a hex map and a text
face lists: each position in play with its axial coordinates, its system's name, its planets,
the seat whose home it is and its marks. What stays secret while the galaxy is built (the tile
face down) is left out."""

from events.ruleset import Cell
from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.content import Planet, System
from events.rulesets.twilight_imperium_3.galaxy import Galaxy, positions
from events.rulesets.twilight_imperium_3.loader import load

WORMHOLES = {"alpha": "wormhole α", "beta": "wormhole β"}  # noqa: RUF001  their own letters


def cells(galaxy: Galaxy) -> tuple[Cell, ...]:
    """Every position of the galaxy's layout, in ring order."""
    return tuple(_cell(galaxy, code) for code in positions(galaxy.layout))


def _cell(galaxy: Galaxy, code: str) -> Cell:
    q, r = hexes.axial(code)
    if code not in galaxy.tiles:
        home = code in galaxy.home_positions
        return Cell(code, q, r, "", marks=("home to come",) if home else ("to place",))
    if code == galaxy.face_down and not galaxy.built:
        return Cell(code, q, r, "", marks=("face down",))
    system = load().systems[galaxy.tiles[code]]
    owner = galaxy.home_positions.index(code) if code in galaxy.home_positions else None
    lines = tuple(_planet_line(p) for p in system.planets)
    return Cell(code, q, r, system.name, lines, owner, _marks(system))


def _planet_line(planet: Planet) -> str:
    specialty = f" {planet.specialty}" if planet.specialty else ""
    return f"{planet.name} {planet.resources}/{planet.influence}{specialty}"


def _marks(system: System) -> tuple[str, ...]:
    marks = ["home system"] if system.kind == "home" else []
    if system.special:
        marks.append(system.kind.replace("_", " "))
    if system.wormhole:
        marks.append(WORMHOLES[system.wormhole])
    return tuple(marks)
