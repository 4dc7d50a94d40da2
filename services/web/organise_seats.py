"""The organiser's seat tools on the organiser's page: invite a player to an open seat, replace a
seat's player, hand a seat to the game's bot; each does what the API's `seats` endpoints do. A
code or token they issue is shown once, on the page that answers the post, never in an
address."""

import msgspec
from litestar import Request, Response, post
from litestar.response import Redirect

from services.gateway import api, seats
from services.gateway.context import context
from services.gateway.params import MatchId
from services.web import live, organise

DAY_S = 86_400


def _seat(form: dict[str, str], action: str) -> int:
    try:
        return int(form.get("seat", ""))
    except ValueError as error:
        raise organise.unprocessable(action, error) from None


@post("/matches/{match_id:str}/organise/invite")
async def invite(request: Request, match_id: MatchId) -> Response[str]:
    form = await organise.checked_form(request)
    seat = _seat(form, "invite")
    try:
        expires_s = round(organise.finite(form.get("days") or "0", DAY_S)) or None
        wanted = msgspec.convert({"expires_s": expires_s}, api.NewInvite)
    except (ValueError, msgspec.ValidationError) as error:
        raise organise.unprocessable("invite", error) from None
    issued = await seats.invite_to(context(request), match_id, seat, wanted.expires_s)
    shown = {"seat": seat, "invite": issued.code, "expires_at": issued.expires_at}
    return await organise.page(request, match_id, shown=shown, status=201)


@post("/matches/{match_id:str}/organise/replace")
async def replace(request: Request, match_id: MatchId) -> Response[str]:
    form = await organise.checked_form(request)
    seat = _seat(form, "replace")
    fields = {"player": form.get("player", "").strip(), "note": form.get("note", "").strip()}
    if player_id := form.get("player_id", "").strip():
        fields["player_id"] = player_id
    try:
        wanted = msgspec.convert(fields, api.Replace)
    except msgspec.ValidationError as error:
        raise organise.unprocessable("replace", error) from None
    ctx = context(request)
    replaced = await seats.replace_player(ctx, match_id, seat, wanted)
    await live.ruling(ctx, match_id, replaced.decision_id, seat)
    shown = {"seat": seat, "player": wanted.player, "token": replaced.token}
    return await organise.page(
        request, match_id, ruled=replaced.decision_id, seat=seat, shown=shown, status=201
    )


@post("/matches/{match_id:str}/organise/hand-to-bot")
async def hand_to_bot(request: Request, match_id: MatchId) -> Redirect:
    form = await organise.checked_form(request)
    seat = _seat(form, "hand to bot")
    try:
        wanted = msgspec.convert({"level": form.get("level") or None}, api.HandOver)
    except msgspec.ValidationError as error:
        raise organise.unprocessable("hand to bot", error) from None
    decision_id = await seats.hand_over(context(request), match_id, seat, wanted)
    return await organise.told(request, match_id, decision_id, seat)


HANDLERS = [invite, replace, hand_to_bot]
