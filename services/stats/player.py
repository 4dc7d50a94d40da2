"""A player's statistics: per game their rating over time, results and reliability, and their
latest results. A player is the name the log seats them under (`SeatClaimed.player`)."""

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


async def on_time(conn: Conn, player: str, game: str) -> float:
    """The player's share of decisions on time in the game (1 before any)."""
    found = await conn.fetchrow(
        "SELECT decisions, missed FROM player_reliability WHERE player = $1 AND game = $2",
        player,
        game,
    )
    return reliability(dict(found) if found else {}).on_time


async def player_stats(conn: Conn, player: str, game: str | None = None) -> PlayerStats:
    """`player`'s statistics, of every game they played or of `game` alone."""
    results = [
        Result(**dict(r))
        for r in await conn.fetch(
            "SELECT match_id, game, ended_ms, seat, outcome, place, win_share, rated"
            " FROM player_results WHERE player = $1 AND ($2::text IS NULL OR game = $2)"
            " ORDER BY ended_ms DESC, match_id DESC, seat",
            player,
            game,
        )
    ]
    counted = {
        r["game"]: dict(r)
        for r in await conn.fetch(
            "SELECT * FROM player_reliability"
            " WHERE player = $1 AND ($2::text IS NULL OR game = $2)",
            player,
            game,
        )
    }
    games = sorted({r.game for r in results} | set(counted))
    shown = []
    for name in games:
        ratings = await folded(conn, name)
        own = [r for r in results if r.game == name and r.outcome != "replaced"]
        shown.append(
            PlayerGame(
                game=name,
                played=len(own),
                wins=sum(r.win_share for r in own),
                rating=ratings.rating(player),
                history=ratings.history.get(player, []),
                reliability=reliability(counted.get(name, {})),
            )
        )
    return PlayerStats(player, shown, results[:SHOWN_RESULTS])
