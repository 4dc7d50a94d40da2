"""The card lookup: every distinct card of the base game, with its numbers and powers."""

from events.kit.lookup import card_info
from events.ruleset import CardInfo
from events.rulesets.race_for_the_galaxy import card_text
from events.rulesets.race_for_the_galaxy.cardset import CardSet


def card_infos(card_set: CardSet) -> list[CardInfo]:
    return [
        card_info(card, card_text, None if card.military else card.cost, _deck(card.start))
        for card in card_set.kinds
    ]


def _deck(start: int | None) -> str:
    if start is None:
        return "the deck"
    return f"start world {start}: dealt at setup, or in the deck if not dealt"
