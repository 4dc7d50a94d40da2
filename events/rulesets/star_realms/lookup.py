"""The card lookup: every distinct card of the set, with its numbers and text."""

from events.kit.lookup import card_info
from events.ruleset import CardInfo
from events.rulesets.star_realms import card_text
from events.rulesets.star_realms.cardset import CardSet

_DECKS = {
    "starter": "personal deck (8 Scouts and 2 Vipers each)",
    "explorer": "Explorer pile",
    "trade": "Trade Deck",
}


def card_infos(card_set: CardSet) -> list[CardInfo]:
    return [card_info(card, card_text, card.cost, _DECKS[card.deck]) for card in card_set.kinds]
