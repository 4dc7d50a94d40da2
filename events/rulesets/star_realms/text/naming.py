"""Cards named as a player writes them: any case, a unique beginning, a later word, or a
position in the zone; a near miss gets a "did you mean"."""

from events.kit.words import listing
from events.naming import POSITION, Unreadable, matching, normal, suggest
from events.rulesets.star_realms.cardset import CardSet


def card(cards: CardSet, zone: tuple[int, ...], where: str, ref: str, used: set[int]) -> int:
    """The card `ref` names in `zone`: a position from 1, or the first unused copy of a name."""
    ref = ref.strip()
    if POSITION.fullmatch(ref):
        index = int(ref)
        if not 1 <= index <= len(zone):
            raise Unreadable(f"there is no card {index} {where}: it holds {len(zone)}")
        return zone[index - 1]
    query = normal(ref)
    if not query:
        raise Unreadable(f"name a card {where}")
    known = list(dict.fromkeys(cards.card(c).name for c in zone))
    found = matching(query, known)
    if len(found) > 1:
        raise Unreadable(f"'{ref}' could be {listing(found)} {where}; say more of the name")
    if not found:
        near = suggest(query, known) or suggest(query, [k.name for k in cards.kinds])
        hint = f"did you mean {near}?" if near else f"it holds {listing(known[:8])}"
        raise Unreadable(f"no '{ref}' {where}; {hint}")
    free = [c for c in zone if cards.card(c).name == found[0] and c not in used]
    if not free:
        raise Unreadable(f"{found[0]} is named more times than there are {where}")
    return free[0]


def reference(cards: CardSet, zone: tuple[int, ...], card_id: int, used: set[int]) -> str:
    """The text naming `card_id`: its name if that reads back as this very card, else its
    position in the zone."""
    label = cards.card(card_id).name if card_id >= 0 else str(card_id)
    try:
        if card(cards, zone, "", label, used) == card_id:
            return label
    except Unreadable:
        pass
    return str(zone.index(card_id) + 1) if card_id in zone else label
