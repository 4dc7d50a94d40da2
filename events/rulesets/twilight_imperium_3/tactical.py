"""The tactical action after activation, and the transfer action (TI-A2), as window prompts on
the stack: each step carried out on its own where it needs no one's choice, asked where it does
(one window, turned from prompt to prompt), until production ends the action. Dice are drawn
from the chance source and written as `Rolled` events."""

from typing import Any

import msgspec

from events.kit import windows
from events.kit.batch import Batch
from events.kit.phases import Ask, Prompt
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import (
    card_windows,
    combat,
    invasion,
    trade,
    transfer,
)
from events.rulesets.twilight_imperium_3.card_events import CardsDiscarded
from events.rulesets.twilight_imperium_3.casualties import choices, forced, forced_refusal
from events.rulesets.twilight_imperium_3.commanders import commander, dug_in
from events.rulesets.twilight_imperium_3.fleets import (
    Commander,
    cargo,
    planets_in,
    total,
    within,
)
from events.rulesets.twilight_imperium_3.forces import Holding, Space
from events.rulesets.twilight_imperium_3.happenings import Closed, Opened
from events.rulesets.twilight_imperium_3.movement import Movement, candidates
from events.rulesets.twilight_imperium_3.movement import refusal as movement_refusal
from events.rulesets.twilight_imperium_3.orders import (
    Bombard,
    FirePds,
    HoldFire,
    Land,
    Lose,
    Move,
    Produce,
    Retreat,
    Stay,
    Transfer,
)
from events.rulesets.twilight_imperium_3.planets import holding, home_planets
from events.rulesets.twilight_imperium_3.production import plans
from events.rulesets.twilight_imperium_3.production_step import produce_refusal, produced
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt, clockwise, reinforcements
from events.rulesets.twilight_imperium_3.tactic import PROTOTYPE, Tactic, TacticalStep
from events.rulesets.twilight_imperium_3.tactical_events import (
    ActionEnded,
    Asked,
    BacterialStrike,
    BattleBegan,
    BattleEnded,
    BattleRound,
    Bombarded,
    CasualtiesTaken,
    Fired,
    GroundForcesPlaced,
    InvasionEnded,
    InvasionHits,
    Landed,
    LastDockTaken,
    Moved,
    RetreatAnswered,
    Retreated,
    Rolled,
    Stepped,
    TimingPoint,
    Transferred,
    UnitsRemoved,
)
from events.rulesets.twilight_imperium_3.turns import end_tactical

PROMPTS = (
    WindowPrompt.TIMING_POINT,
    WindowPrompt.MOVEMENT,
    WindowPrompt.SPACE_CANNON,
    WindowPrompt.CASUALTIES,
    WindowPrompt.RETREAT,
    WindowPrompt.LANDING,
    WindowPrompt.BOMBARDMENT,
    WindowPrompt.PRODUCTION,
)
CANNON, BARRAGE, BATTLE = "space cannon", "anti-fighter barrage", "space battle"
BOMBARDMENT, DEFENCE, INVASION = "bombardment", "planetary defence", "invasion combat"
ASSAULT = "assault cannon"
ROUNDS = (BATTLE, INVASION)  # the combat rounds, whose dice Recheck may roll again (TI-Q77)
GRAVITON_LASER = "graviton_laser_system"
DACXIVE, GEN_SYNTHESIS = "dacxive_animators", "gen_synthesis"
ARMISTICE, IMMUNITY = "armistice", "diplomatic_immunity"  # lasting the round (TI-Q3, TI-Q5)
ANIMATED, SYNTHESISED = 6, 5  # the rolls that bring a ground force back (TI-K12, TI-K11)


def _tactic(game: Game) -> Tactic:
    if game.tactic is None:
        raise LookupError("no tactical or transfer action is under way")
    return game.tactic


def _roll(
    batch: Batch[Game], seat: int, purpose: str, volley: combat.Volley, target: int = -1
) -> int:
    """Dice for this volley from the chance source, written down (a combat round's with the
    value each needs); the hits."""
    dice = tuple(batch.chance.randrange(10) for _ in volley)
    hits = combat.hits(volley, dice)
    needs = tuple(d.hit_on for d in volley) if purpose in ROUNDS else ()
    batch.emit(Rolled(seat, purpose, dice, hits, target, needs))
    again = combat.missed(volley, dice) if purpose in (CANNON, DEFENCE) else ()
    if again and GRAVITON_LASER in batch.game.players[seat].technologies:  # TI-K8
        return hits + _roll(batch, seat, f"{purpose} rolled again", again, target)
    return hits


def _ask(batch: Batch[Game], prompt: WindowPrompt, *seats: int) -> bool:
    batch.emit(Asked(prompt=prompt, asked=seats))
    return True


