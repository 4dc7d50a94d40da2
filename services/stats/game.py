"""A game's statistics from the analytics read model (seats, facts, rejections: every scored
match, bots' too, since balance is the game's whatever plays it) and its ratings from the
ratings read model (people alone, rated matches alone).

A match's *start* is what its game tells at setup: the facts of its first entry that has any
(Core Worlds' Home Worlds and player numbers, Race for the Galaxy's start worlds, Star Realms'
player numbers). Its *choices* are the later facts of kinds counted 0 or 1 (cards drafted,
bought, placed; actions chosen; invasions won), a value 1 being the choice taken."""

import asyncpg

from events.narration import rule_words, short_words
from events.ruleset import get_ruleset, round_word
from services.stats import ratings
from services.stats.report import (
    ChoiceWins,
    GameStats,
    Length,
    Refusals,
    RoundCount,
    SeatWins,
)
from services.stats.wilson import share

Conn = asyncpg.Connection | asyncpg.Pool
SHOWN_CHOICES = 40  # the most taken
SHOWN_REFUSALS = 10
SHOWN_RATINGS = 50

_FIRST = """first_facts AS (
    SELECT f.match_id, min(f.seq) AS seq FROM analytics_facts f
    JOIN analytics_matches m USING (match_id) WHERE m.game = $1 AND m.finished
    GROUP BY f.match_id)"""

_STARTS = f"""WITH {_FIRST}
SELECT f.kind, f.subject, count(*) AS taken, count(*) AS seats, avg(s.win_share) AS win_rate
FROM analytics_facts f JOIN first_facts USING (match_id, seq)
JOIN analytics_seats s USING (match_id, seat)
WHERE s.win_share IS NOT NULL
GROUP BY f.kind, f.subject ORDER BY f.kind, f.subject"""

_CHOICES = f"""WITH {_FIRST},
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
GROUP BY t.kind, t.subject ORDER BY taken DESC, t.kind, t.subject LIMIT {SHOWN_CHOICES}"""

_SEATS = """SELECT seats AS table_size, seat, played, win_rate FROM analytics_seat_wins
WHERE game = $1 ORDER BY seats, seat"""

_LENGTHS = """SELECT m.seats AS table_size, count(*) AS matches,
       coalesce(avg(l.round), 0)::float AS mean_rounds, avg(m.entries)::float AS mean_decisions,
       (avg(m.last_ms - m.started_ms) / 3600000.0)::float AS mean_hours
FROM analytics_matches m LEFT JOIN lobby l USING (match_id)
WHERE m.game = $1 AND m.finished GROUP BY m.seats ORDER BY m.seats"""

_ROUNDS = """SELECT l.round AS rounds, count(*) AS matches
FROM analytics_matches m JOIN lobby l USING (match_id)
WHERE m.game = $1 AND m.finished AND l.round IS NOT NULL GROUP BY l.round ORDER BY l.round"""

_REFUSALS = f"""SELECT r.rule, count(*) AS refused FROM analytics_rejections r
JOIN analytics_matches m USING (match_id) WHERE m.game = $1
GROUP BY r.rule ORDER BY refused DESC, r.rule LIMIT {SHOWN_REFUSALS}"""

RATED_RESULTS = """SELECT match_id, ended_ms, player, player_id, place FROM player_results
WHERE game = $1 AND rated ORDER BY ended_ms, match_id, seat, n"""


def _choices(rows: list[asyncpg.Record]) -> list[ChoiceWins]:
    return [
        ChoiceWins(r["kind"], r["subject"], r["taken"], share(r["seats"], r["win_rate"]))
        for r in rows
    ]


# What a game's rated results hold, summed up: the fold is kept while it stays the same.
_RATED_DIGEST = """SELECT count(*), coalesce(sum(hashtext(
    concat_ws(' ', match_id, ended_ms, seat, n, player, player_id, place))), 0)
FROM player_results WHERE game = $1 AND rated"""
_folds: dict[str, tuple[tuple[int, int], ratings.Folded]] = {}


async def folded(conn: Conn, game: str) -> ratings.Folded:
    """Every rating of `game`, folded from its rated results: again only when they changed
    (the same rows give the same ratings, and folding costs far more than reading them)."""
    digest = tuple(await conn.fetchrow(_RATED_DIGEST, game))
    kept = _folds.get(game)
    if kept is not None and kept[0] == digest:
        return kept[1]
    rows = await conn.fetch(RATED_RESULTS, game)
    found = ratings.fold(
        (r["match_id"], r["ended_ms"], r["player"], r["player_id"], r["place"]) for r in rows
    )
    _folds[game] = (digest, found)
    return found


async def game_stats(conn: Conn, game: str) -> GameStats:
    ruleset = get_ruleset(game)
    finished = await conn.fetchval(
        "SELECT count(*) FROM analytics_matches WHERE game = $1 AND finished", game
    )
    rated = await folded(conn, game)
    return GameStats(
        game=game,
        round_word=round_word(game),
        finished=finished,
        rated=rated.matches,
        seats=[
            SeatWins(r["table_size"], r["seat"], share(r["played"], r["win_rate"]))
            for r in await conn.fetch(_SEATS, game)
        ],
        starts=_choices(await conn.fetch(_STARTS, game)),
        choices=_choices(await conn.fetch(_CHOICES, game)),
        lengths=[
            Length(r["table_size"], r["matches"], *r[2:]) for r in await conn.fetch(_LENGTHS, game)
        ],
        rounds=[RoundCount(**dict(r)) for r in await conn.fetch(_ROUNDS, game)],
        refusals=[
            Refusals(r["rule"], short_words(rule_words(ruleset, r["rule"])), r["refused"])
            for r in await conn.fetch(_REFUSALS, game)
        ],
        ratings=rated.table()[:SHOWN_RATINGS],
    )
