"""Landing and invasion (TI-L): ground forces and PDS unloaded onto the activated system's
planets, bombardment, the defending PDS's fire, invasion combat rounds and the change of a
planet's control. An invasion in progress is a value of its own (`Invasion`): the invader's
landed units, while the defender's stay on his planet. Dice are passed in, as in combat.py."""

import msgspec

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.combat import Throw, Volley, dice
from events.rulesets.twilight_imperium_3.fleets import (
    CARGO,
    Commander,
    enemy_ships,
    fleet_less,
    fleet_plus,
    holds_counter,
    planets_in,
    plus,
    with_fleet,
    with_holding,
    within,
)
from events.rulesets.twilight_imperium_3.forces import Forces, Holding, Units
from events.rulesets.twilight_imperium_3.galaxy import Galaxy
from events.rulesets.twilight_imperium_3.loader import load

BOMBARDERS = ("dreadnought", "war_sun")
GRAVITON_NEGATOR = "graviton_negator"
X89 = "x89_bacterial_weapon"


class Drop(msgspec.Struct, frozen=True):
    """Ground forces and PDS unloaded from his ships onto one planet; with Graviton Negator,
    fighters joining the invasion combat there (TI-K10)."""

    planet: str
    units: Units


class Landing(msgspec.Struct, frozen=True):
    """The landing step: no drops is landing nothing."""

    position: str
    drops: tuple[Drop, ...] = ()


class Invasion(msgspec.Struct, frozen=True):
    """A planet under invasion: the invader's landed ground forces and PDS, and the fighters
    joining them (TI-K10); the defender's ground forces and PDS are those on the planet. Then
    the volleys fired in its combat (the defending PDS's, one a round), the ground forces killed
    in it (TI-K12), the seats rolling 1 better in the coming round (Morale Boost, TI-Q25), and
    the round's dice once rolled, until their hits are taken (Recheck, TI-Q77)."""

    planet: str
    invader: int
    defender: int
    ground_forces: int
    pds: int = 0
    fighters: int = 0
    fired: int = 0
    killed: int = 0
    boosted: tuple[int, ...] = ()
    dice: tuple[Throw, ...] = ()


class Bombardment(msgspec.Struct, frozen=True):
    """Dreadnoughts and war suns of the active player bombarding one planet; `bacterial`: with
    X-89 Bacterial Weapon instead of dice (TI-K17)."""

    planet: str
    units: Units
    bacterial: bool = False


def landing_refusal(
    galaxy: Galaxy, forces: Forces, commander: Commander, landing: Landing
) -> Rejection | None:
    """Why this landing breaks a rule, or None (TI-L1, TI-U6)."""
    seat, position = commander.seat, landing.position
    if not holds_counter(forces, position, seat):
        return Rejection("TI-L1", "units land only in the system you activated")
    if landing.drops and enemy_ships(forces, position, seat):
        return Rejection("TI-L1", "no landing while enemy ships are in the system")
    named = [d.planet for d in landing.drops]
    if len(set(named)) != len(named):
        return Rejection("TI-L1", "name each planet once")
    unloaded: Units = {}
    for drop in landing.drops:
        if drop.planet not in planets_in(galaxy, position):
            return Rejection("TI-L1", f"{drop.planet} is not a planet of that system")
        holding = forces.planets.get(drop.planet, Holding())
        if drop.units.get("fighter"):
            refused = _joining_refusal(holding, drop, commander)
            if refused:
                return refused
        if any(u not in (*CARGO, "fighter") or n < 0 for u, n in drop.units.items()):
            return Rejection("TI-L1", "only ground forces and PDS land")
        standing = holding.units.get("pds", 0) if holding.controller == seat else 0
        if standing + drop.units.get("pds", 0) > load().units["pds"].per_planet:
            return Rejection("TI-U6", f"a planet holds at most 2 PDS: not {drop.planet}")
        unloaded = plus(unloaded, drop.units)
    if not within(unloaded, forces.fleet(position, seat).units):
        return Rejection("TI-L1", "your ships there do not carry that many")
    return None


