"""Naming cards in a line for people and in a command (seats, counts and listings:
`events.kit.words`)."""

from collections.abc import Iterable

from events.kit.named import card_in_zone
from events.kit.words import listing
from events.naming import Unreadable
from events.rulesets.star_realms.cardset import CardSet


def name(cards: CardSet, card: int) -> str:
    return cards.card(card).name if card >= 0 else f"card {card}"


def names(cards: CardSet, ids: Iterable[int]) -> str:
    return listing(name(cards, c) for c in ids)


def reference(cards: CardSet, zone: tuple[int, ...], card_id: int, used: set[int]) -> str:
    """The text naming `card_id` in a command: its name if that reads back as this very card,
    else its position in the zone."""
    label = cards.card(card_id).name if card_id >= 0 else str(card_id)
    try:
        if card_in_zone(cards, zone, "", label, used) == card_id:
            return label
    except Unreadable:
        pass
    return str(zone.index(card_id) + 1) if card_id in zone else label
