"""Experimental Battlestation (TAC.enemyMovedIn, TI-Q74): once another player's ships are in the
system he has activated, a space dock of the card's player in reach of it fires three dice as a
PDS of his would (`play Experimental Battlestation on Abyz`): at a PDS's value with his PDS's
modifiers, into its own system or, with Deep Space Cannon, an adjacent one, its misses rolled
again with Graviton Laser System. The hits are the active player's casualties, owed and taken
with the space cannon's, before any battle (TI-C1, TI-M9). Its window is the space cannon step's,
shared with Minelayers' TAC.enemyEnters (tactical.py)."""

from collections.abc import Iterator

from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import combat
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.card_effects import Effect
from events.rulesets.twilight_imperium_3.commanders import commander
from events.rulesets.twilight_imperium_3.fleets import planets_in, ships
from events.rulesets.twilight_imperium_3.galaxy import adjacent
from events.rulesets.twilight_imperium_3.planets import holding
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.tactic import TacticalStep
from events.rulesets.twilight_imperium_3.tactical_events import Rolled

BATTLESTATION = "experimental_battlestation"
SHOTS = 3
CANNON, AGAIN = "space cannon", "space cannon rolled again"
DEEP_SPACE_CANNON, GRAVITON_LASER = "deep_space_cannon", "graviton_laser_system"


def _docks(game: Game, seat: int) -> tuple[str, ...]:
    """His planets holding a space dock within a PDS's reach of the activated system."""
    assert game.tactic is not None
    at = game.tactic.system
    far = commander(game, seat).owns(DEEP_SPACE_CANNON)
    reach = (at, *adjacent(game.galaxy, at)) if far else (at,)
    return tuple(
        p
        for position in reach
        for p in planets_in(game.galaxy, position)
        if holding(game.forces, p).controller == seat
        and holding(game.forces, p).units.get("space_dock")
    )


def _refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    t = game.tactic
    if t is None or t.transfer or t.step != TacticalStep.SPACE_CANNON or t.seat == seat:
        return Rejection(
            "TI-Q74", "play it once another player has moved into a system he activated"
        )
    if not ships(game.forces.fleet(t.system, t.seat).units):
        return Rejection("TI-Q74", f"no ship of his is in {t.system}")
    if d.planet not in _docks(game, seat):
        return Rejection("TI-Q74", f"name a planet of yours whose space dock reaches {t.system}")
    return None


def _roll(batch: Batch[Game], seat: int, purpose: str, volley: combat.Volley, target: int) -> None:
    """The dock's dice, written down as a PDS's (TI-C1, TI-K8)."""
    dice = tuple(batch.chance.randrange(10) for _ in volley)
    batch.emit(Rolled(seat, purpose, dice, combat.hits(volley, dice), target))
    again = combat.missed(volley, dice) if purpose == CANNON else ()
    if again and GRAVITON_LASER in batch.game.players[seat].technologies:
        _roll(batch, seat, AGAIN, again, target)


def _battlestation(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    assert batch.game.tactic is not None
    volley = combat.dice({"pds": 1}, commander(batch.game, seat), per_unit=SHOTS)
    _roll(batch, seat, CANNON, volley, batch.game.tactic.seat)


def _offers(game: Game, seat: int) -> Iterator[PlayCard]:
    if game.tactic is not None:
        for name in _docks(game, seat):
            yield PlayCard(BATTLESTATION, planet=name)


EFFECTS = {BATTLESTATION: Effect("TI-Q74", _refusal, _battlestation, _offers)}
