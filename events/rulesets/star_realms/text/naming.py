"""Cards named as a player writes them: any case, a unique beginning, a later word, or a
position in the zone; a near miss gets a "did you mean"."""

from events.kit.named import card_in_zone
from events.naming import Unreadable
from events.rulesets.star_realms.cardset import CardSet


def reference(cards: CardSet, zone: tuple[int, ...], card_id: int, used: set[int]) -> str:
    """The text naming `card_id`: its name if that reads back as this very card, else its
    position in the zone."""
    label = cards.card(card_id).name if card_id >= 0 else str(card_id)
    try:
        if card_in_zone(cards, zone, "", label, used) == card_id:
            return label
    except Unreadable:
        pass
    return str(zone.index(card_id) + 1) if card_id in zone else label