def _joining_refusal(holding: Holding, drop: Drop, commander: Commander) -> Rejection | None:
    """Fighters join only ground forces landing in an invasion combat, with Graviton Negator
    (TI-K10)."""
    if not commander.owns(GRAVITON_NEGATOR):
        return Rejection("TI-L1", "only ground forces and PDS land")
    defended = holding.controller not in (None, commander.seat) and holding.units.get(
        "ground_force"
    )
    if not defended or not drop.units.get("ground_force"):
        return Rejection("TI-K10", "fighters join only ground forces invading a defended planet")
    return None


def land(
    galaxy: Galaxy, forces: Forces, commander: Commander, landing: Landing
) -> tuple[Forces, tuple[Invasion, ...]]:
    """The forces once this (accepted) landing is made, and the invasions it begins: on his own
    planet units join his; on a neutral planet, or an enemy's without ground forces, a ground
    force takes control (TI-L2, TI-L3); a PDS landing with none is lost; on an enemy's planet
    with ground forces an invasion begins (TI-L5)."""
    seat = commander.seat
    invasions: list[Invasion] = []
    for drop in landing.drops:
        fleet = forces.fleet(landing.position, seat)
        forces = with_fleet(forces, landing.position, fleet_less(fleet, drop.units, {}))
        holding = forces.planets.get(drop.planet, Holding())
        troops = drop.units.get("ground_force", 0)
        if holding.controller == seat:
            units = plus(holding.units, drop.units)
            forces = with_holding(
                forces, drop.planet, msgspec.structs.replace(holding, units=units)
            )
        elif not troops:
            continue
        elif holding.controller is None or not holding.units.get("ground_force"):
            forces = with_holding(forces, drop.planet, Holding(seat, True, dict(drop.units)))
        else:
            pds, fighters = drop.units.get("pds", 0), drop.units.get("fighter", 0)
            invasions.append(Invasion(drop.planet, seat, holding.controller, troops, pds, fighters))
    return forces, tuple(invasions)


def bombardment_refusal(
    galaxy: Galaxy,
    forces: Forces,
    commander: Commander,
    position: str,
    invasions: tuple[Invasion, ...],
    bombardments: tuple[Bombardment, ...],
) -> Rejection | None:
    """Why these bombardments break a rule, or None (TI-L4)."""
    seat = commander.seat
    used: Units = {}
    invaded = {i.planet for i in invasions if i.invader == seat}
    for bombardment in bombardments:
        holding = forces.planets.get(bombardment.planet, Holding())
        if bombardment.planet not in planets_in(galaxy, position) or holding.controller in (
            None,
            seat,
        ):
            return Rejection("TI-L4", f"{bombardment.planet} is not an enemy planet of that system")
        if any(u not in BOMBARDERS or n < 0 for u, n in bombardment.units.items()):
            return Rejection("TI-L4", "only dreadnoughts and war suns bombard")
        if bombardment.units.get("dreadnought"):
            if bombardment.planet not in invaded:
                return Rejection(
                    "TI-L4",
                    f"dreadnoughts bombard only a planet you invade: not {bombardment.planet}",
                )
            if holding.units.get("pds") and not commander.owns("graviton_negator"):  # TI-K10
                return Rejection(
                    "TI-L4",
                    f"the planetary shield of {bombardment.planet}'s PDS stops dreadnoughts",
                )
        if bombardment.bacterial and (refused := _bacterial_refusal(commander, holding)):
            return refused
        used = plus(used, bombardment.units)
    if not within(used, forces.fleet(position, seat).units):
        return Rejection("TI-L4", "each of your ships there bombards once at most")
    return None


def _bacterial_refusal(commander: Commander, holding: Holding) -> Rejection | None:
    """X-89 Bacterial Weapon, owned, against ground forces there (TI-K17)."""
    if not commander.owns(X89):
        return Rejection("TI-K17", "only a player owning X-89 Bacterial Weapon uses it")
    if not holding.units.get("ground_force"):
        return Rejection("TI-K17", "X-89 Bacterial Weapon needs ground forces to destroy there")
    return None


