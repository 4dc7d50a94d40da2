"""A game's statistics from the analytics read model (seats, facts, rejections: every scored
match, bots' too, since balance is the game's whatever plays it) and its ratings from the
ratings read model (people alone, rated matches alone).

A match's *start* is what its game tells at setup: the facts of its first entry that has any
(Core Worlds' Home Worlds and player numbers, Race for the Galaxy's start worlds, Star Realms'
player numbers). Its *choices* are the later facts of kinds counted 0 or 1 (cards drafted,
bought, placed; actions chosen; invasions won), a value 1 being the choice taken."""

import asyncpg
import msgspec

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

SHOWN_CHOICES = 40  # the most taken
SHOWN_REFUSALS = 10
SHOWN_RATINGS = 50

# Kept as matches end (`projections.analytics_totals`): read, not aggregated, per request.
_STARTS = """SELECT kind, subject, seats AS taken, seats, wins / seats AS win_rate
FROM analytics_start_totals WHERE game = $1 ORDER BY kind, subject"""

_CHOICES = f"""SELECT t.kind, t.subject, t.taken, t.seats, t.wins / t.seats AS win_rate
FROM analytics_choice_totals t JOIN analytics_choice_kinds k USING (game, kind)
WHERE t.game = $1 AND k.counted
ORDER BY t.taken DESC, t.kind, t.subject LIMIT {SHOWN_CHOICES}"""

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


# What a game's rated results up to a match hold, summed up: a fold kept is good while the
# rows it folded stay the same, and rows of matches that ended after them fold onto it.
_RATED_DIGEST = """SELECT count(*), coalesce(sum(hashtext(
    concat_ws(' ', match_id, ended_ms, seat, n, player, player_id, place))), 0)
FROM player_results WHERE game = $1 AND rated AND (ended_ms, match_id) <= ($2, $3)"""
RATED_AFTER = """SELECT match_id, ended_ms, player, player_id, place FROM player_results
WHERE game = $1 AND rated AND (ended_ms, match_id) > ($2, $3)
ORDER BY ended_ms, match_id, seat, n"""
BEFORE_ALL = (-1, "")  # a position before every match


class Kept(msgspec.Struct):
    folded: ratings.Folded
    last: tuple[int, str]  # the (ended_ms, match_id) of the last match folded
    digest: tuple[int, int]  # of the rows folded


_folds: dict[str, Kept] = {}


async def folded(pool: asyncpg.Pool, game: str) -> ratings.Folded:
    """Every rating of `game`, folded from its rated results: the fold kept, with the results
    of the matches that ended since folded onto it, while the rows it folded stay the same (a
    rebuild, or a match that ended earlier read late, folds anew). Rows and digest are read in
    one snapshot, so a row arriving meanwhile is either folded or changes the digest."""
    kept = _folds.get(game)
    async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read"):
        if kept is not None and tuple(await conn.fetchrow(_RATED_DIGEST, game, *kept.last)) != (
            kept.digest
        ):
            kept = None
        last = kept.last if kept else BEFORE_ALL
        rows = await conn.fetch(RATED_AFTER, game, *last)
        if kept is not None and not rows:
            return kept.folded
        if rows:
            last = (rows[-1]["ended_ms"], rows[-1]["match_id"])
        digest = tuple(await conn.fetchrow(_RATED_DIGEST, game, *last))
    found = ratings.fold(
        ((r["match_id"], r["ended_ms"], r["player"], r["player_id"], r["place"]) for r in rows),
        onto=kept.folded if kept else None,
    )
    _folds[game] = Kept(found, last, digest)
    return found


async def game_stats(conn: asyncpg.Pool, game: str) -> GameStats:
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
