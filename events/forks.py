"""Forks (issue 47): a new practice match that starts where another stood after one of its
entries. Whoever may see that match's whole record may fork it: anyone once it has ended; a
seat of a running match only as that seat sees it, whatever is hidden from it dealt anew by the
game's `resample`, so the fork shows nothing the seat could not see. A fork is a match like
any other (replayed, verified: its `MatchCreated` holds the state it starts from), never rated
and left out of analytics, so it tells nothing of the game's balance."""

import random
from typing import Any

from events.codec import game_codec
from events.envelope import ForkOf
from events.ruleset import Ruleset


def refusal(over: bool, seat: int | None, seq: int, last: int) -> str | None:
    """Why this fork may not be made, or None: `seat` is the forker's seat of the match (None:
    anyone), `last` the match's latest entry."""
    if not 1 <= seq <= last:
        return f"entry {seq} is not an entry of this match (1 to {last})"
    if not over and seat is None:
        return "a running match is forked by one of its seats, as that seat sees it"
    return None


def fork_of(
    ruleset: Ruleset, match_id: str, seq: int, state: Any, seat: int | None, rng: random.Random
) -> ForkOf:
    """The fork of `match_id` after entry `seq`, whose game state was `state`: whole for an
    ended match (`seat` None), else dealt anew for `seat` with `rng` (a fresh secret source,
    so the fork's deal says nothing of the match's)."""
    start = state if seat is None else ruleset.resample(state, seat, rng)
    return ForkOf(match_id, seq, seat, game_codec(ruleset.name).encode_state(start))
