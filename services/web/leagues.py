"""League pages: the list (`/web/leagues`) and one league (`/web/leagues/{id}`): its standings,
its rounds with their matches (each a link to its watch page) and byes, its seed once ended;
the JSON API's numbers, readable without a script."""

from urllib.parse import quote

from litestar import Request, Response, get
from litestar.exceptions import NotFoundException

from services.gateway.context import context
from services.gateway.leagues import LeagueId
from services.leagues.reads import league_list, league_view
from services.web.jinja import render


def _segment(value: str) -> str:
    return quote(value, safe="")


@get("/leagues")
async def leagues_page(request: Request) -> Response[str]:
    found = await league_list(context(request).pool)
    page = render("leagues.html", title="Leagues", leagues=found, segment=_segment)
    return Response(page, media_type="text/html")


@get("/leagues/{league_id:str}")
async def league_page(request: Request, league_id: LeagueId) -> Response[str]:
    found = await league_view(context(request).pool, league_id)
    if found is None:
        raise NotFoundException(f"no league {league_id!r}")
    page = render("league.html", title=found.name, league=found, segment=_segment)
    return Response(page, media_type="text/html")


HANDLERS = [leagues_page, league_page]
