"""The web client's pages: lobby, seat, watch, replay; each rendered on the server from what the
JSON API serves (lobby rows, a view's description, narration, legal options), for whichever
game the match plays. The seat's posts and live updates live here too (`live.py` says what a
page shows of a match at a moment)."""

from pathlib import Path
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, Router, get, post
from litestar.datastructures import MutableScopeHeaders
from litestar.exceptions import (
    HTTPException,
    NotAuthorizedException,
    NotFoundException,
    PermissionDeniedException,
)
from litestar.params import Parameter
from litestar.response import Redirect, ServerSentEvent
from litestar.static_files import create_static_files_router
from litestar.types import Message, Scope

from events.envelope import Say
from events.narration import rule_words, seat_names
from events.ruleset import get_ruleset, round_word
from events.standing_orders import UNTIL_WORDS
from projections import seat_lines
from services.gateway import api, matches, reads, replays, tokens
from services.gateway.access import Access
from services.gateway.context import context
from services.gateway.edge import REFUSED_IN_TEXT, client_address, limit_reads, spend
from services.gateway.params import DecisionId, MatchId, whole_number
from services.gateway.stream import last_seen
from services.web import (
    cards,
    corrections,
    forks,
    leagues,
    live,
    lobby,
    looks,
    me,
    new_match,
    orders,
    organise,
    organise_seats,
    seat_link,
    seating,
    session,
    stats,
    talk,
    unsubscribe,
)
from services.web.changes import changed
from services.web.jinja import render
from services.web.verdict import rejudged

STATIC = Path(__file__).parent / "static"
HELP_WORDS = {"help", "?"}
ReplayStep = Annotated[int, Parameter(ge=1, le=2**31 - 1)]
Eyes = Annotated[int | None, Parameter(ge=0, le=15, description="whose eyes, once it ended")]

# No request leaves the server; no page may be framed; no address leaks to another site through
# a Referer ("no-referrer" would also blank the Origin that posts are checked by).
HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:; form-action 'self';"
    " frame-ancestors 'none'; base-uri 'none'",
    "referrer-policy": "same-origin",
    "x-content-type-options": "nosniff",
}


async def secured(message: Message, scope: Scope) -> None:
    """Every answer under /web gets HEADERS, whatever answered it: a page, a refusal, a 404 no
    route matched, a server error (a router's own headers reach its handlers' answers alone)."""
    path = scope["path"]  # "/web" for "/web/": Litestar strips the slash; not "/webhooks"
    ours = path == session.PREFIX or path.startswith(f"{session.PREFIX}/")
    if message["type"] == "http.response.start" and ours:
        headers = MutableScopeHeaders.from_message(message)
        for name, value in HEADERS.items():
            headers[name] = value


def _page(name: str, status: int = 200, **values: Any) -> Response[str]:
    return Response(render(name, **values), status_code=status, media_type="text/html")


def _wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


def _text(value: str, field: str, longest: int) -> str:
    if not value.strip() or len(value) > longest or REFUSED_IN_TEXT.search(value):
        raise HTTPException(status_code=422, detail=f"{field}: 1 to {longest} plain characters")
    return value


@get("", include_in_schema=False)
async def web_root() -> Redirect:
    return Redirect(f"{session.PREFIX}/")


@post("/matches/{match_id:str}/join")
async def join(request: Request, match_id: MatchId) -> Redirect:
    """Claim a seat, wait for its ruling, and keep the token in the match's cookie; a browser
    signed in as a player claims it for that player, under its name (so it is in My games),
    and one that gives a name becomes a player of that name (signed in from then on)."""
    session.check_post(request, None, None)
    form = await request.form()
    signed_in = await me.signed_in(request)
    player_id = signed_in[1].player_id if signed_in else None
    player = signed_in[1].player if signed_in else _text(str(form.get("player", "")), "player", 40)
    invite = str(form.get("invite", "")).strip() or None
    try:
        fields = {"seat": int(form.get("seat", "")), "player": player, "invite": invite}
        wanted = msgspec.convert(fields, api.Join)
    except (ValueError, msgspec.ValidationError) as error:
        raise HTTPException(status_code=422, detail=f"join: {error}") from None
    if wanted.invite is not None:
        spend(request, context(request).invites_tried, "invite codes tried")
    made = None if signed_in else await me.new_web_player(request, player or "")
    if made is not None:  # a name alone makes a player of it: the seat is in its My games
        player_id = made[0]
    seated = await seating.seated(request, match_id, wanted.seat, player, player_id, wanted.invite)
    if made is not None:
        seated.cookies.append(me.player_cookie(request, made[1]))
    return seated


