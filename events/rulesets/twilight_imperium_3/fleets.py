"""What the tactical rules share about fleets: units added and taken, who is an enemy where,
what ships carry (TI-M6), fighter support (TI-M9) and fleet supply (TI-M8). Movement, combat,
invasion and production all read these."""

import msgspec

from events.rulesets.twilight_imperium_3.forces import Fleet, Forces, Holding, Space, Units
from events.rulesets.twilight_imperium_3.galaxy import Galaxy
from events.rulesets.twilight_imperium_3.loader import load

CARGO = ("ground_force", "pds")  # carried aboard, never in space on their own
ADVANCED_FIGHTERS = "advanced_fighters"
FIGHTER_SUPPORT_PER_DOCK = 3
WAR_FOOTING = 2  # more fleet supply in the system War Footing names, this round (TI-Q24)
UNLIMITED = 1_000  # the fleet supply of a home system under Grand Armada: more than any fleet


class Commander(msgspec.Struct, frozen=True):
    """What the tactical rules need of a player beyond the map: his seat, his technologies and
    the command counters in his fleet supply."""

    seat: int
    technologies: frozenset[str] = frozenset()
    fleet_supply: int = 3
    screens: frozenset[int] = frozenset()  # other seats whose fighters block his way (TI-K6)
    footings: frozenset[str] = frozenset()  # systems his War Footing names this round (TI-Q24)
    idle_docks: frozenset[str] = frozenset()  # planets whose dock builds nothing (TI-Q17)
    armada: str = ""  # his home system, with no fleet-supply limit this round (TI-Q52)
    spikes: tuple[str, ...] = ()  # planets whose dock produces more this round (TI-Q53)
    quickened: bool = False  # his ships move 1 further this action: Flank Speed (TI-Q29)
    unseen: frozenset[str] = frozenset()  # fleets passing enemy ships this action (TI-Q30)

    def owns(self, technology: str) -> bool:
        return technology in self.technologies

    def supply_at(self, position: str) -> int:
        """His fleet supply in this system: 2 more where his War Footing lasts (TI-Q24), no
        limit in his home system under Grand Armada (TI-Q52)."""
        if position == self.armada:
            return UNLIMITED
        return self.fleet_supply + WAR_FOOTING * (position in self.footings)


def plus(a: Units, b: Units) -> Units:
    """In the order of the keys (not a set's, which varies by process: units reach the log)."""
    return {u: a.get(u, 0) + b.get(u, 0) for u in {**a, **b} if a.get(u, 0) + b.get(u, 0)}


def minus(a: Units, b: Units) -> Units:
    """`a` less `b`; a count below nothing is a caller's error, kept visible as negative."""
    return {u: a.get(u, 0) - b.get(u, 0) for u in {**a, **b} if a.get(u, 0) - b.get(u, 0)}


def within(part: Units, whole: Units) -> bool:
    return all(n >= 0 and n <= whole.get(u, 0) for u, n in part.items())


def total(units: Units) -> int:
    return sum(units.values())


def ships(units: Units) -> Units:
    """The units in space that fight in space battles: ships and fighters."""
    kinds = load().units
    return {u: n for u, n in units.items() if n and kinds[u].kind in ("ship", "fighter")}


def capital_ships(units: Units) -> int:
    """Ships that count against fleet supply: every ship but fighters (TI-M8)."""
    kinds = load().units
    return sum(n for u, n in units.items() if kinds[u].kind == "ship")


def cargo(units: Units) -> Units:
    return {u: units[u] for u in CARGO if units.get(u)}


def planets_in(galaxy: Galaxy, position: str) -> tuple[str, ...]:
    return tuple(p.name for p in load().systems[galaxy.tiles[position]].planets)


def enemy_ships(forces: Forces, position: str, seat: int) -> bool:
    fleets = forces.space.get(position, Space()).fleets
    return any(f.seat != seat and ships(f.units) for f in fleets)


def enemy_capital_ships(forces: Forces, position: str, seat: int) -> bool:
    """Enemy ships other than fighters, which alone block a passage (TI-M4)."""
    fleets = forces.space.get(position, Space()).fleets
    return any(f.seat != seat and capital_ships(f.units) for f in fleets)


def holds_counter(forces: Forces, position: str, seat: int) -> bool:
    return seat in forces.space.get(position, Space()).counters


def capacity(units: Units) -> int:
    """Places aboard carriers and war suns, for ground forces, PDS and fighters alike (TI-M6)."""
    kinds = load().units
    return sum(kinds[u].capacity * n for u, n in units.items())


def stasis_berths(units: Units, commander: Commander) -> int:
    """With Stasis Capsules each cruiser and dreadnought carries a ground force (TI-M6)."""
    if "stasis_capsules" not in commander.technologies:
        return 0
    return units.get("cruiser", 0) + units.get("dreadnought", 0)


def cargo_room(units: Units, commander: Commander) -> int:
    """Places left aboard once the ground forces and PDS carried are stowed; negative when they
    do not fit (TI-M6)."""
    berthed = min(units.get("ground_force", 0), stasis_berths(units, commander))
    aboard = units.get("ground_force", 0) - berthed + units.get("pds", 0)
    return capacity(units) - aboard


