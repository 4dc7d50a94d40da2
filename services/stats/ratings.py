"""Ratings folded from the ratings read model's results, match by match in the order matches
ended (then by match id), with openskill's Plackett-Luce model: any number of seats, ties
sharing a place. The same rows give the same ratings, so a rebuild of the read model gives
them again. A rating is a person's: the player id their seat was joined with, or the seat's
name where it was joined with a name alone (`identity`)."""

from collections.abc import Iterable
from typing import Any

from openskill.models import PlackettLuce

from services.stats.report import Rating, RatingStep

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, ordinal mu - 3 sigma
# match_id, ended_ms, player, player_id ("": a name alone), place: rated rows, in order
Placed = tuple[str, int, str, str, int]


def identity(player: str, player_id: str) -> str:
    """Whom a rating follows: the player id, else the name (ids are `p-…`, never `name:…`)."""
    return player_id or f"name:{player}"


class Folded:
    """Every person's rating after each rated match of one game."""

    def __init__(self) -> None:
        self.current: dict[str, Any] = {}  # identity -> the model's rating
        self.history: dict[str, list[RatingStep]] = {}
        self.names: dict[str, tuple[str, str]] = {}  # identity -> (name, player id)
        self.matches = 0

    def rate(self, match_id: str, ended_ms: int, placed: list[tuple[str, str, int]]) -> None:
        keys = [identity(player, pid) for player, pid, _ in placed]
        teams = [[self.current.get(key) or MODEL.rating()] for key in keys]
        rated = MODEL.rate(teams, ranks=[place for _, _, place in placed])
        for key, (player, pid, _), [after] in zip(keys, placed, rated, strict=True):
            self.current[key] = after
            self.names[key] = (player, pid)
            step = RatingStep(match_id, ended_ms, after.mu, after.sigma, after.ordinal())
            self.history.setdefault(key, []).append(step)
        self.matches += 1

    def rating(self, key: str) -> Rating | None:
        steps = self.history.get(key)
        if not steps:
            return None
        last, (player, pid) = steps[-1], self.names[key]
        return Rating(player, last.mu, last.sigma, last.ordinal, len(steps), pid)

    def named(self, player: str, player_id: str | None = None) -> str | None:
        """The identity of `player_id`, or else the most recently rated one named `player`."""
        if player_id:
            return player_id if player_id in self.history else None
        keys = [key for key, (name, _) in self.names.items() if name == player]
        return max(keys, key=lambda k: self.history[k][-1].ended_ms, default=None)

    def table(self) -> list[Rating]:
        """Every rated person, the best ordinal first (then by name)."""
        found = [self.rating(key) for key in self.history]
        return sorted((r for r in found if r), key=lambda r: (-r.ordinal, r.player, r.player_id))


def fold(rows: Iterable[Placed], onto: Folded | None = None) -> Folded:
    """`rows` ordered by (ended_ms, match_id), each match's people rated by their places: from
    scratch, or onto the ratings `onto` holds (of matches that all ended before)."""
    folded = onto or Folded()
    match: tuple[str, int] | None = None
    placed: list[tuple[str, str, int]] = []
    for match_id, ended_ms, player, player_id, place in rows:
        if match is not None and match[0] != match_id:
            folded.rate(*match, placed)
            placed = []
        match = (match_id, ended_ms)
        placed.append((player, player_id, place))
    if match is not None:
        folded.rate(*match, placed)
    return folded
