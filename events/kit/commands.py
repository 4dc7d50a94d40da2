"""A text command read for a seat: its decision, or what was expected, in a player's words."""

from collections.abc import Callable
from typing import Any, TypeVar

from events.naming import TextError, Unreadable

G = TypeVar("G")


def command(read: Callable[[G, int, str], Any], game: G, seat: int, seats: int, text: str) -> Any:
    """What `read` makes of `text` from a seat of a `seats`-player match (it raises `Unreadable`
    with what it expected), else a TextError saying so."""
    if not 0 <= seat < seats:
        return TextError(f"there is no seat {seat} in this {seats}-player game")
    try:
        return read(game, seat, text)
    except Unreadable as error:
        return TextError(error.message)


def alone(verb: str, rest: str) -> None:
    """A command word that takes nothing after it: `Unreadable` if something follows."""
    if rest:
        raise Unreadable(f"'{verb}' takes nothing after it, not '{rest}'")
