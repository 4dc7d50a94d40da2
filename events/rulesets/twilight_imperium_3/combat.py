"""Fire in space (TI-C): PDS fire into the activated system, and the space battle: anti-fighter
barrage, combat rounds, casualties chosen by their owner (a decision and its judge, with a
default), sustained damage, retreats and the end of a battle. Dice are passed in: the engine
draws them from the chance source and writes them as events, so everything here is a pure
function of its arguments."""

import msgspec

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.fleets import (
    Commander,
    cargo,
    cargo_room,
    fleet_less,
    fleet_plus,
    holds_counter,
    minus,
    planets_in,
    plus,
    ships,
    stasis_berths,
    total,
    trim_unsupported,
    with_fleet,
    within,
)
from events.rulesets.twilight_imperium_3.forces import Fleet, Forces, Holding, Space, Units
from events.rulesets.twilight_imperium_3.galaxy import Galaxy, adjacent
from events.rulesets.twilight_imperium_3.loader import load

BARRAGE_DICE = 2  # per destroyer (TI-C3)
HYLAR_V = ("cruiser", "destroyer")


class Die(msgspec.Struct, frozen=True):
    """One combat die: the unit rolling it and the lowest roll that hits, modifiers applied."""

    unit: str
    hit_on: int


Volley = tuple[Die, ...]


class Battery(msgspec.Struct, frozen=True):
    """One player's PDS in range of the activated system that may still fire, by planet, and
    whose ships they may fire at."""

    seat: int
    target: int
    sites: Units


class Casualties(msgspec.Struct, frozen=True):
    """A player's answer to hits on his ships (TI-C5): the units destroyed, and those damaged
    instead (TI-C6). Ground forces and PDS destroyed are cargo left without room aboard."""

    destroyed: Units = {}
    damaged: Units = {}


class Retreat(msgspec.Struct, frozen=True):
    """A retreat announced at the start of a round, to be made at its end (TI-C7, TI-C8)."""

    to: str


def hit(roll: int, hit_on: int) -> bool:
    """A d10 whose 0 counts as 10 hits at or above the value needed (TI-C4)."""
    return (10 if roll == 0 else roll) >= hit_on


class Throw(msgspec.Struct, frozen=True):
    """One side's dice in a round of combat, kept until their hits are taken: each die's roll
    and the lowest roll it needs to hit, in the order rolled (Recheck rolls one again, TI-Q77)."""

    seat: int
    rolls: tuple[int, ...]
    needs: tuple[int, ...]

    def hits(self) -> int:
        return sum(hit(r, n) for r, n in zip(self.rolls, self.needs, strict=True))


def hits(volley: Volley, rolls: tuple[int, ...]) -> int:
    if len(rolls) != len(volley):
        raise ValueError(f"{len(volley)} dice to roll, {len(rolls)} rolled")
    return sum(hit(roll, die.hit_on) for die, roll in zip(volley, rolls, strict=True))


def combat_bonus(unit: str, commander: Commander) -> int:
    """Technologies adding to every combat roll of a unit type: Hylar V Assault Laser,
    Cybernetics (TI-C4), Advanced Fighters, Magen Defense Grid and GEN Synthesis (TI-K6,
    TI-K7, TI-K11, whose ground forces roll only in invasion combat)."""
    bonuses = (
        (HYLAR_V, "hylar_v_assault_laser"),
        (("fighter",), "cybernetics"),
        (("fighter",), "advanced_fighters"),
        (("pds",), "magen_defense_grid"),
        (("ground_force",), "gen_synthesis"),
    )
    return sum(unit in units and commander.owns(tech) for units, tech in bonuses)


def dice(units: Units, commander: Commander, bonus: int = 0, per_unit: int = 0) -> Volley:
    """Each unit's combat dice in the order of the unit table; `per_unit` overrides the table's
    number of dice."""
    table = load().units
    volley: list[Die] = []
    for unit, kind in table.items():
        if units.get(unit) and kind.combat:
            value = kind.combat - combat_bonus(unit, commander) - bonus
            volley += [Die(unit, value)] * (units[unit] * (per_unit or kind.dice))
    return tuple(volley)


