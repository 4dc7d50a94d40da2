"""Matches judged as the rules service judges them (tests/random_play.py), and their log as
bytes: run as a script, it prints the digest of one match's log, so another process (another
hash seed, another global random state) can be compared with this one."""

import hashlib
import sys
from functools import cache
from typing import Any

from events.codec import encode
from events.envelope import Entry
from tests import random_play

from .games import seat_counts


@cache
def judged_match(game: str, seats: int) -> tuple[Entry[Any], ...]:
    return tuple(random_play.random_match(game, seats, f"judged-{game}-{seats}"))


def log_digest(game: str) -> str:
    """Of a match at the game's smallest seat count, played afresh."""
    seats = seat_counts(game)[0]
    entries = random_play.random_match(game, seats, f"judged-{game}-{seats}")
    return hashlib.sha256(b"".join(encode(e) for e in entries)).hexdigest()


if __name__ == "__main__":
    print(log_digest(sys.argv[1]))