@get("/matches/{match_id:str}/seat")
async def seat(request: Request, match_id: MatchId) -> Response[str]:
    try:
        access, bearer = await session.seat(request, match_id)
    except NotAuthorizedException:
        base = f"{session.match_path(match_id)}/seat"
        return _page("sign_in.html", status=401, title="Seat sign-in", base=base, kind="Seat")
    except PermissionDeniedException:  # a seat no longer theirs: what the public sees, and why
        if (told := await session.handed_away(request, match_id)) is None:
            raise
        return await _watching(request, match_id, told=told)
    ctx = context(request)
    shown = await live.seat(ctx, match_id, bearer)
    mine = live.seat_of(bearer)
    return _page(
        "seat.html",
        title=f"{match_id}: seat {bearer.seat}",
        live=shown,
        since=await looks.looked(ctx.pool, match_id, mine, shown.seq),
        talk=await talk.seat_talk(ctx, access, match_id, mine),
        orders=await orders.seat_orders(ctx, match_id, bearer, shown.game),
        until_words=UNTIL_WORDS,
        waiting=shown.turn == "must",
        csrf=session.csrf_token(access.token or ""),
        base=session.match_path(match_id),
        take_back=await corrections.take_back_waiting(ctx.pool, match_id),
    )


@post("/matches/{match_id:str}/seat/sign-in")
async def seat_sign_in(request: Request, match_id: MatchId) -> Response[Any]:
    """Keep a seat token given by hand (a replacement's, the command line's) in the match's
    cookie, once it acts for a seat of this match."""
    found = await session.pasted(request, "seat")
    if found is None:
        raise NotAuthorizedException("that is no seat token (or it expired or was revoked)")
    token, bearer = found
    await Access(context(request), bearer, token).acts_for(match_id)
    seat_page = f"{session.match_path(match_id)}/seat"
    kept = [session.seat_cookie(request, match_id, token), session.held_cookie(request, match_id)]
    return Redirect(seat_page, cookies=kept)


@get("/matches/{match_id:str}/seat/live")
async def seat_live(
    request: Request,
    match_id: MatchId,
    since: Annotated[int, Parameter(ge=-1)] = looks.NEVER,
    read: Annotated[int, Parameter(ge=0, le=2**31 - 1)] = 0,
) -> Response[str]:
    """The seat's part of its page that moves, entries after `since` (the entry shown when the
    page was loaded) marked new, and messages after `read` (the last the seat had read then)
    unread."""
    access, bearer = await session.seat(request, match_id)
    ctx = context(request)
    shown = await live.seat(ctx, match_id, bearer)
    mine = live.seat_of(bearer)
    await looks.looked(ctx.pool, match_id, mine, shown.seq)
    return _page(
        "seat_moves.html",
        live=shown,
        since=since,
        talk=await talk.seat_talk(ctx, access, match_id, mine, read),
        orders=await orders.seat_orders(ctx, match_id, bearer, shown.game),
        csrf=session.csrf_token(access.token or ""),
        base=session.match_path(match_id),
        take_back=await corrections.take_back_waiting(ctx.pool, match_id),
    )


@post("/matches/{match_id:str}/say")
async def say(request: Request, match_id: MatchId) -> Response[Any]:
    """A text command, one of the legal options by its place, or a card pick by its place with
    the cards ticked, sent for the cookie's seat."""
    access, bearer = await session.seat(request, match_id, deciding=True)
    form = await request.form()
    session.check_post(request, form.get("csrf"), access.token)
    ctx = context(request)
    seen_seq = whole_number(str(form.get("seen_seq", "")))
    text = form.get("text")
    if text is not None:
        text = _text(str(text), "text", 2000)
        if text.strip().lower() in HELP_WORDS:
            choices = await reads.seat_choices(ctx.pool, match_id, live.seat_of(bearer))
            told = choices.help if choices else ""
            if _wants_json(request):
                return Response({"help": told}, status_code=200)
            return _page("help.html", title="Help", help=told, base=session.match_path(match_id))
        body: Any = Say(text)
    elif (pick := form.get("pick")) is not None:
        ticked = [str(card) for card in form.getall("card", [])]
        body = await live.picked(ctx, match_id, bearer, str(pick), ticked, seen_seq)
    else:
        body = await live.chosen(ctx, match_id, bearer, str(form.get("choice", "")), seen_seq)
    await matches.still_playing(ctx, match_id)
    decision_id = await ctx.submitter.submit(
        match_id, bearer.seat, body, sender=bearer.player or "", seen_seq=seen_seq
    )
    if _wants_json(request):
        return Response(api.Submitted(decision_id), status_code=202)
    return Redirect(f"{session.match_path(match_id)}/seat")