def battle_volley(
    galaxy: Galaxy,
    forces: Forces,
    position: str,
    commander: Commander,
    defending: bool,
    boost: int = 0,
    fighters: int = 0,
) -> Volley:
    """His dice in a round of the space battle: a defender in a nebula gets 1 more (TI-C4),
    `boost` more from an action card (Morale Boost, TI-Q25), and his fighters `fighters` more
    (Fighter Prototype, TI-Q31)."""
    nebula = load().systems[galaxy.tiles[position]].kind == "nebula"
    fighting = ships(forces.fleet(position, commander.seat).units)
    volley = dice(fighting, commander, bonus=(1 if defending and nebula else 0) + boost)
    return tuple(Die(d.unit, d.hit_on - fighters) if d.unit == "fighter" else d for d in volley)


def barrage_volley(forces: Forces, position: str, commander: Commander, opponent: int) -> Volley:
    """His destroyers' anti-fighter barrage before round 1, when the opponent has fighters
    (TI-C3)."""
    if not forces.fleet(position, opponent).units.get("fighter"):
        return ()
    destroyers = forces.fleet(position, commander.seat).units.get("destroyer", 0)
    return dice({"destroyer": destroyers}, commander, per_unit=BARRAGE_DICE)


def barrage(forces: Forces, position: str, seat: int, hits_taken: int) -> Forces:
    """Each barrage hit destroys one of his fighters, none returning fire (TI-C3)."""
    fleet = forces.fleet(position, seat)
    lost = min(hits_taken, fleet.units.get("fighter", 0))
    return with_fleet(forces, position, fleet_less(fleet, {"fighter": lost}, {}))


def pds_in_range(
    galaxy: Galaxy, forces: Forces, position: str, commander: Commander, spent: Units
) -> Units:
    """His PDS on his planets in this system, and in the adjacent ones with Deep Space Cannon,
    by planet, less those `spent` firing earlier in the action (TI-C1, TI-A2)."""
    systems = [position]
    if "deep_space_cannon" in commander.technologies:
        systems += adjacent(galaxy, position)
    planets = (p for s in systems for p in planets_in(galaxy, s))
    found = {p: forces.planets.get(p, Holding()) for p in planets}
    sites = {p: h.units.get("pds", 0) for p, h in found.items() if h.controller == commander.seat}
    return {p: n - spent.get(p, 0) for p, n in sites.items() if n > spent.get(p, 0)}


def space_cannon(
    galaxy: Galaxy,
    forces: Forces,
    activated: str,
    active: Commander,
    others: tuple[Commander, ...],
    spent: Units,
) -> tuple[Battery, ...]:
    """Who may fire PDS after the movement, in order: every other player's PDS in range at the
    active player's ships, then the active player's PDS at the enemy ships there (TI-C1); a
    PDS `spent` firing earlier in the action fires no more (TI-A2)."""
    fleets = forces.space.get(activated, Space()).fleets
    present = {f.seat for f in fleets if ships(f.units)}
    batteries: list[Battery] = []
    if active.seat in present:
        for other in others:
            sites = pds_in_range(galaxy, forces, activated, other, spent)
            if sites:
                batteries.append(Battery(other.seat, active.seat, sites))
    sites = pds_in_range(galaxy, forces, activated, active, spent)
    for target in sorted(present - {active.seat}):
        if sites:
            batteries.append(Battery(active.seat, target, sites))
    return tuple(batteries)


def assault_volley(forces: Forces, position: str, commander: Commander) -> Volley:
    """Before a space battle, a die for each of his dreadnoughts there, with Assault Cannon
    (TI-K9)."""
    if not commander.owns("assault_cannon"):
        return ()
    dreadnoughts = forces.fleet(position, commander.seat).units.get("dreadnought", 0)
    return dice({"dreadnought": dreadnoughts}, commander, per_unit=1)


