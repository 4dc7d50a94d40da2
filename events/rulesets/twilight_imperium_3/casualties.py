"""A few sound answers to hits on a fleet, for `legal` and for telling whether its owner has a
choice at all: the default (damage first, then the cheapest), no damage taken, and each type of
unit lost first (TI-C5, TI-C6)."""

import msgspec

from events.rulesets.twilight_imperium_3.combat import (
    Casualties,
    absorbable,
    casualties_refusal,
    default_casualties,
    with_cargo_lost,
)
from events.rulesets.twilight_imperium_3.fleets import (
    Commander,
    ships,
    total,
)
from events.rulesets.twilight_imperium_3.forces import Fleet, Units


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


def choices(fleet: Fleet, hits: int, commander: Commander) -> tuple[Casualties, ...]:
    """The default first, then the others found sound, each once."""
    owed = min(hits, absorbable(fleet))
    types = sorted(ships(fleet.units))
    found = [default_casualties(fleet, hits, commander)]
    for damage in (True, False):
        for first in types:
            order = [first, *(u for u in types if u != first)]
            found.append(_by(fleet, owed, order, damage, commander))
    unique = {msgspec.json.encode(c, order="sorted"): c for c in found}.values()
    return tuple(c for c in unique if casualties_refusal(fleet, hits, c, commander) is None)
