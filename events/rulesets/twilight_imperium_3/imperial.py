"""Imperial's secondary (TI-A9): production at the space docks of one of the follower's
systems, activated already or not, without activating it: judged as a production step with his
counter there, none placed."""

import msgspec

from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.commanders import commander
from events.rulesets.twilight_imperium_3.forces import Forces, Space
from events.rulesets.twilight_imperium_3.orders import Produce
from events.rulesets.twilight_imperium_3.planets import in_system
from events.rulesets.twilight_imperium_3.production import plans
from events.rulesets.twilight_imperium_3.production_step import produce_refusal, produced
from events.rulesets.twilight_imperium_3.state import Game


def _as_activated(game: Game, position: str, seat: int) -> Game:
    space = game.forces.space.get(position, Space())
    if seat in space.counters:
        return game
    space = msgspec.structs.replace(space, counters=(*space.counters, seat))
    forces: Forces = msgspec.structs.replace(
        game.forces, space=game.forces.space | {position: space}
    )
    return msgspec.structs.replace(game, forces=forces)


def _docked(game: Game, seat: int) -> tuple[str, ...]:
    """His systems with a space dock of his."""
    return tuple(
        p
        for p in game.galaxy.tiles
        if any(
            game.forces.planets.get(n) is not None
            and game.forces.planets[n].controller == seat
            and game.forces.planets[n].units.get("space_dock")
            for n in in_system(game.galaxy, p)
        )
    )


def position(game: Game, d: Produce) -> str:
    """The system of the docks and planet named; "" unless exactly one."""
    named = [b.dock for b in d.batches] + ([d.space_dock] if d.space_dock else [])
    found = {p for p in game.galaxy.tiles for n in named if n in in_system(game.galaxy, p)}
    return found.pop() if len(found) == 1 else ""


def orders(game: Game, seat: int) -> tuple[Produce, ...]:
    """A few sound orders at each of his systems with a dock, building something."""
    found = []
    for at in _docked(game, seat):
        there = _as_activated(game, at, seat)
        trade_goods = game.players[seat].trade_goods
        for plan in plans(
            there.galaxy,
            there.forces,
            commander(game, seat),
            at,
            trade_goods,
            frozenset(game.taken),
        ):
            if plan.batches:
                found.append(Produce(plan.batches, plan.space_dock, plan.paying, plan.trade_goods))
    return tuple(found)


def refusal(game: Game, seat: int, d: Produce) -> Rejection | None:
    at = position(game, d)
    if not (d.batches or d.space_dock):
        return Rejection("TI-A9", "Imperial's secondary builds at one of your space docks")
    if at not in _docked(game, seat):
        return Rejection("TI-A9", "build at the space docks of one system of yours")
    return produce_refusal(_as_activated(game, at, seat), seat, at, d)


def produce(batch: Batch[Game], seat: int, d: Produce) -> None:
    produced(batch, seat, position(batch.game, d), d)
