"""The organiser's page of a match: its clock and each seat's deadline, and the organiser's
decisions about them (extend a deadline, pause, resume). The organiser token lives in an
HttpOnly, SameSite=Strict cookie; every post needs this server's Origin and the CSRF token
derived from it. A new organiser action is a form in `organise.html` and a handler here that
calls `_decided` with its decision body."""

from typing import Any

import msgspec
from litestar import Request, Response, get, post
from litestar.exceptions import HTTPException, NotAuthorizedException
from litestar.response import Redirect

from events.clock import ExtendDeadline, PauseClock, ResumeClock
from events.narration import seat_names
from events.platform_rules import ORGANISER
from services.gateway import matches, reads
from services.gateway.context import context
from services.gateway.params import DecisionId, MatchId
from services.web import live, session
from services.web.jinja import render

HOUR_S = 3600


def _page_of(match_id: str) -> str:
    return f"{session.match_path(match_id)}/organise"


@get("/matches/{match_id:str}/organise")
async def organise(
    request: Request, match_id: MatchId, ruled: DecisionId | None = None
) -> Response[str]:
    """The match as its organiser runs it; `ruled`: the decision just sent, told with its
    ruling once judged."""
    ctx = context(request)
    row = await matches.lobby_row(ctx, match_id)
    try:
        token, _ = await session.organiser(request)
    except NotAuthorizedException:
        page = render("sign_in.html", title="Organiser sign-in", base=_page_of(match_id))
        return Response(page, status_code=401, media_type="text/html")
    said = await reads.ruling(ctx.pool, match_id, ruled, None, None) if ruled else None
    page = render(
        "organise.html",
        title=f"{match_id}: organiser",
        row=row,
        names=seat_names(row["players"]),
        deadlines={d["seat"]: d for d in row["deadlines"] or []},
        csrf=session.csrf_token(token),
        base=session.match_path(match_id),
        ruled=ruled,
        said=said,
    )
    return Response(page, media_type="text/html")


@post("/matches/{match_id:str}/organise/sign-in")
async def sign_in(request: Request, match_id: MatchId) -> Response[Any]:
    """Keep an organiser token (as `starledger` issues them) in this browser's cookie."""
    session.check_post(request, None, None)
    token = str((await request.form()).get("token", "")).strip()
    holder = await context(request).holder_of(token) if 0 < len(token) <= 200 else None
    if holder is None or holder.kind != "organiser":
        raise HTTPException(status_code=403, detail="that is not an organiser token")
    return Redirect(_page_of(match_id), cookies=[session.organiser_cookie(request, token)])


async def _decided(request: Request, match_id: str, body: Any) -> Redirect:
    """Send an organiser's decision for the match (for no seat) and show its ruling."""
    token, _ = await session.organiser(request)
    session.check_post(request, (await request.form()).get("csrf"), token)
    ctx = context(request)
    await matches.lobby_row(ctx, match_id)
    decision_id = await ctx.submitter.submit(match_id, None, body, sender=ORGANISER)
    await live.ruling(ctx, match_id, decision_id, None)
    return Redirect(f"{_page_of(match_id)}?ruled={decision_id}")


@post("/matches/{match_id:str}/organise/extend")
async def extend(request: Request, match_id: MatchId) -> Redirect:
    form = await request.form()
    try:
        hours = float(str(form.get("hours", "")))
        wanted = msgspec.convert(
            {"seat": int(str(form.get("seat", ""))), "by_s": round(hours * HOUR_S)},
            ExtendDeadline,
        )
    except (ValueError, msgspec.ValidationError) as error:
        raise HTTPException(status_code=422, detail=f"extend: {error}") from None
    return await _decided(request, match_id, wanted)


@post("/matches/{match_id:str}/organise/pause")
async def pause(request: Request, match_id: MatchId) -> Redirect:
    return await _decided(request, match_id, PauseClock())


@post("/matches/{match_id:str}/organise/resume")
async def resume(request: Request, match_id: MatchId) -> Redirect:
    return await _decided(request, match_id, ResumeClock())


HANDLERS = [organise, sign_in, extend, pause, resume]
