"""A browser takes a seat: from the lobby's join, or right after opening a match."""

from litestar import Request
from litestar.exceptions import HTTPException
from litestar.response import Redirect

from services.gateway import matches
from services.gateway.context import context
from services.web import live, session


async def seated(
    request: Request,
    match_id: str,
    seat: int,
    player: str,
    player_id: str | None = None,
    invite: str | None = None,
) -> Redirect:
    """Claim the seat, wait for its ruling, and go to its page, the token kept in the match's
    cookie (and the match in the lobby's list of this browser's)."""
    ctx = context(request)
    joined = await matches.claim_seat(
        ctx, match_id, seat, player, player_id=player_id, invite=invite
    )
    ruling = await live.ruling(ctx, match_id, joined.decision_id, seat)
    if ruling is None or not ruling["accepted"]:
        why = "not judged in time" if ruling is None else ruling["reason"]
        raise HTTPException(status_code=409, detail=f"the seat was not yours: {why}")
    seat_page = f"{session.match_path(match_id)}/seat"
    kept = [
        session.seat_cookie(request, match_id, joined.token),
        session.held_cookie(request, match_id),
    ]
    return Redirect(seat_page, cookies=kept)
