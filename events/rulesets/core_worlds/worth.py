"""A rough worth of a card, for choosing what to discard or keep when listing plans."""

from events.rulesets.core_worlds.cardset import Card


def worth(card: Card) -> int:
    return card.draft + card.ep + card.fleet + card.ground + 2 * len(card.abilities)
