"""The organiser's page of a match: its clock and each seat's deadline, and the organiser's
decisions about them (extend a deadline, pause, resume, a message to every player), the
take-back waiting for answers, accepted or refused here, and a seat's last decision taken back
where the match lets the organiser decide take-backs alone, the open disputes, each resolved
here, and the move to a newer version of its game where one is kept;
the seat tools are in `organise_seats`. The organiser token lives in an HttpOnly,
SameSite=Strict cookie; every post needs this server's Origin and the CSRF token derived from
it. A new organiser action is a form in `organise.html` and a handler that calls `decided`
with its decision body (or `told` with the decision it sent)."""

import math
from collections.abc import Callable
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get, post
from litestar.exceptions import HTTPException, NotAuthorizedException
from litestar.params import Parameter
from litestar.response import Redirect

from events.clock import ExtendDeadline, PauseClock, ResumeClock
from events.corrections import AnswerTakeBack, ResolveDispute, TakeBack
from events.messages import Announce
from events.narration import seat_names
from events.platform_rules import BOT_PREFIX, ORGANISER
from events.ruleset import load_rulesets
from services.gateway import api, matches, reads, upgrades
from services.gateway.context import context
from services.gateway.params import DecisionId, EntryNumber, MatchId
from services.web import corrections, live, session
from services.web.jinja import render

HOUR_S = 3600


def _page_of(match_id: str) -> str:
    return f"{session.match_path(match_id)}/organise"


@get("/matches/{match_id:str}/organise")
async def organise(
    request: Request,
    match_id: MatchId,
    ruled: DecisionId | None = None,
    seat: Annotated[int | None, Parameter(ge=0, le=15)] = None,
) -> Response[str]:
    """The match as its organiser runs it; `ruled`: the decision just sent (for `seat`, or the
    match), told with its ruling once judged."""
    try:
        return await page(request, match_id, ruled=ruled, seat=seat)
    except NotAuthorizedException:
        return signing_in(_page_of(match_id))


def signing_in(page: str) -> Response[str]:
    """The organiser's sign-in, for a browser holding no organiser token; it returns to `page`."""
    shown = render("sign_in.html", title="Organiser sign-in", base=page, kind="Organiser")
    return Response(shown, status_code=401, media_type="text/html")


async def page(
    request: Request,
    match_id: str,
    *,
    ruled: str | None = None,
    seat: int | None = None,
    shown: dict[str, Any] | None = None,
    status: int = 200,
) -> Response[str]:
    """The organiser's page (401 without an organiser token); `shown`: a code or token issued by
    the post that answers with it, shown this once."""
    token, _ = await session.organiser(request)
    ctx = context(request)
    row = await matches.lobby_row(ctx, match_id)
    said = await reads.ruling(ctx.pool, match_id, ruled, seat, seat) if ruled else None
    played, newer = await upgrades.newer_versions(ctx.pool, match_id, row["game"])
    rendered = render(
        "organise.html",
        title=f"{match_id}: organiser",
        row=row,
        names=seat_names(row["players"]),
        deadlines={d["seat"]: d for d in row["deadlines"] or []},
        bots=_bot_levels(row["game"]),
        bot_prefix=BOT_PREFIX,
        csrf=session.csrf_token(token),
        base=session.match_path(match_id),
        ruled=ruled,
        said=said,
        shown=shown,
        disputes=await corrections.open_disputes(ctx.pool, match_id, row["game"]),
        take_back=await corrections.take_back_waiting(ctx.pool, match_id),
        organiser_take_backs=await corrections.organiser_decides(ctx.pool, match_id),
        played=played,
        newer=newer,
    )
    return Response(rendered, status_code=status, media_type="text/html")


@post("/matches/{match_id:str}/organise/sign-in")
async def sign_in(request: Request, match_id: MatchId) -> Redirect:
    return await sign_in_to(request, _page_of(match_id))


async def sign_in_to(request: Request, page: str) -> Redirect:
    """Keep an organiser token (as `starledger` issues them) in this browser's cookie."""
    found = await session.pasted(request, "organiser")
    if found is None:
        raise HTTPException(status_code=403, detail="that is not an organiser token")
    return Redirect(page, cookies=[session.organiser_cookie(request, found[0])])


async def checked_form(request: Request) -> dict[str, str]:
    """The organiser's post, once its origin and CSRF token are this server's and this
    organiser's; its fields as text."""
    token, _ = await session.organiser(request)
    form = await request.form()
    session.check_post(request, form.get("csrf"), token)
    return {key: str(value) for key, value in form.items()}


async def told(request: Request, match_id: str, decision_id: str, seat: int | None) -> Redirect:
    """The page again, telling the sent decision's ruling (waited for a moment)."""
    await live.ruling(context(request), match_id, decision_id, seat)
    at_seat = "" if seat is None else f"&seat={seat}"
    return Redirect(f"{_page_of(match_id)}?ruled={decision_id}{at_seat}")