def _ask_if_a_choice(
    batch: Batch[Game], offers: tuple[Any, ...], prompt: WindowPrompt, then: TacticalStep
) -> bool:
    """Ask the active seat where it has a choice; else go on to the next step unasked."""
    t = _tactic(batch.game)
    if len(offers) > 1:
        return _ask(batch, prompt, t.seat)
    batch.emit(Stepped(step=then, at=t.system))
    return False


def proceed(batch: Batch[Game]) -> None:
    """Carry the action on until a seat must choose, or it ends."""
    while batch.game.tactic is not None and not batch.game.over:
        if STEPS[batch.game.tactic.step](batch):
            return


def _timing_point(batch: Batch[Game], *timings: str) -> bool:
    """The card window of timing points the step reaches (data §5.1), the action waiting under
    it; False where they are past or no one could play there (TI-Q2)."""
    game = batch.game
    if set(timings) <= set(_tactic(game).reached):
        return False
    window = card_windows.card_window(game, *timings)
    if window is None:
        return False
    batch.emit(TimingPoint(timings=timings))
    batch.emit(Opened(window=window))
    return True


def _finish(batch: Batch[Game]) -> bool:
    stack = batch.game.stack
    t = _tactic(batch.game)
    if stack and stack[-1].prompt in PROMPTS:
        batch.emit(Closed())
    else:  # no window to close, whose closing would tell the end
        batch.emit(ActionEnded(seat=t.seat, transfer=bool(t.transfer)))
    end_tactical(batch, bool(t.transfer))
    return True


# TI-M: movement


def move_offers(game: Game, seat: int) -> tuple[Move, ...]:
    t = _tactic(game)
    if t.transfer:
        found = transfer.offers(game.galaxy, game.forces, commander(game, seat), *t.systems)
        return tuple(Move(groups) for groups in found)
    near = candidates(game.galaxy, game.forces, commander(game, seat), t.system)
    return tuple(Move(m.groups) for m in near)


def _movement(batch: Batch[Game]) -> bool:
    if not _tactic(batch.game).transfer and _timing_point(batch, "TAC.activated"):
        return True
    offers = move_offers(batch.game, _tactic(batch.game).seat)
    return _ask_if_a_choice(batch, offers, WindowPrompt.MOVEMENT, TacticalStep.SPACE_CANNON)


def _move_refusal(game: Game, seat: int, d: Move) -> Rejection | None:
    t = _tactic(game)
    if t.transfer:
        return transfer.refusal(
            game.galaxy, game.forces, commander(game, seat), *t.systems, d.groups
        )
    return movement_refusal(
        game.galaxy, game.forces, commander(game, seat), Movement(t.system, d.groups)
    )


def _move(batch: Batch[Game], seat: int, d: Move) -> None:
    t = _tactic(batch.game)
    ways = transfer.ways(*t.systems, d.groups) if t.transfer else (Movement(t.system, d.groups),)
    for way in ways:
        if way.groups:
            batch.emit(Moved(seat=seat, to=way.activated, groups=way.groups))
    batch.emit(Stepped(step=TacticalStep.SPACE_CANNON, at=t.system))
    proceed(batch)


# TI-C1: space cannon


def _others(game: Game, seat: int) -> tuple[Commander, ...]:
    return tuple(commander(game, s) for s in clockwise(game, seat)[1:])


def batteries(game: Game, at: str) -> tuple[combat.Battery, ...]:
    t = _tactic(game)
    return combat.space_cannon(
        game.galaxy, game.forces, at, commander(game, t.seat), _others(game, t.seat), t.spent
    )


def _battery(game: Game, seat: int) -> combat.Battery:
    return next(b for b in batteries(game, _tactic(game).focus) if b.seat == seat)


def _space_cannon(batch: Batch[Game]) -> bool:
    game = batch.game
    t = _tactic(game)
    focus = t.focus or t.system
    entered = ("TAC.enemyEnters", "TAC.enemyMovedIn")
    if focus == t.system and not t.transfer and _timing_point(batch, *entered):
        return True  # TI-Q37, TI-Q74
    found = batteries(game, focus)
    waiting = tuple(b.seat for b in found if b.seat != t.seat and b.seat not in t.answered)
    if waiting:
        return _ask(batch, WindowPrompt.SPACE_CANNON, *waiting)
    if t.owes(t.seat):
        return _casualties(batch, t.seat, focus)
    mine = next((b for b in found if b.seat == t.seat), None)
    if mine is not None and t.seat not in t.answered:
        return _ask(batch, WindowPrompt.SPACE_CANNON, t.seat)
    hit = next((s for s, n in t.owed if n), None)
    if hit is not None:
        return _casualties(batch, hit, focus)
    # no battle yet: fighters whose carriers fell need support at once (TI-M9; IT 1431, 1503)
    _trim(batch, focus, tuple(f.seat for f in game.forces.space.get(focus, Space()).fleets))
    if t.transfer and focus == t.system:
        batch.emit(Stepped(step=TacticalStep.SPACE_CANNON, at=t.transfer))
    else:
        batch.emit(
            Stepped(step=TacticalStep.LANDING if t.transfer else TacticalStep.BATTLE, at=t.system)
        )
    return False


