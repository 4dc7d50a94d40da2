"""Naming cards in a line for people (seats, counts and listings: `events.kit.words`)."""

from collections.abc import Iterable

from events.kit.words import listing
from events.rulesets.star_realms.cardset import CardSet


def name(cards: CardSet, card: int) -> str:
    return cards.card(card).name if card >= 0 else f"card {card}"


def names(cards: CardSet, ids: Iterable[int]) -> str:
    return listing(name(cards, c) for c in ids)
