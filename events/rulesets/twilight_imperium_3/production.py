"""Production (TI-U): a build order at the space docks of the activated system (units per dock,
a new space dock, planets exhausted and trade goods spent to pay), its judge, the forces after
it, the cheapest payment, a few cheap sound orders for `legal`, and the bank of 40 trade
goods."""

from functools import cache
from math import ceil

import msgspec

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import economy
from events.rulesets.twilight_imperium_3.content import Planet
from events.rulesets.twilight_imperium_3.fleets import (
    Commander,
    enemy_ships,
    fleet_plus,
    holds_counter,
    lacks_support,
    planets_in,
    plus,
    total,
    with_fleet,
    with_holding,
    within_supply,
)
from events.rulesets.twilight_imperium_3.forces import Forces, Holding, Units
from events.rulesets.twilight_imperium_3.galaxy import Galaxy
from events.rulesets.twilight_imperium_3.loader import load

TRADE_GOODS = 40  # the bank holds this many in all (TI-U10)
DOCK_OUTPUT = 2  # a space dock produces its planet's resources and this many more (TI-U2)


class Batch(msgspec.Struct, frozen=True):
    """Units produced at the space dock on this planet; with Integrated Economy, `to` a system
    for its ships or a planet for its ground forces and PDS (TI-K16), "" the dock's."""

    dock: str
    units: Units
    to: str = ""


class Build(msgspec.Struct, frozen=True):
    """The production step: no batches and no dock is building nothing."""

    position: str
    batches: tuple[Batch, ...] = ()
    space_dock: str = ""  # a planet to build a new space dock on (TI-U9)
    paying: tuple[str, ...] = ()  # planets exhausted for their resources
    trade_goods: int = 0


def cost(build: Build) -> int:
    """Resources the order costs: each type's units bought by its units per cost, over the whole
    order, a space dock 4 (TI-U3)."""
    table = load().units
    wanted: Units = {}
    for batch in build.batches:
        wanted = plus(wanted, batch.units)
    price = sum(ceil(n / table[u].units_per_cost) * table[u].cost for u, n in wanted.items())
    return price + (table["space_dock"].cost if build.space_dock else 0)


def discount(build: Build, commander: Commander) -> int:
    """Sarween Tools: 1 resource for each space dock producing (TI-U4)."""
    if "sarween_tools" not in commander.technologies:
        return 0
    return len({b.dock for b in build.batches if total(b.units)})


def output(planet: str, commander: Commander) -> int:
    """How many units the space dock on this planet produces (TI-U2), with its influence more
    for each Productivity Spike played on it this round (TI-Q53)."""
    extra = 1 if "enviro_compensator" in commander.technologies else 0
    data = planet_data(planet)
    spiked = data.influence * commander.spikes.count(planet)
    return data.resources + DOCK_OUTPUT + extra + spiked


def refusal(
    galaxy: Galaxy,
    forces: Forces,
    commander: Commander,
    build: Build,
    trade_goods_held: int,
    newly_controlled: frozenset[str] = frozenset(),
) -> Rejection | None:
    """Why this build order breaks a rule, or None. `newly_controlled`: the planets the player
    took this round, where no space dock is built (TI-U9)."""
    seat = commander.seat
    if not holds_counter(forces, build.position, seat):
        return Rejection("TI-U1", "production happens only in the system you activated")
    for refused in (
        _batches_refusal(galaxy, forces, commander, build),
        _dock_refusal(galaxy, forces, seat, build, newly_controlled),
        _limits_refusal(forces, seat, build),
        _payment_refusal(forces, commander, build, trade_goods_held),
    ):
        if refused:
            return refused
    forces = after(forces, commander, build)
    for position in _receiving(build):
        if not within_supply(forces, galaxy, position, commander):
            return Rejection(
                "TI-M8",
                f"your fleet supply of {commander.supply_at(position)} allows no more ships "
                f"in {position}",
            )
        if lacks_support(forces, galaxy, position, commander):
            return Rejection(
                "TI-M9", "those fighters would lack support: 3 a space dock, or room aboard"
            )
    return None


