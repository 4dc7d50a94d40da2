"""Core Worlds figures: fold speed, transcript replay, decide + react latency, seat balance.

Prints text lines and returns the figures as a dict. Not a timed test: goals are printed
beside the figures (100,000 events/s folded, a 4-player match replayed in 20 ms or less,
p99 decide + react under 1 ms). BENCH_SELFPLAY_GAMES lowers the 1,000 balance matches.
"""

import os
import random
import statistics
import time
from collections import Counter
from typing import Any

from events.codec import decode_entry, encode
from events.envelope import is_platform_entry
from events.match import apply
from events.rulesets.core_worlds import CORE_WORLDS as RULES
from events.rulesets.core_worlds.bots import greedy_bot
from events.rulesets.core_worlds.state import Game
from services.selfplay import play_match
from tests.bench.pure_api import events_per_second, whole_match

SEATS = 4
SELFPLAY_GAMES = 1000


def _transcripts(count: int) -> list[list[bytes]]:
    return [
        [
            encode(e)
            for e in play_match(
                "core-worlds", f"bench-{i}", SEATS, f"bench:{i}", ["greedy"]
            ).entries
        ]
        for i in range(count)
    ]


def fold_rate(transcripts: list[list[bytes]]) -> float:
    """Game events folded per second by `evolve` alone, on one core."""
    streams = [
        [e.body for e in map(decode_entry, lines) if not is_platform_entry(e.body)]
        for lines in transcripts
    ]
    return events_per_second(RULES, streams)


def replay_ms(lines: list[bytes]) -> float:
    """Decode a whole match transcript and fold it, as `verify` or a new reader would."""
    best = float("inf")
    for _ in range(20):
        started = time.perf_counter()
        record = None
        for line in lines:
            record = apply(record, decode_entry(line))
        best = min(best, time.perf_counter() - started)
    assert record is not None and record.over
    return best * 1000


def decide_react_us(games: int) -> tuple[float, float]:
    """p50 and p99 of one decision judged, applied and settled (react until quiet)."""
    timings: list[float] = []
    for game in range(games):
        _greedy_match(SEATS, game, timings)
    cuts = statistics.quantiles(timings, n=100)
    return cuts[49] * 1e6, cuts[98] * 1e6


def _greedy_match(seats: int, seed: str | int, timings: list[float] | None = None) -> Game:
    rng = random.Random(seed)
    return whole_match(RULES, seats, rng, lambda state, seat: greedy_bot(state, seat, rng), timings)


def balance(games: int) -> dict[str, Any]:
    """Win shares by player number (1 holds Destiny first) and by Home World, 4 players."""
    by_player: Counter = Counter()
    by_home: Counter = Counter()
    homes_played: Counter = Counter()
    started = time.perf_counter()
    for game in range(games):
        end = _greedy_match(SEATS, f"balance:{game}")
        first = next(s for s in range(SEATS) if end.players[s].home == _first_destiny(end))
        for seat, player in enumerate(end.players):
            homes_played[end.cards.cards[player.home].name] += 1
            if seat in end.winners:
                share = 1 / len(end.winners)
                by_player[(seat - first) % SEATS + 1] += share
                by_home[end.cards.cards[player.home].name] += share
    return {
        "games": games,
        "seconds": round(time.perf_counter() - started, 1),
        "win_rate_by_player": {p: round(by_player[p] / games, 3) for p in range(1, SEATS + 1)},
        "win_rate_by_home_world": {
            home: round(by_home[home] / played, 3) for home, played in sorted(homes_played.items())
        },
    }


def _first_destiny(end: Game) -> int:
    """The Home World that held Destiny in round 1: the lowest number at the table (CW-S2)."""
    return min((p.home for p in end.players), key=lambda h: end.cards.cards[h].number)


def main() -> dict[str, Any]:
    transcripts = _transcripts(5)
    entries = sum(len(t) for t in transcripts) // len(transcripts)
    figures: dict[str, Any] = {
        "events_per_second": round(fold_rate(transcripts)),
        "replay_4p_match_ms": round(replay_ms(transcripts[0]), 2),
        "entries_per_4p_match": entries,
    }
    p50, p99 = decide_react_us(20)
    figures["decide_react_p50_us"], figures["decide_react_p99_us"] = round(p50), round(p99)
    print(f"core-worlds: {figures['events_per_second']:,} events/s folded (goal >= 100,000)")
    print(
        f"core-worlds: 4-player match replayed from its transcript ({entries} entries) in "
        f"{figures['replay_4p_match_ms']} ms (goal <= 20 ms)"
    )
    print(f"core-worlds: decide + react p50 {p50:.0f} us, p99 {p99:.0f} us (goal p99 < 1000 us)")
    games = int(os.environ.get("BENCH_SELFPLAY_GAMES", SELFPLAY_GAMES))
    figures["balance"] = balance(games)
    shown = figures["balance"]
    print(f"core-worlds: {games} greedy 4-player matches in {shown['seconds']} s")
    print(f"core-worlds: win rate by player number: {shown['win_rate_by_player']}")
    print(f"core-worlds: win rate by Home World: {shown['win_rate_by_home_world']}")
    return figures


if __name__ == "__main__":
    main()
