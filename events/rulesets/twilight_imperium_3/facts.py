"""What analytics counts of a Twilight Imperium 3 match: each seat's race, the strategy cards
picked, objectives scored (Imperial's points apart), technologies gained, action cards played
(a Sabotage once it cancels), space battles won and lost, planets taken (by landing or
invasion), trade agreements formed and broken (under the partner's race), and at the end each
seat's planets held and points."""

from typing import Any

from events.ruleset import Fact
from events.rulesets.twilight_imperium_3.card_events import CardCancelled, CardPlayed
from events.rulesets.twilight_imperium_3.happenings import (
    GameEnded,
    Picked,
    Scored,
    Setup,
    TechnologyGained,
)
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.planets import controlled
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.strategy_cards import name as card_name
from events.rulesets.twilight_imperium_3.tactical_events import BattleEnded, InvasionEnded, Landed
from events.rulesets.twilight_imperium_3.trade_events import AgreementBroken, AgreementFormed


def facts(game: Game, event: Any) -> list[Fact]:
    match event:
        case Setup(races=races):
            return [Fact("race", load().races[r].name, s) for s, r in enumerate(races)]
        case Picked(seat=seat, card=card):
            return [Fact("strategy card", card_name(card), seat)]
        case Scored(seat=seat, objective="imperial", points=points):
            return [Fact("Imperial points", "Imperial", seat, points)]
        case Scored(seat=seat, objective=objective):
            found = load().objectives[objective]
            return [Fact("objective scored", found.name or found.text, seat)]
        case TechnologyGained(seat=seat, technology=technology):
            return [Fact("technology gained", load().technologies[technology].name, seat)]
        case CardPlayed(seat=seat, play=play):
            return [Fact("action card played", load().action_cards[play.card].name, seat)]
        case CardCancelled(seat=seat):
            return [Fact("action card played", "Sabotage", seat)]
        case BattleEnded(sides=sides, victor=victor):
            return [Fact("space battle won", "space battle", s, int(s == victor)) for s in sides]
        case Landed(seat=seat, taking=taking):
            return [Fact("planet taken", planet, seat) for planet in taking]
        case InvasionEnded(planet=planet, taken=True, invader=invader):
            return [Fact("planet taken", planet, invader)]
        case AgreementFormed(seats=seats):
            return [Fact("agreement formed", _race(game, seats, s), s) for s in seats]
        case AgreementBroken(seats=seats, war=war):
            why = "agreement broken by war" if war else "agreement broken"
            return [Fact(why, _race(game, seats, s), s) for s in seats]
        case GameEnded():
            return [
                *(
                    Fact("planets held", "planets", s, len(controlled(game.forces, s)))
                    for s in range(game.seats)
                ),
                *(Fact("final VP", "score", s, p.points) for s, p in enumerate(game.players)),
            ]
    return []


def _race(game: Game, seats: tuple[int, int], seat: int) -> str:
    """The partner's race: what an agreement is counted under."""
    partner = seats[1] if seats[0] == seat else seats[0]
    return load().races[game.players[partner].race].name
