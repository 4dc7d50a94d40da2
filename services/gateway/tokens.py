"""Bearer tokens, kept as sha256 digests. A seat token acts and reads for one seat only; a
player token proves a player and acts for that player's seats; an organiser token organises.
A token stops at its expiry or when revoked; revoking one tells every gateway
(`TOKENS_CHANNEL`), which forgets it and ends its streams."""

import hashlib
import secrets
import time
import uuid
from datetime import datetime

import asyncpg
import msgspec

from services import db

Conn = asyncpg.Connection | asyncpg.Pool
TOKENS_CHANNEL = "starledger_tokens"  # payload: '<digest> <match_id>' ('' for no match)


class Bearer(msgspec.Struct, frozen=True):
    kind: str  # "seat", "player" or "organiser"
    match_id: str | None = None
    seat: int | None = None
    player: str | None = None  # the name a seat was claimed under; a player's name
    claim_decision_id: str | None = None
    player_id: str | None = None  # a player token's player; the player a seat token is for
    expires_ms: int | None = None  # None: until revoked (a seat token: see `Context.bearer_of`)

    def expired(self, now_ms: int) -> bool:
        return self.expires_ms is not None and now_ms >= self.expires_ms


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now_ms() -> int:
    return int(time.time() * 1000)


async def issue(conn: Conn, bearer: Bearer) -> str:
    token = secrets.token_urlsafe(24)
    expires = None if bearer.expires_ms is None else bearer.expires_ms / 1000
    await conn.execute(
        "INSERT INTO tokens (digest, kind, match_id, seat, player, claim_decision_id, player_id,"
        " expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8))",
        digest(token),
        bearer.kind,
        bearer.match_id,
        bearer.seat,
        bearer.player,
        bearer.claim_decision_id,
        bearer.player_id,
        expires,
    )
    return token


_COLUMNS = (
    "kind, match_id, seat, player, claim_decision_id, player_id,"
    " (extract(epoch FROM expires_at) * 1000)::bigint AS expires_ms"
)
# What the table knows of a token's standing; the rest (a match long over) is the gateway's.
_STANDS = "revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())"


async def bearer_of(conn: Conn, token: str) -> Bearer | None:
    """The token's bearer, unless it was revoked or has expired."""
    row = await conn.fetchrow(
        f"SELECT {_COLUMNS} FROM tokens WHERE digest = $1 AND {_STANDS}", digest(token)
    )
    return Bearer(**dict(row)) if row else None


async def claim_accepted(conn: Conn, bearer: Bearer) -> bool:
    """Whether the log accepted the claim a seat token was issued with (its join, or the
    organiser's replacement of the seat's player)."""
    return bool(
        await conn.fetchval(
            "SELECT accepted FROM audit WHERE decision_id = $1 AND match_id = $2 AND seat = $3",
            bearer.claim_decision_id,
            bearer.match_id,
            bearer.seat,
        )
    )


async def player_seats(conn: Conn, player_id: str, match_id: str | None = None) -> list[Bearer]:
    """The seat tokens of a player neither revoked nor expired (of one match, or all), by match
    and seat."""
    rows = await conn.fetch(
        f"SELECT {_COLUMNS} FROM tokens WHERE player_id = $1 AND kind = 'seat'"
        f" AND ($2::text IS NULL OR match_id = $2) AND {_STANDS}"
        " ORDER BY match_id, seat, created_at DESC",
        player_id,
        match_id,
    )
    return [Bearer(**dict(r)) for r in rows]


async def revoke(conn: Conn, digests: list[str], why: str) -> list[tuple[str, str]]:
    """Revoke these tokens and tell every gateway; the (digest, match) of those standing."""
    rows = await conn.fetch(
        "WITH gone AS (UPDATE tokens SET revoked_at = now(), revoked_why = $2"
        " WHERE digest = ANY($1::text[]) AND revoked_at IS NULL RETURNING digest, match_id)"
        " SELECT digest, coalesce(match_id, '') AS match_id,"
        " pg_notify($3, digest || ' ' || coalesce(match_id, '')) FROM gone",
        digests,
        why,
        TOKENS_CHANNEL,
    )
    return [(r["digest"], r["match_id"]) for r in rows]


async def revoked_since(conn: Conn, since: datetime) -> list[tuple[str, str]]:
    """The (digest, match) of the tokens revoked since `since` (a time of the database's), as
    their notifications named them: what a gateway that was not listening missed. A minute early:
    a revocation is stamped when its transaction began, and told when it committed."""
    rows = await conn.fetch(
        "SELECT digest, coalesce(match_id, '') AS match_id FROM tokens"
        " WHERE revoked_at >= $1::timestamptz - interval '1 minute'",
        since,
    )
    return [(r["digest"], r["match_id"]) for r in rows]


async def seat_digests(conn: Conn, match_id: str, seat: int) -> list[str]:
    """Every standing token of a seat (a seat token names one seat of one match)."""
    rows = await conn.fetch(
        "SELECT digest FROM tokens WHERE kind = 'seat' AND match_id = $1 AND seat = $2"
        " AND revoked_at IS NULL",
        match_id,
        seat,
    )
    return [r["digest"] for r in rows]


async def seat_stands(conn: Conn, match_id: str, seat: int, player: str) -> bool:
    """Whether the seat has a token of `player` neither revoked nor expired whose claim the log
    accepted: what any other face (mail) needs to act for the seat, as a token needs it."""
    return bool(
        await conn.fetchval(
            "SELECT EXISTS (SELECT 1 FROM tokens AS t JOIN audit AS a"
            " ON a.decision_id = t.claim_decision_id AND a.match_id = t.match_id"
            " AND a.seat = t.seat WHERE t.kind = 'seat' AND t.match_id = $1 AND t.seat = $2"
            f" AND t.player = $3 AND a.accepted AND {_STANDS})",
            match_id,
            seat,
            player,
        )
    )


async def new_player(conn: Conn, name: str, days: int) -> tuple[str, str, int]:
    """A new player and its token: (player_id, token, expires_ms)."""
    player_id = f"p-{uuid.uuid4().hex[:16]}"
    await conn.execute("INSERT INTO players (player_id, name) VALUES ($1, $2)", player_id, name)
    return player_id, *await player_token(conn, player_id, name, days)


async def player_token(conn: Conn, player_id: str, name: str, days: int) -> tuple[str, int]:
    """A new token for the player, good for `days`: (token, expires_ms)."""
    expires = now_ms() + days * 86_400_000
    bearer = Bearer(kind="player", player=name, player_id=player_id, expires_ms=expires)
    return await issue(conn, bearer), expires


async def player_name(conn: Conn, player_id: str) -> str | None:
    found: str | None = await conn.fetchval(
        "SELECT name FROM players WHERE player_id = $1", player_id
    )
    return found


async def new_organiser_token(database_url: str) -> str:
    pool = await db.connect(database_url, size=1)
    try:
        await db.migrate(pool)
        return await issue(pool, Bearer(kind="organiser"))
    finally:
        await pool.close()
