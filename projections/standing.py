"""How far a match is and how it ended, read from a ruleset's state for lobbies and analytics.

The ruleset interface has no accessor for these yet, so this reads the names games use:
`round`, `phase`, `scores` (numbers, or structs with a `total`) and `winners` or `winner`.
"""

from typing import Any

import msgspec


class Standing(msgspec.Struct, frozen=True):
    round: int | None = None
    phase: str | None = None
    scores: list[int] | None = None  # per seat, once scored
    winners: list[int] | None = None  # once decided


def standing(state: Any) -> Standing:
    if state is None:
        return Standing()
    scores = getattr(state, "scores", None) or None
    winners = getattr(state, "winners", None)
    if winners is None and getattr(state, "winner", None) is not None:
        winners = [state.winner]
    return Standing(
        round=getattr(state, "round", None),
        phase=getattr(state, "phase", None),
        scores=[getattr(s, "total", s) for s in scores] if scores else None,
        winners=list(winners) if winners else None,
    )