def carries(units: Units, commander: Commander) -> bool:
    """A moving group carries its fighters, ground forces and PDS (TI-M6); fighters with
    Advanced Fighters fly on their own when there is no room for them (TI-K6)."""
    if commander.owns(ADVANCED_FIGHTERS):
        return cargo_room(units, commander) >= 0
    return cargo_room(units, commander) >= units.get("fighter", 0)


def docks(forces: Forces, galaxy: Galaxy, position: str, seat: int) -> int:
    holdings = (forces.planets.get(p, Holding()) for p in planets_in(galaxy, position))
    return sum(h.units.get("space_dock", 0) for h in holdings if h.controller == seat)


def fighter_support(forces: Forces, galaxy: Galaxy, position: str, commander: Commander) -> int:
    """Fighters this player may keep in this system: 3 for each of his space docks there and
    the room his carriers and war suns have left (TI-M9)."""
    fleet = forces.fleet(position, commander.seat)
    room = max(0, cargo_room(fleet.units, commander))
    return FIGHTER_SUPPORT_PER_DOCK * docks(forces, galaxy, position, commander.seat) + room


def supply_used(forces: Forces, galaxy: Galaxy, position: str, commander: Commander) -> int:
    """His ships in a system that count against fleet supply: every ship but fighters (TI-M8),
    and with Advanced Fighters the fighters beyond support (TI-K6)."""
    units = forces.fleet(position, commander.seat).units
    used = capital_ships(units)
    if commander.owns(ADVANCED_FIGHTERS):
        support = fighter_support(forces, galaxy, position, commander)
        used += max(0, units.get("fighter", 0) - support)
    return used


def within_supply(forces: Forces, galaxy: Galaxy, position: str, commander: Commander) -> bool:
    """No more ships in a system than counters in his fleet supply (TI-M8)."""
    return supply_used(forces, galaxy, position, commander) <= commander.supply_at(position)


def lacks_support(forces: Forces, galaxy: Galaxy, position: str, commander: Commander) -> bool:
    """His fighters in a system outnumber their support (TI-M9), which Advanced Fighters do
    without (TI-K6)."""
    fighters = forces.fleet(position, commander.seat).units.get("fighter", 0)
    if commander.owns(ADVANCED_FIGHTERS):
        return False
    return fighters > fighter_support(forces, galaxy, position, commander)


def with_fleet(forces: Forces, position: str, fleet: Fleet) -> Forces:
    """The forces with this seat's fleet in this system replaced, dropped when empty."""
    space = forces.space.get(position, Space())
    others = tuple(f for f in space.fleets if f.seat != fleet.seat)
    fleets = (*others, fleet) if fleet.units else others
    fleets = tuple(sorted(fleets, key=lambda f: f.seat))
    return msgspec.structs.replace(
        forces, space=forces.space | {position: msgspec.structs.replace(space, fleets=fleets)}
    )


def with_holding(forces: Forces, planet: str, holding: Holding) -> Forces:
    return msgspec.structs.replace(forces, planets=forces.planets | {planet: holding})


def fleet_less(fleet: Fleet, units: Units, damaged: Units) -> Fleet:
    """The fleet without these units, of which `damaged` were the damaged ones."""
    left = minus(fleet.units, units)
    still = minus(fleet.damaged, damaged)
    kept = {u: min(n, left.get(u, 0)) for u, n in still.items()}
    return Fleet(fleet.seat, left, {u: n for u, n in kept.items() if n > 0})


def fleet_plus(fleet: Fleet, units: Units, damaged: Units) -> Fleet:
    return Fleet(fleet.seat, plus(fleet.units, units), plus(fleet.damaged, damaged))


def trim_unsupported(
    forces: Forces, galaxy: Galaxy, position: str, commander: Commander
) -> tuple[Forces, Units]:
    """His fleet here once the excess is removed: ships beyond his fleet supply (the cheapest
    first), cargo beyond the room left aboard (ground forces first), then fighters beyond support
    (TI-M6, TI-M8, TI-M9, TI-K6). Returns the forces and what was removed."""
    fleet = forces.fleet(position, commander.seat)
    units = dict(fleet.units)
    kinds = load().units
    removed: Units = {}
    cheapest = sorted((u for u in units if kinds[u].kind == "ship"), key=lambda u: kinds[u].cost)
    for unit in cheapest:
        over = min(units[unit], max(0, capital_ships(units) - commander.supply_at(position)))
        units[unit] -= over
        removed[unit] = over
    excess = max(0, -cargo_room(units, commander))
    loose = max(0, units.get("ground_force", 0) - stasis_berths(units, commander))
    lost = {"ground_force": min(loose, excess)}
    lost["pds"] = min(units.get("pds", 0), excess - lost["ground_force"])
    units = minus(units, lost)
    removed = plus(removed, lost)
    trimmed = with_fleet(forces, position, fleet_less(fleet, minus(fleet.units, units), {}))
    supported = fighter_support(trimmed, galaxy, position, commander)
    if commander.owns(ADVANCED_FIGHTERS):  # the rest of his fleet supply holds more (TI-K6)
        supported += max(0, commander.supply_at(position) - capital_ships(units))
    over = max(0, units.get("fighter", 0) - supported)
    removed["fighter"] = over
    removed = {u: n for u, n in removed.items() if n}
    return with_fleet(forces, position, fleet_less(fleet, removed, {})), removed