def fire_offers(game: Game, seat: int) -> tuple[FirePds | HoldFire, ...]:
    """Every PDS that may fire; and, where they stand on several planets, each planet's alone,
    the others kept for a transfer's other system (TI-A2)."""
    sites = _battery(game, seat).sites
    alone = tuple(FirePds(pds={p: n}) for p, n in sites.items()) if len(sites) > 1 else ()
    return (FirePds(), *alone, HoldFire())


def _fire_refusal(game: Game, seat: int, d: FirePds) -> Rejection | None:
    t = _tactic(game)
    at = d.at or t.focus
    if at != t.focus:
        return Rejection("TI-C1", f"your PDS fire now into {t.focus}, or hold fire")
    sites = _battery(game, seat).sites
    if d.pds and (not within(d.pds, sites) or not total(d.pds)):
        ready = ", ".join(f"{n} on {p}" for p, n in sites.items())
        return Rejection(
            "TI-C1", f"name PDS of yours in range of {at} that have not fired: {ready}"
        )
    return None


def _fire(batch: Batch[Game], seat: int, d: FirePds | HoldFire) -> None:
    battery = _battery(batch.game, seat)
    if isinstance(d, HoldFire):
        batch.emit(Fired(seat=seat, held=True))
    else:
        firing = d.pds or battery.sites  # each PDS fires once, at one system (TI-A2)
        batch.emit(Fired(seat=seat, pds=firing))
        volley = combat.dice({"pds": total(firing)}, commander(batch.game, seat))
        _roll(batch, seat, CANNON, volley, battery.target)
    if windows.settled(batch.game.stack[-1]):
        proceed(batch)


# TI-C5, TI-C6: casualties


def _forced(game: Game, seat: int) -> combat.Casualties:
    """What Into the Breach forces of the hits he owes (TI-Q32)."""
    t = _tactic(game)
    breach = t.battle.breach if t.battle is not None else None
    return forced(game.forces.fleet(t.focus, seat), t.owes(seat), breach)


def casualty_offers(game: Game, seat: int) -> tuple[Lose, ...]:
    t = _tactic(game)
    fleet = game.forces.fleet(t.focus, seat)
    found = choices(fleet, t.owes(seat), commander(game, seat), _forced(game, seat))
    return tuple(Lose(c.destroyed, c.damaged) for c in found)


def _casualties(batch: Batch[Game], seat: int, at: str) -> bool:
    """Asked of their owner only when he has a choice; else taken as the only answer."""
    options = casualty_offers(batch.game, seat)
    if len(options) > 1:
        return _ask(batch, WindowPrompt.CASUALTIES, seat)
    chosen = options[0]
    batch.emit(CasualtiesTaken(seat, at, chosen.destroyed, chosen.damaged))
    synthesise(batch, seat, chosen.destroyed.get("ground_force", 0))  # lost aboard (TI-K11)
    return False


def _lose_refusal(game: Game, seat: int, d: Lose) -> Rejection | None:
    t = _tactic(game)
    fleet = game.forces.fleet(t.focus, seat)
    chosen = combat.Casualties(d.destroyed, d.damaged)
    refused = combat.casualties_refusal(fleet, t.owes(seat), chosen, commander(game, seat))
    return refused or forced_refusal(_forced(game, seat), chosen)


def _lose(batch: Batch[Game], seat: int, d: Lose) -> None:
    at = _tactic(batch.game).focus
    batch.emit(CasualtiesTaken(seat=seat, at=at, destroyed=d.destroyed, damaged=d.damaged))
    synthesise(batch, seat, d.destroyed.get("ground_force", 0))  # lost aboard (TI-K11)
    proceed(batch)


# TI-C2 to TI-C9: the space battle


