"""Players: a name and a token that proves it (`POST /players`), renewed before it expires
(`POST /players/me/token`), the player's games waiting on them first (`GET
/players/me/matches`), and revoking one's own token (`POST /tokens/revoke`)."""

from datetime import UTC, datetime
from typing import Any

from litestar import Request, get, post
from litestar.exceptions import HTTPException, NotAuthorizedException
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from events.platform_rules import reserved
from services.gateway import api, docs, reads, tokens
from services.gateway.access import Access
from services.gateway.context import Context, context
from services.gateway.edge import spend


def moment(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat()


@post(
    "/players",
    status_code=HTTP_201_CREATED,
    summary="Become a player: a token that proves you and acts for the seats you join with it",
)
async def new_player(request: Request, data: api.NewPlayer) -> api.PlayerIssued:
    ctx = context(request)
    spend(request, ctx.new_players, "new players")
    if reserved(data.name):
        why = f"{data.name!r} is a name only the platform gives"
        raise HTTPException(status_code=422, detail=why)
    player_id, token, expires = await tokens.new_player(
        ctx.pool, data.name, ctx.settings.player_token_days
    )
    return api.PlayerIssued(player_id, data.name, token, moment(expires))


@get("/players/me", summary="The player your token proves", security=docs.TOKEN)
async def me(request: Request) -> api.Player:
    bearer = (await Access.of(request)).player()
    expires = None if bearer.expires_ms is None else moment(bearer.expires_ms)
    return api.Player(bearer.player_id or "", bearer.player or "", expires)


@post(
    "/players/me/token",
    status_code=HTTP_201_CREATED,
    summary="Renew your player token: a new one for the same player and seats, with a fresh "
    "expiry; the one you send is revoked at once",
    security=docs.TOKEN,
)
async def renew_token(request: Request) -> api.PlayerIssued:
    access = await Access.of(request)
    bearer = access.player()
    renewed = await access.ctx.renew(access.token or "", bearer)
    if renewed is None:
        raise NotAuthorizedException("unknown, expired or revoked token")
    token, expires = renewed
    return api.PlayerIssued(bearer.player_id or "", bearer.player or "", token, moment(expires))


async def my_matches(ctx: Context, bearer: tokens.Bearer) -> list[api.MyMatch]:
    """Every match the player holds (or held) a seat of, the ones waiting on them first (the
    soonest deadline first), then the rest by last activity, the finished ones last."""
    seats = await ctx.player_seats(bearer.player_id or "")
    rows = {r["match_id"]: r for r in await reads.matches(ctx.pool, [s.match_id for s in seats])}
    turns = await reads.turns(
        ctx.pool, [(s.match_id or "", s.seat) for s in seats if s.seat is not None]
    )
    now = tokens.now_ms()
    found: list[tuple[tuple[Any, ...], api.MyMatch]] = []
    for seat in seats:
        row = rows.get(seat.match_id or "")
        if row is None or seat.seat is None:
            continue
        holds = await ctx.seat_is_held(seat)
        turn = turns.get((row["match_id"], seat.seat), "") if row["status"] == "in_progress" else ""
        waiting = holds and turn == "must"
        due = next((d["due"] for d in row["deadlines"] or [] if d["seat"] == seat.seat), None)
        due_ms = None if due is None else int(datetime.fromisoformat(due).timestamp() * 1000)
        mine = api.MyMatch(
            match_id=row["match_id"],
            game=row["game"],
            status=row["status"],
            seat=seat.seat,
            holds=holds,
            waiting=waiting,
            chosen=holds and turn == "chosen",
            due=due if holds else None,
            left_s=None if due_ms is None or not holds else (due_ms - now) // 1000,
            round=row["round"],
            phase=row["phase"],
            seq=row["seq"],
            last_activity=row["last_activity"],
        )
        soonest = due_ms if due_ms is not None and holds else float("inf")
        latest = -datetime.fromisoformat(row["last_activity"]).timestamp()
        found.append(((not waiting, row["status"] == "finished", soonest, latest), mine))
    found.sort(key=lambda pair: pair[0])
    return [mine for _, mine in found]


@get(
    "/players/me/matches",
    summary="My games: every match of your player, the ones waiting on you first, with the "
    "time left before each deadline",
    security=docs.TOKEN,
)
async def my_games(request: Request) -> list[api.MyMatch]:
    access = await Access.of(request)
    return await my_matches(access.ctx, access.player())


@post(
    "/tokens/revoke",
    status_code=HTTP_200_OK,
    summary="Revoke the token you send: it stops at once on every endpoint and stream",
    security=docs.TOKEN,
)
async def revoke_own(request: Request) -> api.Revoked:
    access = await Access.of(request)
    access.known()
    own = [tokens.digest(access.token or "")]
    return api.Revoked(await access.ctx.revoke(own, "revoked by its holder"))