async def decided(
    request: Request, match_id: str, read: Callable[[dict[str, str]], Any]
) -> Redirect:
    """Send an organiser's decision for the match (for no seat), as `read` makes it from the
    form, and show its ruling. The organiser is checked first: nobody else learns what the
    form's fields are parsed into, or makes it try."""
    body = read(await checked_form(request))
    ctx = context(request)
    await matches.lobby_row(ctx, match_id)
    decision_id = await ctx.submitter.submit(match_id, None, body, sender=ORGANISER)
    return await told(request, match_id, decision_id, None)


def unprocessable(action: str, error: Exception) -> HTTPException:
    return matches.unprocessable(f"{action}: {error}")


def _bot_levels(game: str) -> list[str]:
    found = load_rulesets().get(game)
    return list(reversed(found.bots)) if found else []  # the strongest first, so chosen


def finite(text: str, unit: int = 1) -> float:
    """A number of `unit`s as a person writes one in a form, in the unit's ones: no infinity
    nor NaN, nor one that becomes infinite once counted in them (ValueError)."""
    number = float(text) * unit
    if not math.isfinite(number):
        raise ValueError(f"a number, not {text!r}")
    return number


def _extension(form: dict[str, str]) -> ExtendDeadline:
    try:
        by_s = round(finite(form.get("hours", ""), HOUR_S))
        return msgspec.convert({"seat": int(form.get("seat", "")), "by_s": by_s}, ExtendDeadline)
    except (ValueError, msgspec.ValidationError) as error:
        raise unprocessable("extend", error) from None


def _message(form: dict[str, str]) -> Announce:
    try:
        return Announce(msgspec.convert({"text": form.get("text", "").strip()}, api.Message).text)
    except msgspec.ValidationError as error:
        raise unprocessable("message", error) from None


@post("/matches/{match_id:str}/organise/extend")
async def extend(request: Request, match_id: MatchId) -> Redirect:
    return await decided(request, match_id, _extension)


@post("/matches/{match_id:str}/organise/pause")
async def pause(request: Request, match_id: MatchId) -> Redirect:
    return await decided(request, match_id, lambda _: PauseClock())


@post("/matches/{match_id:str}/organise/resume")
async def resume(request: Request, match_id: MatchId) -> Redirect:
    return await decided(request, match_id, lambda _: ResumeClock())


@post("/matches/{match_id:str}/organise/message")
async def message(request: Request, match_id: MatchId) -> Redirect:
    """Write to every player of the match: on the log, and to each seat's mail and webhook."""
    return await decided(request, match_id, _message)


@post("/matches/{match_id:str}/organise/upgrade")
async def upgrade(request: Request, match_id: MatchId) -> Redirect:
    """SL-26: the match moved to the version the form names, set back to before the first
    decision that version judges otherwise."""
    form = await checked_form(request)
    decision_id = await upgrades.move(context(request), match_id, form.get("version", ""))
    return await told(request, match_id, decision_id, None)


@post("/matches/{match_id:str}/organise/take-back/{action:str}")
async def answer_take_back(
    request: Request, match_id: MatchId, action: corrections.Action
) -> Redirect:
    """SL-24: the take-back waiting, accepted or refused where the organiser may decide it."""
    return await decided(request, match_id, lambda _: AnswerTakeBack(action == "accept"))


@post("/matches/{match_id:str}/organise/take-back")
async def take_back(request: Request, match_id: MatchId) -> Redirect:
    """SL-24: the last decision of the seat the form names, taken back where the match lets the
    organiser decide take-backs alone."""
    return await decided(request, match_id, _taken_back)


def _taken_back(form: dict[str, str]) -> TakeBack:
    try:
        return msgspec.convert({"seat": int(form.get("seat", ""))}, TakeBack)
    except (ValueError, msgspec.ValidationError) as error:
        raise unprocessable("take back", error) from None


@post("/matches/{match_id:str}/organise/disputes/{seq:int}")
async def resolve(request: Request, match_id: MatchId, seq: EntryNumber) -> Redirect:
    """SL-25: the ruling disputed at `seq` upheld with a note, or the match set back to before
    its decision (`roll_back`)."""
    return await decided(request, match_id, lambda form: _resolution(seq, form))


def _resolution(seq: int, form: dict[str, str]) -> ResolveDispute:
    action = form.get("action", "")
    try:
        if action not in ("uphold", "roll-back"):
            raise ValueError(f"uphold or roll-back, not {action[:20]!r}")
        fields = {"roll_back": action == "roll-back", "note": form.get("note", "")}
        wanted = msgspec.convert(fields, api.Resolution)
    except (ValueError, msgspec.ValidationError) as error:
        raise unprocessable("resolve", error) from None
    return ResolveDispute(seq, wanted.roll_back, wanted.note.strip())


HANDLERS = [
    organise,
    sign_in,
    extend,
    pause,
    resume,
    message,
    upgrade,
    answer_take_back,
    take_back,
    resolve,
]