def _battle(batch: Batch[Game]) -> bool:
    game = batch.game
    t = _tactic(game)
    battle, at = t.battle, t.system
    if battle is None:
        return _begin_battle(batch)
    sides = (battle.attacker, battle.defender)
    if not battle.round:  # one window for the points before the battle and its first round
        if _timing_point(batch, "SB.before", "SB.beforeRound", "CR.before"):
            return True
        return _first_volleys(batch)
    if battle.dice and _timing_point(batch, "ROLL.after"):  # TI-Q77
        return True
    hit = battle.rolled and any(t.owes(s) for s in sides)
    if hit and _timing_point(batch, "SB.afterEnemyRoll"):
        return True
    for seat in sides:
        if t.owes(seat):
            return _casualties(batch, seat, at)
    if battle.damaged and _timing_point(batch, "SB.afterDamaged"):
        return True
    if not battle.rolled and not combat.battle_over(game.forces, at):
        if battle.round > 1 and _timing_point(batch, "SB.beforeRound", "CR.before"):
            return True
        for seat in sides:
            if seat in battle.answered or battle.retreating == battle.attacker:
                continue
            if combat.retreats(game.galaxy, game.forces, at, seat):
                return _ask(batch, WindowPrompt.RETREAT, seat)
        fighting = (
            (battle.attacker, battle.defender, False),
            (battle.defender, battle.attacker, True),
        )
        volleys = [
            (
                s,
                o,
                combat.battle_volley(
                    game.galaxy,
                    game.forces,
                    at,
                    commander(game, s),
                    d,
                    battle.boost(s),
                    PROTOTYPE * (s in battle.prototypes),
                ),
            )
            for s, o, d in fighting
        ]
        for seat, opponent, volley in volleys:
            _roll(batch, seat, BATTLE, volley, opponent)
        return False
    if battle.retreating >= 0 and not combat.battle_over(game.forces, at):
        batch.emit(Retreated(seat=battle.retreating, source=at, to=battle.retreat_to))
        _trim(batch, battle.retreat_to, (battle.retreating,))
    if combat.battle_over(batch.game.forces, at):
        victor = combat.victor(batch.game.forces, at)
        sides = (battle.attacker, battle.defender)
        batch.emit(BattleEnded(sides=sides, victor=-1 if victor is None else victor))
        _trim(batch, at, (battle.attacker, battle.defender))  # TI-C9
        batch.emit(Stepped(step=TacticalStep.LANDING, at=at))
    else:
        batch.emit(BattleRound(round=battle.round + 1))
    return False


def _begin_battle(batch: Batch[Game]) -> bool:
    game = batch.game
    t = _tactic(game)
    at = t.system
    defender = combat.defender(game.forces, at, t.seat)
    if defender is None:
        batch.emit(Stepped(step=TacticalStep.LANDING, at=at))
        return False
    batch.emit(BattleBegan(attacker=t.seat, defender=defender))
    trade.war(batch, t.seat, defender)  # TI-R8
    return False


def _first_volleys(batch: Batch[Game]) -> bool:
    """Before round 1: the anti-fighter barrage, then Assault Cannon (TI-C3, TI-K9)."""
    game = batch.game
    t = _tactic(game)
    assert t.battle is not None
    at, defender = t.system, t.battle.defender
    sides = ((t.seat, defender), (defender, t.seat))
    volleys = [
        (s, o, combat.barrage_volley(game.forces, at, commander(game, s), o)) for s, o in sides
    ]
    for seat, opponent, volley in volleys:  # TI-C3: both at once, before round 1
        if volley:
            hits = _roll(batch, seat, BARRAGE, volley)
            lost = min(hits, batch.game.forces.fleet(at, opponent).units.get("fighter", 0))
            if lost:
                batch.emit(CasualtiesTaken(seat=opponent, at=at, destroyed={"fighter": lost}))
    cannons = [(s, o, combat.assault_volley(game.forces, at, commander(game, s))) for s, o in sides]
    for seat, opponent, volley in cannons:  # TI-K9: both at once, the hits owed before round 1
        if volley:
            _roll(batch, seat, ASSAULT, volley, opponent)
    batch.emit(BattleRound(round=1))
    return False


def _trim(batch: Batch[Game], at: str, seats: tuple[int, ...]) -> None:
    """Units beyond fleet supply, room aboard or fighter support removed (TI-M8, TI-M9)."""
    for seat in seats:
        game = batch.game
        _, removed = combat.end_of_battle(game.galaxy, game.forces, at, (commander(game, seat),))
        if removed.get(seat):
            batch.emit(UnitsRemoved(seat=seat, at=at, units=removed[seat]))
            synthesise(batch, seat, removed[seat].get("ground_force", 0))


def _retreat_refusal(game: Game, seat: int, d: Retreat) -> Rejection | None:
    t = _tactic(game)
    battle = t.battle
    if battle is None:
        return Rejection("TI-C7", "there is no space battle")
    return combat.retreat_refusal(
        game.galaxy,
        game.forces,
        t.system,
        seat,
        battle.attacker,
        battle.retreating == battle.attacker,
        combat.Retreat(d.to),
    )


def _retreat(batch: Batch[Game], seat: int, d: Retreat | Stay) -> None:
    batch.emit(RetreatAnswered(seat=seat, to=d.to if isinstance(d, Retreat) else ""))
    proceed(batch)


# TI-L: landing, bombardment and invasion


def _armistice(game: Game, seat: int, planet: str) -> bool:
    """Its holder played Armistice naming this player and this planet, this round (TI-Q3)."""
    owner = holding(game.forces, planet).controller
    return any(
        a.card == ARMISTICE and a.other == seat and a.planet == planet and a.seat == owner
        for a in game.lasting
    )


def immunity_refusal(game: Game, seat: int, system: str) -> Rejection | None:
    """Another player's Diplomatic Immunity keeps everyone else out of it this round (TI-Q5)."""
    if any(a.card == IMMUNITY and a.system == system and a.seat != seat for a in game.lasting):
        return Rejection("TI-Q5", f"a Diplomatic Immunity forbids you to activate {system}")
    return None


