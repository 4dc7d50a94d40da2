"""Bearer tokens, kept as sha256 digests. A seat token acts and reads for one seat only."""

import hashlib
import secrets

import asyncpg
import msgspec

from services import db


class Holder(msgspec.Struct, frozen=True):
    kind: str  # "seat" or "organiser"
    match_id: str | None = None
    seat: int | None = None
    player: str | None = None
    claim_decision_id: str | None = None


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def issue(conn: asyncpg.Connection | asyncpg.Pool, holder: Holder) -> str:
    token = secrets.token_urlsafe(24)
    await conn.execute(
        "INSERT INTO tokens (digest, kind, match_id, seat, player, claim_decision_id)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        digest(token),
        holder.kind,
        holder.match_id,
        holder.seat,
        holder.player,
        holder.claim_decision_id,
    )
    return token


async def holder_of(conn: asyncpg.Connection | asyncpg.Pool, token: str) -> Holder | None:
    row = await conn.fetchrow(
        "SELECT kind, match_id, seat, player, claim_decision_id FROM tokens WHERE digest = $1",
        digest(token),
    )
    return Holder(**dict(row)) if row else None


async def seat_is_held(conn: asyncpg.Connection | asyncpg.Pool, holder: Holder) -> bool:
    """A seat token counts once its claim was accepted (the audit trail says so)."""
    return bool(
        await conn.fetchval(
            "SELECT accepted FROM audit WHERE decision_id = $1 AND match_id = $2 AND seat = $3",
            holder.claim_decision_id,
            holder.match_id,
            holder.seat,
        )
    )


async def new_organiser_token(database_url: str) -> str:
    pool = await db.connect(database_url, size=1)
    try:
        await db.migrate(pool)
        return await issue(pool, Holder(kind="organiser"))
    finally:
        await pool.close()
