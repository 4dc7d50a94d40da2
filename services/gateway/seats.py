"""The organiser's seat tools: invite a player to an open seat, replace a seat's player, hand a
seat to the game's bot for good, open a seat's hidden information, revoke a seat's tokens.
Replacing, handing over and opening are decisions on the log (`events.seats`), judged and
explained like any. A replaced player's tokens are revoked here, before the decision is sent,
and the seat's mail address (with its reply address) and webhook forgotten; a player whose
seat went to a bot keeps a token that reads what the public reads (`Context.seat_is_held`), as
after a resignation."""

from typing import Any

import msgspec
from litestar import Request, post
from litestar.exceptions import HTTPException, NotFoundException
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED, HTTP_202_ACCEPTED

from events.platform_rules import BOT_PREFIX, ORGANISER
from events.ruleset import get_ruleset
from events.seats import HandToBot, OpenSeatView, ReplacePlayer
from services.gateway import api, docs, invites, mail, matches, tokens
from services.gateway.access import Access
from services.gateway.context import Context, context
from services.gateway.params import MatchId, SeatNumber
from services.gateway.players import moment


async def seat_row(ctx: Context, match_id: str, seat: int) -> dict[str, Any]:
    """The match's lobby row, once the seat is one of a match still running."""
    row = await matches.lobby_row(ctx, match_id)
    if seat >= row["seats"]:
        raise NotFoundException(f"seat {seat} is not a seat of this {row['seats']}-seat match")
    if row["status"] == "finished":
        raise HTTPException(status_code=409, detail="this match has ended")
    return row


async def _organiser(request: Request) -> Context:
    await (await Access.of(request)).organiser()
    return context(request)


async def invite_to(ctx: Context, match_id: str, seat: int, expires_s: int | None) -> api.Invite:
    """A single-use code that alone opens the (open) seat until it expires."""
    if (await seat_row(ctx, match_id, seat))["players"][seat] is not None:
        raise HTTPException(status_code=409, detail=f"seat {seat} is taken: replace its player")
    expires = invites.expiry(ctx.settings.invite_days, expires_s)
    code = await invites.new(ctx.pool, match_id, seat, expires)
    return api.Invite(match_id, seat, code, moment(expires))


async def replace_player(ctx: Context, match_id: str, seat: int, data: api.Replace) -> api.Replaced:
    """Revoke the player's tokens and forget its addresses, send the replacement, and issue the
    newcomer's seat token."""
    if (await seat_row(ctx, match_id, seat))["players"][seat] is None:
        raise HTTPException(status_code=409, detail=f"seat {seat} is open: invite a player")
    if data.player_id is not None and await tokens.player_name(ctx.pool, data.player_id) is None:
        raise NotFoundException(f"no player {data.player_id!r}")
    revoked = await ctx.revoke(await tokens.seat_digests(ctx.pool, match_id, seat), "replaced")
    await mail.forget_seat(ctx.pool, match_id, seat)  # the address was the former player's
    await mail.forget_seat(ctx.pool, match_id, seat, "webhook")
    body = ReplacePlayer(data.player, data.note, data.player_id or msgspec.UNSET)
    decision_id = await ctx.submitter.submit(match_id, seat, body, sender=ORGANISER)
    bearer = tokens.Bearer(
        kind="seat",
        match_id=match_id,
        seat=seat,
        player=data.player,
        claim_decision_id=decision_id,
        player_id=data.player_id,
    )
    return api.Replaced(decision_id, await ctx.issue(bearer), revoked)


async def hand_over(ctx: Context, match_id: str, seat: int, data: api.HandOver) -> str:
    """Send the hand-over of a person's seat to the game's bot; its decision id."""
    row = await seat_row(ctx, match_id, seat)
    player = row["players"][seat]
    if player is None or player.startswith(BOT_PREFIX):
        raise HTTPException(status_code=409, detail=f"seat {seat} is held by no person")
    body = HandToBot(data.level or get_ruleset(row["game"]).strongest_bot, data.note)
    return await ctx.submitter.submit(match_id, seat, body, sender=ORGANISER)


@post(
    "/matches/{match_id:str}/seats/{seat:int}/invite",
    status_code=HTTP_201_CREATED,
    summary="Reserve an open seat for an invite code, single use (organiser)",
    security=docs.TOKEN,
)
async def invite(
    request: Request, match_id: MatchId, seat: SeatNumber, data: api.NewInvite
) -> api.Invite:
    return await invite_to(await _organiser(request), match_id, seat, data.expires_s)


@post(
    "/matches/{match_id:str}/seats/{seat:int}/replace",
    status_code=HTTP_202_ACCEPTED,
    summary="Seat another player in place of the seat's player: a new token; the old ones are "
    "revoked (organiser)",
    security=docs.TOKEN,
)
async def replace(
    request: Request, match_id: MatchId, seat: SeatNumber, data: api.Replace
) -> api.Replaced:
    return await replace_player(await _organiser(request), match_id, seat, data)


@post(
    "/matches/{match_id:str}/seats/{seat:int}/hand-to-bot",
    status_code=HTTP_202_ACCEPTED,
    summary="Hand a seat to the game's bot for good; its player sees what the public sees "
    "(organiser)",
    security=docs.TOKEN,
)
async def hand_to_bot(
    request: Request, match_id: MatchId, seat: SeatNumber, data: api.HandOver
) -> api.Submitted:
    return api.Submitted(await hand_over(await _organiser(request), match_id, seat, data))


@post(
    "/matches/{match_id:str}/seats/{seat:int}/open-view",
    status_code=HTTP_202_ACCEPTED,
    summary="Open a seat's hidden information to the organiser as of now, an entry every player "
    "reads; until then the organiser's explanations of its decisions show what the public sees "
    "(organiser)",
    security=docs.TOKEN,
)
async def open_view(
    request: Request, match_id: MatchId, seat: SeatNumber, data: api.OpenView
) -> api.Submitted:
    ctx = await _organiser(request)
    await seat_row(ctx, match_id, seat)
    body = OpenSeatView(data.note)
    return api.Submitted(await ctx.submitter.submit(match_id, seat, body, sender=ORGANISER))


@post(
    "/matches/{match_id:str}/seats/{seat:int}/revoke",
    status_code=HTTP_200_OK,
    summary="Revoke every token of a seat; its player keeps the seat until replaced (organiser)",
    security=docs.TOKEN,
)
async def revoke(request: Request, match_id: MatchId, seat: SeatNumber) -> api.Revoked:
    ctx = await _organiser(request)
    await seat_row(ctx, match_id, seat)
    digests = await tokens.seat_digests(ctx.pool, match_id, seat)
    return api.Revoked(await ctx.revoke(digests, "revoked by the organiser"))


HANDLERS = [invite, replace, hand_to_bot, open_view, revoke]
