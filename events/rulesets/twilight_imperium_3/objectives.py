"""Whether a player meets an objective (TI-O): each test of `conditions.py` read on the state,
payment for the objectives that spend given apart."""

from typing import NamedTuple

from events.rulesets.twilight_imperium_3 import conditions as c
from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.content import MECATOL_REX, Objective
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.planets import (
    controlled,
    holding,
    home_planets,
    in_system,
    influence,
    planet,
    resources,
)
from events.rulesets.twilight_imperium_3.state import Game, clockwise

MECATOL = "Mecatol Rex"
SHIPS = ("war_sun", "dreadnought", "cruiser", "destroyer", "carrier")


class Payment(NamedTuple):
    """What a claim spends: planets exhausted and trade goods."""

    planets: tuple[str, ...] = ()
    trade_goods: int = 0


def spends(objective: Objective) -> c.Spend | None:
    return next((t for t in objective.conditions if isinstance(t, c.Spend)), None)


def met(game: Game, seat: int, objective: Objective, payment: Payment) -> bool:
    return bool(objective.conditions) and all(
        _holds(game, seat, test, payment) for test in objective.conditions
    )


def _outside_home(game: Game, seat: int) -> tuple[str, ...]:
    home = set(home_planets(game.galaxy, seat))
    return tuple(n for n in controlled(game.forces, seat) if n not in home)


def _colours(game: Game, seat: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for t in game.players[seat].technologies:
        colour = load().technologies[t].colour
        counts[colour] = counts.get(colour, 0) + 1
    return counts


def _pieces_on_board(game: Game, seat: int, unit: str) -> int:
    in_space = sum(
        f.units.get(unit, 0) for s in game.forces.space.values() for f in s.fleets if f.seat == seat
    )
    on_planets = sum(
        h.units.get(unit, 0) for h in game.forces.planets.values() if h.controller == seat
    )
    return in_space + on_planets


def _mecatol_position(game: Game) -> str:
    return next(p for p, s in game.galaxy.tiles.items() if s == MECATOL_REX)


def _holds(game: Game, seat: int, test: c.Condition, payment: Payment) -> bool:
    mine = controlled(game.forces, seat)
    match test:
        case c.PlanetsOutsideHome(at_least=n):
            return len(_outside_home(game, seat)) >= n
        case c.SpecialtyPlanets(at_least=n, same=same):
            kinds = [planet(p).specialty for p in mine if planet(p).specialty]
            return (max(map(kinds.count, kinds), default=0) if same else len(kinds)) >= n
        case c.Specialties(colours=colours):
            return set(colours) <= {planet(p).specialty for p in mine}
        case c.Technologies(at_least=n):
            return len(game.players[seat].technologies) >= n
        case c.TechnologyColours(colours=colours, each=each):
            return sum(n >= each for n in _colours(game, seat).values()) >= colours
        case c.Spend(what=what, amount=amount):
            return _paid(what, payment) >= amount
        case c.AllUnitsOnBoard(unit=unit):
            return _pieces_on_board(game, seat, unit) >= load().units[unit].pieces
        case c.MecatolRex(space_dock=dock):
            rex = holding(game.forces, MECATOL)
            return rex.controller == seat and (not dock or rex.units.get("space_dock", 0) > 0)
        case c.MecatolRexAllRound():  # held as the round began, and never changed hands since
            held = holding(game.forces, MECATOL).controller == seat == game.mecatol
            return held and MECATOL not in game.taken
        case c.UnitsInMecatolRex(units=units, at_least=n):
            fleet = game.forces.fleet(_mecatol_position(game), seat)
            rex = holding(game.forces, MECATOL)
            on_planet = rex.units if rex.controller == seat else {}
            return sum(fleet.units.get(u, 0) + on_planet.get(u, 0) for u in units) >= n
        case c.MecatolRexAndNeighbours():
            return _mecatol_and_neighbours(game, seat)
        case c.InfluenceOverNeighbours():
            around = clockwise(game, seat)
            theirs = {around[1], around[-1]} - {seat}
            others = sum(influence(controlled(game.forces, s)) for s in theirs)
            return influence(mine) > others
        case c.HomeSystemsOfOthers(at_least=n):
            return (
                sum(
                    all(
                        holding(game.forces, p).controller == seat
                        for p in home_planets(game.galaxy, s)
                    )
                    for s in range(game.seats)
                    if s != seat
                )
                >= n
            )
        case c.ShipsInWormholeSystems():
            systems = load().systems
            holes = [p for p, s in game.galaxy.tiles.items() if systems[s].wormhole]
            return all(_has_ship(game, seat, p) for p in holes)
        case c.TookNeighboursLastSpaceDock():
            return seat in game.took_last_dock
    return False


def _paid(what: str, payment: Payment) -> int:
    if what == "trade_goods":
        return payment.trade_goods
    planets = resources(payment.planets) if what == "resources" else influence(payment.planets)
    return planets + payment.trade_goods


def _has_ship(game: Game, seat: int, position: str) -> bool:
    return any(game.forces.fleet(position, seat).units.get(u, 0) for u in SHIPS)


def _mecatol_and_neighbours(game: Game, seat: int) -> bool:
    """A ship in each, every planet there controlled; asteroid fields and supernovae, where no
    ship may end, left out (TI-O ruling)."""
    systems = load().systems
    rex = _mecatol_position(game)
    around = [p for p in hexes.neighbours(rex) if p in game.galaxy.tiles]
    reachable = [
        p
        for p in (rex, *around)
        if systems[game.galaxy.tiles[p]].kind not in ("asteroid_field", "supernova")
    ]
    return (
        all(
            _has_ship(game, seat, p)
            and all(holding(game.forces, n).controller == seat for n in in_system(game.galaxy, p))
            for p in reachable
        )
        and holding(game.forces, MECATOL).controller == seat
    )
