"""Applying events: no rules here, only what the event says."""

import msgspec

from events.kit import windows
from events.kit.evolve import dispatch
from events.kit.zones import with_player
from events.rulesets.twilight_imperium_3 import building
from events.rulesets.twilight_imperium_3.card_evolve import CARD_ROWS
from events.rulesets.twilight_imperium_3.forces import Fleet, Forces, Space
from events.rulesets.twilight_imperium_3.happenings import (
    Activated,
    Answered,
    BonusPlaced,
    Closed,
    CounterReturned,
    CountersGained,
    Exhausted,
    GameEnded,
    GroundForcesSent,
    ObjectiveRevealed,
    Opened,
    Passed,
    Picked,
    Played,
    Redistributed,
    Refreshed,
    RoundBegan,
    Scored,
    SecondAction,
    Setup,
    Stationed,
    StatusBegan,
    StepTaken,
    TechnologyGained,
    TradeGoodsGained,
    Truce,
    TurnBegan,
    WarshipsMoved,
)
from events.rulesets.twilight_imperium_3.planets import holding
from events.rulesets.twilight_imperium_3.state import Game, Phase, Player
from events.rulesets.twilight_imperium_3.tactic import Tactic
from events.rulesets.twilight_imperium_3.tactical_evolve import TACTICAL_ROWS
from events.rulesets.twilight_imperium_3.trade_evolve import TRADE_ROWS

replace = msgspec.structs.replace
INITIATIVE = 1


def _player(game: Game, seat: int, **changes: object) -> Game:
    return with_player(game, seat, replace(game.players[seat], **changes))


def _setup(_: None, e: Setup) -> Game:
    players = tuple(
        Player(
            race=race,
            strategy=e.counters[seat][0],
            command=e.counters[seat][1],
            fleet=e.counters[seat][2],
            trade_goods=e.trade_goods[seat],
            technologies=e.technologies[seat],
            secret=e.secrets[seat],
            stationed=seat not in e.stationing,
        )
        for seat, race in enumerate(e.races)
    )
    return Game(
        players=players,
        galaxy=e.galaxy,
        forces=e.forces,
        speaker=e.speaker,
        phase=Phase.STATION if e.galaxy.built else Phase.GALAXY,
        objectives=e.objectives,
    )


def _stationed(game: Game, e: Stationed) -> Game:
    planets = dict(game.forces.planets)
    for name, units in e.planets.items():
        planets[name] = replace(holding(game.forces, name), units=units)
    game = replace(game, forces=replace(game.forces, planets=planets))
    return _player(game, e.seat, stationed=True)


def _round_began(game: Game, e: RoundBegan) -> Game:
    held = next((s for s, p in enumerate(game.players) if INITIATIVE in p.cards), -1)
    players = tuple(
        replace(p, cards=p.cards if s == e.stable else (), played=(), passed=False)
        for s, p in enumerate(game.players)
    )
    return replace(
        game,
        players=players,
        phase=Phase.STRATEGY,
        round=e.round,
        picks=e.picks,
        initiative_last=held if game.round else -1,
        truces=(),
        turn=-1,
        mecatol=e.mecatol,
        took_last_dock=(),
        taken=(),
    )


def _picked(game: Game, e: Picked) -> Game:
    player = game.players[e.seat]
    game = _player(
        game,
        e.seat,
        cards=(*player.cards, e.card),
        strategy=player.strategy + e.strategy,
        command=player.command + e.counters - e.strategy - e.fleet,
        fleet=player.fleet + e.fleet,
        trade_goods=player.trade_goods + e.trade_goods,
    )
    bonus = tuple(0 if n == e.card - 1 else b for n, b in enumerate(game.bonus))
    return replace(game, bonus=bonus, speaker=e.seat if e.card == INITIATIVE else game.speaker)


def _bonus_placed(game: Game, e: BonusPlaced) -> Game:
    bonus = tuple(b + (n + 1 in e.cards) for n, b in enumerate(game.bonus))
    return replace(game, bonus=bonus, phase=Phase.ACTION)


def _played(game: Game, e: Played) -> Game:
    return _player(game, e.seat, played=(*game.players[e.seat].played, e.card))


def _space(forces: Forces, position: str, space: Space) -> Forces:
    return replace(forces, space=forces.space | {position: space})


def _counter(game: Game, seat: int, position: str, on: bool) -> Game:
    space = game.forces.space.get(position, Space())
    counters = tuple(s for s in space.counters if s != seat) + ((seat,) if on else ())
    return replace(game, forces=_space(game.forces, position, replace(space, counters=counters)))


def _counter_returned(game: Game, e: CounterReturned) -> Game:
    game = _counter(game, e.seat, e.system, on=False)
    return _player(game, e.seat, command=game.players[e.seat].command + 1)


def _activated(game: Game, e: Activated) -> Game:
    game = replace(_counter(game, e.seat, e.system, on=True), tactic=Tactic(e.seat, e.system))
    return _player(game, e.seat, command=game.players[e.seat].command - 1)


