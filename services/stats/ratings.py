"""Ratings folded from the ratings read model's results, match by match in the order matches
ended (then by match id), with openskill's Plackett-Luce model: any number of seats, ties
sharing a place. The same rows give the same ratings, so a rebuild of the read model gives
them again."""

from collections.abc import Iterable
from typing import Any

from openskill.models import PlackettLuce

from services.stats.report import Rating, RatingStep

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, ordinal mu - 3 sigma
Placed = tuple[str, int, str, int]  # match_id, ended_ms, player, place: rated rows, in order


class Folded:
    """Every player's rating after each rated match of one game."""

    def __init__(self) -> None:
        self.current: dict[str, Any] = {}  # player -> the model's rating
        self.history: dict[str, list[RatingStep]] = {}
        self.matches = 0

    def rate(self, match_id: str, ended_ms: int, placed: list[tuple[str, int]]) -> None:
        teams = [[self.current.get(p) or MODEL.rating()] for p, _ in placed]
        rated = MODEL.rate(teams, ranks=[place for _, place in placed])
        for (player, _), [after] in zip(placed, rated, strict=True):
            self.current[player] = after
            step = RatingStep(match_id, ended_ms, after.mu, after.sigma, after.ordinal())
            self.history.setdefault(player, []).append(step)
        self.matches += 1

    def rating(self, player: str) -> Rating | None:
        steps = self.history.get(player)
        if not steps:
            return None
        last = steps[-1]
        return Rating(player, last.mu, last.sigma, last.ordinal, len(steps))

    def table(self) -> list[Rating]:
        """Every rated player, the best ordinal first (then by name)."""
        found = [self.rating(player) for player in self.history]
        return sorted((r for r in found if r), key=lambda r: (-r.ordinal, r.player))


def fold(rows: Iterable[Placed]) -> Folded:
    """`rows` ordered by (ended_ms, match_id): each match's people rated by their places."""
    folded = Folded()
    match: tuple[str, int] | None = None
    placed: list[tuple[str, int]] = []
    for match_id, ended_ms, player, place in rows:
        if match is not None and match[0] != match_id:
            folded.rate(*match, placed)
            placed = []
        match = (match_id, ended_ms)
        placed.append((player, place))
    if match is not None:
        folded.rate(*match, placed)
    return folded
