"""A player's statistics: per game their rating over time, results and reliability, and their
latest results: of a name (`SeatClaimed.player`), or of one player (`SeatClaimed.player_id`)."""

import asyncpg

from services.stats.game import folded
from services.stats.report import PlayerGame, PlayerStats, Reliability, Result

Conn = asyncpg.Connection | asyncpg.Pool
SHOWN_RESULTS = 200
COUNTS = ("decisions", "missed", "defaults", "resigned", "timed_out", "handed_over", "replaced")


def reliability(counts: dict[str, int]) -> Reliability:
    decided, missed = counts.get("decisions", 0), counts.get("missed", 0)
    on_time = decided / (decided + missed) if decided + missed else 1.0
    return Reliability(**{c: counts.get(c, 0) for c in COUNTS}, on_time=on_time)


async def on_time(conn: Conn, player_id: str, game: str) -> float:
    """The player's share of decisions on time in the game (1 before any)."""
    found = await conn.fetchrow(
        "SELECT decisions, missed FROM player_reliability WHERE player_id = $1 AND game = $2",
        player_id,
        game,
    )
    return reliability(dict(found) if found else {}).on_time


_WHOSE = "(CASE WHEN $3::text IS NULL THEN player = $1 ELSE player_id = $3 END)"


async def player_stats(
    conn: asyncpg.Pool, player: str, game: str | None = None, player_id: str | None = None
) -> PlayerStats:
    """`player`'s statistics, of every game they played or of `game` alone: everything played
    under that name, rated as the person most recently rated under it; or, given `player_id`,
    that player's alone (two players may share a name)."""
    results = [
        Result(**dict(r))
        for r in await conn.fetch(
            "SELECT match_id, game, ended_ms, seat, outcome, place, win_share, rated"
            f" FROM player_results WHERE {_WHOSE} AND ($2::text IS NULL OR game = $2)"
            " ORDER BY ended_ms DESC, match_id DESC, seat",
            player,
            game,
            player_id,
        )
    ]
    summed = ", ".join(f"sum({c})::bigint AS {c}" for c in COUNTS)
    counted = {
        r["game"]: dict(r)
        for r in await conn.fetch(
            f"SELECT game, {summed} FROM player_reliability"
            f" WHERE {_WHOSE} AND ($2::text IS NULL OR game = $2) GROUP BY game",
            player,
            game,
            player_id,
        )
    }
    games = sorted({r.game for r in results} | set(counted))
    shown = []
    for name in games:
        ratings = await folded(conn, name)
        own = [r for r in results if r.game == name and r.outcome != "replaced"]
        key = ratings.named(player, player_id)
        shown.append(
            PlayerGame(
                game=name,
                played=len(own),
                wins=sum(r.win_share for r in own),
                rating=ratings.rating(key) if key else None,
                history=ratings.history.get(key, []) if key else [],
                reliability=reliability(counted.get(name, {})),
            )
        )
    return PlayerStats(player, shown, results[:SHOWN_RESULTS])
