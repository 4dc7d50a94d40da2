"""Applying the tactical and transfer actions' events: no rules here, only what each says,
through the tactical modules' own functions for the forces after a step."""

import msgspec

from events.kit import windows
from events.kit.windows import Window
from events.kit.zones import with_player
from events.rulesets.twilight_imperium_3 import invasion
from events.rulesets.twilight_imperium_3.combat import Casualties, Throw, take_casualties
from events.rulesets.twilight_imperium_3.fleets import (
    Commander,
    fleet_less,
    fleet_plus,
    plus,
    with_fleet,
    with_holding,
)
from events.rulesets.twilight_imperium_3.forces import Fleet, Forces, Space
from events.rulesets.twilight_imperium_3.movement import Movement, after
from events.rulesets.twilight_imperium_3.planets import holding
from events.rulesets.twilight_imperium_3.production import after as built
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.rulesets.twilight_imperium_3.tactic import Battle, Breach, Tactic
from events.rulesets.twilight_imperium_3.tactical_events import (
    ActionEnded,
    Asked,
    BacterialStrike,
    BattleBegan,
    BattleEnded,
    BattleRound,
    Bombarded,
    Built,
    CasualtiesTaken,
    CombatBoosted,
    DieRerolled,
    DreadnoughtLeads,
    FightersBoosted,
    Fired,
    GroundForcesBoosted,
    GroundForcesPlaced,
    HitsCancelled,
    InvasionEnded,
    InvasionHits,
    Landed,
    LastDockTaken,
    MinesHit,
    Moved,
    MoveQuickened,
    PassageUnseen,
    RetreatAnswered,
    Retreated,
    Rolled,
    Stepped,
    TimingPoint,
    Transferred,
    UnitsRemoved,
)

replace = msgspec.structs.replace
# rolls whose hits their target takes as casualties
OWED = ("space cannon", "space cannon rolled again", "assault cannon", "space battle")
TACTICAL = {p.value for p in WindowPrompt} - {WindowPrompt.SECONDARY.value}


def _tactic(game: Game, **changes: object) -> Game:
    if game.tactic is None:
        raise LookupError("no tactical or transfer action is under way")
    return replace(game, tactic=replace(game.tactic, **changes))


def _battle(game: Game, **changes: object) -> Game:
    assert game.tactic is not None and game.tactic.battle is not None
    return _tactic(game, battle=replace(game.tactic.battle, **changes))


def _forces(game: Game, forces: Forces) -> Game:
    return replace(game, forces=forces)


def _counter(forces: Forces, position: str, seat: int) -> Forces:
    space = forces.space.get(position, Space())
    counters = (*(s for s in space.counters if s != seat), seat)
    return replace(forces, space=forces.space | {position: replace(space, counters=counters)})


def _transferred(game: Game, e: Transferred) -> Game:
    """The first counter from the command pool, the second from reinforcements (TI-A2)."""
    forces = _counter(_counter(game.forces, e.first, e.seat), e.second, e.seat)
    player = replace(game.players[e.seat], command=game.players[e.seat].command - 1)
    game = with_player(game, e.seat, player)
    return replace(game, forces=forces, tactic=Tactic(e.seat, e.first, transfer=e.second))


def _asked(game: Game, e: Asked) -> Game:
    window = Window(e.prompt, e.asked)
    stack = game.stack
    if stack and stack[-1].prompt in TACTICAL:
        stack = windows.closed(stack)
    return replace(game, stack=windows.opened(stack, window))


def _stepped(game: Game, e: Stepped) -> Game:
    return _tactic(game, step=e.step, focus=e.at, answered=(), reached=())


def _moved(game: Game, e: Moved) -> Game:
    movement = Movement(e.to, e.groups)
    return _forces(game, after(game.galaxy, game.forces, Commander(e.seat), movement))


def _rolled(game: Game, e: Rolled) -> Game:
    if game.tactic is None:  # GEN Synthesis at the status phase's removals (TI-K11)
        return game
    if e.purpose == "space battle":
        # a boost lasts until the round's dice; the points after them come anew
        assert game.tactic.battle is not None
        dice = (*game.tactic.battle.dice, Throw(e.seat, e.dice, e.needs))
        game = _battle(game, rolled=True, boosted=(), prototypes=(), damaged=(), dice=dice)
        game = _tactic(game, reached=())
    if e.purpose in ("planetary defence", "invasion combat") and game.tactic.invasions:
        game = _volley_fired(game, e)
    if e.purpose not in OWED or e.target < 0 or not e.hits:
        return game
    owed = (*game.tactic.owed, (e.target, e.hits)) if game.tactic else ()
    return _tactic(game, owed=owed)