@get("/matches/{match_id:str}/seat/rulings/{decision_id:str}")
async def seat_ruling(
    request: Request, match_id: MatchId, decision_id: DecisionId
) -> Response[Any]:
    """The ruling on one of the seat's decisions, for a page whose stream was down when it came."""
    _, bearer = await session.seat(request, match_id)
    mine = live.seat_of(bearer)
    found = await reads.ruling(context(request).pool, match_id, decision_id, mine, mine)
    if found is None:
        return Response({"decision_id": decision_id, "pending": True}, status_code=200)
    return Response({"decision_id": decision_id, **found}, status_code=200)


@get("/matches/{match_id:str}/seat/stream")
async def seat_stream(request: Request, match_id: MatchId) -> ServerSentEvent:
    access, bearer = await session.seat(request, match_id)
    ctx, key = context(request), tokens.digest(access.token or "")
    if not ctx.streams.take(key):
        raise HTTPException(status_code=429, detail="too many pages of this seat follow it live")
    still = lambda: access.still_acts_for(match_id)  # noqa: E731
    return ServerSentEvent(live.seat_moves(ctx, match_id, bearer, key, still, last_seen(request)))


async def _watching(request: Request, match_id: str, **told: str) -> Response[str]:
    ctx = context(request)
    shown = await live.public(ctx, match_id)
    return _page(
        "watch.html",
        title=f"{match_id}: watching",
        live=shown,
        talk=await talk.public_talk(ctx, match_id),
        base=session.match_path(match_id),
        **told,
    )


@get("/matches/{match_id:str}/watch")
async def watch(request: Request, match_id: MatchId) -> Response[str]:
    return await _watching(request, match_id)


@get("/matches/{match_id:str}/watch/live")
async def watch_live(request: Request, match_id: MatchId) -> Response[str]:
    ctx = context(request)
    shown = await live.public(ctx, match_id)
    public = await talk.public_talk(ctx, match_id)
    return _page("watch_live.html", live=shown, talk=public, base=session.match_path(match_id))


@get("/matches/{match_id:str}/watch/stream")
async def watch_stream(request: Request, match_id: MatchId) -> ServerSentEvent:
    ctx = context(request)
    await matches.lobby_row(ctx, match_id)  # no match, no stream
    watcher = client_address(request)
    if not ctx.watchers.take(watcher):
        raise HTTPException(status_code=429, detail="too many pages here follow matches live")
    seen = last_seen(request)
    return ServerSentEvent(live.public_moves(ctx, match_id, seen, watcher))


@get("/matches/{match_id:str}/replay/{k:int}")
async def replay_step(
    request: Request,
    match_id: MatchId,
    k: ReplayStep,
    seat: Eyes = None,
    forked: MatchId | None = None,
) -> Response[str]:
    """Step k as the viewer may see it: a seat its own view while the match runs, the public
    view otherwise; once it ended, through any seat's eyes. Told with the ruling on the
    decision that caused it and what it changed for those eyes, and, where the viewer may fork
    the match, a fork from here (`forked`: the one just asked)."""
    ctx = context(request)
    access = await session.access(request)
    row, eyes, whole = await _replay_eyes(request, match_id, seat)
    step = await replays.step(ctx.pool, match_id, k, eyes, whole)
    if step is None:
        raise NotFoundException(f"match {match_id!r} has no step {k}")
    ruling = step.ruling
    words = rule_words(get_ruleset(row["game"]), ruling.rule) if ruling else ""
    return _page(
        "replay.html",
        title=f"{match_id}: step {k}",
        step=step,
        row=row,
        eyes=eyes,
        names=seat_names(row["players"]),
        query="" if seat is None else f"?seat={seat}",
        base=session.match_path(match_id),
        origin=session.match_path(row["fork_of"]) if row.get("fork_of") else "",
        rule_words=words,
        changes=changed(step.before, step.description),
        cards=await cards.lookup(ctx.pool, match_id),
        # a seat of the running match may dispute the ruling, posting with its seat's token
        dispute_csrf=session.csrf_token(access.token or "")
        if row["status"] != "finished" and eyes is not None
        else "",
        forking=await forks.forking(ctx, access, row, eyes, forked),
    )


