"""What the tactical rules need of a player, read from the state: his technologies, his fleet
supply, the fighters that screen him, and the cards that bend them this round or this action
(TI-Q17, TI-Q24, TI-Q29, TI-Q30, TI-Q52, TI-Q53)."""

from events.rulesets.twilight_imperium_3.fleets import ADVANCED_FIGHTERS, Commander
from events.rulesets.twilight_imperium_3.state import Game

WAR_FOOTING, SPACEDOCK_ACCIDENT = "war_footing", "spacedock_accident"
GRAND_ARMADA, PRODUCTIVITY_SPIKE = "grand_armada", "productivity_spike"
DUG_IN = "dug_in"


def commander(game: Game, seat: int) -> Commander:
    player = game.players[seat]
    screens = frozenset(
        s for s, p in enumerate(game.players) if s != seat and ADVANCED_FIGHTERS in p.technologies
    )
    footings = frozenset(a.system for a in game.lasting if a.card == WAR_FOOTING and a.seat == seat)
    idle = frozenset(a.planet for a in game.lasting if a.card == SPACEDOCK_ACCIDENT)
    mine = tuple(a for a in game.lasting if a.seat == seat)
    armada = game.galaxy.home_positions[seat] if any(a.card == GRAND_ARMADA for a in mine) else ""
    spikes = tuple(a.planet for a in mine if a.card == PRODUCTIVITY_SPIKE)
    acting = game.tactic if game.tactic is not None and game.tactic.seat == seat else None
    return Commander(
        seat,
        frozenset(player.technologies),
        player.fleet,
        screens,
        footings,
        idle,
        armada,
        spikes,
        quickened=acting is not None and acting.quickened,
        unseen=frozenset(acting.unseen if acting is not None else ()),
    )


def dug_in(game: Game, planet: str) -> bool:
    """Its holder's Dug In keeps its ground forces from bombardment this round (TI-Q34)."""
    owner = game.forces.planets[planet].controller if planet in game.forces.planets else None
    return any(a.card == DUG_IN and a.planet == planet and a.seat == owner for a in game.lasting)
