"""What analytics counts of a Core Worlds match: Home Worlds and turn order, drafts,
invasions won and lost."""

from typing import Any

from events.ruleset import Fact
from events.rulesets.core_worlds.happenings import Drafted, Invaded, InvasionFailed, Setup
from events.rulesets.core_worlds.state import Game


def facts(game: Game, event: Any) -> list[Fact]:
    names = game.cards.cards
    match event:
        case Setup(homes=homes, destiny=destiny):
            seats = len(homes)
            return [
                fact
                for seat, home in enumerate(homes)
                for fact in (
                    Fact("home world", names[home].name, seat),
                    Fact("player number", str((seat - destiny) % seats + 1), seat),
                )
            ]
        case Drafted(seat=seat, card=card):
            return [Fact("drafted", names[card].name, seat)]
        case Invaded(seat=seat, world=world):
            return [Fact("invaded", names[world].name, seat, 1)]
        case InvasionFailed(seat=seat, world=world):
            return [Fact("invaded", names[world].name, seat, 0)]
    return []
