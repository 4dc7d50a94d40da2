"""A seat opened from the command line (`starledger match open`): the link's page only shows a
button, so a link scanner that fetches it spends nothing; its post, from our own page, spends
the code, keeps a fresh seat token in the match's cookie and goes to the seat page, leaving no
code in the address."""

from typing import Any

from litestar import Request, Response, get, post
from litestar.exceptions import HTTPException
from litestar.response import Redirect

from services.gateway import seat_links
from services.gateway.context import context
from services.gateway.edge import spend
from services.gateway.params import MatchId
from services.web import session
from services.web.jinja import render

GONE = "this sign-in link is unknown, used or expired: ask `starledger match open` for another"
CODE_MOST = 64


def _gone() -> HTTPException:
    return HTTPException(status_code=410, detail=GONE)


@get("/matches/{match_id:str}/seat/link/{code:str}")
async def link_page(request: Request, match_id: MatchId, code: str) -> Response[str]:
    found = (
        None
        if len(code) > CODE_MOST
        else await seat_links.standing(context(request).pool, code, match_id)
    )
    if found is None:
        raise _gone()
    page = render("seat_link.html", title="Seat sign-in", seat=found, match_id=match_id)
    return Response(page, media_type="text/html")


@post("/matches/{match_id:str}/seat/link/{code:str}")
async def link_sign_in(request: Request, match_id: MatchId, code: str) -> Response[Any]:
    session.check_post(request, None, None)
    ctx = context(request)
    spend(request, ctx.invites_tried, "codes tried")
    token = None if len(code) > CODE_MOST else await seat_links.sign_in(ctx, code, match_id)
    if token is None:
        raise _gone()
    seat_page = f"{session.match_path(match_id)}/seat"
    kept = [session.seat_cookie(request, match_id, token), session.held_cookie(request, match_id)]
    return Redirect(seat_page, cookies=kept)


HANDLERS = [link_page, link_sign_in]
