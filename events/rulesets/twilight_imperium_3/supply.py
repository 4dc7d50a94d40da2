"""Fleet supply at the status phase's redistribution (TI-M8): a player who leaves fewer counters
in his fleet supply than he has ships in a system removes the excess there at once, naming the
ships, or the cheapest; cargo and fighters left without room go with them (TI-M6, TI-M9)."""

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.fleets import (
    Commander,
    capital_ships,
    fleet_less,
    plus,
    supply_used,
    trim_unsupported,
    with_fleet,
)
from events.rulesets.twilight_imperium_3.forces import Units
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game


def beyond(game: Game, seat: int, fleet_supply: int) -> tuple[str, ...]:
    """The systems where his ships, fighters apart unless Advanced Fighters count them
    (TI-K6), outnumber this fleet supply."""
    commander = Commander(seat, frozenset(game.players[seat].technologies), fleet_supply)
    return tuple(
        position
        for position in game.forces.space
        if supply_used(game.forces, game.galaxy, position, commander) > fleet_supply
    )


def refusal(
    game: Game, seat: int, fleet_supply: int, removing: dict[str, Units]
) -> Rejection | None:
    """Each system named must be beyond the supply, and lose exactly its excess in ships."""
    kinds = load().units
    for position, units in removing.items():
        there = game.forces.fleet(position, seat).units
        excess = capital_ships(there) - fleet_supply
        if excess <= 0:
            return Rejection("TI-M8", f"your ships in {position} are within your fleet supply")
        if any(kinds[u].kind != "ship" or not 0 < n <= there.get(u, 0) for u, n in units.items()):
            return Rejection("TI-M8", f"name ships you have in {position}, fighters apart")
        if capital_ships(units) != excess:
            return Rejection("TI-M8", f"remove {excess} ships in {position}")
    return None


def removals(
    game: Game, seat: int, fleet_supply: int, removing: dict[str, Units]
) -> dict[str, Units]:
    """What leaves each system beyond the supply: the ships named there, else the cheapest,
    and the cargo and fighters they leave without room."""
    commander = Commander(seat, frozenset(game.players[seat].technologies), fleet_supply)
    removed: dict[str, Units] = {}
    for position in beyond(game, seat, fleet_supply):
        named = removing.get(position, {})
        fleet = fleet_less(game.forces.fleet(position, seat), named, {})
        forces = with_fleet(game.forces, position, fleet)
        _, trimmed = trim_unsupported(forces, game.galaxy, position, commander)
        removed[position] = plus(named, trimmed)
    return removed
