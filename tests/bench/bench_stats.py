"""Ratings and statistics recomputed for 100,000 ended matches: a game's statistics (the
analytics queries and the ratings folded with openskill from every rated result) and one
player's, as `GET /games/{game}/stats` and `/players/{name}/stats` compute them on each
request (the fold kept while the rated results stay the same); wall time, and the Python
heap's peak while folding (tracemalloc, a run of its own: it slows what it traces).

Synthetic rows, written straight into the read models' tables of a scratch database (no
broker: this measures the reading, not the projecting): 3-seat matches of 2,000 players, two or
three people and a bot each, with a start and six choices per seat and a refusal per match;
then the start and choice totals each game keeps, added as the analytics projection adds them
when matches end, TOTALS_BATCH at a time (their cost a batch is a figure too).
BENCH_STATS_MATCHES sizes it."""

import asyncio
import os
import random
import time
import tracemalloc
from datetime import UTC, datetime
from typing import Any

import asyncpg

from projections import writes
from projections.analytics_totals import totals
from services import db, run_folder
from services.embedded_db import server_url
from services.stats import ratings
from services.stats.game import RATED_RESULTS, game_stats
from services.stats.player import player_stats
from tests.bench.table import Row, print_table

MATCHES = int(os.environ.get("BENCH_STATS_MATCHES", 100_000))
GAME = "race-to-21"  # tests/tiny_ruleset.py, which `make bench` registers
PLAYERS = 2_000
SEATS = 3
CHOICES = 6  # per seat
ROUNDS = 3
TOTALS_BATCH = 500  # matches ending in one projection batch, for the totals' cost


def _rows(rng: random.Random) -> dict[str, list[tuple[Any, ...]]]:
    tables: dict[str, list[tuple[Any, ...]]] = {
        "analytics_matches": [],
        "analytics_seats": [],
        "analytics_facts": [],
        "analytics_rejections": [],
        "lobby": [],
        "player_results": [],
    }
    start = 1_800_000_000_000
    for m in range(MATCHES):
        match_id, ended = f"m{m:07d}", start + m * 60_000
        winner = rng.randrange(SEATS)
        people = rng.sample(range(PLAYERS), rng.choice((2, 3)))
        tables["analytics_matches"].append((match_id, GAME, SEATS, 40, start, ended, True))
        tables["analytics_rejections"].append((match_id, 2, "T-2"))
        rounds = rng.randint(6, 20)
        players = [f"player-{p}" for p in people] + ["bot:greedy"] * (SEATS - len(people))
        tables["lobby"].append(
            (match_id, GAME, "finished", SEATS, players, rounds, "race", [], 40,
             datetime.fromtimestamp(ended / 1000, UTC), [0] * SEATS, [winner])
        )  # fmt: skip
        for seat in range(SEATS):
            share = 1.0 if seat == winner else 0.0
            tables["analytics_seats"].append((match_id, seat, share))
            facts = tables["analytics_facts"]
            facts.append((match_id, 1, seat, seat, "start", f"world {rng.randrange(12)}", 1))
            for n in range(CHOICES):
                card = f"card {min(rng.randrange(80), rng.randrange(80))}"
                facts.append((match_id, 2 + seat * CHOICES + n, 0, seat, "drafted", card, 1))
            if seat < len(people):
                place = 1 if seat == winner else 2
                tables["player_results"].append(
                    (match_id, GAME, ended, seat, 0, players[seat], "finished", place, share,
                     len(people) >= 2)
                )  # fmt: skip
    return tables


COLUMNS = {
    "analytics_matches": [
        "match_id", "game", "seats", "entries", "started_ms", "last_ms", "finished"
    ],
    "analytics_seats": ["match_id", "seat", "win_share"],
    "analytics_facts": ["match_id", "seq", "n", "seat", "kind", "subject", "value"],
    "analytics_rejections": ["match_id", "seq", "rule"],
    "lobby": [
        "match_id", "game", "status", "seats", "players", "round", "phase", "to_act", "seq",
        "last_activity", "scores", "winners",
    ],
    "player_results": [
        "match_id", "game", "ended_ms", "seat", "n", "player", "outcome", "place", "win_share",
        "rated",
    ],
}  # fmt: skip


