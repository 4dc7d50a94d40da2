"""A card named in a zone as a player writes it: a position from 1, or any case, a unique
beginning or a later word of its name; a near miss gets a "did you mean"."""

from collections.abc import Callable, Collection, Sequence
from typing import Protocol

from events.kit.words import listing
from events.naming import POSITION, Unreadable, matching, normal, suggest


class Named(Protocol):
    name: str


class Cards(Protocol):
    """A game's card set as naming reads it: a card by id, and every distinct card."""

    @property
    def kinds(self) -> Sequence[Named]: ...

    def card(self, card: int) -> Named: ...


def card_in_zone(
    cards: Cards,
    zone: Sequence[int],
    where: str,
    ref: str,
    used: Collection[int] = (),
    join: Callable[[list[str]], str] = listing,
) -> int:
    """The card `ref` names in `zone` ("in your hand"): a position from 1, or the first copy of
    a name not in `used`. A miss is suggested the nearest of the zone's names, then of all the
    game's cards; `join` lists names in a refusal."""
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
        raise Unreadable(f"'{ref}' could be {join(found)} {where}; say more of the name")
    if not found:
        near = suggest(query, known) or suggest(query, [k.name for k in cards.kinds])
        hint = f"did you mean {near}?" if near else f"it holds {join(known[:8])}"
        raise Unreadable(f"no '{ref}' {where}; {hint}")
    free = [c for c in zone if cards.card(c).name == found[0] and c not in used]
    if not free:
        raise Unreadable(f"{found[0]} is named more times than there are {where}")
    return free[0]
