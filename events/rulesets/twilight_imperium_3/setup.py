"""The setup events (TI-S1 to TI-S10): races and the speaker drawn, the galaxy dealt, the
starting units, counters and trade goods, the objective decks; and the default sharing out of
a home system's units among its planets (TI-S4)."""

import random
from typing import Any

from events.rulesets.twilight_imperium_3.action_cards import shuffled_deck
from events.rulesets.twilight_imperium_3.content import Race
from events.rulesets.twilight_imperium_3.dealt import deal, unbuilt
from events.rulesets.twilight_imperium_3.decisions import Units
from events.rulesets.twilight_imperium_3.forces import Fleet, Forces, Holding, Space
from events.rulesets.twilight_imperium_3.galaxy import Galaxy
from events.rulesets.twilight_imperium_3.happenings import Setup
from events.rulesets.twilight_imperium_3.loader import load

STATIONED = ("ground_force", "pds", "space_dock")  # units shared among home planets (TI-S4)
PUBLIC_STAGE_ONE, PUBLIC_STAGE_TWO = 6, 3  # drawn for the public deck (TI-S9)
IMPERIUM_REX = "p2_10"


def setup(seats: int, chance: random.Random, build: bool = False) -> list[Any]:
    """With `build`, the galaxy is left to the players' placements (building.py): no tile is
    dealt yet, and the units join their home systems once it is built."""
    content = load()
    races = tuple(chance.sample(sorted(content.races), seats))  # TI-S1
    speaker = chance.randrange(seats)  # TI-S2
    homes = tuple(content.races[r].home for r in races)
    galaxy = unbuilt(homes, speaker, chance) if build else deal(homes, speaker, chance)  # TI-G9
    layout = content.layouts[seats]
    gifts = {h.position: h.trade_goods for h in layout.homes}
    return [
        Setup(
            races=races,
            speaker=speaker,
            galaxy=galaxy,
            forces=Forces(space={}, planets={}) if build else starting_forces(races, galaxy),
            counters=tuple(_counters(content.races[r]) for r in races),  # TI-S6
            trade_goods=tuple(gifts.get(p, 0) for p in galaxy.home_positions),  # TI-S7, TI-G3
            technologies=tuple(content.races[r].technologies for r in races),
            objectives=_public_deck(chance),
            secrets=tuple(_deck(chance, "secret")[:seats]),  # TI-S8
            stationing=tuple(
                s for s, r in enumerate(races) if len(content.systems[homes[s]].planets) > 1
            ),
        ),
        shuffled_deck(seats, chance),  # TI-Q1
    ]


def starting_forces(races: tuple[str, ...], galaxy: Galaxy) -> Forces:
    """Ships in the home systems, a single home planet's units on it (TI-S4, TI-S5)."""
    content = load()
    space, planets = {}, {}
    for seat, race in enumerate(races):
        position = galaxy.home_positions[seat]
        ships = {u: n for u, n in content.races[race].units.items() if u not in STATIONED}
        space[position] = Space(fleets=(Fleet(seat, ships),))
        names = [p.name for p in content.systems[galaxy.home_systems[seat]].planets]
        single = default_station(content.races[race], tuple(names)) if len(names) == 1 else {}
        for name in names:
            planets[name] = Holding(controller=seat, units=single.get(name, {}))  # TI-S5
    return Forces(space=space, planets=planets)


def _counters(race: Race) -> tuple[int, int, int]:
    return race.counters.strategy, race.counters.command, race.counters.fleet


def _deck(chance: random.Random, stage: str) -> list[str]:
    ids = sorted(o.id for o in load().objectives.values() if o.stage == stage)
    chance.shuffle(ids)
    return ids


def _public_deck(chance: random.Random) -> tuple[str, ...]:
    """Six stage I over Imperium Rex shuffled with three other stage II (TI-S9)."""
    second = [o for o in _deck(chance, "II") if o != IMPERIUM_REX][:PUBLIC_STAGE_TWO]
    second.append(IMPERIUM_REX)
    chance.shuffle(second)
    return (*_deck(chance, "I")[:PUBLIC_STAGE_ONE], *second)


def default_station(race: Race, planets: tuple[str, ...]) -> dict[str, Units]:
    """The space dock on the first planet, PDS and ground forces dealt round the planets in
    turn, at most two PDS on one (TI-S4)."""
    shared: dict[str, Units] = {name: {} for name in planets}
    turn = 0
    for unit in STATIONED:
        for _ in range(race.units.get(unit, 0)):
            name = planets[0] if unit == "space_dock" else planets[turn % len(planets)]
            shared[name][unit] = shared[name].get(unit, 0) + 1
            turn += unit != "space_dock"
    return {name: units for name, units in shared.items() if units}
