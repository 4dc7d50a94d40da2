"""Movement in a tactical action (TI-M): activating a system, a movement order as typed values
(groups of ships, each from one system by a route, loading on the way), its judge, the forces
after it, and a bounded list of sound movements for `legal`."""

from collections import deque
from itertools import pairwise

import msgspec

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.fleets import (
    ADVANCED_FIGHTERS,
    CARGO,
    Commander,
    cargo_room,
    carries,
    enemy_capital_ships,
    enemy_ships,
    fleet_less,
    fleet_plus,
    holds_counter,
    lacks_support,
    minus,
    planets_in,
    plus,
    with_fleet,
    with_holding,
    within,
    within_supply,
)
from events.rulesets.twilight_imperium_3.forces import Forces, Holding, Space, Units
from events.rulesets.twilight_imperium_3.galaxy import Galaxy, adjacent
from events.rulesets.twilight_imperium_3.loader import load

FIGHTER_MOVE = 2  # with Advanced Fighters (TI-K6)
UNSEEN_MOVE = 2  # ships that move this far pass enemy ships with In the Silence of Space (TI-Q30)


class Pickup(msgspec.Struct, frozen=True):
    """Units a group loads on its way (TI-M7): ground forces and PDS from one of his planets in
    that system, or, with no planet named, fighters from his fleet in that system's space."""

    position: str
    units: Units
    planet: str = ""


class Group(msgspec.Struct, frozen=True):
    """Units leaving one system together by one route to the activated system: ships, the
    fighters and cargo they take from the origin, and what they load on the way."""

    origin: str
    units: Units
    via: tuple[str, ...] = ()  # the systems passed through, in order
    damaged: Units = {}  # of `units`, the damaged ones
    pickups: tuple[Pickup, ...] = ()


class Movement(msgspec.Struct, frozen=True):
    """The movement step of a tactical action: no groups is moving nothing."""

    activated: str
    groups: tuple[Group, ...] = ()


def activation_refusal(
    galaxy: Galaxy, forces: Forces, seat: int, position: str, command_pool: int
) -> Rejection | None:
    """Why this player may not activate this system now, or None (TI-M1)."""
    if position not in galaxy.tiles:
        return Rejection("TI-M1", f"there is no system at {position}")
    if command_pool < 1:
        return Rejection("TI-M1", "you have no command counter left in your command pool")
    kind = load().systems[galaxy.tiles[position]].kind
    if kind in ("asteroid_field", "supernova"):
        return Rejection("TI-M1", f"a {kind.replace('_', ' ')} is never activated")
    if holds_counter(forces, position, seat):
        return Rejection("TI-M1", f"{position} already holds one of your command counters")
    return None


def refusal(
    galaxy: Galaxy, forces: Forces, commander: Commander, movement: Movement
) -> Rejection | None:
    """Why this movement breaks a rule, or None."""
    refused = groups_refusal(galaxy, forces, commander, movement)
    if refused:
        return refused
    return after_refusal(galaxy, after(galaxy, forces, commander, movement), commander, movement)


def groups_refusal(
    galaxy: Galaxy, forces: Forces, commander: Commander, movement: Movement
) -> Rejection | None:
    """Why a group of this movement may not go, before the forces after it are checked; a
    transfer judges each of its two ways so, then both together (transfer.py)."""
    if not holds_counter(forces, movement.activated, commander.seat):
        return Rejection(
            "TI-M2", f"ships move only into a system you activated: not {movement.activated}"
        )
    for group in movement.groups:
        refused = _group_refusal(galaxy, forces, commander, movement.activated, group)
        if refused:
            return refused
    return _takings_refusal(forces, commander.seat, movement)


def after(galaxy: Galaxy, forces: Forces, commander: Commander, movement: Movement) -> Forces:
    """The forces once this (accepted) movement is made: a planet emptied stays his (TI-M7)."""
    seat = commander.seat
    for group in movement.groups:
        origin = forces.fleet(group.origin, seat)
        forces = with_fleet(forces, group.origin, fleet_less(origin, group.units, group.damaged))
        loaded = group.units
        for pickup in group.pickups:
            loaded = plus(loaded, pickup.units)
            if pickup.planet:
                holding = forces.planets[pickup.planet]
                left = minus(holding.units, pickup.units)
                forces = with_holding(
                    forces, pickup.planet, msgspec.structs.replace(holding, units=left)
                )
            else:
                there = forces.fleet(pickup.position, seat)
                forces = with_fleet(forces, pickup.position, fleet_less(there, pickup.units, {}))
        arrived = fleet_plus(forces.fleet(movement.activated, seat), loaded, group.damaged)
        forces = with_fleet(forces, movement.activated, arrived)
    return forces


