"""Naming seats and cards in a line for people."""

from collections.abc import Iterable, Sequence

from events.rulesets.star_realms.cardset import CardSet


def listing(items: Iterable[str]) -> str:
    """`A`, `A and B`, `A, B and C`; `nothing` for none."""
    said = list(items)
    if len(said) < 2:
        return said[0] if said else "nothing"
    return f"{', '.join(said[:-1])} and {said[-1]}"


def count(number: int, thing: str = "card") -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def name(cards: CardSet, card: int) -> str:
    return cards.card(card).name if card >= 0 else f"card {card}"


def names(cards: CardSet, ids: Iterable[int]) -> str:
    return listing(name(cards, c) for c in ids)


def who(players: Sequence[str], seat: int) -> str:
    return players[seat] if 0 <= seat < len(players) else f"seat {seat}"
