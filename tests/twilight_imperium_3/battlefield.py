"""Galaxies and forces set by hand for the tactical rules' tests: a built three-player galaxy
(empty space in rings 1 and 2 unless a test says otherwise), fleets by system and seat,
counters by system, planets by name."""

from events.rulesets.twilight_imperium_3.fleets import Commander
from events.rulesets.twilight_imperium_3.forces import Fleet, Forces, Holding, Space, Units
from events.rulesets.twilight_imperium_3.galaxy import Galaxy
from tests.twilight_imperium_3.galaxies import inner_rings_done, three_players


def galaxy(tiles: dict[str, str] | None = None) -> Galaxy:
    return three_players(inner_rings_done() | (tiles or {}), ((), (), ()))


def forces(
    fleets: dict[tuple[str, int], Units | Fleet] | None = None,
    counters: dict[str, tuple[int, ...]] | None = None,
    planets: dict[str, Holding] | None = None,
) -> Forces:
    fleets, counters = fleets or {}, counters or {}
    space: dict[str, Space] = {}
    for position in sorted({p for p, _ in fleets} | set(counters)):
        here = tuple(
            f if isinstance(f, Fleet) else Fleet(seat, f)
            for (p, seat), f in sorted(fleets.items())
            if p == position
        )
        space[position] = Space(here, counters.get(position, ()))
    return Forces(space, planets or {})


def commander(seat: int = 0, *technologies: str, fleet_supply: int = 3) -> Commander:
    return Commander(seat, frozenset(technologies), fleet_supply)
