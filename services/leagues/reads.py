"""What the gateway and the pages show of leagues: the read model's league with its rounds'
matches as the lobby has them and its standings, reckoned on each read from both."""

import asyncpg
import msgspec

from events.leagues.entries import LeagueRules
from events.leagues.fold import League, Refusal
from events.leagues.rounds import planned_rounds
from events.leagues.standings import Standing, places, standings
from services.leagues.read_model import LEAGUE_DECODER

Conn = asyncpg.Connection | asyncpg.Pool


class LeagueMember(msgspec.Struct, frozen=True):
    player_id: str
    name: str
    withdrawn: bool


class LeagueMatch(msgspec.Struct, frozen=True):
    match_id: str
    players: list[str]  # names, by seat
    status: str  # waiting, in_progress, finished; "opening" until the lobby shows it
    places: list[int] | None  # by seat, once finished


class LeagueRound(msgspec.Struct, frozen=True):
    round: int
    matches: list[LeagueMatch]
    byes: list[str]  # names


class LeagueView(msgspec.Struct, frozen=True):
    league_id: str
    name: str
    game: str
    status: str  # signing up, playing, ended
    rules: LeagueRules
    planned_rounds: int  # 0 until a round robin's schedule is known
    seed_commitment: str
    seed: str | None  # told once the league ended: every draw can then be checked
    members: list[LeagueMember]
    rounds: list[LeagueRound]
    standings: list[Standing]
    refusals: list[Refusal]


class LeagueSummary(msgspec.Struct, frozen=True):
    league_id: str
    name: str
    game: str
    status: str
    players: int
    rounds: int  # drawn so far
    planned_rounds: int


async def folded(conn: Conn, league_id: str) -> League | None:
    row = await conn.fetchval("SELECT league FROM leagues WHERE league_id = $1", league_id)
    return None if row is None else LEAGUE_DECODER.decode(row)


async def league_view(conn: Conn, league_id: str) -> LeagueView | None:
    league = await folded(conn, league_id)
    if league is None:
        return None
    ids = [t.match_id for r in league.rounds for t in r.tables]
    rows = {
        r["match_id"]: r
        for r in await conn.fetch(
            "SELECT match_id, status, seats, winners, scores FROM lobby"
            " WHERE match_id = ANY($1::text[])",
            ids,
        )
    }
    ended = {
        match_id: places(list(row["winners"] or []), row["scores"], row["seats"])
        for match_id, row in rows.items()
        if row["status"] == "finished"
    }
    names = {m.player_id: m.name for m in league.members}
    rounds = [
        LeagueRound(
            drawn.round,
            [
                LeagueMatch(
                    t.match_id,
                    [names.get(p, p) for p in t.players],
                    rows[t.match_id]["status"] if t.match_id in rows else "opening",
                    ended.get(t.match_id),
                )
                for t in drawn.tables
            ],
            [names.get(p, p) for p in drawn.byes],
        )
        for drawn in league.rounds
    ]
    return LeagueView(
        league_id=league.league_id,
        name=league.name,
        game=league.rules.game,
        status=league.status,
        rules=league.rules,
        planned_rounds=planned_rounds(league),
        seed_commitment=league.seed_commitment,
        seed=league.seed or None,
        members=[
            LeagueMember(m.player_id, m.name, m.withdrew_in is not None) for m in league.members
        ],
        rounds=rounds,
        standings=standings(league, ended),
        refusals=list(league.refusals),
    )


async def league_list(conn: Conn, limit: int = 100) -> list[LeagueSummary]:
    """The leagues, those signing up first, then playing, then ended; the newest first."""
    rows = await conn.fetch(
        "SELECT league FROM leagues ORDER BY array_position("
        "ARRAY['signing up', 'playing', 'ended'], status), opened_ms DESC LIMIT $1",
        limit,
    )
    found = [LEAGUE_DECODER.decode(r["league"]) for r in rows]
    return [
        LeagueSummary(
            lg.league_id,
            lg.name,
            lg.rules.game,
            lg.status,
            len(lg.active()),
            len(lg.rounds),
            planned_rounds(lg),
        )
        for lg in found
    ]