async def _fill(pool: asyncpg.Pool) -> tuple[int, float]:
    """Every table's rows copied in, and each ended match added to its game's totals as the
    analytics projection adds them (a batch of ended matches at a time); the rows written,
    and the seconds the totals took a batch."""
    written = 0
    async with pool.acquire() as conn:
        tables = _rows(random.Random(48))
        for table, rows in tables.items():
            await conn.copy_records_to_table(table, records=rows, columns=COLUMNS[table])
            written += len(rows)
        await conn.execute("ANALYZE")
        ended = [row[0] for row in tables["analytics_matches"]]
        started = time.perf_counter()
        for at in range(0, len(ended), TOTALS_BATCH):
            await writes.run(conn, totals(ended[at : at + TOTALS_BATCH]))
        batches = -(-len(ended) // TOTALS_BATCH)
        await conn.execute("ANALYZE")
    return written, (time.perf_counter() - started) / batches


async def _timed(pool: asyncpg.Pool) -> dict[str, float]:
    rows, totals_s = await _fill(pool)
    figures: dict[str, float] = {"matches": MATCHES, "rows": rows, "totals_ms": totals_s * 1000}
    rated = await pool.fetch(RATED_RESULTS, GAME)
    figures["rated"] = len({r["match_id"] for r in rated})
    placed = [
        (r["match_id"], r["ended_ms"], r["player"], r["player_id"], r["place"]) for r in rated
    ]
    started = time.perf_counter()
    ratings.fold(placed)
    figures["fold_s"] = time.perf_counter() - started
    tracemalloc.start()
    ratings.fold(placed)
    figures["fold_peak_mib"] = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    started = time.perf_counter()
    await game_stats(pool, GAME)  # the first: its ratings folded anew
    figures["game_cold_s"] = time.perf_counter() - started
    for name, compute in (
        ("game_s", lambda: game_stats(pool, GAME)),
        ("player_s", lambda: player_stats(pool, "player-7")),
    ):
        started = time.perf_counter()
        for _ in range(ROUNDS):
            await compute()
        figures[name] = (time.perf_counter() - started) / ROUNDS
    await _more_ended(pool, TOTALS_BATCH)
    started = time.perf_counter()
    await game_stats(pool, GAME)  # the fold kept, the new matches' results folded onto it
    figures["game_more_s"] = time.perf_counter() - started
    return figures


async def _more_ended(pool: asyncpg.Pool, count: int) -> None:
    """`count` more matches end after the others: the last ones' rated results again, later."""
    await pool.execute(
        "INSERT INTO player_results SELECT match_id || '+', game, ended_ms + $2, seat, n, player,"
        " outcome, place, win_share, rated, player_id FROM player_results"
        " WHERE match_id IN (SELECT match_id FROM analytics_matches"
        " ORDER BY last_ms DESC LIMIT $1)",
        count,
        MATCHES * 60_000,
    )


async def _run() -> dict[str, float]:
    server = server_url(run_folder.RUN / "bench-pgdata")
    url = await db.create_database(server, "starledger_bench")
    try:
        pool = await db.connect(url, size=2)
        try:
            await db.migrate(pool)
            return await _timed(pool)
        finally:
            await pool.close()
    finally:
        await db.drop_database(server, url)


ROWS = [
    Row("ended matches", "matches"),
    Row("rows in the read models", "rows"),
    Row("rated matches", "rated"),
    Row(f"totals kept as {TOTALS_BATCH} matches end (ms a batch)", "totals_ms", "{:.1f}"),
    Row("ratings folded (s)", "fold_s", "{:.2f}"),
    Row("heap peak while folding (MiB)", "fold_peak_mib", "{:.0f}"),
    Row("a game's statistics, folded anew (s)", "game_cold_s", "{:.2f}"),
    Row("a game's statistics, fold kept (s)", "game_s", "{:.2f}"),
    Row(f"a game's statistics, {TOTALS_BATCH} more matches ended (s)", "game_more_s", "{:.2f}"),
    Row("a player's statistics, fold kept (s)", "player_s", "{:.2f}"),
]


def main() -> dict[str, dict[str, float]]:
    figures = {"PostgreSQL": asyncio.run(_run())}  # no broker to compare: one column
    print_table(f"ratings and statistics of {MATCHES:,} ended matches", ROWS, figures)
    return figures


if __name__ == "__main__":
    main()