def candidates(
    galaxy: Galaxy, forces: Forces, commander: Commander, activated: str
) -> tuple[Movement, ...]:
    """Sound movements into the activated system, a few: nothing; each fleet in reach alone,
    by a shortest open route, with its fighters and cargo when they fit, else without; and all
    of those together."""
    nothing = Movement(activated)
    if not holds_counter(forces, activated, commander.seat):
        return (nothing,)
    found: list[Movement] = [nothing]
    singles: list[Group] = []
    for origin in sorted(forces.space):
        for group in _groups_from(galaxy, forces, commander, activated, origin):
            movement = Movement(activated, (group,))
            if refusal(galaxy, forces, commander, movement) is None:
                found.append(movement)
                singles.append(group)
                break
    everything = Movement(activated, tuple(singles))
    if len(singles) > 1 and refusal(galaxy, forces, commander, everything) is None:
        found.append(everything)
    return tuple(found)


def route(
    galaxy: Galaxy,
    forces: Forces,
    commander: Commander,
    origin: str,
    activated: str,
    reach: int,
    unseen: bool = False,
) -> tuple[str, ...] | None:
    """The systems passed through on a shortest open route of at most `reach` moves, or None;
    `unseen`, passing enemy ships (TI-Q30)."""
    came_from: dict[str, str] = {origin: ""}
    queue = deque([(origin, 0)])
    while queue:
        here, steps = queue.popleft()
        if steps == reach:
            continue
        for there in adjacent(galaxy, here):
            if there == activated:
                path = [here]
                while came_from[path[-1]]:
                    path.append(came_from[path[-1]])
                return tuple(reversed(path[:-1]))
            blocked = _passage_refusal(galaxy, forces, commander, there, unseen)
            if there not in came_from and not blocked:
                came_from[there] = here
                queue.append((there, steps + 1))
    return None


def move_value(unit: str, origin_kind: str, commander: Commander) -> int:
    """How far a ship of this type moves: XRD Transporters add 1 to carriers, Type IV Drive to
    cruisers and dreadnoughts, Advanced Fighters let fighters move 2; out of a nebula every ship
    moves 1; Flank Speed adds 1 to every ship that moves on its own (TI-M3, TI-M5, TI-K4,
    TI-K6, TI-Q29)."""
    move = load().units[unit].move
    if unit == "carrier" and commander.owns("xrd_transporters"):
        move += 1
    if unit in ("cruiser", "dreadnought") and commander.owns("type_iv_drive"):
        move += 1
    if unit == "fighter" and commander.owns(ADVANCED_FIGHTERS):
        move = FIGHTER_MOVE
    if move and commander.quickened:
        move += 1
    return min(move, 1) if origin_kind == "nebula" else move


def _groups_from(
    galaxy: Galaxy, forces: Forces, commander: Commander, activated: str, origin: str
) -> list[Group]:
    """This fleet's ships able to reach, with their fighters and cargo, then without."""
    if origin not in galaxy.tiles:
        return []
    fleet = forces.fleet(origin, commander.seat)
    kind = load().systems[galaxy.tiles[origin]].kind
    movers = {u: n for u, n in fleet.units.items() if move_value(u, kind, commander) > 0}
    if origin == activated or not movers or holds_counter(forces, origin, commander.seat):
        return []
    reach = max(move_value(u, kind, commander) for u in movers)
    via = route(galaxy, forces, commander, origin, activated, reach)
    if via is None and origin in commander.unseen:  # only its fast ships slip past (TI-Q30)
        movers = {u: n for u, n in movers.items() if move_value(u, kind, commander) >= UNSEEN_MOVE}
        via = route(galaxy, forces, commander, origin, activated, reach, unseen=True)
    if via is None or not movers:
        return []
    able = {u: n for u, n in movers.items() if move_value(u, kind, commander) > len(via)}
    if not able:
        return []
    damaged = {u: min(n, able.get(u, 0)) for u, n in fleet.damaged.items() if able.get(u)}
    carried = {u: n for u in ("fighter", *CARGO) if (n := fleet.units.get(u, 0)) and u not in able}
    loading = _loading(galaxy, forces, commander, origin, plus(able, carried))
    return [
        *([Group(origin, plus(able, carried), via, damaged, loading)] if loading else []),
        Group(origin, plus(able, carried), via, damaged),
        Group(
            origin, plus(able, {u: n for u, n in carried.items() if u != "fighter"}), via, damaged
        ),
        Group(origin, able, via, damaged),
    ]


