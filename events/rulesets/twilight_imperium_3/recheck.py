"""Recheck (TI-Q77, ROLL.after): once a round of a combat he fights in is rolled, a die of his
or his enemy's, named by its place in that player's roll (`play Recheck naming Mentak die 2`;
his own without `naming`), is rolled again and the new roll stands."""

from collections.abc import Iterator

from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.card_effects import Effect
from events.rulesets.twilight_imperium_3.combat import Throw, absorbable, hit
from events.rulesets.twilight_imperium_3.fleets import ships, total
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.tactic import TacticalStep
from events.rulesets.twilight_imperium_3.tactical_events import DieRerolled

RECHECK = "recheck"


def round_dice(game: Game, seat: int) -> tuple[Throw, ...]:
    """The dice of this round of the space battle or invasion combat he fights in, rolled and
    their hits not yet taken; none otherwise."""
    t = game.tactic
    if t is None:
        return ()
    if t.battle is not None and seat in (t.battle.attacker, t.battle.defender):
        return t.battle.dice
    fight = t.invasions[0] if t.step == TacticalStep.INVASION and t.invasions else None
    return fight.dice if fight is not None and seat in (fight.invader, fight.defender) else ()


def _named(game: Game, seat: int, d: PlayCard) -> Throw | None:
    """The roll holding the die named: his enemy's if he names him, else his own."""
    owner = seat if d.seat < 0 else d.seat
    return next((x for x in round_dice(game, seat) if x.seat == owner), None)


def _refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not round_dice(game, seat):
        return Rejection(
            "TI-Q77", "play it once the dice of a combat round you fight in are rolled"
        )
    throw = _named(game, seat, d)
    if throw is None:
        return Rejection("TI-Q77", "name your enemy in this combat, or no one for your own die")
    if not 1 <= d.count <= len(throw.rolls):
        return Rejection("TI-Q77", f"name a die from 1 to {len(throw.rolls)} of that roll")
    return None


def _recheck(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    throw = _named(batch.game, seat, d)
    assert throw is not None
    roll, need = batch.chance.randrange(10), throw.needs[d.count - 1]
    change = int(hit(roll, need)) - int(hit(throw.rolls[d.count - 1], need))
    batch.emit(DieRerolled(seat=throw.seat, die=d.count, roll=roll, hits=change))


def _offers(game: Game, seat: int) -> Iterator[PlayCard]:
    """Each enemy die that hit and each of his own that missed, one a roll and a value needed:
    dice alike are rolled again alike."""
    for throw in round_dice(game, seat):
        own = throw.seat == seat
        seen: set[tuple[int, int]] = set()
        for n, die in enumerate(zip(throw.rolls, throw.needs, strict=True), 1):
            if hit(*die) != own and die not in seen:
                seen.add(die)
                yield PlayCard(RECHECK, seat=-1 if own else throw.seat, count=n)


def costs_a_unit(game: Game, seat: int, d: PlayCard) -> bool:
    """A Recheck of an enemy die that hit him, where his hits this round destroy a unit of his:
    in invasion combat any does; in a space battle, those beyond what his undamaged ships can
    take as damage (TI-C6)."""
    throw = _named(game, seat, d)
    if throw is None or throw.seat == seat:
        return False
    t = game.tactic
    assert t is not None
    if t.battle is None:
        return True
    fleet = game.forces.fleet(t.system, seat)
    return t.owes(seat) > absorbable(fleet) - total(ships(fleet.units))


EFFECTS = {RECHECK: Effect("TI-Q77", _refusal, _recheck, _offers)}
