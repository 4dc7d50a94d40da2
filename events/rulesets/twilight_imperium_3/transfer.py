"""The transfer action (TI-A2): two adjacent systems holding the active player's units and no
one else's, activated together; ships move between them both ways at once, each way judged as
a movement whose origin's own counter does not hold it back, then both together."""

import msgspec

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.fleets import Commander, holds_counter, planets_in
from events.rulesets.twilight_imperium_3.forces import Forces, Holding, Space
from events.rulesets.twilight_imperium_3.galaxy import Galaxy, adjacent
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.movement import (
    Group,
    Movement,
    after,
    after_refusal,
    candidates,
    groups_refusal,
)

NEVER_ACTIVATED = ("asteroid_field", "supernova")  # TI-G10


def activation_refusal(
    galaxy: Galaxy, forces: Forces, seat: int, first: str, second: str
) -> Rejection | None:
    """Why these two systems may not be activated together, or None (TI-A2)."""
    for position in (first, second):
        if position not in galaxy.tiles:
            return Rejection("TI-A2", f"there is no system at {position}")
        if load().systems[galaxy.tiles[position]].kind in NEVER_ACTIVATED:
            return Rejection("TI-G10", "asteroid fields and supernovae are never activated")
        if holds_counter(forces, position, seat):
            return Rejection("TI-A2", f"your command counter already lies in {position}")
    if second not in adjacent(galaxy, first):
        return Rejection(
            "TI-A2", f"a transfer activates two adjacent systems: not {first}, {second}"
        )
    for position in (first, second):
        units = _units_by_seat(galaxy, forces, position)
        if seat not in units:
            return Rejection("TI-A2", f"you have no units in {position}")
        if units - {seat}:
            return Rejection("TI-A2", f"{position} holds units of another player")
    return None


def _units_by_seat(galaxy: Galaxy, forces: Forces, position: str) -> set[int]:
    fleets = forces.space.get(position, Space()).fleets
    seats = {f.seat for f in fleets if f.units}
    holdings = (forces.planets.get(p, Holding()) for p in planets_in(galaxy, position))
    return seats | {h.controller for h in holdings if h.units and h.controller is not None}


def lifted(forces: Forces, position: str, seat: int) -> Forces:
    """The forces with his counter off this system, so that his ships there may leave it."""
    space = forces.space.get(position, Space())
    counters = tuple(s for s in space.counters if s != seat)
    return msgspec.structs.replace(
        forces, space=forces.space | {position: msgspec.structs.replace(space, counters=counters)}
    )


def ways(first: str, second: str, groups: tuple[Group, ...]) -> tuple[Movement, Movement]:
    """The groups going each way: from the first into the second, and back."""
    return (
        Movement(second, tuple(g for g in groups if g.origin == first)),
        Movement(first, tuple(g for g in groups if g.origin == second)),
    )


def refusal(
    galaxy: Galaxy,
    forces: Forces,
    commander: Commander,
    first: str,
    second: str,
    groups: tuple[Group, ...],
) -> Rejection | None:
    """Why this transfer movement breaks a rule, or None (TI-A2, TI-M)."""
    if any(g.origin not in (first, second) or g.via for g in groups):
        return Rejection("TI-A2", f"in a transfer ships move only between {first} and {second}")
    moved = forces
    for way in ways(first, second, groups):
        if way.groups:
            origin = way.groups[0].origin
            refused = groups_refusal(galaxy, lifted(forces, origin, commander.seat), commander, way)
            if refused:
                return refused
            moved = after(galaxy, moved, commander, way)
    for way in ways(first, second, groups):
        refused = after_refusal(galaxy, moved, commander, way)
        if refused:
            return refused
    return None


def offers(
    galaxy: Galaxy, forces: Forces, commander: Commander, first: str, second: str
) -> tuple[tuple[Group, ...], ...]:
    """A few transfer movements: nothing, each way's sound movements alone, and both ways."""
    found: list[tuple[Group, ...]] = [()]
    each = []
    for origin, to in ((first, second), (second, first)):
        near = candidates(galaxy, lifted(forces, origin, commander.seat), commander, to)
        mine = [m.groups for m in near if m.groups and all(g.origin == origin for g in m.groups)]
        found += mine
        each.append(mine[0] if mine else ())
    found.append(each[0] + each[1])
    unique = {msgspec.json.encode(g, order="sorted"): g for g in found}.values()
    return tuple(g for g in unique if refusal(galaxy, forces, commander, first, second, g) is None)
