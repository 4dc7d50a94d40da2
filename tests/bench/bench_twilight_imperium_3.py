"""Twilight Imperium 3 figures beside the other games': fold speed, decide + react latency, a
6-player match's wall time and entry count by bot level, the bots' matches at 3 to 6 seats
(decisions, rounds, how they end), and the seat page's render time for a 6-player position
(its description laid out and its body rendered from the templates, the map's SVG included;
the page over HTTP adds the gateway's read of the rows).

Bots decide through `default_decision`, on a state resampled for their seat, as the platform
runs them: `random` and `greedy` play, `pass` moves the game on alone. BENCH_TI3_MATCHES lowers
the 20 matches a level; BENCH_TI3_TABLE the 30 a level and seat count of the table."""

import os
import random
import statistics
import time
from typing import Any

from events.rulesets.twilight_imperium_3.game import TWILIGHT_IMPERIUM as RULES
from services.web.jinja import _env
from tests.bench.pure_api import whole_match

SEATS = 6
MATCHES = 20
TABLE = 30
RENDERS = 200
NAMES = tuple(f"player {n}" for n in range(SEATS))


def match(
    level: str, seed: str, timings: list[float] | None = None, seats: int = SEATS
) -> tuple[Any, list[Any]]:
    """One match through the pure API, every seat's bot at `level`: the end state and its game
    events; with `timings`, each decision's decide plus react until quiet."""
    rng, events = random.Random(seed), []

    def choose(state: Any, seat: int) -> Any:
        return RULES.default_decision(state, seat, level, rng)

    return whole_match(RULES, seats, rng, choose, timings, events), events


def table_row(level: str, seats: int, matches: int) -> str:
    """`matches` matches of `level` bots at `seats` seats: median/most decisions, median/most
    rounds, how many ended by ten points and by Imperium Rex, and the time a match."""
    decisions, rounds, reasons = [], [], {"ten victory points": 0, "Imperium Rex": 0}
    started = time.perf_counter()
    for n in range(matches):
        timings: list[float] = []
        state, events = match(level, f"measure-{seats}-{n}", timings, seats)
        decisions.append(len(timings))
        rounds.append(state.round)
        reasons[next(e.reason for e in reversed(events) if type(e).__name__ == "GameEnded")] += 1
    ms = (time.perf_counter() - started) / matches * 1000
    return (
        f"{statistics.median(decisions):.0f}/{max(decisions)}, "
        f"{statistics.median(rounds):.0f}/{max(rounds)}, "
        f"{reasons['ten victory points']} and {reasons['Imperium Rex']}, {ms:.0f} ms"
    )


def folded_per_second(events: list[Any], times: int = 20) -> float:
    started = time.perf_counter()
    for _ in range(times):
        state = None
        for event in events:
            state = RULES.evolve(state, event)
    return times * len(events) / (time.perf_counter() - started)


def page_ms(state: Any) -> tuple[float, float]:
    """p50 and p99 of a seat's description laid out and rendered as the page's body."""
    page = _env.from_string('{% import "macros.html" as show %}{{ show.description(d) }}')
    took = []
    for n in range(RENDERS):
        started = time.perf_counter()
        page.render(d=RULES.describe(RULES.view(state, n % SEATS), NAMES))
        took.append((time.perf_counter() - started) * 1000)
    cuts = statistics.quantiles(took, n=100)
    return cuts[49], cuts[98]


def main() -> dict[str, Any]:
    figures: dict[str, Any] = {}
    matches = int(os.environ.get("BENCH_TI3_MATCHES", MATCHES))
    for level in ("random", "greedy", "pass"):
        timings: list[float] = []
        started, entries, decisions = time.perf_counter(), [], 0
        for n in range(matches):
            before = len(timings)
            entries.append(len(match(level, f"bench:{level}:{n}", timings)[1]))
            decisions += len(timings) - before
        seconds = (time.perf_counter() - started) / matches
        cuts = statistics.quantiles(timings, n=100)
        figures[level] = {
            "match_seconds": round(seconds, 3),
            "events_median": statistics.median(entries),
            "decisions_median": decisions // matches,
            "decide_react_p50_us": round(cuts[49] * 1e6),
            "decide_react_p99_us": round(cuts[98] * 1e6),
        }
        print(
            f"twilight-imperium-3: a {SEATS}-player {level} match in {seconds * 1000:.0f} ms, "
            f"median {statistics.median(entries):.0f} game events ({decisions // matches} "
            f"decisions a match); decide + react p50 {cuts[49] * 1e6:.0f} us, "
            f"p99 {cuts[98] * 1e6:.0f} us"
        )
    table = int(os.environ.get("BENCH_TI3_TABLE", TABLE))
    print(f"twilight-imperium-3: {table} matches a cell: median/most decisions, median/most")
    print("  rounds, ended by ten points and by Imperium Rex, time a match")
    print("  | bot | 3 seats | 4 seats | 5 seats | 6 seats |")
    for level in ("greedy", "random", "pass"):
        row = " | ".join(table_row(level, seats, table) for seats in range(3, 7))
        figures[f"table_{level}"] = row
        print(f"  | `{level}` | {row} |", flush=True)
    _, events = match("random", "bench:fold")
    rate = folded_per_second(events)
    figures["events_folded_per_second"] = round(rate)
    print(f"twilight-imperium-3: {rate:,.0f} game events folded a second")
    halfway = None
    for event in events[: len(events) // 2]:
        halfway = RULES.evolve(halfway, event)
    p50, p99 = page_ms(halfway)
    figures["seat_page_p50_ms"], figures["seat_page_p99_ms"] = round(p50, 2), round(p99, 2)
    print(
        f"twilight-imperium-3: a {SEATS}-player seat page's body p50 {p50:.2f} ms, p99 {p99:.2f} ms"
    )
    return figures


if __name__ == "__main__":
    main()