def _landing_systems(game: Game) -> tuple[str, ...]:
    return _tactic(game).systems


def _system_of(game: Game, planet: str) -> str:
    return next((p for p in _landing_systems(game) if planet in planets_in(game.galaxy, p)), "")


def land_offers(game: Game, seat: int) -> tuple[Land, ...]:
    """Nothing; everything aboard onto each planet; the ground forces spread over them."""
    found = [Land()]
    for at in _landing_systems(game):
        aboard = cargo(game.forces.fleet(at, seat).units)
        if not aboard:
            continue
        planets = planets_in(game.galaxy, at)
        found += [Land((invasion.Drop(p, aboard),)) for p in planets]
        fighters = game.forces.fleet(at, seat).units.get("fighter", 0)
        if fighters and commander(game, seat).owns(invasion.GRAVITON_NEGATOR):  # TI-K10
            joined = aboard | {"fighter": fighters}
            found += [Land((invasion.Drop(p, joined),)) for p in planets]
        troops = aboard.get("ground_force", 0)
        if len(planets) > 1 and troops >= len(planets):
            share = troops // len(planets)
            found.append(Land(tuple(invasion.Drop(p, {"ground_force": share}) for p in planets)))
    return tuple(o for o in found if _land_refusal(game, seat, o) is None)


def _landing(batch: Batch[Game]) -> bool:
    if _timing_point(batch, "TAC.beforeLanding"):  # TI-Q35
        return True
    offers = land_offers(batch.game, _tactic(batch.game).seat)
    return _ask_if_a_choice(batch, offers, WindowPrompt.LANDING, TacticalStep.BOMBARDMENT)


def _land_refusal(game: Game, seat: int, d: Land) -> Rejection | None:
    t = _tactic(game)
    by_system: dict[str, list[invasion.Drop]] = {}
    for drop in d.drops:
        if _armistice(game, seat, drop.planet):
            return Rejection(
                "TI-Q3", f"an Armistice forbids you to invade {drop.planet} this round"
            )
        at = _system_of(game, drop.planet)
        if not at:
            return Rejection("TI-L1", f"{drop.planet} is not a planet of the activated system")
        if t.transfer and game.forces.planets.get(drop.planet, Holding()).controller != seat:
            return Rejection("TI-A2", "in a transfer, land only on your own planets")
        by_system.setdefault(at, []).append(drop)
    for at, drops in by_system.items():
        landing = invasion.Landing(at, tuple(drops))
        refused = invasion.landing_refusal(game.galaxy, game.forces, commander(game, seat), landing)
        if refused:
            return refused
    return None


def _land(batch: Batch[Game], seat: int, d: Land) -> None:
    for at in _landing_systems(batch.game):
        drops = tuple(x for x in d.drops if _system_of(batch.game, x.planet) == at)
        if drops:
            for drop in drops:
                _note_last_dock(batch, seat, drop.planet, falls=_falls(batch.game, seat, drop))
                _invading(batch, seat, drop)
            taking = tuple(x.planet for x in drops if _taking(batch.game, seat, x))
            batch.emit(Landed(seat=seat, at=at, drops=drops, taking=taking))
    batch.emit(Stepped(step=TacticalStep.BOMBARDMENT, at=_tactic(batch.game).system))
    proceed(batch)


def _invading(batch: Batch[Game], seat: int, drop: invasion.Drop) -> None:
    """Ground forces landing on another player's planet: invasion combat, or a planet that
    falls without it, breaks an agreement between the two (TI-R8)."""
    owner = batch.game.forces.planets.get(drop.planet, Holding()).controller
    if owner not in (None, seat) and drop.units.get("ground_force"):
        trade.war(batch, seat, owner)


def _taking(game: Game, seat: int, drop: invasion.Drop) -> bool:
    """A ground force landing on a neutral planet takes it (TI-L2), as on a fallen one."""
    neutral = game.forces.planets.get(drop.planet, Holding()).controller is None
    troops = bool(drop.units.get("ground_force"))
    return (neutral and troops) or _falls(game, seat, drop)


def _falls(game: Game, seat: int, drop: invasion.Drop) -> bool:
    """An enemy planet without ground forces falls to a ground force landing (TI-L3)."""
    holding = game.forces.planets.get(drop.planet, Holding())
    return (
        holding.controller not in (None, seat)
        and bool(drop.units.get("ground_force"))
        and not holding.units.get("ground_force")
    )


def _note_last_dock(batch: Batch[Game], seat: int, planet: str, falls: bool) -> None:
    """Merciless: the planet falling holds a neighbour's last space dock on the board."""
    game = batch.game
    holding = game.forces.planets.get(planet, Holding())
    owner = holding.controller
    if not falls or owner is None or not holding.units.get("space_dock"):
        return
    around = clockwise(game, seat)
    docks = sum(
        h.units.get("space_dock", 0) for h in game.forces.planets.values() if h.controller == owner
    )
    if owner in (around[1], around[-1]) and docks == 1 and seat not in game.took_last_dock:
        batch.emit(LastDockTaken(seat=seat))


