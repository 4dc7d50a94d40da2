"""Star Realms figures beside Core Worlds': fold speed, decide + react latency, 1,000 bot
matches' wall time, and the planner bot's win rate against greedy.

Prints text lines and returns the figures as a dict. Bots decide through `default_decision`,
on a state resampled for their seat, as the platform runs them. BENCH_SELFPLAY_GAMES lowers
the 1,000 matches; BENCH_HEAD_TO_HEAD the 400 planner-against-greedy games.
"""

import os
import random
import statistics
import time
from typing import Any

from events.codec import decode_entry, encode
from events.envelope import PLATFORM_ENTRIES
from events.rulesets.star_realms import STAR_REALMS as RULES
from services.selfplay import play_match
from tests.bench.pure_api import events_per_second, whole_match

SELFPLAY_GAMES = 1000
HEAD_TO_HEAD = 400


def fold_rate(count: int = 5) -> float:
    """Game events folded per second by `evolve` alone, on one core."""
    streams = []
    for i in range(count):
        lines = [
            encode(e) for e in play_match("star-realms", f"b{i}", 2, f"b:{i}", ["greedy"]).entries
        ]
        streams.append(
            [e.body for e in map(decode_entry, lines) if not isinstance(e.body, PLATFORM_ENTRIES)]
        )
    return events_per_second(RULES, streams)


def match(bots: tuple[str, str], seed: str, timings: list[float] | None = None) -> Any:
    """One match through the pure API; the end state. With `timings`, each decision's decide
    plus react until quiet is timed."""
    rng = random.Random(seed)

    def choose(state: Any, seat: int) -> Any:
        return RULES.default_decision(state, seat, bots[seat], rng)

    return whole_match(RULES, 2, rng, choose, timings)


def decide_react_us(games: int = 20) -> tuple[float, float]:
    timings: list[float] = []
    for game in range(games):
        match(("greedy", "greedy"), f"latency:{game}", timings)
    cuts = statistics.quantiles(timings, n=100)
    return cuts[49] * 1e6, cuts[98] * 1e6


def selfplay_seconds(games: int) -> tuple[float, float]:
    """Wall time of `games` greedy-against-greedy matches, and the first player's win rate."""
    started, firsts = time.perf_counter(), 0
    for game in range(games):
        end = match(("greedy", "greedy"), f"selfplay:{game}")
        firsts += end.winner == end.first
    return time.perf_counter() - started, firsts / games


def planner_win_rate(games: int) -> float:
    """The planner's share of wins against greedy, seats alternating."""
    wins = 0
    for game in range(games):
        seat = game % 2
        bots = ("planner", "greedy") if seat == 0 else ("greedy", "planner")
        wins += match(bots, f"h2h:{game}").winner == seat
    return wins / games


def main() -> dict[str, Any]:
    figures: dict[str, Any] = {"events_per_second": round(fold_rate())}
    p50, p99 = decide_react_us()
    figures["decide_react_p50_us"], figures["decide_react_p99_us"] = round(p50), round(p99)
    print(f"star-realms: {figures['events_per_second']:,} events/s folded")
    print(f"star-realms: decide + react p50 {p50:.0f} us, p99 {p99:.0f} us")
    games = int(os.environ.get("BENCH_SELFPLAY_GAMES", SELFPLAY_GAMES))
    seconds, first = selfplay_seconds(games)
    figures["selfplay_seconds"], figures["first_player_win_rate"] = round(seconds, 1), first
    print(f"star-realms: {games} greedy 2-player matches in {seconds:.1f} s")
    print(f"star-realms: first player's win rate {first:.3f}")
    duels = int(os.environ.get("BENCH_HEAD_TO_HEAD", HEAD_TO_HEAD))
    figures["planner_vs_greedy"] = rate = planner_win_rate(duels)
    print(f"star-realms: planner beats greedy in {rate:.1%} of {duels} games (goal > 60 %)")
    return figures


if __name__ == "__main__":
    main()