def _volley_fired(game: Game, e: Rolled) -> Game:
    """The defending PDS's volley, or a round's dice beginning with the invader's, kept until
    their hits are taken: a boost lasts until them, and the points before the next round come
    anew."""
    assert game.tactic is not None
    fight, *rest = game.tactic.invasions
    if e.purpose == "planetary defence":
        return _tactic(game, invasions=(replace(fight, fired=fight.fired + 1), *rest))
    throw = Throw(e.seat, e.dice, e.needs)
    if e.seat != fight.invader:
        return _tactic(game, invasions=(replace(fight, dice=(*fight.dice, throw)), *rest))
    fight = replace(fight, fired=fight.fired + 1, boosted=(), dice=(throw,))
    return _tactic(game, invasions=(fight, *rest), reached=())


def _die_rerolled(game: Game, e: DieRerolled) -> Game:
    """The die's new roll among the round's dice; in a space battle, the hits his enemy owes
    change with it."""
    assert game.tactic is not None
    battle = game.tactic.battle
    if battle is None:
        fight, *rest = game.tactic.invasions
        return _tactic(game, invasions=(replace(fight, dice=_rerolled(fight.dice, e)), *rest))
    enemy = battle.defender if e.seat == battle.attacker else battle.attacker
    owed = game.tactic.owed
    total = game.tactic.owes(enemy) + e.hits
    owed = (*(o for o in owed if o[0] != enemy), *(((enemy, total),) if total > 0 else ()))
    return _tactic(_battle(game, dice=_rerolled(battle.dice, e)), owed=owed)


def _rerolled(dice: tuple[Throw, ...], e: DieRerolled) -> tuple[Throw, ...]:
    def again(rolls: tuple[int, ...]) -> tuple[int, ...]:
        return (*rolls[: e.die - 1], e.roll, *rolls[e.die :])

    return tuple(replace(t, rolls=again(t.rolls)) if t.seat == e.seat else t for t in dice)


def _fired(game: Game, e: Fired) -> Game:
    assert game.tactic is not None
    t = game.tactic
    game = replace(game, stack=windows.answered(game.stack, e.seat))
    return _tactic(game, answered=(*t.answered, e.seat), spent=plus(t.spent, e.pds))


def _casualties_taken(game: Game, e: CasualtiesTaken) -> Game:
    assert game.tactic is not None
    casualties = Casualties(e.destroyed, e.damaged)
    game = _forces(game, take_casualties(game.forces, e.at, e.seat, casualties))
    battle = game.tactic.battle
    if battle is not None:  # the round's dice are spent once its hits are taken (TI-Q77)
        hurt = tuple((e.seat, unit) for unit in e.damaged)
        game = _battle(game, damaged=(*battle.damaged, *hurt), dice=())
    breach = battle.breach if battle is not None else None
    if breach is not None and breach.seat == e.seat:  # the hits his fleet took (TI-Q32)
        taken = breach.taken + game.tactic.owes(e.seat)
        game = _battle(game, breach=replace(breach, taken=taken))
    return _tactic(game, owed=tuple(o for o in game.tactic.owed if o[0] != e.seat))


def _timing_point(game: Game, e: TimingPoint) -> Game:
    """The action's prompt set aside for one that asks no one, under the card window to come."""
    assert game.tactic is not None
    stack = game.stack
    if stack and stack[-1].prompt in TACTICAL:
        stack = windows.closed(stack)
    stack = windows.opened(stack, Window(WindowPrompt.TIMING_POINT, ()))
    reached = (*game.tactic.reached, *e.timings)
    return _tactic(replace(game, stack=stack), reached=reached)


def _hits_cancelled(game: Game, e: HitsCancelled) -> Game:
    assert game.tactic is not None
    owed = tuple((s, h - e.hits if s == e.seat else h) for s, h in game.tactic.owed)
    return _tactic(game, owed=tuple((s, h) for s, h in owed if h > 0))


def _units_removed(game: Game, e: UnitsRemoved) -> Game:
    fleet = fleet_less(game.forces.fleet(e.at, e.seat), e.units, {})
    return _forces(game, with_fleet(game.forces, e.at, fleet))


def _retreat_answered(game: Game, e: RetreatAnswered) -> Game:
    assert game.tactic is not None and game.tactic.battle is not None
    answered = (*game.tactic.battle.answered, e.seat)
    if e.to:
        return _battle(game, answered=answered, retreating=e.seat, retreat_to=e.to)
    return _battle(game, answered=answered)


def _retreated(game: Game, e: Retreated) -> Game:
    fleet = game.forces.fleet(e.source, e.seat)
    forces = with_fleet(game.forces, e.source, Fleet(e.seat, {}))
    arrived = fleet_plus(forces.fleet(e.to, e.seat), fleet.units, fleet.damaged)
    return _forces(game, with_fleet(forces, e.to, arrived))