def bombard_offers(game: Game, seat: int) -> tuple[Bombard, ...]:
    t = _tactic(game)
    fleet = game.forces.fleet(t.system, seat).units
    bombarders = {u: fleet[u] for u in invasion.BOMBARDERS if fleet.get(u)}
    found = [Bombard()]
    if bombarders and not t.transfer:
        for planet in planets_in(game.galaxy, t.system):
            found.append(Bombard((invasion.Bombardment(planet, bombarders),)))
            for unit, n in bombarders.items():
                found.append(Bombard((invasion.Bombardment(planet, {unit: n}),)))
                found.append(Bombard((invasion.Bombardment(planet, {unit: 1}, True),)))  # TI-K17
    return tuple(o for o in found if _bombard_refusal(game, seat, o) is None)


def _bombardment(batch: Batch[Game]) -> bool:
    t = _tactic(batch.game)
    points = ("INV.neutralWon",) * bool(t.won) + ("LOST.planet",) * bool(t.lost)  # TI-Q73
    if points and _timing_point(batch, *points):
        return True
    offers = bombard_offers(batch.game, _tactic(batch.game).seat)
    if len(offers) > 1 and _timing_point(batch, "BOMB.before"):  # TI-Q34
        return True
    return _ask_if_a_choice(batch, offers, WindowPrompt.BOMBARDMENT, TacticalStep.INVASION)


def _bombard_refusal(game: Game, seat: int, d: Bombard) -> Rejection | None:
    t = _tactic(game)
    if t.transfer and d.bombardments:
        return Rejection("TI-A2", "a transfer action bombards nothing")
    for bombardment in d.bombardments:
        if dug_in(game, bombardment.planet):
            return Rejection("TI-Q34", f"the ground forces on {bombardment.planet} are dug in")
    return invasion.bombardment_refusal(
        game.galaxy, game.forces, commander(game, seat), t.system, t.invasions, d.bombardments
    )


def _bombard(batch: Batch[Game], seat: int, d: Bombard) -> None:
    bacterial = tuple(b for b in d.bombardments if b.bacterial)
    for bombardment in bacterial:
        _bacterial_strike(batch, seat, bombardment.planet)
    if bacterial and (hand := batch.game.players[seat].hand):
        batch.emit(CardsDiscarded(seat=seat, cards=hand))  # the weapon's price (TI-K17)
    for bombardment in (b for b in d.bombardments if not b.bacterial):
        volley = invasion.bombardment_volley(bombardment, commander(batch.game, seat))
        hits = _roll(batch, seat, BOMBARDMENT, volley)
        held = batch.game.forces.planets[bombardment.planet]
        batch.emit(Bombarded(planet=bombardment.planet, hits=hits))
        if held.controller is not None:
            synthesise(batch, held.controller, min(hits, held.units.get("ground_force", 0)))
    batch.emit(Stepped(step=TacticalStep.INVASION, at=_tactic(batch.game).system))
    proceed(batch)


def _bacterial_strike(batch: Batch[Game], seat: int, planet: str) -> None:
    """X-89 Bacterial Weapon, before bombarding: every ground force there destroyed (TI-K17)."""
    held = batch.game.forces.planets[planet]
    killed = held.units.get("ground_force", 0)
    batch.emit(BacterialStrike(seat=seat, planet=planet, killed=killed))
    if held.controller is not None:
        synthesise(batch, held.controller, killed)


def _fight(game: Game) -> invasion.Invasion:
    return _tactic(game).invasions[0]


def _invasion(batch: Batch[Game]) -> bool:
    """Each invasion in the order landed: the defending PDS, then its rounds to the end (TI-L5
    to TI-L7), a card window before the combat and before each later round, and one after
    each round's dice, where someone could play there (TI-Q36, TI-Q25, TI-Q77)."""
    game = batch.game
    t = _tactic(game)
    if not t.invasions:
        batch.emit(Stepped(step=TacticalStep.PRODUCTION, at=t.system))
        return False
    fight = t.invasions[0]
    if not fight.dice:
        points = ("CR.before",) if fight.fired else ("IC.before", "CR.before")
        if _timing_point(batch, *points):
            return True
        if not fight.fired:
            _defence(batch, fight)
        if not invasion.invasion_over(batch.game.forces, _fight(batch.game)):
            _invasion_round(batch, _fight(batch.game))
    if _fight(batch.game).dice:
        if _timing_point(batch, "ROLL.after"):
            return True
        _invasion_hits(batch, _fight(batch.game))
    fight = _fight(batch.game)
    if invasion.invasion_over(batch.game.forces, fight):
        taken = bool(fight.ground_forces) and not invasion.defenders(batch.game.forces, fight)
        _note_last_dock(batch, fight.invader, fight.planet, falls=taken)
        batch.emit(InvasionEnded(planet=fight.planet, taken=taken, invader=fight.invader))
        if taken:
            _animate(batch, fight.invader, fight.planet, fight.killed)
        return taken and _timing_point(batch, "LOST.planet")  # TI-Q73
    return False