def _receiving(build: Build) -> tuple[str, ...]:
    """The systems whose space the order's ships appear in: the docks', or those Integrated
    Economy sends them to (TI-K16)."""
    sent = [b.to for b in build.batches if economy.to_system(b.to)]
    return tuple(dict.fromkeys((build.position, *sent)))


def _placed(build: Build, batch: Batch) -> tuple[str, str]:
    """The system for the batch's ships and the planet for its ground forces and PDS."""
    if not batch.to:
        return build.position, batch.dock
    return (batch.to, "") if economy.to_system(batch.to) else ("", batch.to)


def after(forces: Forces, commander: Commander, build: Build) -> Forces:
    """The forces once this (accepted) order is carried out: ships in the system's space, ground
    forces and PDS on their dock's planet, the new dock on its planet, the planets paid with
    exhausted (TI-U3). The trade goods spent go back to the bank (TI-U10)."""
    seat = commander.seat
    for batch in build.batches:
        system, planet = _placed(build, batch)
        in_space = economy.in_space(batch.units)
        on_planet = {u: n for u, n in batch.units.items() if u not in in_space}
        if in_space:
            forces = with_fleet(
                forces, system, fleet_plus(forces.fleet(system, seat), in_space, {})
            )
        if on_planet:
            holding = forces.planets[planet]
            units = plus(holding.units, on_planet)
            forces = with_holding(forces, planet, msgspec.structs.replace(holding, units=units))
    if build.space_dock:
        holding = forces.planets[build.space_dock]
        units = plus(holding.units, {"space_dock": 1})
        forces = with_holding(
            forces, build.space_dock, msgspec.structs.replace(holding, units=units)
        )
    for planet in build.paying:
        forces = with_holding(
            forces, planet, msgspec.structs.replace(forces.planets[planet], exhausted=True)
        )
    return forces


def payment(
    forces: Forces, seat: int, amount: int, trade_goods_held: int
) -> tuple[tuple[str, ...], int] | None:
    """The cheapest way to pay: the ready planets whose resources reach the amount with the least
    lost (fewest planets on a tie), trade goods only for what the planets cannot reach; None
    when he cannot pay (TI-U4)."""
    if amount <= 0:
        return (), 0
    ready = sorted(
        (name for name, h in forces.planets.items() if h.controller == seat and not h.exhausted),
        key=lambda name: (-planet_data(name).resources, name),
    )
    sums: dict[int, tuple[str, ...]] = {0: ()}
    for name in ready:
        worth = planet_data(name).resources
        if not worth:
            continue
        for reached, used in sorted(sums.items(), reverse=True):
            better = sums.get(reached + worth)
            if better is None or len(better) > len(used) + 1:
                sums[reached + worth] = (*used, name)
    enough = [s for s in sums if s >= amount]
    if enough:
        return tuple(sorted(sums[min(enough)])), 0
    most = max(sums)
    if amount - most > trade_goods_held:
        return None
    return tuple(sorted(sums[most])), amount - most


def plans(
    galaxy: Galaxy,
    forces: Forces,
    commander: Commander,
    position: str,
    trade_goods_held: int,
    newly_controlled: frozenset[str] = frozenset(),
) -> tuple[Build, ...]:
    """A few sound orders, each paid the cheapest way: nothing; at each dock, one purchase of each
    unit type, and as many of it as the dock produces, and with Integrated Economy one purchase
    of each ship sent to each system it reaches and of ground forces to each planet of his
    there (TI-K16); a space dock on each planet able to take one."""
    found = [Build(position)]
    wishes: list[Build] = []
    for dock in _docks(galaxy, forces, commander.seat, position):
        if dock in commander.idle_docks:
            continue
        for unit, kind in load().units.items():
            if kind.kind == "structure" and unit != "pds":
                continue
            for count in sorted({kind.units_per_cost, output(dock, commander)}):
                wishes.append(Build(position, (Batch(dock, {unit: count}),)))
        if commander.owns(economy.INTEGRATED_ECONOMY):
            wishes += _sent(galaxy, forces, commander.seat, position, dock)
    wishes += [Build(position, space_dock=p) for p in planets_in(galaxy, position)]
    for wish in wishes:
        paid = payment(
            forces, commander.seat, cost(wish) - discount(wish, commander), trade_goods_held
        )
        if paid is None:
            continue
        plan = msgspec.structs.replace(wish, paying=paid[0], trade_goods=paid[1])
        if refusal(galaxy, forces, commander, plan, trade_goods_held, newly_controlled) is None:
            found.append(plan)
    return tuple(found)