def bombardment_volley(bombardment: Bombardment, commander: Commander) -> Volley:
    """A die for each dreadnought, three for each war sun, at their combat values (TI-L4)."""
    return dice(bombardment.units, commander)


def bombard(forces: Forces, planet: str, hits: int) -> Forces:
    """Each bombardment hit destroys one of the planet's ground forces (TI-L4)."""
    holding = forces.planets[planet]
    lost = min(hits, holding.units.get("ground_force", 0))
    units = plus(holding.units, {"ground_force": -lost})
    return with_holding(forces, planet, msgspec.structs.replace(holding, units=units))


def defence_volley(forces: Forces, invasion: Invasion, defender: Commander) -> Volley:
    """The defender's PDS on the planet, one die each, before the first round (TI-L5)."""
    pds = forces.planets[invasion.planet].units.get("pds", 0)
    return dice({"pds": pds}, defender)


def ground_volley(
    count: int, commander: Commander, shielded: bool = False, boost: int = 0
) -> Volley:
    """A die for each ground force in an invasion round (TI-L6); defending a planet with his
    PDS, each gets 1 more with Magen Defense Grid (TI-K7); `boost` more from an action card
    (Morale Boost, TI-Q25)."""
    magen = shielded and commander.owns("magen_defense_grid")
    return dice({"ground_force": count}, commander, bonus=int(magen) + boost)


def invading_volley(invasion: Invasion, commander: Commander) -> Volley:
    """The invader's dice in a round: his ground forces', and his fighters' at their combat
    value (TI-K10), each `boost`ed by Morale Boost (TI-Q25)."""
    boost = int(invasion.invader in invasion.boosted)
    fighters = dice({"fighter": invasion.fighters}, commander, bonus=boost)
    return ground_volley(invasion.ground_forces, commander, boost=boost) + fighters


def ground_forces_lost(invasion: Invasion, hits: int) -> int:
    """Of these hits on the invader, those his ground forces take: his fighters take them first
    (TI-K10)."""
    return min(invasion.ground_forces, max(0, hits - invasion.fighters))


def defence(invasion: Invasion, hits: int) -> Invasion:
    """Each hit of the defending PDS or of a round destroys a landed fighter, once none is
    left a landed ground force (TI-L5, TI-K10)."""
    return msgspec.structs.replace(
        invasion,
        fighters=max(0, invasion.fighters - hits),
        ground_forces=invasion.ground_forces - ground_forces_lost(invasion, hits),
    )


def defenders(forces: Forces, invasion: Invasion) -> int:
    return forces.planets[invasion.planet].units.get("ground_force", 0)


def invasion_round(
    forces: Forces, invasion: Invasion, invader_hits: int, defender_hits: int
) -> tuple[Forces, Invasion]:
    """Both sides' losses of one round, taken at once: ground forces only (TI-L6)."""
    forces = bombard(forces, invasion.planet, invader_hits)
    return forces, defence(invasion, defender_hits)


def invasion_over(forces: Forces, invasion: Invasion) -> bool:
    return not invasion.ground_forces or not defenders(forces, invasion)


def fighters_back(forces: Forces, invasion: Invasion, position: str) -> Forces:
    """The invader's fighters left go back to the system's space once the invasion is over:
    they never take the planet (TI-K10)."""
    if not invasion.fighters:
        return forces
    fleet = fleet_plus(forces.fleet(position, invasion.invader), {"fighter": invasion.fighters}, {})
    return with_fleet(forces, position, fleet)


def conclude(forces: Forces, invasion: Invasion) -> Forces:
    """The planet once the invasion is over: taken, its card exhausted and the defender's PDS
    and space dock destroyed, if the invader's ground forces alone are left; else the
    defender's still, and the invader's PDS lost with his last ground force (TI-L7)."""
    if not invasion.ground_forces or defenders(forces, invasion):
        return forces
    units = {"ground_force": invasion.ground_forces, "pds": invasion.pds}
    return with_holding(
        forces,
        invasion.planet,
        Holding(invasion.invader, True, {u: n for u, n in units.items() if n}),
    )
