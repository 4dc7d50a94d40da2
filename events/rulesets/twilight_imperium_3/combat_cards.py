"""The action cards played at the tactical action's and the space battle's timing points (TI-Q25
to TI-Q37): for each, what its play must name and why it can do nothing otherwise, what it
does, and the plays `legal` offers. The step reaching each point opens its card window
(tactical.py)."""

from collections.abc import Callable, Iterator

from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.card_decisions import Lasting, PlayCard
from events.rulesets.twilight_imperium_3.card_effects import Effect
from events.rulesets.twilight_imperium_3.card_events import CounterPlaced, HoldingsChanged, Lasted
from events.rulesets.twilight_imperium_3.card_plays import alone
from events.rulesets.twilight_imperium_3.combat import with_cargo_lost
from events.rulesets.twilight_imperium_3.commanders import DUG_IN, commander, dug_in
from events.rulesets.twilight_imperium_3.fleets import (
    enemy_ships,
    holds_counter,
    planets_in,
    ships,
    trim_unsupported,
)
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.galaxy import adjacent
from events.rulesets.twilight_imperium_3.happenings import TradeGoodsGained
from events.rulesets.twilight_imperium_3.invasion import Invasion, defenders
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.movement import UNSEEN_MOVE, move_value
from events.rulesets.twilight_imperium_3.state import Game, bank, reinforcements
from events.rulesets.twilight_imperium_3.tactic import PROTOTYPE, Battle, Tactic, TacticalStep
from events.rulesets.twilight_imperium_3.tactical_events import (
    CasualtiesTaken,
    CombatBoosted,
    DreadnoughtLeads,
    FightersBoosted,
    GroundForcesBoosted,
    HitsCancelled,
    InvasionHits,
    MinesHit,
    MoveQuickened,
    PassageUnseen,
    Retreated,
    UnitsRemoved,
)

SHIELDED = 2  # hits Shields Holding cancels (TI-Q26)
SHUT = ("supernova", "asteroid_field")  # no ship retreats into them (TI-Q33)
RARE_MINERAL = 3  # trade goods (TI-Q28)


def _battle(game: Game, seat: int) -> Battle | None:
    """The space battle under way, if the seat fights in it."""
    battle = game.tactic.battle if game.tactic is not None else None
    return battle if battle is not None and seat in (battle.attacker, battle.defender) else None


# TI-Q25 Morale Boost


def _invasion(game: Game, seat: int) -> Invasion | None:
    """The invasion combat under way, if the seat fights in it."""
    t = game.tactic
    fight = (
        t.invasions[0]
        if t is not None and t.step == TacticalStep.INVASION and t.invasions
        else None
    )
    return fight if fight is not None and seat in (fight.invader, fight.defender) else None


def _morale_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    fight, battle = _invasion(game, seat), _battle(game, seat)
    if fight is not None:
        boosted = fight.boosted
    elif battle is not None and not battle.rolled:
        boosted = battle.boosted
    else:
        return Rejection("TI-Q25", "play it before a round of a combat you fight in")
    if seat in boosted:
        return Rejection("TI-Q25", "your units already roll 1 better this round")
    return None