def _ground_forces_sent(game: Game, e: GroundForcesSent) -> Game:
    planets = dict(game.forces.planets)
    for name, step in ((e.source, -e.ground_forces), (e.target, e.ground_forces)):
        held = planets[name]
        units = {**held.units, "ground_force": held.units.get("ground_force", 0) + step}
        planets[name] = replace(held, units={u: n for u, n in units.items() if n})
    game = replace(game, forces=replace(game.forces, planets=planets))
    return _player(game, e.seat, strategy=game.players[e.seat].strategy - 1)


def _counters_gained(game: Game, e: CountersGained) -> Game:
    player = game.players[e.seat]
    return _player(
        game,
        e.seat,
        strategy=player.strategy + e.strategy,
        command=player.command + e.counters - e.strategy - e.fleet,
        fleet=player.fleet + e.fleet,
    )


def _exhausted(game: Game, e: Exhausted) -> Game:
    planets = dict(game.forces.planets)
    for name in e.planets:
        planets[name] = replace(planets[name], exhausted=not e.ready)
    return replace(game, forces=replace(game.forces, planets=planets))


def _warships_moved(game: Game, e: WarshipsMoved) -> Game:
    forces = game.forces
    for ship in e.ships:
        for position, step in ((ship.source, -1), (ship.target, 1)):
            fleet = forces.fleet(position, e.seat)
            units = {**fleet.units, ship.unit: fleet.units.get(ship.unit, 0) + step}
            units["ground_force"] = units.get("ground_force", 0) + step * ship.ground_forces
            units = {u: n for u, n in units.items() if n}
            space = forces.space.get(position, Space())
            others = tuple(f for f in space.fleets if f.seat != e.seat)
            fleets = (*others, replace(fleet, units=units)) if units else others
            forces = _space(forces, position, replace(space, fleets=fleets))
        space = forces.space[ship.target]
        if e.seat not in space.counters:
            counters = (*space.counters, e.seat)
            forces = _space(forces, ship.target, replace(space, counters=counters))
    return replace(game, forces=forces)


def _answered(game: Game, e: Answered) -> Game:
    game = replace(game, stack=windows.answered(game.stack, e.seat))
    if e.followed and not e.free:
        return _player(game, e.seat, strategy=game.players[e.seat].strategy - 1)
    return game


def _refreshed(game: Game, e: Refreshed) -> Game:
    space = {
        p: Space(fleets=tuple(Fleet(f.seat, f.units) for f in s.fleets))
        for p, s in game.forces.space.items()
    }
    planets = {n: replace(h, exhausted=False) for n, h in game.forces.planets.items()}
    forces = Forces(space=space, planets=planets)
    return replace(game, forces=forces, phase=Phase.COUNTERS, queue=e.order, lasting=())


def _redistributed(game: Game, e: Redistributed) -> Game:
    return _player(game, e.seat, strategy=e.strategy, command=e.command, fleet=e.fleet)


def _scored(game: Game, e: Scored) -> Game:
    player = game.players[e.seat]
    scored = player.scored if e.objective == "imperial" else (*player.scored, e.objective)
    return _player(game, e.seat, points=player.points + e.points, scored=scored)


def _objective_revealed(game: Game, e: ObjectiveRevealed) -> Game:
    return replace(game, objectives=game.objectives[1:], revealed=(*game.revealed, e.objective))


evolve = dispatch(
    "twilight-imperium-3",
    {
        **building.ROWS,
        Setup: _setup,
        Stationed: _stationed,
        RoundBegan: _round_began,
        Picked: _picked,
        BonusPlaced: _bonus_placed,
        TurnBegan: lambda g, e: replace(g, turn=e.seat, tactic=None, second=False),
        Played: _played,
        CountersGained: _counters_gained,
        TradeGoodsGained: lambda g, e: _player(
            g, e.seat, trade_goods=g.players[e.seat].trade_goods + e.trade_goods
        ),
        CounterReturned: _counter_returned,
        Truce: lambda g, e: replace(g, truces=(*g.truces, (e.seat, e.other))),
        TechnologyGained: lambda g, e: _player(
            g, e.seat, technologies=(*g.players[e.seat].technologies, e.technology)
        ),
        Exhausted: _exhausted,
        WarshipsMoved: _warships_moved,
        Opened: lambda g, e: replace(g, stack=windows.opened(g.stack, e.window)),
        Answered: _answered,
        Closed: lambda g, e: replace(g, stack=windows.closed(g.stack)),
        Activated: _activated,
        GroundForcesSent: _ground_forces_sent,
        SecondAction: lambda g, e: replace(g, tactic=None, second=True),
        Passed: lambda g, e: _player(g, e.seat, passed=True),
        StatusBegan: lambda g, e: replace(
            g, phase=Phase.SCORE, queue=e.order, turn=-1, tactic=None, second=False
        ),
        ObjectiveRevealed: _objective_revealed,
        Scored: _scored,
        StepTaken: lambda g, e: replace(g, queue=tuple(s for s in g.queue if s != e.seat)),
        Refreshed: _refreshed,
        Redistributed: _redistributed,
        GameEnded: lambda g, e: replace(
            g, phase=Phase.OVER, winners=e.winners, stack=(), tactic=None
        ),
        **TACTICAL_ROWS,
        **TRADE_ROWS,
        **CARD_ROWS,
    },
)