def _loading(
    galaxy: Galaxy, forces: Forces, commander: Commander, origin: str, units: Units
) -> tuple[Pickup, ...]:
    """Ground forces from his planets in the origin system, as many as the room aboard takes
    (TI-M7)."""
    room = cargo_room(units, commander) - units.get("fighter", 0)
    pickups = []
    for planet in planets_in(galaxy, origin):
        holding = forces.planets.get(planet, Holding())
        troops = min(room, holding.units.get("ground_force", 0))
        if holding.controller == commander.seat and troops > 0:
            pickups.append(Pickup(origin, {"ground_force": troops}, planet))
            room -= troops
    return tuple(pickups)


def _passage_refusal(
    galaxy: Galaxy, forces: Forces, commander: Commander, position: str, unseen: bool = False
) -> Rejection | None:
    """Why ships may not pass through this system on their way, or None (TI-M4, TI-M5);
    `unseen` ships pass enemy ships (TI-Q30)."""
    kind = load().systems[galaxy.tiles[position]].kind
    if kind == "supernova":
        return Rejection("TI-M5", f"no ship enters or passes through the supernova at {position}")
    if kind == "nebula":
        return Rejection("TI-M5", f"ships enter the nebula at {position} only to end their move")
    if kind == "asteroid_field" and "antimass_deflectors" not in commander.technologies:
        return Rejection(
            "TI-M5", f"passing through the asteroid field at {position} needs Antimass Deflectors"
        )
    if unseen or commander.owns("light_wave_deflector"):  # TI-Q30, TI-K5
        return None
    if enemy_capital_ships(forces, position, commander.seat):
        return Rejection("TI-M4", f"enemy ships at {position} block the way")
    fleets = forces.space.get(position, Space()).fleets
    if any(f.seat in commander.screens and f.units.get("fighter") for f in fleets):
        return Rejection("TI-K6", f"enemy Advanced Fighters at {position} block the way")
    return None


def _group_refusal(
    galaxy: Galaxy, forces: Forces, commander: Commander, activated: str, group: Group
) -> Rejection | None:
    units = load().units
    if group.origin not in galaxy.tiles:
        return Rejection("TI-M2", f"there is no system at {group.origin}")
    if group.origin == activated:
        return Rejection("TI-M2", f"your ships at {activated} are already there")
    if holds_counter(forces, group.origin, commander.seat):
        return Rejection(
            "TI-M2", f"your ships at {group.origin} stay: it holds one of your command counters"
        )
    if any(u not in units or n < 0 for u, n in group.units.items()) or not within(
        group.damaged, group.units
    ):
        return Rejection("TI-M2", "name the units that move by their types, each a count")
    kind = load().systems[galaxy.tiles[group.origin]].kind
    movers = {u for u, n in group.units.items() if n and units[u].move}
    loaded = group.units
    for pickup in group.pickups:
        loaded = plus(loaded, pickup.units)
    flying = commander.owns(ADVANCED_FIGHTERS) and loaded.get("fighter", 0)
    if flying and cargo_room(loaded, commander) < loaded.get("fighter", 0):
        movers.add("fighter")  # those without room aboard fly on their own (TI-K6)
    if not movers:
        return Rejection("TI-M6", "fighters, ground forces and PDS move only aboard a ship")
    path = (group.origin, *group.via, activated)
    for here, there in pairwise(path):
        if there not in galaxy.tiles or there not in adjacent(galaxy, here):
            return Rejection("TI-M3", f"{there} is not next to {here}")
    unseen = group.origin in commander.unseen and all(
        move_value(u, kind, commander) >= UNSEEN_MOVE for u in movers
    )
    for passing in group.via:
        refused = _passage_refusal(galaxy, forces, commander, passing, unseen)
        if refused:
            return refused
    steps = len(group.via) + 1
    for unit in sorted(movers):
        reach = move_value(unit, kind, commander)
        if reach < steps:
            rule = "TI-M5" if kind == "nebula" else "TI-M3"
            return Rejection(rule, f"a {units[unit].name.lower()} moves {reach}, not {steps}")
    for pickup in group.pickups:
        refused = _pickup_refusal(galaxy, forces, commander.seat, path, pickup)
        if refused:
            return refused
    if not carries(loaded, commander):
        return Rejection("TI-M6", "those ships cannot carry all that: carriers and war suns hold 6")
    return None


