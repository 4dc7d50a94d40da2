"""My games in a browser (`/web/me`): a player's matches, those waiting on them first, with the
time left before each deadline; the title counts what waits. The player token lives in an
HttpOnly, SameSite=Strict cookie for all of `/web` (it stands for every seat of the player, so
its seat pages act with it where the browser holds no seat cookie); it enters by signing in
with the token or by making a new player, whose token the page shows once to keep."""

from typing import Any

import msgspec
from litestar import Request, Response, get, post
from litestar.datastructures import Cookie
from litestar.exceptions import HTTPException, NotAuthorizedException
from litestar.response import Redirect

from events.platform_rules import reserved
from services.gateway import api, players, tokens
from services.gateway.context import context
from services.gateway.edge import spend
from services.web import session
from services.web.jinja import render

PAGE = f"{session.PREFIX}/me"
REFRESH_S = 60  # the page reloads itself, so its title tells of a turn within a minute


def player_cookie(request: Request, token: str, max_age: int | None = None) -> Cookie:
    return Cookie(
        key=session.PLAYER_COOKIE,
        value=token,
        path=session.PREFIX,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        max_age=max_age,
    )


def _page(status: int = 200, **values: Any) -> Response[str]:
    return Response(render("me.html", **values), status_code=status, media_type="text/html")


async def signed_in(request: Request) -> tuple[str, tokens.Bearer] | None:
    """The player this browser is signed in as (its player cookie), with the token."""
    token = request.cookies.get(session.PLAYER_COOKIE)
    bearer = await context(request).bearer_of(token) if token else None
    return (token, bearer) if token and bearer and bearer.kind == "player" else None


@get("/me")
async def my_games(request: Request) -> Response[str]:
    found = await signed_in(request)
    if found is None:
        return _page(title="My games", games=None, shown_token=None, csrf="", refresh=None)
    token, bearer = found
    games = await players.my_matches(context(request), bearer)
    waiting = sum(g.waiting for g in games)
    title = f"({waiting}) My games" if waiting else "My games"
    return _page(
        title=title,
        player_name=bearer.player,
        player_id=bearer.player_id,
        games=games,
        waiting=waiting,
        path=session.match_path,
        csrf=session.csrf_token(token),
        shown_token=None,
        refresh=REFRESH_S,
    )


@post("/me")
async def sign_in(request: Request) -> Response[Any]:
    """Sign in with a player token (pasted): kept in the cookie, never in an address."""
    found = await session.pasted(request, "player")
    if found is None:
        raise NotAuthorizedException("that is no player token (or it expired or was revoked)")
    return Redirect(PAGE, cookies=[player_cookie(request, found[0])])


def _shown(name: str, player_id: str, token: str, games: list[api.MyMatch]) -> Response[str]:
    """My games with the player's token shown, once, for the command line or another browser."""
    return _page(
        status=201,
        title="My games",
        player_name=name,
        player_id=player_id,
        games=games,
        waiting=sum(g.waiting for g in games),
        path=session.match_path,
        csrf=session.csrf_token(token),
        shown_token=token,
        refresh=None,
    )


async def new_web_player(request: Request, name: str) -> tuple[str, str]:
    """A new player of that name, within the address's budget of new players: (id, token)."""
    if not name or reserved(name):
        raise HTTPException(status_code=422, detail="name: 1 to 40 plain characters, not a bot's")
    ctx = context(request)
    spend(request, ctx.new_players, "new players")
    player_id, token, _ = await tokens.new_player(ctx.pool, name, ctx.settings.player_token_days)
    return player_id, token


@post("/players")
async def new_player(request: Request) -> Response[str]:
    """A new player; the page shows its token once, for the command line or another browser."""
    session.check_post(request, None, None)
    name = str((await request.form()).get("name", "")).strip()
    try:
        name = msgspec.convert({"name": name}, api.NewPlayer).name
    except msgspec.ValidationError:
        name = ""
    player_id, token = await new_web_player(request, name)
    page = _shown(name, player_id, token, [])
    page.cookies.append(player_cookie(request, token))
    return page


@post("/me/token")
async def show_token(request: Request) -> Response[str]:
    """Take this identity to the command line: the token is renewed (the old one stops) and the
    new one shown once and kept in the cookie, since the cookie's own is never shown."""
    found = await signed_in(request)
    session.check_post(request, (await request.form()).get("csrf"), found[0] if found else None)
    if found is None:
        raise NotAuthorizedException("this browser is signed in as no player")
    ctx = context(request)
    renewed = await ctx.renew(*found)
    if renewed is None:
        raise NotAuthorizedException("that player token was revoked meanwhile")
    token, bearer = renewed[0], found[1]
    games = await players.my_matches(ctx, bearer)
    page = _shown(bearer.player or "", bearer.player_id or "", token, games)
    page.cookies.append(player_cookie(request, token))
    return page


@post("/me/leave")
async def sign_out(request: Request) -> Response[Any]:
    found = await signed_in(request)
    session.check_post(request, (await request.form()).get("csrf"), found[0] if found else None)
    return Redirect(PAGE, cookies=[player_cookie(request, "", max_age=0)])


HANDLERS = [my_games, sign_in, new_player, show_token, sign_out]