def missed(volley: Volley, rolls: tuple[int, ...]) -> Volley:
    """The dice of a volley that missed: Graviton Laser System rolls a PDS's again (TI-K8)."""
    return tuple(d for d, r in zip(volley, rolls, strict=True) if not hit(r, d.hit_on))


def defender(forces: Forces, position: str, active: int) -> int | None:
    """The player whose ships were there when the active player's arrived: a space battle
    follows (TI-C2)."""
    fleets = forces.space.get(position, Space()).fleets
    if not ships(forces.fleet(position, active).units):
        return None
    return next((f.seat for f in fleets if f.seat != active and ships(f.units)), None)


def battle_over(forces: Forces, position: str) -> bool:
    """Ships of one player at most are left (TI-C9)."""
    fleets = forces.space.get(position, Space()).fleets
    return sum(1 for f in fleets if ships(f.units)) < 2


def victor(forces: Forces, position: str) -> int | None:
    fleets = forces.space.get(position, Space()).fleets
    left = [f.seat for f in fleets if ships(f.units)]
    return left[0] if len(left) == 1 else None


def absorbable(fleet: Fleet) -> int:
    """How many hits his fleet can take: one per ship and fighter, and one more per undamaged
    ship able to sustain damage (TI-C5, TI-C6)."""
    return total(ships(fleet.units)) + sum(_sound(fleet).values())


def casualties_refusal(
    fleet: Fleet, hits_taken: int, casualties: Casualties, commander: Commander
) -> Rejection | None:
    """Why these casualties do not answer these hits, or None (TI-C5, TI-C6)."""
    destroyed_ships = ships(casualties.destroyed)
    lost_cargo = cargo(casualties.destroyed)
    if set(casualties.destroyed) - set(destroyed_ships) - set(lost_cargo) or not within(
        casualties.destroyed, fleet.units
    ):
        return Rejection("TI-C5", "name ships and fighters of yours there as casualties")
    if not within(casualties.damaged, _sound(fleet)):
        return Rejection("TI-C6", "only undamaged war suns and dreadnoughts take damage instead")
    taken = total(destroyed_ships) + total(casualties.damaged)
    owed = min(hits_taken, absorbable(fleet))
    if taken != owed:
        return Rejection("TI-C5", f"take {owed} casualties, not {taken}")
    left = minus(fleet.units, destroyed_ships)
    excess = max(0, -cargo_room(left, commander))
    if total(lost_cargo) != excess:
        return Rejection(
            "TI-C5",
            f"{excess} ground forces or PDS aboard are lost with their ships, no other number",
        )
    return None


def default_casualties(fleet: Fleet, hits_taken: int, commander: Commander) -> Casualties:
    """The casualties taken for a player who does not choose: damage first, then the cheapest
    units, then the cargo left without room, ground forces first (TI-C5)."""
    table = load().units
    owed = min(hits_taken, absorbable(fleet))
    damaged: Units = {}
    for unit, sound in _sound(fleet).items():
        damaged[unit] = min(sound, owed - total(damaged))
    destroyed: Units = {}
    by_price = sorted(ships(fleet.units), key=lambda u: table[u].cost / table[u].units_per_cost)
    for unit in by_price:
        destroyed[unit] = min(fleet.units[unit], owed - total(damaged) - total(destroyed))
    return with_cargo_lost(fleet, destroyed, damaged, commander)


