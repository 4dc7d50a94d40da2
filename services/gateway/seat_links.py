"""Sign-in links: the bearer of a seat's token (a seat token, or a player token for its seat)
asks for a single-use code that opens the seat in a browser for a few minutes, so no token is
pasted from a file. The code is kept as its sha256; spending it issues a fresh seat token of the
same claim, which the seat's revocation and replacement stop like any other of its tokens."""

from typing import Any

from litestar import Request, post
from litestar.status_codes import HTTP_201_CREATED

from services.gateway import api, docs, invites, tokens
from services.gateway.access import Access
from services.gateway.context import Context
from services.gateway.params import MatchId
from services.gateway.players import moment
from services.web.session import match_path

LINK_S = 300


def page(match_id: str, code: str) -> str:
    return f"{match_path(match_id)}/seat/link/{code}"


async def new(conn: tokens.Conn, seat: tokens.Bearer, expires_ms: int) -> str:
    code = invites.new_code()
    await conn.execute(
        "INSERT INTO seat_links (digest, match_id, seat, player, player_id, claim_decision_id,"
        " expires_at) VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7))",
        tokens.digest(code),
        seat.match_id,
        seat.seat,
        seat.player,
        seat.player_id,
        seat.claim_decision_id,
        expires_ms / 1000,
    )
    return code


_STANDING = "used_at IS NULL AND expires_at > now()"


async def standing(conn: tokens.Conn, code: str, match_id: str) -> int | None:
    """The seat an unused, unexpired code of the match opens (the code is not spent)."""
    found: int | None = await conn.fetchval(
        f"SELECT seat FROM seat_links WHERE digest = $1 AND match_id = $2 AND {_STANDING}",
        tokens.digest(code),
        match_id,
    )
    return found


async def spend(conn: tokens.Conn, code: str, match_id: str) -> tokens.Bearer | None:
    """Mark the code used, in one update (of two spending it at once, one gets it): the seat's
    claim it stands for, if it was a standing code of the match."""
    row: Any = await conn.fetchrow(
        "UPDATE seat_links SET used_at = now() WHERE digest = $1 AND match_id = $2"
        f" AND {_STANDING} RETURNING match_id, seat, player, player_id, claim_decision_id",
        tokens.digest(code),
        match_id,
    )
    return None if row is None else tokens.Bearer(kind="seat", **dict(row))


async def sign_in(ctx: Context, code: str, match_id: str) -> str | None:
    """A fresh token of the seat the code opens, while the seat's tokens still stand (none, once
    the organiser revoked them or replaced its player)."""
    seat = await spend(ctx.pool, code, match_id)
    if seat is None or not await tokens.seat_stands(
        ctx.pool, match_id, seat.seat or 0, seat.player or ""
    ):
        return None
    return await ctx.issue(seat)


@post(
    "/matches/{match_id:str}/seat/link",
    status_code=HTTP_201_CREATED,
    summary="A single-use link that signs a browser in to your seat, good for 5 minutes",
    security=docs.TOKEN,
)
async def new_link(request: Request, match_id: MatchId, data: api.NewSeatLink) -> api.SeatLink:
    access = await Access.of(request)
    seat = await access.acts_for(match_id)
    expires = invites.now_ms() + 1000 * (data.expires_s or LINK_S)
    code = await new(access.ctx.pool, seat, expires)
    return api.SeatLink(match_id, seat.seat or 0, page(match_id, code), moment(expires))


HANDLERS = [new_link]
