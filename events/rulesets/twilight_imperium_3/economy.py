"""Integrated Economy (TI-K16): the units a space dock produces may appear beyond its system,
ships in an adjacent system the player has activated that holds no other player's units, ground
forces and PDS on a planet of his there or in the dock's own system. A batch of production
names where its units go (`to`): a system for ships, a planet for ground forces and PDS."""

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.fleets import Commander, holds_counter, planets_in
from events.rulesets.twilight_imperium_3.forces import Forces, Holding, Units
from events.rulesets.twilight_imperium_3.galaxy import Galaxy, adjacent
from events.rulesets.twilight_imperium_3.loader import load

INTEGRATED_ECONOMY = "integrated_economy"


def in_space(units: Units) -> Units:
    """The ships and fighters of these units: those placed in a system's space (TI-U1)."""
    table = load().units
    return {u: n for u, n in units.items() if table[u].kind in ("ship", "fighter")}


def to_system(to: str) -> bool:
    """A batch sent to a system (its ships), not to a planet (its ground forces and PDS)."""
    return hexes.is_code(to)


def friendly(galaxy: Galaxy, forces: Forces, position: str, seat: int) -> bool:
    """No other player's units in the system, in its space or on its planets."""
    fleets = forces.space[position].fleets if position in forces.space else ()
    return not any(f.seat != seat and f.units for f in fleets) and not any(
        forces.planets.get(p, Holding()).controller not in (None, seat) and forces.planets[p].units
        for p in planets_in(galaxy, position)
    )


def reach(galaxy: Galaxy, forces: Forces, seat: int, position: str) -> tuple[str, ...]:
    """The systems next to the docks' system that he has activated and that hold none but his
    units: where Integrated Economy places what those docks build."""
    return tuple(
        p
        for p in adjacent(galaxy, position)
        if holds_counter(forces, p, seat) and friendly(galaxy, forces, p, seat)
    )


def refusal(
    galaxy: Galaxy, forces: Forces, commander: Commander, position: str, to: str, units: Units
) -> Rejection | None:
    """Why units built at a dock in `position` may not appear at `to`, or None (TI-K16)."""
    if not to:
        return None
    if not commander.owns(INTEGRATED_ECONOMY):
        return Rejection("TI-K16", "units appear at their space dock: Integrated Economy sends")
    ships = in_space(units)
    if to_system(to):
        if any(n for u, n in units.items() if u not in ships):
            return Rejection("TI-K16", "ground forces and PDS go to a planet of yours: name it")
        system = to
    else:
        if any(ships.values()):
            return Rejection("TI-K16", "ships go to a system: name its position")
        if forces.planets.get(to, Holding()).controller != commander.seat:
            return Rejection("TI-K16", f"{to} is not a planet of yours")
        system = next((p for p in galaxy.tiles if to in planets_in(galaxy, p)), "")
        if system == position:
            return None
    if system not in reach(galaxy, forces, commander.seat, position):
        return Rejection(
            "TI-K16",
            f"{system} is not a system next to {position} that you activated and that holds "
            "none but your units",
        )
    return None
