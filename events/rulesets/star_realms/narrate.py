"""One line per event, for one seat's eyes: cards drawn are named only to their owner ("Ben
drew 5 cards"); what is played, acquired, scrapped or discarded is named to all. A decision
is told as its seat would write it."""

from collections.abc import Sequence
from typing import Any

from events.kit.words import count, listing, who
from events.rulesets.star_realms.card_text import clause_text, effect_text
from events.rulesets.star_realms.decisions import DECISIONS
from events.rulesets.star_realms.happenings import (
    AbilityUsed,
    Acquired,
    BaseDestroyed,
    Chosen,
    Copied,
    DeckShuffled,
    Discarded,
    DiscardOwed,
    Drew,
    Gained,
    GameWon,
    NextShipMarked,
    Played,
    Prompted,
    RowFilled,
    RowScrapped,
    Scrapped,
    Setup,
    TurnBegan,
    TurnEnded,
)
from events.rulesets.star_realms.loader import load
from events.rulesets.star_realms.prompts import TABLE
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.text.render import render
from events.rulesets.star_realms.words import name, names

_SLOTS = {"primary": "primary", "ally": "ally", "scrap": "scrap"}
NARRATIONS = TABLE.narrations()  # the events told beside the asks that write them


def narrate(before: Game | None, event: Any, seat: int | None, players: Sequence[str]) -> str:
    if isinstance(event, Setup):
        return (
            f"The game is set up: {who(players, event.first)} goes first with 3 cards, the other "
            f"draws 5; 50 Authority each, decks of 8 Scouts and 2 Vipers, the Trade Deck "
            f"shuffled ({load(event.card_set).name})"
        )
    if before is None:
        return "A decision came before the game was set up"
    if isinstance(event, DECISIONS):
        return render(before, seat if seat is not None else before.active, event)
    if type(event) in NARRATIONS:
        return NARRATIONS[type(event)](before, event, seat, players)
    return _line(before, event, seat, players)


def _line(g: Game, e: Any, seat: int | None, players: Sequence[str]) -> str:
    cards = g.cards

    def n(seat: int) -> str:
        return who(players, seat)

    match e:
        case RowFilled(slot=slot, card=card):
            return f"{name(cards, card)} enters the Trade Row in slot {slot + 1}"
        case DeckShuffled(seat=owner, order=order):
            return (
                f"{n(owner)} shuffled {count(len(order))} from their discard pile into a new deck"
            )
        case Drew(seat=owner, cards=drawn):
            said = names(cards, drawn) if seat == owner else count(len(drawn))
            return f"{n(owner)} drew {said}"
        case TurnBegan(seat=owner):
            hand = len(g.players[owner].hand)
            return f"Turn {g.round + 1}: {n(owner)} begins with {count(hand)} in hand"
        case Played(seat=owner, card=card):
            kind = "base" if cards.card(card).is_base else "ship"
            return f"{n(owner)} played the {kind} {name(cards, card)}"
        case AbilityUsed(seat=owner, card=card, slot=slot):
            return f"{n(owner)} used the {_SLOTS.get(slot, slot)} ability of {name(cards, card)}"
        case Gained(seat=owner, card=card, trade=trade, combat=combat, authority=authority):
            parts = [
                f"+{n} {k}"
                for n, k in ((trade, "Trade"), (combat, "Combat"), (authority, "Authority"))
                if n
            ]
            return f"{name(cards, card)} gives {n(owner)} {listing(parts)}"
        case Prompted(seat=owner, card=card, effects=effects):
            source = name(cards, card) if card >= 0 else "Owed discards"
            return f"{source} waits for {n(owner)} to choose: {effect_text(effects[0])}"
        case Chosen(seat=owner, option=option, cards=chosen, explorer=explorer):
            pending = g.turn.pending
            if option >= 0 and pending is not None and pending.effects[0].options:
                said = effect_text(pending.effects[0].options[option])
            else:
                said = listing(
                    [*(name(cards, c) for c in chosen), *(["an Explorer"] if explorer else [])]
                )
            return f"{n(owner)} chose {said}"
        case Scrapped(seat=owner, cards=gone):
            return f"{n(owner)} scrapped {names(cards, gone)}"
        case RowScrapped(cards=gone):
            return f"{names(cards, gone)} went from the Trade Row to the scrap heap"
        case Discarded(seat=owner, cards=gone):
            return f"{n(owner)} discarded {names(cards, gone)}"
        case DiscardOwed(seat=owner, count=owed):
            if owed == 0:
                return f"{n(owner)} must now discard what they owe"
            return f"{n(owner)} owes {count(owed, 'discard')} at the start of their turn"
        case Acquired(seat=owner, card=card, cost=cost, top=top):
            where = "onto their draw pile" if top else "to their discard pile"
            paid = f"for {cost} Trade" if cost else "for free"
            return f"{n(owner)} acquired {name(cards, card)} {paid}, {where}"
        case Copied(card=card, ship=ship):
            primary = clause_text(cards.card(ship).primary)
            return f"{name(cards, card)} copies {name(cards, ship)}: {primary}"
        case NextShipMarked(seat=owner):
            return f"The next ship {n(owner)} acquires this turn may go on top of their deck"
        case BaseDestroyed(seat=owner, base=base, combat=spent):
            how = f"with {spent} Combat" if spent else "by an ability"
            return f"{n(owner)}'s base {name(cards, base)} was destroyed {how}"
        case TurnEnded(seat=owner):
            gone = len(g.turn.ships) + len(g.players[owner].hand)
            return f"{n(owner)} ended the turn; {count(gone)} to the discard pile"
        case GameWon(winner=winner):
            loser = 1 - winner
            return (
                f"{n(winner)} wins with {g.players[winner].authority} Authority; "
                f"{n(loser)}'s Authority fell to {g.players[loser].authority}"
            )
    return f"Something happened that this game cannot tell: {type(e).__name__.lower()}"
