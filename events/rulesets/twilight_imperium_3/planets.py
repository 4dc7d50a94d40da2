"""Planets as the rules read them: where each lies, who controls it, which are ready, and what
exhausting them pays (resources or influence, TI-U and IT 1043-1093)."""

from functools import cache

from events.rulesets.twilight_imperium_3.content import Planet
from events.rulesets.twilight_imperium_3.forces import Forces, Holding
from events.rulesets.twilight_imperium_3.galaxy import Galaxy
from events.rulesets.twilight_imperium_3.loader import load


@cache
def planet(name: str) -> Planet:
    return next(p for s in load().systems.values() for p in s.planets if p.name == name)


@cache
def all_names() -> tuple[str, ...]:
    return tuple(p.name for s in load().systems.values() for p in s.planets)


def in_system(galaxy: Galaxy, position: str) -> tuple[str, ...]:
    """The planets of the system at this position (none while it lies face down)."""
    if position not in galaxy.tiles or (position == galaxy.face_down and not galaxy.built):
        return ()
    return tuple(p.name for p in load().systems[galaxy.tiles[position]].planets)


def home_planets(galaxy: Galaxy, seat: int) -> tuple[str, ...]:
    return tuple(p.name for p in load().systems[galaxy.home_systems[seat]].planets)


def holding(forces: Forces, name: str) -> Holding:
    return forces.planets.get(name, Holding())


def controlled(forces: Forces, seat: int) -> tuple[str, ...]:
    return tuple(n for n, h in forces.planets.items() if h.controller == seat)


def ready(forces: Forces, seat: int) -> tuple[str, ...]:
    return tuple(n for n, h in forces.planets.items() if h.controller == seat and not h.exhausted)


def resources(names: tuple[str, ...]) -> int:
    return sum(planet(n).resources for n in names)


def influence(names: tuple[str, ...]) -> int:
    return sum(planet(n).influence for n in names)
