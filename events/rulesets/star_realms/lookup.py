"""The card lookup: every distinct card of the set, with its numbers and text."""

from events.ruleset import CardInfo
from events.rulesets.star_realms import card_text
from events.rulesets.star_realms.cardset import CardSet

_DECKS = {
    "starter": "personal deck (8 Scouts and 2 Vipers each)",
    "explorer": "Explorer pile",
    "trade": "Trade Deck",
}


def card_infos(card_set: CardSet) -> list[CardInfo]:
    return [
        CardInfo(
            name=card.name,
            kind=card_text.kind(card),
            copies=card.copies,
            cost=card.cost,
            numbers={k: v for k, v in card_text.numbers(card).items() if k != "cost"},
            abilities=card_text.abilities(card),
            deck=_DECKS[card.deck],
        )
        for card in card_set.kinds
    ]
