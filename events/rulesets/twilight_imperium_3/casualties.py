"""A few sound answers to hits on a fleet, for `legal` and for telling whether its owner has a
choice at all: the default (damage first, then the cheapest), no damage taken, and each type of
unit lost first (TI-C5, TI-C6); and the hits Into the Breach forces onto a dreadnought (TI-Q32),
which every answer must hold."""

import msgspec

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.combat import (
    Casualties,
    absorbable,
    casualties_refusal,
    default_casualties,
    with_cargo_lost,
)
from events.rulesets.twilight_imperium_3.fleets import (
    Commander,
    fleet_less,
    plus,
    ships,
    total,
    within,
)
from events.rulesets.twilight_imperium_3.forces import Fleet, Units
from events.rulesets.twilight_imperium_3.tactic import Breach

DREADNOUGHT = {"dreadnought": 1}


def forced(fleet: Fleet, hits: int, breach: Breach | None) -> Casualties:
    """What Into the Breach forces of these hits on his fleet: its dreadnought takes them as any
    hit, damaged while sound, then destroyed (TI-Q32, TI-C6); nothing once it is gone."""
    if breach is None or breach.seat != fleet.seat or not hits:
        return Casualties()
    dreadnoughts = fleet.units.get("dreadnought", 0)
    hurt = fleet.damaged.get("dreadnought", 0)
    if breach.forced() == 2 and dreadnoughts > hurt:
        return Casualties(DREADNOUGHT if hits > 1 else {}, DREADNOUGHT)
    if breach.forced() == 1 and hurt:
        return Casualties(DREADNOUGHT)
    return Casualties()


def forced_refusal(must: Casualties, casualties: Casualties) -> Rejection | None:
    if within(must.destroyed, casualties.destroyed) and within(must.damaged, casualties.damaged):
        return None
    return Rejection("TI-Q32", "your first 2 hits fall on the dreadnought leading the breach")


def _remainder(fleet: Fleet, must: Casualties) -> Fleet:
    """His fleet once the casualties forced are taken, a destroyed one the damaged (TI-C6)."""
    hurt = plus(fleet.damaged, must.damaged)
    return fleet_less(Fleet(fleet.seat, fleet.units, hurt), must.destroyed, must.destroyed)


def _joined(fleet: Fleet, must: Casualties, rest: Casualties, commander: Commander) -> Casualties:
    """The casualties forced and those chosen for the hits left, with the cargo left without
    room (TI-C5)."""
    destroyed = plus(must.destroyed, ships(rest.destroyed))
    return with_cargo_lost(fleet, destroyed, plus(must.damaged, rest.damaged), commander)


def _by(
    fleet: Fleet, owed: int, order: list[str], damage: bool, commander: Commander
) -> Casualties:
    """Damage first if `damage`, then units lost in this order, then the cargo left without
    room, ground forces first."""
    damaged: Units = {}
    if damage:
        for unit, n in fleet.units.items():
            sound = n - fleet.damaged.get(unit, 0) if unit in ("war_sun", "dreadnought") else 0
            damaged[unit] = max(0, min(sound, owed - total(damaged)))
    destroyed: Units = {}
    for unit in order:
        destroyed[unit] = min(fleet.units[unit], owed - total(damaged) - total(destroyed))
    return with_cargo_lost(fleet, destroyed, damaged, commander)


def choices(
    fleet: Fleet, hits: int, commander: Commander, must: Casualties
) -> tuple[Casualties, ...]:
    """What Into the Breach forces (`must`), then for the hits left the default first and the
    others found sound, each once."""
    left = _remainder(fleet, must)
    rest = hits - total(must.destroyed) - total(must.damaged)
    owed = min(rest, absorbable(left))
    types = sorted(ships(left.units))
    found = [default_casualties(left, rest, commander)]
    for damage in (True, False):
        for first in types:
            order = [first, *(u for u in types if u != first)]
            found.append(_by(left, owed, order, damage, commander))
    joined = (_joined(fleet, must, c, commander) for c in found)
    unique = {msgspec.json.encode(c, order="sorted"): c for c in joined}.values()
    return tuple(
        c
        for c in unique
        if casualties_refusal(fleet, hits, c, commander) is None and forced_refusal(must, c) is None
    )
