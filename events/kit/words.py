"""Naming seats, cards and counts in a line for people."""

from collections.abc import Iterable, Sequence


def listing(items: Iterable[str]) -> str:
    """`A`, `A and B`, `A, B and C`; `nothing` for none."""
    said = list(items)
    if len(said) < 2:
        return said[0] if said else "nothing"
    return f"{', '.join(said[:-1])} and {said[-1]}"


def count(number: int, thing: str = "card") -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def who(players: Sequence[str], seat: int) -> str:
    """The seat's player by name, `seat N` for a seat unnamed."""
    return players[seat] if 0 <= seat < len(players) and players[seat] else f"seat {seat}"
