"""Race for the Galaxy figures beside the other games': fold speed, decide + react latency,
bot matches' wall time, and the heuristic bot's win rate against greedy (its goal: > 60 %
of 4-player games against three greedy bots).

Bots decide through `default_decision`, on a state resampled for their seat, as the platform
runs them. BENCH_SELFPLAY_GAMES lowers the 1,000 matches; BENCH_HEAD_TO_HEAD the 400 games.
`python -m tests.bench.bench_race_for_the_galaxy --strength [GAMES]` gives the win rate alone.
"""

import os
import random
import statistics
import sys
import time
from typing import Any

from events.ruleset import get_ruleset
from tests.bench.pure_api import whole_match

RULES = get_ruleset("race-for-the-galaxy")
SEATS = 4
SELFPLAY_GAMES = 1000
HEAD_TO_HEAD = 400


def match(
    bots: tuple[str, ...],
    seed: str,
    timings: list[float] | None = None,
    thinking: dict[str, list[float]] | None = None,
) -> tuple[Any, int]:
    """One match through the pure API: the end state and its count of game events. With
    `timings`, each decision's decide plus react until quiet is timed; with `thinking`, each
    bot decision, by level."""
    rng, events = random.Random(seed), []

    def choose(state: Any, seat: int) -> Any:
        started = time.perf_counter()
        decision = RULES.default_decision(state, seat, bots[seat], rng)
        if thinking is not None:
            thinking.setdefault(bots[seat], []).append(time.perf_counter() - started)
        return decision

    return whole_match(RULES, len(bots), rng, choose, timings, events), len(events)


def decide_react_us(games: int = 10) -> tuple[float, float]:
    timings: list[float] = []
    for game in range(games):
        match(("greedy",) * SEATS, f"latency:{game}", timings)
    cuts = statistics.quantiles(timings, n=100)
    return cuts[49] * 1e6, cuts[98] * 1e6


def selfplay(games: int) -> tuple[float, float]:
    """Wall time of `games` greedy 4-player matches, and game events a second in them (the
    bots' own thinking included)."""
    started, events = time.perf_counter(), 0
    for game in range(games):
        events += match(("greedy",) * SEATS, f"selfplay:{game}")[1]
    seconds = time.perf_counter() - started
    return seconds, events / seconds


def heuristic_win_rate(games: int) -> tuple[float, float]:
    """The heuristic bot's share of wins against three greedy bots, its seat rotating, and its
    decisions' p99 thinking time in ms."""
    wins = 0.0
    thinking: dict[str, list[float]] = {}
    for game in range(games):
        seat = game % SEATS
        bots = tuple("heuristic" if s == seat else "greedy" for s in range(SEATS))
        winners = RULES.standing(match(bots, f"h2h:{game}", thinking=thinking)[0]).winners
        wins += (seat in winners) / len(winners)
    return wins / games, statistics.quantiles(thinking["heuristic"], n=100)[98] * 1e3


def strength(games: int) -> tuple[float, float]:
    won, p99 = heuristic_win_rate(games)
    print(f"race-for-the-galaxy: heuristic wins {won:.1%} of {games} games against 3 greedy")
    print(f"race-for-the-galaxy: (goal > 60 %); its decisions p99 {p99:.1f} ms")
    return won, p99


def main() -> dict[str, Any]:
    figures: dict[str, Any] = {}
    p50, p99 = decide_react_us()
    figures["decide_react_p50_us"], figures["decide_react_p99_us"] = round(p50), round(p99)
    print(f"race-for-the-galaxy: decide + react p50 {p50:.0f} us, p99 {p99:.0f} us")
    games = int(os.environ.get("BENCH_SELFPLAY_GAMES", SELFPLAY_GAMES))
    seconds, rate = selfplay(games)
    figures["selfplay_seconds"], figures["events_per_second"] = round(seconds, 1), round(rate)
    print(f"race-for-the-galaxy: {games} greedy 4-player matches in {seconds:.1f} s")
    print(f"race-for-the-galaxy: {rate:,.0f} game events a second, bots deciding included")
    duels = int(os.environ.get("BENCH_HEAD_TO_HEAD", HEAD_TO_HEAD))
    figures["heuristic_vs_greedy"], figures["heuristic_p99_ms"] = strength(duels)
    return figures


if __name__ == "__main__":
    if sys.argv[1:2] == ["--strength"]:
        strength(int(sys.argv[2]) if sys.argv[2:] else HEAD_TO_HEAD)
    else:
        main()
