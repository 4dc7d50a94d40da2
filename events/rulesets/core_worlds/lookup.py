"""The card lookup: every distinct card of a match's card set, with its numbers and text."""

from events.ruleset import CardInfo
from events.rulesets.core_worlds import card_text
from events.rulesets.core_worlds.cardset import CardSet

BOUGHT = ("unit", "tactic", "prestige")  # drafted for energy; Worlds are invaded (CW-A1)


def card_infos(card_set: CardSet) -> list[CardInfo]:
    distinct = {card.name: card for card in card_set.cards}
    return [
        CardInfo(
            name=card.name,
            kind=card_text.kind(card),
            copies=card.copies,
            cost=card.draft if card.kind in BOUGHT and card.deck not in ("start", "hero") else None,
            numbers=card_text.numbers(card),
            abilities=tuple(card_text.ability(a) for a in card.abilities),
            deck=card_text.deck(card),
        )
        for card in distinct.values()
    ]