def _pickup_refusal(
    galaxy: Galaxy, forces: Forces, seat: int, path: tuple[str, ...], pickup: Pickup
) -> Rejection | None:
    where = pickup.position
    if where not in path:
        return Rejection("TI-M7", f"{where} is not on that group's route")
    if enemy_ships(forces, where, seat):
        return Rejection("TI-M7", f"nothing is loaded at {where}: enemy ships are there")
    if where != path[-1] and holds_counter(forces, where, seat):
        return Rejection("TI-M7", f"nothing is loaded at {where}: you activated it before")
    if pickup.planet:
        holding = forces.planets.get(pickup.planet, Holding())
        if pickup.planet not in planets_in(galaxy, where) or holding.controller != seat:
            return Rejection("TI-M7", f"{pickup.planet} is not one of your planets at {where}")
        if any(u not in CARGO for u in pickup.units):
            return Rejection("TI-M7", "only ground forces and PDS are loaded from a planet")
    elif any(u != "fighter" for u in pickup.units):
        return Rejection("TI-M7", "only fighters are loaded from a system's space")
    return None


def _takings_refusal(forces: Forces, seat: int, movement: Movement) -> Rejection | None:
    """Every unit moved or loaded is there to take, counted over all groups (TI-M2, TI-M7)."""
    taken: dict[tuple[str, str], Units] = {}
    damaged: dict[str, Units] = {}
    for group in movement.groups:
        taken[(group.origin, "")] = plus(taken.get((group.origin, ""), {}), group.units)
        damaged[group.origin] = plus(damaged.get(group.origin, {}), group.damaged)
        for pickup in group.pickups:
            key = (pickup.position, pickup.planet)
            taken[key] = plus(taken.get(key, {}), pickup.units)
    for (position, planet), units in sorted(taken.items()):
        if planet:
            there = forces.planets.get(planet, Holding()).units
        else:
            there = forces.fleet(position, seat).units
        if not within(units, there):
            return Rejection("TI-M2", f"you have not that many units at {planet or position}")
    for position, units in sorted(damaged.items()):
        if not within(units, forces.fleet(position, seat).damaged):
            return Rejection("TI-M2", f"you have not that many damaged ships at {position}")
    return None


def after_refusal(
    galaxy: Galaxy, forces: Forces, commander: Commander, movement: Movement
) -> Rejection | None:
    """Fleet supply where the ships end, and cargo and fighters supported wherever the movement
    took or left units (TI-M6, TI-M8, TI-M9)."""
    if not within_supply(forces, galaxy, movement.activated, commander):
        return Rejection(
            "TI-M8",
            f"your fleet supply of {commander.supply_at(movement.activated)} allows no more "
            f"ships (fighters apart) at {movement.activated}",
        )
    touched = {movement.activated}
    for group in movement.groups:
        touched |= {group.origin} | {p.position for p in group.pickups}
    for position in sorted(touched):
        units = forces.fleet(position, commander.seat).units
        if cargo_room(units, commander) < 0:
            return Rejection("TI-M6", f"the cargo left at {position} no longer fits aboard")
        if lacks_support(forces, galaxy, position, commander):
            return Rejection("TI-M9", f"your fighters at {position} would lack support")
    return None