def _defence(batch: Batch[Game], fight: invasion.Invasion) -> None:
    """The defender's PDS on the planet fire at the landed units before the first round
    (TI-L5)."""
    volley = invasion.defence_volley(
        batch.game.forces, fight, commander(batch.game, fight.defender)
    )
    if volley:
        landed = fight.ground_forces + fight.fighters
        hits = min(_roll(batch, fight.defender, DEFENCE, volley), landed)
        batch.emit(InvasionHits(fight.planet, 0, hits))
        synthesise(batch, fight.invader, invasion.ground_forces_lost(fight, hits), fight.planet)


def _invasion_round(batch: Batch[Game], fight: invasion.Invasion) -> None:
    """Both sides roll at once (TI-L6); the dice are kept for a card window (TI-Q77)."""
    game = batch.game
    defender = commander(game, fight.defender)
    shielded = bool(game.forces.planets[fight.planet].units.get("pds"))
    mine = invasion.invading_volley(fight, commander(game, fight.invader))
    standing = invasion.defenders(game.forces, fight)
    boost = int(fight.defender in fight.boosted)
    theirs = invasion.ground_volley(standing, defender, shielded, boost)
    _roll(batch, fight.invader, INVASION, mine)
    _roll(batch, fight.defender, INVASION, theirs)


def _invasion_hits(batch: Batch[Game], fight: invasion.Invasion) -> None:
    """Each side loses a ground force per hit of the other's dice of the round (TI-L6)."""
    hits = sum(x.hits() for x in fight.dice if x.seat == fight.invader)
    taken = sum(x.hits() for x in fight.dice if x.seat == fight.defender)
    standing = invasion.defenders(batch.game.forces, fight)
    lost, won = min(hits, standing), min(taken, fight.ground_forces + fight.fighters)
    batch.emit(InvasionHits(fight.planet, lost, won))
    synthesise(batch, fight.invader, invasion.ground_forces_lost(fight, won), fight.planet)
    synthesise(batch, fight.defender, lost, fight.planet)


def _animate(batch: Batch[Game], seat: int, planet: str, killed: int) -> None:
    """Dacxive Animators: a die for each ground force killed in the invasion combat won, each 6
    or more a ground force on the planet (TI-K12)."""
    if not killed or DACXIVE not in batch.game.players[seat].technologies:
        return
    hits = _roll(batch, seat, "Dacxive Animators", (combat.Die("ground_force", ANIMATED),) * killed)
    if hits:
        batch.emit(GroundForcesPlaced(seat=seat, planet=planet, count=hits, technology=DACXIVE))


def synthesise(batch: Batch[Game], seat: int, lost: int, fought_over: str = "") -> None:
    """GEN Synthesis: a die for each of his ground forces destroyed, on a planet or aboard ships
    lost in space, each 5 or more one back on a planet of his home system, the first he holds
    other than the one fought over; with none, it is lost (TI-K11)."""
    game = batch.game
    if not lost or GEN_SYNTHESIS not in game.players[seat].technologies:
        return
    homes = [
        p
        for p in home_planets(game.galaxy, seat)
        if p != fought_over and holding(game.forces, p).controller == seat
    ]
    hits = _roll(batch, seat, "GEN Synthesis", (combat.Die("ground_force", SYNTHESISED),) * lost)
    if hits and homes:
        batch.emit(
            GroundForcesPlaced(seat=seat, planet=homes[0], count=hits, technology=GEN_SYNTHESIS)
        )


# TI-U: production


def _produce_at(game: Game, d: Produce) -> str:
    """The system of the docks named (a transfer produces in one of its two), else the first."""
    named = [b.dock for b in d.batches] + ([d.space_dock] if d.space_dock else [])
    t = _tactic(game)
    systems = {_system_of(game, p) for p in named}
    return systems.pop() if len(systems) == 1 else (t.system if not named else "")


def production_offers(game: Game, seat: int, positions: tuple[str, ...]) -> tuple[Produce, ...]:
    found: dict[bytes, Produce] = {}
    for position in positions:
        for plan in plans(
            game.galaxy,
            game.forces,
            commander(game, seat),
            position,
            game.players[seat].trade_goods,
            frozenset(game.taken),
        ):
            order = Produce(plan.batches, plan.space_dock, plan.paying, plan.trade_goods)
            found.setdefault(msgspec.json.encode(order, order="sorted"), order)
    return tuple(found.values())


def _production(batch: Batch[Game]) -> bool:
    game = batch.game
    t = _tactic(game)
    if len(production_offers(game, t.seat, t.systems)) > 1:
        return _ask(batch, WindowPrompt.PRODUCTION, t.seat)
    return _finish(batch)


