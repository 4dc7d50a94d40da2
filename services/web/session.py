"""A browser's seat: the seat token lives in an HttpOnly, SameSite=Strict cookie scoped to its
match's pages (never in a page or an address); posts carry a CSRF token derived from it and
must come from the gateway's own pages (Origin)."""

import hashlib
import hmac
from urllib.parse import quote

from litestar import Request
from litestar.datastructures import Cookie
from litestar.exceptions import NotAuthorizedException, PermissionDeniedException

from events.clock_narration import handed_to_you
from services.gateway import reads
from services.gateway.access import Access
from services.gateway.context import context
from services.gateway.tokens import Bearer

COOKIE = "seat"
ORGANISER_COOKIE = "organiser"
PLAYER_COOKIE = "player"  # for all of /web: the player's token, standing for each of its seats
PREFIX = "/web"
HELD_COOKIE = "held"  # the matches this browser holds a seat cookie of: ids, no token
HELD_MOST = 50


def match_path(match_id: str) -> str:
    return f"{PREFIX}/matches/{quote(match_id, safe='')}"


def seat_cookie(request: Request, match_id: str, token: str) -> Cookie:
    """Sent back only to this match's pages: a cookie path /web/matches/m-1 does not cover
    /web/matches/m-10."""
    return Cookie(
        key=COOKIE,
        value=token,
        path=match_path(match_id),
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


def held(request: Request) -> list[str]:
    """The matches this browser took a seat of (the lobby's "mine"); a hint, not a credential:
    each seat page still asks for its own cookie."""
    return request.cookies.get(HELD_COOKIE, "").split()[-HELD_MOST:]


def held_cookie(request: Request, match_id: str) -> Cookie:
    """The lobby's list of this browser's matches, with `match_id` added."""
    ids = [m for m in held(request) if m != match_id] + [match_id]
    return Cookie(
        key=HELD_COOKIE,
        value=" ".join(ids[-HELD_MOST:]),
        path=PREFIX,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        max_age=365 * 24 * 3600,
    )


def organiser_cookie(request: Request, token: str) -> Cookie:
    """An organiser token acts for every match: its cookie is sent to the web pages alone."""
    return Cookie(
        key=ORGANISER_COOKIE,
        value=token,
        path=PREFIX,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


async def organiser(request: Request) -> tuple[str, Bearer]:
    """The organiser token this browser holds, checked as the API checks it."""
    token = request.cookies.get(ORGANISER_COOKIE)
    bearer = await context(request).bearer_of(token) if token else None
    if bearer is None or token is None:
        raise NotAuthorizedException("this browser holds no organiser token: sign in first")
    return token, await Access(context(request), bearer, token).organiser()


async def pasted(request: Request, kind: str) -> tuple[str, Bearer] | None:
    """The token a sign-in form posted from one of our pages, with its bearer, if it is a
    standing `kind` token (organiser, seat, player)."""
    check_post(request, None, None)
    token = str((await request.form()).get("token", "")).strip()
    bearer = await context(request).bearer_of(token) if 0 < len(token) <= 200 else None
    return (token, bearer) if bearer is not None and bearer.kind == kind else None


def csrf_token(token: str) -> str:
    """Stateless double submit: only a page that holds the seat knows it, and it reveals
    nothing of the token (nor equals the digest the tokens table keeps)."""
    return hashlib.sha256(b"starledger-web-csrf\0" + token.encode()).hexdigest()


async def access(request: Request) -> Access:
    """Who the browser is for this match: its seat cookie's bearer, else its player's, or
    nobody."""
    ctx = context(request)
    token = request.cookies.get(COOKIE) or request.cookies.get(PLAYER_COOKIE)
    bearer = await ctx.bearer_of(token) if token else None
    return Access(ctx, bearer, token if bearer else None)


async def seat(request: Request, match_id: str, *, deciding: bool = False) -> tuple[Access, Bearer]:
    """The seat this browser holds in the match, as `Access.acts_for` checks it."""
    found = await access(request)
    if found.bearer is None:
        raise NotAuthorizedException(
            "this browser holds no seat of this match: join one in the lobby"
        )
    return found, await found.acts_for(match_id, deciding=deciding)


async def handed_away(request: Request, match_id: str) -> str | None:
    """What the player whose seat this browser's cookie names, and who no longer holds it, is
    told: how it was handed to a bot (else that it is no longer theirs); None for anyone else."""
    found = await access(request)
    ctx = context(request)
    seat = await found.seat_in(match_id)
    if seat is None or seat.seat is None or await ctx.seat_is_held(seat):
        return None
    if not await ctx.claim_accepted(seat):
        return None
    handed = await reads.handed_over(ctx.pool, match_id, seat.seat, seat.player or "")
    if handed is None:
        return f"Seat {seat.seat} is no longer yours: the organiser gave it to another player."
    return handed_to_you(handed.level, handed.reason, handed.note)


def check_post(request: Request, sent_csrf: str | None, token: str | None) -> None:
    """A post must come from one of our own pages and, for a seat, carry the seat's CSRF token."""
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin is None or origin != own:
        raise PermissionDeniedException("posts are taken from this server's own pages only")
    if token is not None and not hmac.compare_digest(sent_csrf or "", csrf_token(token)):
        raise PermissionDeniedException("the form is out of date: reload the page")
