"""Golden matches: one whole match per game, played by its bots and checked in under the
ruleset's version (`golden/<game>-v<version>.jsonl`). Re-judged on every run, a golden match
ties the version to what the rules do: a change that alters a match already played fails
until the version is raised and the match recorded anew (`make golden`), so a version changes
whenever the rules change, not by hand alone.

`python -m tests.conformance.golden [GAME ...]` records the golden match of the current version
of every game (or of the games named) and removes those of other versions."""

import sys
from pathlib import Path

from events.codec import decode_entry, encode
from events.envelope import Entry
from services.selfplay import play_match

from .games import GAMES, RULESETS

FOLDER = Path(__file__).parent / "golden"
SEED = "golden"


def path(game: str) -> Path:
    return FOLDER / f"{game}-v{RULESETS[game].version}.jsonl"


def play(game: str) -> list[Entry]:
    """The golden match as the current rules and bots play it: one seat more than the fewest,
    where the game allows, each seat a bot of a level the game has, strongest first."""
    ruleset = RULESETS[game]
    seats = min(ruleset.max_seats, ruleset.min_seats + 1)
    levels = list(reversed(list(ruleset.bots)))
    return play_match(game, f"golden-{game}", seats, SEED, levels).entries


def recorded(game: str) -> list[Entry]:
    return [decode_entry(line) for line in path(game).read_bytes().splitlines()]


def record(games: list[str]) -> None:
    FOLDER.mkdir(exist_ok=True)
    for game in games:
        for old in FOLDER.glob(f"{game}-v*.jsonl"):
            old.unlink()
        path(game).write_bytes(b"".join(encode(entry) + b"\n" for entry in play(game)))
        print(f"recorded {path(game).relative_to(Path.cwd())}")


if __name__ == "__main__":
    named = sys.argv[1:]
    unknown = sorted(set(named) - set(GAMES))
    if unknown:
        sys.exit(f"no such game: {', '.join(unknown)} (games: {', '.join(GAMES)})")
    record(named or list(GAMES))