def _produce_refusal(game: Game, seat: int, d: Produce) -> Rejection | None:
    return produce_refusal(game, seat, _produce_at(game, d), d)


def _produce(batch: Batch[Game], seat: int, d: Produce) -> None:
    position = _produce_at(batch.game, d)
    produced(batch, seat, position, d)
    _finish(batch)


STEPS = {
    TacticalStep.MOVEMENT: _movement,
    TacticalStep.SPACE_CANNON: _space_cannon,
    TacticalStep.BATTLE: _battle,
    TacticalStep.LANDING: _landing,
    TacticalStep.BOMBARDMENT: _bombardment,
    TacticalStep.INVASION: _invasion,
    TacticalStep.PRODUCTION: _production,
}


def _owes(game: Game, seat: int) -> bool:
    return windows.owes(game.stack[-1], seat)


def _prompt(name: WindowPrompt, *asks: Ask, **more: Any) -> Prompt:
    return Prompt(name=name, asks=asks, owes=_owes, **more)


def _retreat_offers(game: Game, seat: int) -> tuple[Stay | Retreat, ...]:
    t = _tactic(game)
    return (
        Stay(),
        *(Retreat(to) for to in combat.retreats(game.galaxy, game.forces, t.system, seat)),
    )


PROMPT_TABLE = (
    _prompt(WindowPrompt.TIMING_POINT, follows=proceed),
    _prompt(
        WindowPrompt.MOVEMENT,
        Ask(
            Move,
            "TI-M2",
            "move ships into the activated system",
            "move <n> <unit> … from <system> [via <systems>] [with <n> <unit> from <planet>] "
            "[damaged <n> <unit>]; … | move nothing",
            _move_refusal,
            _move,
        ),
        offers=move_offers,
        default=lambda game, seat: Move(),
    ),
    _prompt(
        WindowPrompt.SPACE_CANNON,
        Ask(
            FirePds,
            "TI-C1",
            "fire your PDS",
            "fire pds | fire <n> pds from <planet>, … [at <system>]",
            _fire_refusal,
            _fire,
        ),
        Ask(HoldFire, "TI-C1", "hold fire", "hold fire", carry_out=_fire),
        offers=fire_offers,
        default=lambda game, seat: HoldFire(),
    ),
    _prompt(
        WindowPrompt.CASUALTIES,
        Ask(
            Lose,
            "TI-C5",
            "choose your casualties",
            "lose <n> <unit> …[, damage <n> <unit>]",
            _lose_refusal,
            _lose,
        ),
        offers=casualty_offers,
        default=lambda game, seat: casualty_offers(game, seat)[0],
    ),
    _prompt(
        WindowPrompt.RETREAT,
        Ask(
            Retreat,
            "TI-C7",
            "announce a retreat",
            "retreat to <system>",
            _retreat_refusal,
            _retreat,
        ),
        Ask(Stay, "TI-C7", "stay in the battle", "stay", carry_out=_retreat),
        offers=_retreat_offers,
        default=lambda game, seat: Stay(),
    ),
    _prompt(
        WindowPrompt.LANDING,
        Ask(
            Land,
            "TI-L1",
            "land ground forces and PDS",
            "land <n> <unit> on <planet>; … | land nothing",
            _land_refusal,
            _land,
        ),
        offers=land_offers,
        default=lambda game, seat: Land(),
    ),
    _prompt(
        WindowPrompt.BOMBARDMENT,
        Ask(
            Bombard,
            "TI-L4",
            "bombard",
            "bombard <planet> with <n> <unit> [using x-89]; … | bombard nothing",
            _bombard_refusal,
            _bombard,
        ),
        offers=bombard_offers,
        default=lambda game, seat: Bombard(),
    ),
    _prompt(
        WindowPrompt.PRODUCTION,
        Ask(
            Produce,
            "TI-U1",
            "build units",
            "build <n> <unit> … at <planet> [to <system or planet>]; [space dock on <planet>] "
            "[paying <planets> and <n> tg] | build nothing",
            _produce_refusal,
            _produce,
        ),
        offers=lambda game, seat: production_offers(game, seat, _tactic(game).systems),
        default=lambda game, seat: Produce(),
    ),
)


# TI-A2: the transfer action


def transfer_refusal(game: Game, seat: int, d: Transfer) -> Rejection | None:
    if game.players[seat].command < 1:
        return Rejection("TI-A2", "you have no command counter in your command pool")
    if reinforcements(game, seat) < 1:
        return Rejection("TI-A2", "you have no command counter left in reinforcements")
    for system in (d.first, d.second):
        if refused := immunity_refusal(game, seat, system):
            return refused
    return transfer.activation_refusal(game.galaxy, game.forces, seat, d.first, d.second)


def begin_transfer(batch: Batch[Game], seat: int, d: Transfer) -> None:
    batch.emit(Transferred(seat=seat, first=d.first, second=d.second))
    proceed(batch)
