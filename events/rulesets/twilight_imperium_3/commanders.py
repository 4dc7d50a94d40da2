"""What the tactical rules need of a player, read from the state: his technologies, his fleet
supply, the fighters that screen him, and the round's cards that bend them (TI-Q17, TI-Q24,
TI-Q52, TI-Q53)."""

from events.rulesets.twilight_imperium_3.fleets import ADVANCED_FIGHTERS, Commander
from events.rulesets.twilight_imperium_3.state import Game

WAR_FOOTING, SPACEDOCK_ACCIDENT = "war_footing", "spacedock_accident"
GRAND_ARMADA, PRODUCTIVITY_SPIKE = "grand_armada", "productivity_spike"


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
    return Commander(
        seat, frozenset(player.technologies), player.fleet, screens, footings, idle, armada, spikes
    )