def _sent(galaxy: Galaxy, forces: Forces, seat: int, position: str, dock: str) -> list[Build]:
    table = load().units
    found = []
    for system in economy.reach(galaxy, forces, seat, position):
        for unit in economy.in_space({u: 1 for u in table}):
            batch = Batch(dock, {unit: table[unit].units_per_cost}, to=system)
            found.append(Build(position, (batch,)))
        for planet in planets_in(galaxy, system):
            if forces.planets.get(planet, Holding()).controller == seat:
                found.append(Build(position, (Batch(dock, {"ground_force": 2}, to=planet),)))
    return found


def from_bank(bank: int, wanted: int) -> int:
    """Trade goods a player gains: never more than the bank holds (TI-U10)."""
    return max(0, min(bank, wanted))


@cache
def _planets() -> dict[str, Planet]:
    return {p.name: p for s in load().systems.values() for p in s.planets}


def planet_data(name: str) -> Planet:
    return _planets()[name]


def _docks(galaxy: Galaxy, forces: Forces, seat: int, position: str) -> tuple[str, ...]:
    return tuple(
        p
        for p in planets_in(galaxy, position)
        if forces.planets.get(p, Holding()).controller == seat
        and forces.planets[p].units.get("space_dock")
    )


def _batches_refusal(
    galaxy: Galaxy, forces: Forces, commander: Commander, build: Build
) -> Rejection | None:
    table = load().units
    docks = _docks(galaxy, forces, commander.seat, build.position)
    named = [(b.dock, b.to) for b in build.batches]
    if len(set(named)) != len(named):
        return Rejection(
            "TI-U1", "name each space dock once (with Integrated Economy, once a place)"
        )
    besieged = enemy_ships(forces, build.position, commander.seat)
    for batch in build.batches:
        if batch.dock not in docks:
            return Rejection("TI-U1", f"you have no space dock on {batch.dock} in that system")
        if batch.dock in commander.idle_docks:
            return Rejection("TI-Q17", f"the space dock on {batch.dock} builds nothing this round")
        if any(u not in table or u == "space_dock" or n < 0 for u, n in batch.units.items()):
            return Rejection("TI-U1", "name the units to build by their types, space docks apart")
        produced = sum(total(b.units) for b in build.batches if b.dock == batch.dock)
        if produced > output(batch.dock, commander):
            return Rejection(
                "TI-U2",
                f"the space dock on {batch.dock} produces {output(batch.dock, commander)} units",
            )
        sent = economy.refusal(galaxy, forces, commander, build.position, batch.to, batch.units)
        if sent:
            return sent
        for unit in batch.units:
            needs = table[unit].requires
            if batch.units[unit] and needs and needs not in commander.technologies:
                return Rejection(
                    "TI-U7", f"a {table[unit].name} needs the {needs.replace('_', ' ')} technology"
                )
            if batch.units[unit] and besieged and table[unit].kind in ("ship", "fighter"):
                return Rejection(
                    "TI-U8", "enemy ships besiege your space dock: ground forces and PDS only"
                )
        planet = _placed(build, batch)[1]
        pds = forces.planets[planet].units.get("pds", 0) if planet else 0
        if pds + batch.units.get("pds", 0) > table["pds"].per_planet:
            return Rejection("TI-U6", f"a planet holds at most {table['pds'].per_planet} PDS")
    return None