async def _replay_eyes(
    request: Request, match_id: str, seat: int | None
) -> tuple[dict[str, Any], int | None, bool]:
    row = await matches.lobby_row(context(request), match_id)
    if seat is not None and seat >= row["seats"]:
        raise NotFoundException(f"seat {seat} is not a seat of this {row['seats']}-seat match")
    eyes, whole = await (await session.access(request)).replay_eyes(match_id, seat)
    return row, eyes, whole


@get("/matches/{match_id:str}/replay")
async def replay_jump(
    request: Request,
    match_id: MatchId,
    entry: Annotated[str, Parameter(max_length=10)] = "",
    round_: Annotated[str, Parameter(query="round", max_length=10)] = "",
    seat: Eyes = None,
) -> Redirect:
    """The replay's jump form (either box may be left empty): to an entry, or to the first
    entry of a round."""
    row, eyes, _ = await _replay_eyes(request, match_id, seat)
    asked, wanted = whole_number(entry), whole_number(round_)
    k = min(1 if asked is None else asked, max(1, row["seq"]))
    if wanted is not None and asked is None:
        told = await seat_lines.lines_between(context(request).pool, match_id, eyes, reader=eyes)
        first = next((t.seq for t in told if t.round is not None and t.round >= wanted), None)
        if first is None:
            word = round_word(row["game"])
            raise NotFoundException(f"match {match_id!r} has no {word} {wanted} (yet)")
        k = first
    query = "" if seat is None else f"?seat={seat}"
    return Redirect(f"{session.match_path(match_id)}/replay/{max(k, 1)}{query}")


@get("/matches/{match_id:str}/verify")
async def verify(request: Request, match_id: MatchId) -> Response[str]:
    """Re-judge the finished match from its log with its own rules, and say OK or where the
    judge would have written another entry."""
    ctx = context(request)
    row = await matches.lobby_row(ctx, match_id)
    if row["status"] != "finished":
        raise HTTPException(status_code=409, detail="a match is verified once it has ended")
    found = await rejudged(ctx.pool, match_id, row["seq"])
    base = session.match_path(match_id)
    return _page("verify.html", title=f"{match_id}: verified", found=found, base=base, row=row)


def _refused(request: Request, error: HTTPException) -> Response[Any]:
    """Refusals as a page a person reads (or JSON for the page's own script)."""
    if _wants_json(request):
        return Response({"detail": error.detail}, status_code=error.status_code)
    back = request.url.path.split("/")
    match_path = "/".join(back[:4]) if len(back) > 3 and back[2] == "matches" else None
    return _page(
        "refused.html",
        status=error.status_code,
        title="Refused",
        detail=error.detail,
        match_path=match_path,
    )


async def _checked(request: Request) -> None:
    """Reads within the client's rate, as the API's are (by the seat or player cookie's token
    here, once it is known to stand; posts only if their cookie is not); the pages post forms,
    not the API's JSON bodies, and each handler checks the fields it reads."""
    if not request.url.path.startswith(f"{session.PREFIX}/static/"):
        cookie = request.cookies.get(session.COOKIE) or request.cookies.get(session.PLAYER_COOKIE)
        limit_reads(request, cookie, unknown_only=request.method != "GET")


def router() -> Router:
    static = create_static_files_router(
        path="/static", directories=[STATIC], include_in_schema=False
    )
    return Router(
        path=session.PREFIX,
        route_handlers=[
            *lobby.HANDLERS,  # before web_root: "/" and "" are one route, the first kept
            web_root,
            join,
            seat,
            seat_live,
            say,
            seat_ruling,
            seat_stream,
            watch,
            watch_live,
            watch_stream,
            replay_step,
            replay_jump,
            verify,
            seat_sign_in,
            *talk.HANDLERS,
            *orders.HANDLERS,
            *seat_link.HANDLERS,
            *new_match.HANDLERS,
            *organise.HANDLERS,
            *organise_seats.HANDLERS,
            *corrections.HANDLERS,
            *forks.HANDLERS,
            *me.HANDLERS,
            *stats.HANDLERS,
            *leagues.HANDLERS,
            *unsubscribe.HANDLERS,
            static,
        ],
        before_request=_checked,
        exception_handlers={HTTPException: _refused},
        include_in_schema=False,
    )
