"""An organiser opens a match from the lobby: its game, seats, bots and their levels, clock and
game options, in one form built from every game's description (its seats, bots and options),
checked as the API's `POST /matches` checks it (`matches.open_match`)."""

from typing import Any

import msgspec
from litestar import Request, Response, get, post
from litestar.exceptions import NotAuthorizedException
from litestar.response import Redirect

from events.ruleset import Option, load_rulesets, rulesets_default_first
from services.gateway import api, matches
from services.gateway.context import context
from services.web import live, organise, session
from services.web.jinja import render

PAGE = f"{session.PREFIX}/matches/new"
HOUR_S = 3600
OUTCOMES = ("wait", "default", "bot")


@get("/matches/new")
async def new_match(request: Request) -> Response[str]:
    try:
        token, _ = await session.organiser(request)
    except NotAuthorizedException:
        return organise.signing_in(PAGE)
    games = rulesets_default_first()
    page = render(
        "new_match.html",
        title="New match",
        games=games,
        most_seats=max(g.max_seats for g in games),
        levels=sorted({level for g in games for level in g.bots}),
        outcomes=OUTCOMES,
        csrf=session.csrf_token(token),
        base=PAGE,
    )
    return Response(page, media_type="text/html")


@post("/matches/new/sign-in")
async def sign_in(request: Request) -> Redirect:
    """As the organiser's page signs in: the token kept in the organiser cookie."""
    return await organise.sign_in_to(request, PAGE)


def _option(form: dict[str, str], field: str, option: Option) -> Any:
    """A game option's value from its field: a box for yes or no, else text of its type."""
    if isinstance(option.default, bool):
        return field in form
    given = form.get(field, "").strip()
    if not given:
        return option.default
    return int(given) if isinstance(option.default, int) else given


def _wanted(form: dict[str, str]) -> api.NewMatch:
    game = load_rulesets().get(form.get("game", ""))
    if game is None:
        raise ValueError(f"no game {form.get('game')!r}")
    seats = int(form.get("seats", ""))
    bots = [
        {"seat": seat, "bot": level} for seat in range(seats) if (level := form.get(f"seat{seat}"))
    ]
    options = {
        name: _option(form, f"option.{game.name}.{name}", option)
        for name, option in game.options.items()
    }
    fields: dict[str, Any] = {"game": game.name, "seats": seats, "bots": bots, "options": options}
    if hours := form.get("hours", "").strip():
        fields["clock"] = {
            "per_decision_s": round(float(hours) * HOUR_S),
            "per": form.get("per", "turn"),
            "on_timeout": form.get("on_timeout", "default"),
            "level": form.get("level") or next(iter(game.bots), ""),
            "excuses": int(form.get("excuses") or 0),
            "zone": form.get("zone", "").strip() or "UTC",
        }
    return msgspec.convert(fields, api.NewMatch)


@post("/matches/new")
async def open_match(request: Request) -> Redirect:
    """Open the match, and go to its organiser's page once its creation is ruled."""
    form = await organise.checked_form(request)
    try:
        wanted = _wanted(form)
    except (ValueError, msgspec.ValidationError) as error:
        raise organise.unprocessable("new match", error) from None
    ctx = context(request)
    opened = await matches.open_match(ctx, wanted)
    await live.listed(ctx, opened.match_id)
    return await organise.told(request, opened.match_id, opened.decision_id, None)


HANDLERS = [new_match, sign_in, open_match]
