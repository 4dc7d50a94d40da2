"""What a game's statistics keep so a request is fast: the start and choice totals the
analytics projection adds as matches end give what aggregating every fact gave (the queries
below, as the statistics ran them before); the ratings fold kept, with the matches that ended
since folded onto it, gives what folding every result anew gives."""

from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from projections import writes
from projections.analytics_totals import totals
from services import db
from services.stats import game, ratings
from services.stats.game import RATED_RESULTS, game_stats

GAME = "race-to-21"

FIRST = """first_facts AS (
    SELECT f.match_id, min(f.seq) AS seq FROM analytics_facts f
    JOIN analytics_matches m USING (match_id) WHERE m.game = $1 AND m.finished
    GROUP BY f.match_id)"""
EVERY_START = f"""WITH {FIRST}
SELECT f.kind, f.subject, count(*) AS taken, count(*) AS seats, avg(s.win_share) AS win_rate
FROM analytics_facts f JOIN first_facts USING (match_id, seq)
JOIN analytics_seats s USING (match_id, seat)
WHERE s.win_share IS NOT NULL
GROUP BY f.kind, f.subject ORDER BY f.kind, f.subject"""
EVERY_CHOICE = f"""WITH {FIRST},
later AS (
    SELECT f.match_id, f.seat, f.kind, f.subject, f.value FROM analytics_facts f
    JOIN first_facts ff USING (match_id) WHERE f.seq > ff.seq AND f.seat IS NOT NULL),
choice_kinds AS (SELECT kind FROM later GROUP BY kind HAVING bool_and(value IN (0, 1))),
taken AS (
    SELECT match_id, seat, kind, subject, count(*) AS times FROM later
    JOIN choice_kinds USING (kind) WHERE value = 1 GROUP BY match_id, seat, kind, subject)
SELECT t.kind, t.subject, sum(t.times)::bigint AS taken, count(*) AS seats,
       avg(s.win_share) AS win_rate
FROM taken t JOIN analytics_seats s USING (match_id, seat)
WHERE s.win_share IS NOT NULL
GROUP BY t.kind, t.subject ORDER BY taken DESC, t.kind, t.subject"""


@pytest.fixture
async def pool(own_database: str) -> AsyncIterator[asyncpg.Pool]:
    connected = await db.connect(own_database, size=2)
    game._folds.pop(GAME, None)  # a fold kept from another test's database
    try:
        yield connected
    finally:
        await connected.close()


async def _match(pool: asyncpg.Pool, match_id: str, wins: list[float] | None, facts: list) -> None:
    """A match of two seats (`wins`: their win shares once it ended; None: still running) and
    its facts (seq, seat, kind, subject, value)."""
    await pool.execute(
        "INSERT INTO analytics_matches VALUES ($1, $2, 2, 10, 0, 1, $3)",
        match_id,
        GAME,
        wins is not None,
    )
    for seat in range(2):
        share = None if wins is None else wins[seat]
        await pool.execute(
            "INSERT INTO analytics_seats (match_id, seat, win_share) VALUES ($1, $2, $3)",
            match_id,
            seat,
            share,
        )
    for n, (seq, seat, kind, subject, value) in enumerate(facts):
        await pool.execute(
            "INSERT INTO analytics_facts VALUES ($1, $2, $3, $4, $5, $6, $7)",
            match_id,
            seq,
            n,
            seat,
            kind,
            subject,
            value,
        )


def _rows(found: list[Any]) -> list[tuple[Any, ...]]:
    return [
        (c.kind, c.subject, c.taken, c.wins.seats, pytest.approx(c.wins.win_rate)) for c in found
    ]


async def test_totals_kept_as_matches_end_give_what_every_fact_gave(pool: asyncpg.Pool) -> None:
    start = [(1, 0, "start", "red", 1), (1, 1, "start", "blue", 1), (1, None, "deck", "x", 1)]
    await _match(pool, "m1", [1.0, 0.0], [*start, (2, 0, "drafted", "ship", 1),
        (3, 0, "drafted", "ship", 1), (4, 1, "drafted", "base", 1), (5, 1, "bought", "gem", 0),
        (6, 0, "scored", "vp", 5)])  # fmt: skip
    await _match(pool, "m2", [0.5, 0.5], [*start, (2, 1, "drafted", "ship", 1),
        (3, 0, "bought", "gem", 1), (4, None, "drafted", "ship", 1),
        (5, 1, "scored", "vp", 1)])  # fmt: skip
    await _match(pool, "m3", [0.0, 1.0], [(2, 0, "start", "red", 1), (3, 0, "drafted", "base", 1),
        (4, 1, "bought", "gem", 1)])  # fmt: skip
    await _match(pool, "m4", None, [*start, (2, 0, "drafted", "ship", 1)])  # still running
    async with pool.acquire() as conn:
        await writes.run(conn, totals(["m1", "m2"]))  # two batches, as matches end
        await writes.run(conn, totals(["m3"]))
    expected_starts = [tuple(r) for r in await pool.fetch(EVERY_START, GAME)]
    expected_choices = [tuple(r) for r in await pool.fetch(EVERY_CHOICE, GAME)]
    assert expected_choices  # drafted and bought, not "scored" (a value of 5)
    assert {r[0] for r in expected_choices} == {"drafted", "bought"}
    stats = await game_stats(pool, GAME)
    assert _rows(stats.starts) == [
        (k, s, t, n, pytest.approx(w)) for k, s, t, n, w in expected_starts
    ]
    assert _rows(stats.choices) == [
        (k, s, t, n, pytest.approx(w)) for k, s, t, n, w in expected_choices
    ]


async def _results(
    pool: asyncpg.Pool, match_id: str, ended_ms: int, winner: str, loser: str
) -> None:
    for seat, (player, place) in enumerate(((winner, 1), (loser, 2))):
        await pool.execute(
            "INSERT INTO player_results (match_id, game, ended_ms, seat, n, player, player_id,"
            " outcome, place, win_share, rated) VALUES ($1, $2, $3, $4, 0, $5, '', 'finished',"
            " $6, $7, true)",
            match_id,
            GAME,
            ended_ms,
            seat,
            player,
            place,
            float(place == 1),
        )


async def _afresh(pool: asyncpg.Pool) -> list[Any]:
    rows = await pool.fetch(RATED_RESULTS, GAME)
    return ratings.fold(
        (r["match_id"], r["ended_ms"], r["player"], r["player_id"], r["place"]) for r in rows
    ).table()


async def test_the_fold_kept_takes_later_matches_on_and_folds_anew_for_an_earlier_one(
    pool: asyncpg.Pool,
) -> None:
    await _results(pool, "m1", 100, "ann", "bob")
    await _results(pool, "m2", 200, "bob", "cy")
    first = await game.folded(pool, GAME)
    assert first.table() == await _afresh(pool)
    await _results(pool, "m3", 300, "cy", "ann")
    later = await game.folded(pool, GAME)
    assert later is first  # the kept fold, the new match folded onto it
    assert later.table() == await _afresh(pool) and later.matches == 3
    await _results(pool, "m0", 50, "cy", "bob")  # read late: it ended before the others
    anew = await game.folded(pool, GAME)
    assert anew is not first and anew.table() == await _afresh(pool) and anew.matches == 4
