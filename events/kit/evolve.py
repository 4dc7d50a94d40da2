"""The evolve dispatch: a game's table of rows, one function per event type."""

from collections.abc import Callable, Mapping
from typing import Any

Row = Callable[[Any, Any], Any]  # (state, event) -> state


def dispatch(game: str, rows: Mapping[type, Row]) -> Callable[[Any, Any], Any]:
    """`evolve` over `rows`: the row of the event's type, or a TypeError naming the game."""

    def evolve(state: Any, event: Any) -> Any:
        try:
            apply = rows[type(event)]
        except KeyError:
            raise TypeError(f"{game} has no event {event!r}") from None
        return apply(state, event)

    return evolve
