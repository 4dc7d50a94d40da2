"""Drawing a round: who sits at which table. Pure: the same standings, history and chance
draw the same round, so anyone holding the revealed seed can check every draw.

Swiss: players in standings order (points, then a lot drawn by chance among equal points);
the byes go to the lowest-placed players who had none yet; then tables are filled from the
top, each with the next players who have met none of its others before, going further down
only where needed, and allowing a repeat only when no draw without one exists (then as few as
possible). Round robin (two seats a match): the circle method over the players in an order
drawn by chance before round 1; everyone meets everyone once, a bye per round when odd."""

import random
from collections.abc import Iterable, Sequence
from itertools import combinations

SEARCH_LIMIT = 20_000  # tables tried before a draw settles for more repeats

Pair = frozenset[str]


def met_pairs(tables: Iterable[Sequence[str]]) -> set[Pair]:
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def ranked(points: dict[str, float], chance: random.Random) -> list[str]:
    """The players, the most points first; equal points in an order drawn by chance."""
    lots = {player: chance.random() for player in sorted(points)}
    return sorted(points, key=lambda p: (-points[p], lots[p]))


def choose_byes(order: list[str], seats: int, had_bye: set[str]) -> list[str]:
    """As many byes as the tables leave over, to the lowest placed who had none (or, once all
    had one, the lowest placed)."""
    spare = len(order) % seats
    fresh = [p for p in reversed(order) if p not in had_bye]
    stale = [p for p in reversed(order) if p in had_bye]
    return (fresh + stale)[:spare]


def _fill(
    left: list[str], seats: int, met: set[Pair], repeats: int, budget: list[int]
) -> list[list[str]] | None:
    """Tables for `left` (in standings order) with at most `repeats` pairs met before."""
    if not left:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    top, rest = left[0], left[1:]
    for others in combinations(rest, seats - 1):
        table = [top, *others]
        cost = sum(frozenset(pair) in met for pair in combinations(table, 2))
        if cost > repeats:
            continue
        remaining = [p for p in rest if p not in others]
        found = _fill(remaining, seats, met, repeats - cost, budget)
        if found is not None:
            return [table, *found]
    return None


def swiss(
    points: dict[str, float],
    seats: int,
    met: set[Pair],
    had_bye: set[str],
    chance: random.Random,
) -> tuple[list[list[str]], list[str]]:
    """A Swiss round: its tables (player ids by seat) and its byes."""
    order = ranked(points, chance)
    byes = choose_byes(order, seats, had_bye)
    playing = [p for p in order if p not in byes]
    pairs = len(playing) // seats * seats * (seats - 1) // 2
    for repeats in range(pairs + 1):
        found = _fill(playing, seats, met, repeats, [SEARCH_LIMIT])
        if found is not None:
            return found, byes
    return [playing[i : i + seats] for i in range(0, len(playing), seats)], byes


def round_robin_order(players: list[str], chance: random.Random) -> list[str]:
    order = sorted(players)
    chance.shuffle(order)
    return order


def round_robin_rounds(count: int) -> int:
    return count - 1 if count % 2 == 0 else count


def round_robin(order: list[str], number: int) -> tuple[list[list[str]], list[str]]:
    """Round `number` (from 1) of the circle schedule: the first player stays, the others turn
    one place each round; seats alternate so nobody always moves first."""
    circle: list[str | None] = [*order, None] if len(order) % 2 else list(order)
    turn = (number - 1) % (len(circle) - 1)
    rest = circle[1:]
    circle = [circle[0], *rest[-turn:], *rest[:-turn]] if turn else circle
    half = len(circle) // 2
    tables, byes = [], []
    for i in range(half):
        pair = [circle[i], circle[-1 - i]]
        if None in pair:
            byes += [p for p in pair if p is not None]
            continue
        upper_first = number % 2 if i == 0 else i % 2
        tables.append([str(p) for p in (pair if upper_first else pair[::-1])])
    return tables, byes
