"""Statistics pages: a game's (`/web/games/{game}/stats`) and a player's
(`/web/players/{name}/stats`), the JSON API's numbers in tables beside charts drawn on the
server as SVG images (`services.stats.charts`): readable without a script."""

from datetime import UTC, datetime
from typing import Annotated
from urllib.parse import quote

from litestar import Request, Response, get
from litestar.params import Parameter

from services.gateway import stats
from services.gateway.context import context
from services.stats import charts
from services.stats.game import game_stats
from services.web.jinja import render


def _segment(value: str) -> str:
    """A name or id as one URL path segment: a name may hold a slash."""
    return quote(value, safe="")


def _day(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M")


@get("/games/{game:str}/stats")
async def game_page(request: Request, game: stats.GameName) -> Response[str]:
    found = await game_stats(context(request).pool, stats.known_game(game))
    drawn = {name: charts.as_image(svg) for name, svg in charts.game_charts(found).items()}
    page = render(
        "game_stats.html",
        title=f"{found.game} statistics",
        stats=found,
        charts=drawn,
        segment=_segment,
    )
    return Response(page, media_type="text/html")


@get("/players/{name:str}/stats")
async def player_page(
    request: Request,
    name: stats.PlayerName,
    game: Annotated[str | None, Parameter(max_length=40)] = None,
    player_id: stats.PlayerIdParam = None,
) -> Response[str]:
    found = await stats.of_player(request, name, game, player_id)
    drawn = {g.game: charts.as_image(charts.rating_history(g)) for g in found.games if g.history}
    page = render(
        "player_stats.html",
        title=f"{name}: statistics",
        stats=found,
        charts=drawn,
        day=_day,
        segment=_segment,
    )
    return Response(page, media_type="text/html")


HANDLERS = [game_page, player_page]
