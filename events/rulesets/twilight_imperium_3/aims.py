"""What the objectives open to a seat ask of him, as the `greedy` bot weighs it: technologies
that bring a technology objective nearer, planets an objective counts, and the planets and trade
goods to keep ready for the objective that spends which he can pay now (TI-O, TI-X1)."""

from collections import Counter

import msgspec

from events.rulesets.twilight_imperium_3 import conditions as c
from events.rulesets.twilight_imperium_3.content import Objective
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.objectives import MECATOL, spends
from events.rulesets.twilight_imperium_3.paying import cheapest, influence, resources
from events.rulesets.twilight_imperium_3.planets import controlled, planet
from events.rulesets.twilight_imperium_3.state import Game

MECATOL_TESTS = (c.MecatolRex, c.MecatolRexAllRound, c.UnitsInMecatolRex, c.MecatolRexAndNeighbours)


def open_objectives(game: Game, seat: int) -> list[Objective]:
    """The public objectives face up and his secret, not yet scored by him."""
    player = game.players[seat]
    ids = (*game.revealed, player.secret)
    return [load().objectives[o] for o in ids if o and o not in player.scored]


def technology_worth(game: Game, seat: int, technology: str) -> float:
    """The points of each open objective counting technologies that this one brings nearer,
    shared over the technologies still missing."""
    owned = game.players[seat].technologies
    colours = Counter(load().technologies[t].colour for t in owned)
    colour = load().technologies[technology].colour
    worth = 0.0
    for objective in open_objectives(game, seat):
        points = max(1, objective.vp)
        for test in objective.conditions:
            if isinstance(test, c.Technologies) and len(owned) < test.at_least:
                worth += points / (test.at_least - len(owned))
            elif isinstance(test, c.TechnologyColours) and colours[colour] < test.each:
                worth += points / (test.each - colours[colour])
    return worth


def planet_worth(game: Game, seat: int, name: str) -> float:
    """Its resources and influence, and more for each open objective that counts it."""
    found = planet(name)
    worth = found.resources + found.influence + 1.0
    mine = [planet(n).specialty for n in controlled(game.forces, seat)]
    for objective in open_objectives(game, seat):
        for test in objective.conditions:
            if isinstance(test, c.PlanetsOutsideHome):
                worth += 1
            elif isinstance(test, c.Specialties) and found.specialty:
                worth += 3 if found.specialty not in mine else 0
            elif isinstance(test, c.SpecialtyPlanets) and found.specialty:
                worth += 1
            elif isinstance(test, MECATOL_TESTS) and name == MECATOL:
                worth += 2 * max(1, objective.vp)
    return worth


def _payable(game: Game, seat: int, objective: Objective) -> bool:
    spend = spends(objective)
    if spend is None or len(objective.conditions) > 1:
        return False
    if spend.what == "trade_goods":
        return game.players[seat].trade_goods >= spend.amount
    worth = resources if spend.what == "resources" else influence
    return cheapest(game, seat, spend.amount, worth) is not None


def keeps_payable(game: Game, seat: int, planets: tuple[str, ...], trade_goods: int) -> bool:
    """Whether paying this still leaves him able to pay the objective that spends and that he
    can pay now, the most points first (he scores one public objective a round)."""
    payable = [o for o in open_objectives(game, seat) if _payable(game, seat, o)]
    if not payable or not (planets or trade_goods):
        return True
    best = max(payable, key=lambda o: o.vp)
    exhausted = {
        n: msgspec.structs.replace(h, exhausted=True) if n in planets else h
        for n, h in game.forces.planets.items()
    }
    player = msgspec.structs.replace(
        game.players[seat], trade_goods=game.players[seat].trade_goods - trade_goods
    )
    after = msgspec.structs.replace(
        game,
        forces=msgspec.structs.replace(game.forces, planets=exhausted),
        players=tuple(player if s == seat else p for s, p in enumerate(game.players)),
    )
    return _payable(after, seat, best)