def _morale_boost(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    fight = _invasion(batch.game, seat)
    if fight is None:
        batch.emit(CombatBoosted(seat=seat, bonus=1))
    else:
        batch.emit(GroundForcesBoosted(seat=seat, planet=fight.planet, bonus=1))


# TI-Q26 Shields Holding


def _shields_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    t, battle = game.tactic, _battle(game, seat)
    if t is None or battle is None or not battle.rolled or not t.owes(seat):
        return Rejection("TI-Q26", "play it when your enemy's dice hit you in a space battle")
    return None


def _shields_holding(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    assert batch.game.tactic is not None
    batch.emit(HitsCancelled(seat=seat, hits=min(SHIELDED, batch.game.tactic.owes(seat))))


# TI-Q27 Direct Hit


def _direct_hit_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    battle = _battle(game, seat)
    if battle is None or (d.seat, d.unit) not in battle.damaged:
        return Rejection("TI-Q27", "name an enemy ship just damaged in your space battle")
    assert game.tactic is not None
    if not game.forces.fleet(game.tactic.system, d.seat).damaged.get(d.unit):
        return Rejection("TI-Q27", "that ship is no longer there")
    return None


def _direct_hit(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    assert batch.game.tactic is not None
    at = batch.game.tactic.system
    fleet = batch.game.forces.fleet(at, d.seat)
    lost = with_cargo_lost(fleet, {d.unit: 1}, {}, commander(batch.game, d.seat))
    batch.emit(CasualtiesTaken(seat=d.seat, at=at, destroyed=lost.destroyed))


def _direct_hits(game: Game, seat: int) -> Iterator[PlayCard]:
    battle = _battle(game, seat)
    for other, unit in dict.fromkeys(battle.damaged if battle is not None else ()):
        if other != seat:
            yield PlayCard("direct_hit", seat=other, unit=unit)


# TI-Q28 Rare Mineral


def _rare_mineral_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    t = game.tactic
    if t is None or t.seat != seat or not t.won:
        return Rejection("TI-Q28", "play it once you have taken a neutral planet")
    if not bank(game):
        return Rejection("TI-U10", "the bank is empty")
    return None


def _rare_mineral(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    gained = min(RARE_MINERAL, bank(batch.game))
    batch.emit(TradeGoodsGained(seat=seat, trade_goods=gained))


# TI-Q29 Flank Speed and TI-Q30 In the Silence of Space, before the movement


def _activating(game: Game, seat: int) -> Tactic | None:
    """His tactical action, its system activated and nothing moved yet."""
    t = game.tactic
    movement = (
        t is not None and t.seat == seat and not t.transfer and t.step == TacticalStep.MOVEMENT
    )
    return t if movement else None


def _flank_speed_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    t = _activating(game, seat)
    if t is None:
        return Rejection("TI-Q29", "play it once you have activated a system, before you move")
    if t.quickened:
        return Rejection("TI-Q29", "your ships already move 1 further this action")
    return None


def _flank_speed(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(MoveQuickened(seat=seat))


def _fast_fleet(game: Game, seat: int, origin: str) -> bool:
    """A fleet of his outside the activated system, free to move, with a ship moving 2 or more."""
    t = game.tactic
    if t is None or origin == t.system or holds_counter(game.forces, origin, seat):
        return False
    kind = load().systems[game.galaxy.tiles[origin]].kind
    fleet = game.forces.fleet(origin, seat).units
    return any(move_value(u, kind, commander(game, seat)) >= UNSEEN_MOVE for u in fleet)


def _silence_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    t = _activating(game, seat)
    if t is None:
        return Rejection("TI-Q30", "play it once you have activated a system, before you move")
    if d.system in t.unseen:
        return Rejection("TI-Q30", f"your fleet at {d.system} already slips past enemy ships")
    if d.system not in game.galaxy.tiles or not _fast_fleet(game, seat, d.system):
        return Rejection("TI-Q30", "name a system holding a fleet of yours that moves 2 or more")
    return None


def _silence(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(PassageUnseen(seat=seat, origin=d.system))


def _silences(game: Game, seat: int) -> Iterator[PlayCard]:
    for space in sorted(game.forces.space):
        if space in game.galaxy.tiles and _fast_fleet(game, seat, space):
            yield PlayCard("in_the_silence_of_space", system=space)


# TI-Q31 Fighter Prototype


def _prototype_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    battle = _battle(game, seat)
    if battle is None or battle.round or battle.rolled:
        return Rejection("TI-Q31", "play it before a space battle you fight in")
    assert game.tactic is not None
    if not game.forces.fleet(game.tactic.system, seat).units.get("fighter"):
        return Rejection("TI-Q31", "you have no fighters in this space battle")
    if seat in battle.prototypes:
        return Rejection("TI-Q31", "your fighters already roll 2 better this round")
    return None


def _prototype(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(FightersBoosted(seat=seat, bonus=PROTOTYPE))


# TI-Q32 Into the Breach


def _breach_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    battle = _battle(game, seat)
    if battle is None or battle.round or battle.rolled:
        return Rejection("TI-Q32", "play it before a space battle you fight in")
    assert game.tactic is not None
    if not game.forces.fleet(game.tactic.system, seat).units.get("dreadnought"):
        return Rejection("TI-Q32", "you have no dreadnought in this space battle")
    if battle.breach is not None:
        return Rejection("TI-Q32", "a dreadnought already leads into this breach")
    return None


def _into_the_breach(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """A sound dreadnought where he has one takes the first 2 hits, a damaged one the first."""
    assert batch.game.tactic is not None
    fleet = batch.game.forces.fleet(batch.game.tactic.system, seat)
    sound = fleet.units.get("dreadnought", 0) > fleet.damaged.get("dreadnought", 0)
    batch.emit(DreadnoughtLeads(seat=seat, takes=2 if sound else 1))


# TI-Q33 Skilled Retreat


def _skilled_retreat_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    battle = _battle(game, seat)
    if battle is None or battle.rolled:
        return Rejection("TI-Q33", "play it before a round of a space battle you fight in")
    assert game.tactic is not None
    if d.system not in adjacent(game.galaxy, game.tactic.system):
        return Rejection("TI-Q33", f"name a system next to {game.tactic.system}")
    if load().systems[game.galaxy.tiles[d.system]].kind in SHUT:
        return Rejection("TI-Q33", f"no ship enters {d.system}")
    if holds_counter(game.forces, d.system, seat):
        return Rejection("TI-Q33", f"you have activated {d.system} before")
    if enemy_ships(game.forces, d.system, seat):
        return Rejection("TI-Q33", f"enemy ships are at {d.system}")
    if reinforcements(game, seat) < 1:
        return Rejection("TI-Q33", "you have no command counter left in reinforcements")
    return None


def _skilled_retreat(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    assert batch.game.tactic is not None
    batch.emit(Retreated(seat=seat, source=batch.game.tactic.system, to=d.system))
    batch.emit(CounterPlaced(seat=seat, system=d.system))
    game = batch.game
    _, removed = trim_unsupported(game.forces, game.galaxy, d.system, commander(game, seat))
    if removed:
        batch.emit(UnitsRemoved(seat=seat, at=d.system, units=removed))


def _skilled_retreats(game: Game, seat: int) -> Iterator[PlayCard]:
    if game.tactic is not None:
        for to in adjacent(game.galaxy, game.tactic.system):
            yield PlayCard("skilled_retreat", system=to)


# TI-Q34 Dug In


def _dug_in_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    t = game.tactic
    if (
        t is None
        or t.step != TacticalStep.BOMBARDMENT
        or d.planet not in planets_in(game.galaxy, t.system)
    ):
        return Rejection("TI-Q34", "name a planet of yours about to be bombarded")
    held = game.forces.planets.get(d.planet, Holding())
    if held.controller != seat or not held.units.get("ground_force"):
        return Rejection("TI-Q34", "name a planet of yours holding ground forces")
    if dug_in(game, d.planet):
        return Rejection("TI-Q34", f"your ground forces on {d.planet} are already dug in")
    return None


def _dig_in(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(Lasted(lasting=Lasting(DUG_IN, seat, planet=d.planet)))


# TI-Q35 Star of Death


def _star_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    t = game.tactic
    if (
        t is None
        or t.step != TacticalStep.LANDING
        or d.planet not in planets_in(game.galaxy, t.system)
    ):
        return Rejection("TI-Q35", "name a planet of the activated system before the landing")
    if not game.forces.fleet(t.system, seat).units.get("war_sun"):
        return Rejection("TI-Q35", "you have no war sun in that system")
    if game.forces.planets.get(d.planet, Holding()).controller in (None, seat):
        return Rejection("TI-Q35", "name another player's planet")
    return None


def _star_of_death(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(HoldingsChanged(planets={d.planet: Holding()}))


def _on_each_planet(card: str) -> Callable[[Game, int], Iterator[PlayCard]]:
    """The card's plays naming each planet of the activated system (its refusal sorts them)."""

    def plays(game: Game, seat: int) -> Iterator[PlayCard]:
        if game.tactic is not None:
            for planet in planets_in(game.galaxy, game.tactic.system):
                yield PlayCard(card, planet=planet)

    return plays


# TI-Q36 Chemical Warfare


def _chemical_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    t = game.tactic
    if (
        t is None
        or t.step != TacticalStep.INVASION
        or not t.invasions
        or t.invasions[0].invader != seat
    ):
        return Rejection("TI-Q36", "play it before your invasion combat")
    if not game.forces.fleet(t.system, seat).units.get("dreadnought"):
        return Rejection("TI-Q36", "you have no dreadnought in that system")
    if not defenders(game.forces, t.invasions[0]):
        return Rejection("TI-Q36", "no ground force defends that planet")
    return None


def _chemical_warfare(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    assert batch.game.tactic is not None
    fight = batch.game.tactic.invasions[0]
    killed = -(-defenders(batch.game.forces, fight) // 2)  # half, rounded up
    batch.emit(InvasionHits(planet=fight.planet, defenders_lost=killed, invaders_lost=0))


# TI-Q37 Minelayers


def _minelayers_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    t = game.tactic
    if t is None or t.step != TacticalStep.SPACE_CANNON or t.transfer or t.seat == seat:
        return Rejection("TI-Q37", "play it once an enemy fleet has entered your system")
    if not ships(game.forces.fleet(t.system, t.seat).units):
        return Rejection("TI-Q37", "no enemy ship entered your system")
    if not game.forces.fleet(t.system, seat).units.get("cruiser"):
        return Rejection("TI-Q37", "you have no cruiser in that system")
    if seat in t.mined:
        return Rejection("TI-Q37", "your mines have already hit that fleet")
    return None


def _minelayers(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    t = batch.game.tactic
    assert t is not None
    cruisers = batch.game.forces.fleet(t.system, seat).units.get("cruiser", 0)
    batch.emit(MinesHit(seat=seat, target=t.seat, hits=cruisers))


COMBAT_EFFECTS: dict[str, Effect] = {
    "morale_boost": Effect("TI-Q25", _morale_refusal, _morale_boost, alone("morale_boost")),
    "shields_holding": Effect(
        "TI-Q26", _shields_refusal, _shields_holding, alone("shields_holding")
    ),
    "direct_hit": Effect("TI-Q27", _direct_hit_refusal, _direct_hit, _direct_hits),
    "rare_mineral": Effect("TI-Q28", _rare_mineral_refusal, _rare_mineral, alone("rare_mineral")),
    "flank_speed": Effect("TI-Q29", _flank_speed_refusal, _flank_speed, alone("flank_speed")),
    "in_the_silence_of_space": Effect("TI-Q30", _silence_refusal, _silence, _silences),
    "fighter_prototype": Effect(
        "TI-Q31", _prototype_refusal, _prototype, alone("fighter_prototype")
    ),
    "star_of_death": Effect(
        "TI-Q35", _star_refusal, _star_of_death, _on_each_planet("star_of_death")
    ),
    "chemical_warfare": Effect(
        "TI-Q36", _chemical_refusal, _chemical_warfare, alone("chemical_warfare")
    ),
    "minelayers": Effect("TI-Q37", _minelayers_refusal, _minelayers, alone("minelayers")),
    "dug_in": Effect("TI-Q34", _dug_in_refusal, _dig_in, _on_each_planet(DUG_IN)),
    "into_the_breach": Effect(
        "TI-Q32", _breach_refusal, _into_the_breach, alone("into_the_breach")
    ),
    "skilled_retreat": Effect(
        "TI-Q33", _skilled_retreat_refusal, _skilled_retreat, _skilled_retreats
    ),
}