def _landed(game: Game, e: Landed) -> Game:
    assert game.tactic is not None
    landing = invasion.Landing(e.at, e.drops)
    forces, begun = invasion.land(game.galaxy, game.forces, Commander(e.seat), landing)
    taken = tuple(
        d.planet
        for d in e.drops
        if holding(forces, d.planet).controller != holding(game.forces, d.planet).controller
    )
    held = {p: holding(game.forces, p).controller for p in taken}
    won = tuple(p for p in taken if held[p] is None)
    lost = tuple((p, s) for p, s in held.items() if s is not None)
    game = replace(game, forces=forces, taken=(*game.taken, *taken))
    won = (*game.tactic.won, *won) if e.seat == game.tactic.seat else game.tactic.won
    return _tactic(game, invasions=(*game.tactic.invasions, *begun), won=won, lost=lost)


def _invasion_hits(game: Game, e: InvasionHits) -> Game:
    assert game.tactic is not None
    forces = invasion.bombard(game.forces, e.planet, e.defenders_lost)
    fights = tuple(
        invasion.defence(replace(_killing(i, e), dice=()), e.invaders_lost)
        if i.planet == e.planet
        else i
        for i in game.tactic.invasions
    )
    return _tactic(_forces(game, forces), invasions=fights)


def _killing(fight: invasion.Invasion, e: InvasionHits) -> invasion.Invasion:
    """Ground forces killed once its combat has begun count for Dacxive Animators (TI-K12), not
    those killed before it (Chemical Warfare)."""
    if not fight.fired:
        return fight
    killed = e.defenders_lost + invasion.ground_forces_lost(fight, e.invaders_lost)
    return replace(fight, killed=fight.killed + killed)


def _invasion_ended(game: Game, e: InvasionEnded) -> Game:
    assert game.tactic is not None
    fight = next(i for i in game.tactic.invasions if i.planet == e.planet)
    forces = invasion.fighters_back(game.forces, fight, game.tactic.system)
    game = _forces(game, invasion.conclude(forces, fight))
    if e.taken:
        game = replace(game, taken=(*game.taken, e.planet))
    rest = tuple(i for i in game.tactic.invasions if i.planet != e.planet) if game.tactic else ()
    lost = ((e.planet, fight.defender),) if e.taken else ()
    return _tactic(game, invasions=rest, reached=(), lost=lost)  # the next points come anew


def _ground_forces_placed(game: Game, e: GroundForcesPlaced) -> Game:
    held = holding(game.forces, e.planet)
    units = plus(held.units, {"ground_force": e.count})
    return _forces(game, with_holding(game.forces, e.planet, replace(held, units=units)))


def _ground_forces_boosted(game: Game, e: GroundForcesBoosted) -> Game:
    assert game.tactic is not None
    fight, *rest = game.tactic.invasions
    fight = replace(fight, boosted=(*fight.boosted, e.seat))
    return _tactic(game, invasions=(fight, *rest))


TACTICAL_ROWS = {
    Transferred: _transferred,
    Asked: _asked,
    Stepped: _stepped,
    Moved: _moved,
    Rolled: _rolled,
    Fired: _fired,
    CasualtiesTaken: _casualties_taken,
    UnitsRemoved: _units_removed,
    BattleBegan: lambda g, e: _tactic(g, battle=Battle(e.attacker, e.defender)),
    BattleRound: lambda g, e: _tactic(
        _battle(
            g,
            round=e.round,
            answered=(),
            retreating=-1,
            retreat_to="",
            rolled=False,
            damaged=(),
            dice=(),
        ),
        reached=(),
    ),
    RetreatAnswered: _retreat_answered,
    Retreated: _retreated,
    BattleEnded: lambda g, e: _tactic(g, battle=None),
    Landed: _landed,
    Bombarded: lambda g, e: _forces(g, invasion.bombard(g.forces, e.planet, e.hits)),
    BacterialStrike: lambda g, e: _forces(g, invasion.bombard(g.forces, e.planet, e.killed)),
    InvasionHits: _invasion_hits,
    InvasionEnded: _invasion_ended,
    LastDockTaken: lambda g, e: replace(g, took_last_dock=(*g.took_last_dock, e.seat)),
    GroundForcesPlaced: _ground_forces_placed,
    TimingPoint: _timing_point,
    CombatBoosted: lambda g, e: _battle(g, boosted=(*g.tactic.battle.boosted, e.seat)),
    GroundForcesBoosted: _ground_forces_boosted,
    HitsCancelled: _hits_cancelled,
    DieRerolled: _die_rerolled,
    FightersBoosted: lambda g, e: _battle(g, prototypes=(*g.tactic.battle.prototypes, e.seat)),
    DreadnoughtLeads: lambda g, e: _battle(g, breach=Breach(e.seat, e.takes)),
    MinesHit: lambda g, e: _tactic(
        g, owed=(*g.tactic.owed, (e.target, e.hits)), mined=(*g.tactic.mined, e.seat)
    ),
    MoveQuickened: lambda g, e: _tactic(g, quickened=True),
    PassageUnseen: lambda g, e: _tactic(g, unseen=(*g.tactic.unseen, e.origin)),
    Built: lambda g, e: _forces(g, built(g.forces, Commander(e.seat), e.build)),
    ActionEnded: lambda g, e: g,  # the turn's end clears the action
}
