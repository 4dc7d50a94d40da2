"""Cards named as a player writes them: any case, any accents, a unique beginning, or a position."""

from dataclasses import dataclass

from events.naming import POSITION, Unreadable, matching, normal, suggest
from events.rulesets.core_worlds.cardset import Card


@dataclass(frozen=True)
class Zone:
    """Where a command's cards come from: positions count `cards` from 1; names try `pool` first."""

    title: str  # "your hand"
    where: str  # "in your hand"
    cards: tuple[int, ...]
    pool: tuple[int, ...]  # the cards this command expects, in the order copies are taken
    extra: tuple[int, ...] = ()  # also nameable, for the rules to refuse with a reason


def names(cards: tuple[Card, ...], ids: tuple[int, ...]) -> list[str]:
    """Distinct names, in order."""
    return list(dict.fromkeys(cards[c].name for c in ids))


def resolve(cards: tuple[Card, ...], zone: Zone, ref: str, used: set[int]) -> int:
    """The card `ref` names: a position in the zone, or the first copy of a name not yet used."""
    ref = ref.strip()
    if POSITION.fullmatch(ref):
        index = int(ref)
        if not 1 <= index <= len(zone.cards):
            held = f"it holds {len(zone.cards)}" if zone.cards else "it is empty"
            raise Unreadable(f"there is no card {index} {zone.where}: {held}")
        return zone.cards[index - 1]
    query = normal(ref)
    if not query:
        raise Unreadable(f"name a card {zone.where}")
    everything = tuple(dict.fromkeys((*zone.pool, *zone.cards, *zone.extra)))
    found = matching(query, names(cards, zone.pool)) or matching(query, names(cards, everything))
    if len(found) > 1:
        raise Unreadable(f"'{ref}' could be {_either(found)} {zone.where}; say more of the name")
    if not found:
        raise Unreadable(f"no '{ref}' {zone.where}; {_hint(cards, zone, query)}")
    copies = [c for c in everything if cards[c].name == found[0]]
    free = [c for c in copies if c not in used]
    if not free:
        raise Unreadable(f"{found[0]} is named more times than {zone.title} holds it")
    return free[0]


def reference(cards: tuple[Card, ...], zone: Zone, card: int, used: set[int]) -> str:
    """The text naming `card`: its name if that reads back as this very card, else its position."""
    if not 0 <= card < len(cards):
        return str(card)
    try:
        if resolve(cards, zone, cards[card].name, used) == card:
            return cards[card].name
    except Unreadable:
        pass
    return str(zone.cards.index(card) + 1) if card in zone.cards else cards[card].name


def _hint(cards: tuple[Card, ...], zone: Zone, query: str) -> str:
    options = names(cards, (*zone.pool, *zone.cards))
    if (near := suggest(query, options)) is not None:
        return f"did you mean {near}?"
    if not options:
        return f"{zone.title} is empty"
    return f"{zone.title} holds {_either(options[:8], 'and')}"


def _either(options: list[str], word: str = "or") -> str:
    return options[0] if len(options) == 1 else f"{', '.join(options[:-1])} {word} {options[-1]}"