def with_cargo_lost(
    fleet: Fleet, destroyed: Units, damaged: Units, commander: Commander
) -> Casualties:
    """These losses, and the cargo left without room aboard once they are gone, ground forces
    first (Stasis Capsules keep some in space) (TI-C5)."""
    destroyed = {u: n for u, n in destroyed.items() if n}
    left = minus(fleet.units, destroyed)
    excess = max(0, -cargo_room(left, commander))
    loose = max(0, left.get("ground_force", 0) - stasis_berths(left, commander))
    lost = {"ground_force": min(loose, excess)}
    lost["pds"] = excess - lost["ground_force"]
    destroyed |= {u: n for u, n in lost.items() if n}
    return Casualties(destroyed, {u: n for u, n in damaged.items() if n})


def take_casualties(forces: Forces, position: str, seat: int, casualties: Casualties) -> Forces:
    """His fleet once these (accepted) casualties are taken: a ship destroyed is a damaged one
    while any is left (TI-C6)."""
    fleet = forces.fleet(position, seat)
    units = minus(fleet.units, casualties.destroyed)
    hurt = plus(fleet.damaged, casualties.damaged)
    damaged = {u: min(units.get(u, 0), n - casualties.destroyed.get(u, 0)) for u, n in hurt.items()}
    kept = {u: n for u, n in damaged.items() if n > 0}
    return with_fleet(forces, position, Fleet(seat, units, kept))


def retreat_refusal(
    galaxy: Galaxy,
    forces: Forces,
    position: str,
    seat: int,
    attacker: int,
    attacker_retreats: bool,
    order: Retreat,
) -> Rejection | None:
    """Why this retreat may not be announced, or None (TI-C7, TI-C8)."""
    if seat != attacker and attacker_retreats:
        return Rejection("TI-C7", "the attacker announced a retreat: the defender may not")
    if order.to not in adjacent(galaxy, position):
        return Rejection("TI-C8", f"{order.to} is not next to {position}")
    if not holds_counter(forces, order.to, seat):
        return Rejection("TI-C8", f"retreat only to a system you activated before, not {order.to}")
    if any(ships(f.units) for f in forces.space.get(order.to, Space()).fleets):
        return Rejection("TI-C8", f"retreat only to a system without ships, not {order.to}")
    return None


def retreats(galaxy: Galaxy, forces: Forces, position: str, seat: int) -> tuple[str, ...]:
    """Where his fleet may retreat to (TI-C8)."""
    return tuple(
        to
        for to in adjacent(galaxy, position)
        if retreat_refusal(galaxy, forces, position, seat, seat, False, Retreat(to)) is None
    )


def retreat(
    galaxy: Galaxy, forces: Forces, position: str, commander: Commander, order: Retreat
) -> tuple[Forces, Units]:
    """The forces once his announced retreat is made at the end of the round: called off when no
    enemy ship is left; else his whole fleet goes, and what the new system cannot hold is
    removed (TI-C8). Returns the forces and the units removed."""
    if battle_over(forces, position):
        return forces, {}
    fleet = forces.fleet(position, commander.seat)
    forces = with_fleet(forces, position, Fleet(commander.seat, {}))
    arrived = fleet_plus(forces.fleet(order.to, commander.seat), fleet.units, fleet.damaged)
    forces = with_fleet(forces, order.to, arrived)
    return trim_unsupported(forces, galaxy, order.to, commander)


def end_of_battle(
    galaxy: Galaxy, forces: Forces, position: str, commanders: tuple[Commander, ...]
) -> tuple[Forces, dict[int, Units]]:
    """Once the battle is over, fighters left without support are removed (TI-C9). Returns the
    forces and, by seat, the units removed."""
    removed: dict[int, Units] = {}
    for commander in commanders:
        forces, lost = trim_unsupported(forces, galaxy, position, commander)
        if lost:
            removed[commander.seat] = lost
    return forces, removed


def _sound(fleet: Fleet) -> Units:
    """His undamaged units able to sustain damage (TI-C6)."""
    table = load().units
    return {
        u: n - fleet.damaged.get(u, 0)
        for u, n in fleet.units.items()
        if "sustain_damage" in table[u].abilities and n > fleet.damaged.get(u, 0)
    }