def _dock_refusal(
    galaxy: Galaxy, forces: Forces, seat: int, build: Build, newly_controlled: frozenset[str]
) -> Rejection | None:
    planet = build.space_dock
    if not planet:
        return None
    holding = forces.planets.get(planet, Holding())
    if planet not in planets_in(galaxy, build.position) or holding.controller != seat:
        return Rejection("TI-U9", f"{planet} is not one of your planets in that system")
    if planet in newly_controlled:
        return Rejection(
            "TI-U9", f"a space dock goes only on a planet held the whole round: not {planet}"
        )
    if holding.units.get("space_dock"):
        return Rejection("TI-U6", f"{planet} already holds a space dock")
    if enemy_ships(forces, build.position, seat):
        return Rejection("TI-U9", "no space dock is built where enemy ships are")
    return None


def _limits_refusal(forces: Forces, seat: int, build: Build) -> Rejection | None:
    """Each type's pieces, and for fighters and ground forces the shared supplemental tokens,
    each stack keeping a piece of its own (TI-U5)."""
    table = load().units
    wanted: Units = {"space_dock": 1} if build.space_dock else {}
    for batch in build.batches:
        wanted = plus(wanted, batch.units)
    for unit, n in wanted.items():
        kind = table[unit]
        mine = _on_board(forces, seat, unit) + n
        if mine <= kind.pieces:
            continue
        if not kind.supplemental:
            return Rejection("TI-U5", f"all your {kind.pieces} {kind.name} pieces are in play")
        tokens = sum(
            max(0, _on_board(forces, s, unit) + (n if s == seat else 0) - kind.pieces)
            for s in _seats(forces) | {seat}
        )
        if tokens > kind.supplemental:
            return Rejection(
                "TI-U5", f"the {kind.supplemental} shared {kind.name} tokens are all in use"
            )
        if _stacks(forces, seat, unit, build) > kind.pieces:
            return Rejection("TI-U5", f"each stack of {kind.name} tokens needs a piece of yours")
    return None


def _payment_refusal(
    forces: Forces, commander: Commander, build: Build, trade_goods_held: int
) -> Rejection | None:
    seat = commander.seat
    if len(set(build.paying)) != len(build.paying):
        return Rejection("TI-U4", "name each planet you exhaust once")
    for planet in build.paying:
        holding = forces.planets.get(planet, Holding())
        if holding.controller != seat:
            return Rejection("TI-U4", f"{planet} is not yours to exhaust")
        if holding.exhausted:
            return Rejection("TI-U4", f"{planet} is exhausted already")
    if not 0 <= build.trade_goods <= trade_goods_held:
        return Rejection("TI-U4", f"you hold {trade_goods_held} trade goods")
    owed = max(0, cost(build) - discount(build, commander))
    resources = sum(planet_data(p).resources for p in build.paying)
    if resources + build.trade_goods < owed:
        return Rejection(
            "TI-U4", f"that costs {owed} resources: you pay {resources + build.trade_goods}"
        )
    if build.trade_goods > max(0, owed - resources) or any(
        resources - planet_data(p).resources + build.trade_goods >= owed for p in build.paying
    ):
        return Rejection("TI-U4", f"that costs {owed} resources: pay no more than you must")
    return None


def _seats(forces: Forces) -> set[int]:
    fleets = {f.seat for s in forces.space.values() for f in s.fleets}
    return fleets | {h.controller for h in forces.planets.values() if h.controller is not None}


def _on_board(forces: Forces, seat: int, unit: str) -> int:
    in_space = sum(
        f.units.get(unit, 0) for s in forces.space.values() for f in s.fleets if f.seat == seat
    )
    held = sum(h.units.get(unit, 0) for h in forces.planets.values() if h.controller == seat)
    return in_space + held


def _stacks(forces: Forces, seat: int, unit: str, build: Build) -> int:
    """Places holding his units of this type once built: each fleet and planet with any."""
    places = {
        ("space", position)
        for position, space in forces.space.items()
        for f in space.fleets
        if f.seat == seat and f.units.get(unit)
    }
    places |= {
        ("planet", p)
        for p, h in forces.planets.items()
        if h.controller == seat and h.units.get(unit)
    }
    for batch in build.batches:
        if batch.units.get(unit):
            system, planet = _placed(build, batch)
            in_space = load().units[unit].kind in ("ship", "fighter")
            places.add(("space", system) if in_space else ("planet", planet))
    return len(places)
