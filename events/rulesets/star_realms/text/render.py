"""Writing a decision as the text that reads back as it (the help's examples, narration)."""

from typing import Any

from events.rulesets.star_realms.decisions import (
    Buy,
    BuyExplorer,
    Choose,
    EndTurn,
    Play,
    PlayAll,
    Select,
    Use,
)
from events.rulesets.star_realms.prompts import TABLE
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.text import zones
from events.rulesets.star_realms.words import reference


def render(game: Game, seat: int, decision: Any) -> str:
    """The text of a decision: as its ask writes it, where it declares how."""
    if (written := TABLE.written(game, seat, decision)) is not None:
        return written
    cards = game.cards
    top = " to top" if getattr(decision, "top", False) else ""
    match decision:
        case Play(card=card):
            return f"play {reference(cards, zones.hand(game, seat), card, set())}"
        case PlayAll():
            return "play all"
        case Use(card=card, slot=slot):
            named = reference(cards, zones.field(game, seat), card, set())
            return {"primary": f"use {named}", "ally": f"use {named} ally"}.get(
                slot, f"scrap {named}"
            )
        case Buy(card=card):
            return f"buy {reference(cards, game.row, card, set())}{top}"
        case BuyExplorer():
            return f"buy explorer{top}"
        case EndTurn():
            return "end"
        case Choose(option=option):
            return f"choose {_option(game, option)}"
        case Select():
            return _select(game, seat, decision)
    return str(decision)


# where a choice's cards are: "scrap Ram from the Trade Row" is no Ram's own scrap ability
_PLACE = {"scrap_trade_row": " from the Trade Row", "scrap_hand": " from hand"}


def _option(game: Game, option: int) -> str:
    pending = game.turn.pending
    if pending is None or pending.effects[0].kind != "choose_one" or option not in (0, 1):
        return str(option + 1)
    return zones.option_word(pending.effects[0].options[option])


def _select(game: Game, seat: int, decision: Select) -> str:
    if game.turn.pending is None:
        return "none"
    effect, zone = zones.pending_zone(game, seat)
    verb = zones.verb(effect)
    if decision.explorer:
        return f"{verb} explorer"
    if not decision.cards:
        return f"{verb} nothing"
    player, cards, used = game.players[seat], game.cards, set()
    said = []
    for card in decision.cards:
        if effect.kind in zones.MIXED:
            source = "hand" if card in player.hand else "discard"
            pile = player.hand if source == "hand" else player.discard
            said.append(f"{reference(cards, pile, card, used)} from {source}")
        else:
            said.append(reference(cards, zone, card, used))
        used.add(card)
    return f"{verb} {', '.join(said)}{_PLACE.get(effect.kind, '')}"
