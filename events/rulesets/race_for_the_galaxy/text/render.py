"""Writing a decision as a player would say it; `parse` reads it back to the same decision."""

from typing import Any

from events.rulesets.race_for_the_galaxy.card_names import names
from events.rulesets.race_for_the_galaxy.decisions import (
    ACTION_WORDS,
    ChooseActions,
    Consume,
    Develop,
    Discard,
    Keep,
    Settle,
    Windfall,
)
from events.rulesets.race_for_the_galaxy.state import Cards, Game
from events.rulesets.race_for_the_galaxy.steps import TABLE


def render(game: Game, seat: int, d: Any) -> str:
    """The command for a decision: as its ask writes it, where it declares how."""
    if (written := TABLE.written(game, seat, d)) is not None:
        return written
    player = game.players[seat]
    hand, tableau = player.hand, player.tableau
    match d:
        case ChooseActions(actions=actions):
            return "choose " + " and ".join(ACTION_WORDS.get(a, a) for a in actions)
        case Discard(cards=cards):
            return f"discard {names(game, cards, hand)}"
        case Keep(cards=cards):
            return f"keep {names(game, cards, player.drawn)}"
        case Settle(card=None, discarding=discarding) if discarding:
            return f"settle nothing discarding {names(game, discarding, tableau)}"
        case Develop(card=None) | Settle(card=None):
            return f"{type(d).__name__.lower()} nothing"
        case Develop(card=int(card), paying=paying):
            return f"develop {names(game, (card,), hand)}{_paying(game, hand, card, paying)}"
        case Settle(card=int(card), paying=paying, discarding=discarding):
            verb = "pay for" if d.pay_for_military else "settle"
            said = f"{verb} {names(game, (card,), hand)}{_paying(game, hand, card, paying)}"
            return said + (f" discarding {names(game, discarding, tableau)}" if discarding else "")
        case Consume(card=card, power=power, worlds=worlds, cards=cards, number=number):
            kinds = [p.kind for p in game.cards.card(card).powers if p.phase == "IV"]
            kind = kinds[power] if 0 <= power < len(kinds) else ""
            said = f"use {names(game, (card,), tableau)}"
            if kind == "gamble":
                return f"{said} gamble {number}"
            if kind == "discard_for_vp":
                return f"{said} discarding {names(game, cards, hand)}"
            return f"{said} on {names(game, worlds, tableau)}"
        case Windfall(world=world, card=card):
            said = f"produce on {names(game, (world,), tableau)}"
            return said + (f" with {names(game, (card,), tableau)}" if card is not None else "")
    return type(d).__name__.lower()


def _paying(game: Game, hand: Cards, card: int, paying: Cards) -> str:
    return f" paying {names(game, paying, hand, (card,))}" if paying else ""
