"""Invite codes: the organiser reserves an open seat for whoever holds the code, which is single
use and expires. Kept as sha256 digests, like tokens. An invite is no change to the match (the
claim made with it is, on the log); a seat with a standing invite takes no claim without one."""

import secrets

import asyncpg

from services.gateway.tokens import Conn, digest, now_ms


def new_code() -> str:
    """A random code that does not start with '-': a command line would read it as an option
    (`match join --invite CODE`)."""
    while (code := secrets.token_urlsafe(12)).startswith("-"):
        continue
    return code


async def new(conn: Conn, match_id: str, seat: int, expires_ms: int) -> str:
    code = new_code()
    await conn.execute(
        "INSERT INTO invites (digest, match_id, seat, expires_at)"
        " VALUES ($1, $2, $3, to_timestamp($4))",
        digest(code),
        match_id,
        seat,
        expires_ms / 1000,
    )
    return code


async def reserved(conn: Conn, match_id: str, seat: int) -> bool:
    """Whether an invite not yet used or expired holds the seat."""
    return bool(
        await conn.fetchval(
            "SELECT EXISTS (SELECT 1 FROM invites WHERE match_id = $1 AND seat = $2"
            " AND used_at IS NULL AND expires_at > now())",
            match_id,
            seat,
        )
    )


async def use(conn: asyncpg.Connection | asyncpg.Pool, code: str, match_id: str, seat: int) -> bool:
    """Spend the code on this seat; False if it is no standing invite to it."""
    return bool(
        await conn.fetchval(
            "UPDATE invites SET used_at = now() WHERE digest = $1 AND match_id = $2"
            " AND seat = $3 AND used_at IS NULL AND expires_at > now() RETURNING true",
            digest(code),
            match_id,
            seat,
        )
    )


def expiry(days: int, seconds: int | None) -> int:
    return now_ms() + (seconds * 1000 if seconds is not None else days * 86_400_000)
