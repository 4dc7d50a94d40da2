"""An organiser opens a match from the lobby: the game first, then a form of that game's seats,
bots and their levels, options, and a clock, checked as the API's `POST /matches` checks it
(`matches.open_match`); once opened, the browser takes a seat of it, watches it, or goes to its
organiser page."""

from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get, post
from litestar.exceptions import NotAuthorizedException
from litestar.params import Parameter
from litestar.response import Redirect

from events.ruleset import Option, load_rulesets, rulesets_default_first
from services.gateway import api, matches
from services.gateway.context import context
from services.web import live, me, organise, seating, session
from services.web.jinja import render

PAGE = f"{session.PREFIX}/matches/new"
HOUR_S = 3600
OUTCOMES = ("wait", "default", "bot")


@get("/matches/new")
async def new_match(
    request: Request, game: Annotated[str, Parameter(max_length=60)] = ""
) -> Response[str]:
    try:
        token, _ = await session.organiser(request)
    except NotAuthorizedException:
        return organise.signing_in(PAGE)
    games = rulesets_default_first()
    chosen = next((g for g in games if g.name == game), games[0])
    player = await me.signed_in(request)
    page = render(
        "new_match.html",
        title="New match",
        games=games,
        game=chosen,
        levels=list(reversed(chosen.bots)),  # the strongest first
        outcomes=OUTCOMES,
        player_name=player[1].player if player else None,
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
    if name := form.get("name", "").strip():
        fields["name"] = name
    fields["unrated"] = form.get("unrated") == "on"
    fields["messages"] = {
        "allowed": form.get("messages", "public"),
        "anonymous": form.get("anonymous") == "on",
        "organiser_reads": form.get("organiser_reads") == "on",
    }
    if share := form.get("min_reliability", "").strip():
        fields["min_reliability"] = float(share) / 100  # the form asks a percentage
    if hours := form.get("hours", "").strip():
        fields["clock"] = {
            "per_decision_s": round(float(hours) * HOUR_S),
            "per": form.get("per", "turn"),
            "on_timeout": form.get("on_timeout", "default"),
            "level": form.get("level") or game.strongest_bot,
            "excuses": int(form.get("excuses") or 0),
            "zone": form.get("zone", "").strip() or "UTC",
        }
        if window := form.get("window_hours", "").strip():
            fields["clock"]["window_s"] = round(float(window) * HOUR_S)
    return msgspec.convert(fields, api.NewMatch)


async def _seat_taker(request: Request, form: dict[str, str]) -> tuple[str, str | None]:
    """Who takes a seat once the match is open: the signed-in player, or the name given."""
    player = await me.signed_in(request)
    if player is not None:
        return player[1].player or "", player[1].player_id
    name = form.get("player", "").strip()
    if not name:
        raise ValueError("give your name to take a seat, or choose to watch")
    return msgspec.convert({"seat": 0, "player": name}, api.Join).player, None


def _person_seat(wanted: api.NewMatch) -> int | None:
    """The first seat no bot plays."""
    bots = {b.seat for b in wanted.bots}
    return next((s for s in range(wanted.seats) if s not in bots), None)


@post("/matches/new")
async def open_match(request: Request) -> Redirect:
    """Open the match, and once its creation is ruled, take its first seat no bot plays, watch
    it, or go to its organiser's page (where a refusal is told too)."""
    form = await organise.checked_form(request)
    then = form.get("then", "organise")
    try:
        wanted = _wanted(form)
        taker = await _seat_taker(request, form) if then == "seat" else None
    except (ValueError, msgspec.ValidationError) as error:
        raise organise.unprocessable("new match", error) from None
    ctx = context(request)
    opened = await matches.open_match(ctx, wanted)
    match_id = opened.match_id
    ruling = await live.ruling(ctx, match_id, opened.decision_id, None)
    await live.listed(ctx, match_id)
    seat = _person_seat(wanted)
    if ruling is None or not ruling["accepted"] or then not in ("seat", "watch"):
        return await organise.told(request, match_id, opened.decision_id, None)
    if taker is not None and seat is not None:
        return await seating.seated(request, match_id, seat, *taker)
    return Redirect(f"{session.match_path(match_id)}/watch")


HANDLERS = [new_match, sign_in, open_match]
