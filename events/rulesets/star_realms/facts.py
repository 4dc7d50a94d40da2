"""What analytics counts of a Star Realms match: who played first, cards acquired, Authority
at the end of each turn."""

from typing import Any

from events.ruleset import Fact
from events.rulesets.star_realms.happenings import Acquired, Setup, TurnEnded
from events.rulesets.star_realms.state import Game


def facts(game: Game, event: Any) -> list[Fact]:
    match event:
        case Setup(first=first):
            return [Fact("player number", str((seat - first) % 2 + 1), seat) for seat in (0, 1)]
        case Acquired(seat=seat, card=card):
            return [Fact("bought", game.cards.card(card).name, seat)]
        case TurnEnded():
            return [
                Fact("authority after turn", str(game.round), seat, player.authority)
                for seat, player in enumerate(game.players)
            ]
    return []
