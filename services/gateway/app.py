"""The gateway's HTTP API (Litestar). Decisions go to the log; everything read comes from the
projections. OpenAPI at /schema, JSON at /schema/openapi.json."""

from typing import Annotated, Any

import msgspec
from litestar import Litestar, Request, Response, delete, get, post, put
from litestar.exceptions import HTTPException, NotFoundException, ValidationException
from litestar.openapi import ResponseSpec
from litestar.params import Parameter
from litestar.response import ServerSentEvent
from litestar.status_codes import HTTP_202_ACCEPTED, HTTP_500_INTERNAL_SERVER_ERROR

from events.clock import (
    DeclareAbsence,
    ExtendDeadline,
    HoldPhase,
    PauseClock,
    ReleaseHold,
    Resign,
    ResumeClock,
)
from events.codec import game_codec
from events.envelope import Say
from events.narration import rule_words
from events.platform_rules import MAX_DECISION_BYTES, ORGANISER
from events.ruleset import (
    CardInfo,
    UnknownRuleset,
    get_ruleset,
    rulesets_default_first,
)
from projections import audit, seat_lines
from services import fold_watch
from services.gateway import (
    api,
    corrections,
    docs,
    failures,
    forks,
    leagues,
    mail,
    matches,
    messages,
    players,
    preferences,
    reads,
    replays,
    seat_links,
    seats,
    standing_orders,
    stats,
    tokens,
    upgrades,
    webhooks,
)
from services.gateway.access import Access
from services.gateway.context import Context, context
from services.gateway.edge import check_request, spend
from services.gateway.params import DecisionId, EntryNumber, MatchId, SeatNumber
from services.gateway.stream import last_seen, seat_stream
from services.gateway.submit import Oversized
from services.web.pages import router as web_pages
from services.web.pages import secured

HELP_WORDS = {"help", "?"}


@get(
    "/games", summary="The games this server plays, their bot levels and options; the default first"
)
async def list_games() -> list[api.Game]:
    return [
        api.Game(r.name, r.version, r.min_seats, r.max_seats, list(r.bots), dict(r.options))
        for r in rulesets_default_first()
    ]


@post(
    "/matches",
    status_code=HTTP_202_ACCEPTED,
    summary="Open a match (organiser)",
    security=docs.TOKEN,
)
async def open_match(request: Request, data: api.NewMatch) -> api.MatchOpened:
    await (await Access.of(request)).organiser()
    return await matches.open_match(context(request), data)


@get(
    "/matches",
    summary="The lobby; `mine=true` with a seat token: matches waiting on you",
    security=docs.TOKEN_OPTIONAL,
)
async def list_matches(
    request: Request,
    status: Annotated[str | None, Parameter(pattern="^(waiting|in_progress|finished)$")] = None,
    mine: bool = False,
    limit: Annotated[int, Parameter(ge=1, le=500)] = 100,
) -> list[dict[str, Any]]:
    ctx = context(request)
    if mine:
        access = await Access.of(request)
        bearer = access.known()
        if bearer.kind == "player":
            held = [m for m in await players.my_matches(ctx, bearer) if m.holds]
            return await reads.my_turn(ctx.pool, [(m.match_id, m.seat) for m in held])
        seat = await access.acts_for(bearer.match_id or "")
        return await reads.my_turn(ctx.pool, [(seat.match_id or "", seat.seat or 0)])
    return await reads.lobby(ctx.pool, status, limit)


@get("/matches/{match_id:str}", summary="One match as the lobby shows it")
async def show_match(request: Request, match_id: MatchId) -> dict[str, Any]:
    return await matches.lobby_row(context(request), match_id)


@post(
    "/matches/{match_id:str}/join",
    status_code=HTTP_202_ACCEPTED,
    summary="Claim a seat (`invite`: the code of a seat reserved for one); the token acts for "
    "it once the claim is accepted; with a player token, the seat is that player's too",
    security=docs.TOKEN_OPTIONAL,
)
async def join(request: Request, match_id: MatchId, data: api.Join) -> api.Joined:
    """With a player token (Authorization), the seat is the player's, under its name."""
    bearer = (await Access.of(request)).bearer
    player_id, name = None, data.player
    if bearer is not None and bearer.kind == "player":
        player_id, name = bearer.player_id, bearer.player
    if name is None:
        raise matches.unprocessable("player: a name is needed without a player token")
    if data.invite is not None:
        spend(request, context(request).invites_tried, "invite codes tried")
    return await matches.claim_seat(
        context(request),
        match_id,
        data.seat,
        name,
        player_id=player_id,
        invite=data.invite,
        mail=data.mail,
    )


@put(
    "/matches/{match_id:str}/mail",
    summary="Play or hear of your seat by mail: the address, the notices wanted, a digest period",
    security=docs.TOKEN,
)
async def set_mail(request: Request, match_id: MatchId, data: api.Mail) -> api.MailSet:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id)
    await mail.set_mail(ctx.pool, match_id, bearer.seat, bearer.player or "", data)
    found = await mail.mail_of(ctx.pool, match_id, bearer.seat)
    assert found is not None
    return found


@delete(
    "/matches/{match_id:str}/mail",
    status_code=200,
    summary="No more mail for your seat (orders by mail stop too)",
    security=docs.TOKEN,
)
async def stop_mail(request: Request, match_id: MatchId) -> dict[str, bool]:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id)
    return {"removed": await mail.forget_seat(ctx.pool, match_id, bearer.seat)}


@post(
    "/matches/{match_id:str}/decisions",
    status_code=HTTP_202_ACCEPTED,
    summary="Submit a decision; resubmitting the same decision_id is harmless",
    security=docs.TOKEN,
)
async def submit(request: Request, match_id: MatchId, data: api.Submit) -> api.Submitted:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id, deciding=True)
    game = await ctx.game_of(match_id)
    if game is None:
        raise matches.no_match(match_id)
    await matches.still_playing(ctx, match_id)
    raw = msgspec.json.encode(data.body)
    try:
        game_codec(game).decision_body(raw)
    except msgspec.DecodeError as error:
        raise matches.unprocessable(f"body: {error}") from None
    await ctx.submitter.submit(
        match_id,
        bearer.seat,
        msgspec.Raw(raw),
        sender=bearer.player,
        decision_id=data.decision_id,
        seen_seq=data.seen_seq,
    )
    return api.Submitted(decision_id=data.decision_id)


@post(
    "/matches/{match_id:str}/say",
    status_code=HTTP_202_ACCEPTED,
    summary="Submit a decision written as text (`draft Hercules Bomber`); `help` lists them",
    responses={200: ResponseSpec(api.Help, description="the commands legal now")},
    security=docs.TOKEN,
)
async def say(request: Request, match_id: MatchId, data: api.Say) -> Response:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id, deciding=True)
    if data.text.strip().lower() in HELP_WORDS:
        choices = await reads.seat_choices(ctx.pool, match_id, bearer.seat)
        if choices is None:
            raise NotFoundException(f"no match {match_id!r} in play")
        return Response(api.Help(choices.help), status_code=200)
    if await ctx.game_of(match_id) is None:
        raise matches.no_match(match_id)
    await matches.still_playing(ctx, match_id)
    decision_id = await ctx.submitter.submit(
        match_id,
        bearer.seat,
        Say(data.text),
        sender=bearer.player,
        decision_id=data.decision_id,
        seen_seq=data.seen_seq,
    )
    return Response(api.Submitted(decision_id), status_code=HTTP_202_ACCEPTED)


@post(
    "/matches/{match_id:str}/resign",
    status_code=HTTP_202_ACCEPTED,
    summary="Resign your seat: the game's bot plays it to the end",
    security=docs.TOKEN,
)
async def resign(request: Request, match_id: MatchId) -> api.Submitted:
    return await _for_my_seat(request, match_id, Resign())


@post(
    "/matches/{match_id:str}/absence",
    status_code=HTTP_202_ACCEPTED,
    summary="Declare days away: your seat's clock stops meanwhile, within the allowance",
    security=docs.TOKEN,
)
async def declare_absence(request: Request, match_id: MatchId, data: api.Absence) -> api.Submitted:
    return await _for_my_seat(request, match_id, DeclareAbsence(data.days))


@post(
    "/matches/{match_id:str}/hold/{action:str}",
    status_code=HTTP_202_ACCEPTED,
    summary="Hold the simultaneous phase open until your deadline (`hold`), or let it go"
    " (`release`)",
    security=docs.TOKEN,
)
async def hold_phase(
    request: Request,
    match_id: MatchId,
    action: Annotated[str, Parameter(pattern="^(hold|release)$")],
) -> api.Submitted:
    return await _for_my_seat(request, match_id, HoldPhase() if action == "hold" else ReleaseHold())


async def _for_my_seat(request: Request, match_id: str, body: Any) -> api.Submitted:
    """A player's decision about their own seat's clock or place in the match."""
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id, deciding=True)
    await matches.still_playing(ctx, match_id)
    sent = await ctx.submitter.submit(match_id, bearer.seat, body, sender=bearer.player or "")
    return api.Submitted(sent)


async def _organise(request: Request, match_id: str, body: Any) -> api.Submitted:
    """An organiser's decision about the match's clock (for no seat)."""
    ctx = context(request)
    await (await Access.of(request)).organiser()
    await matches.lobby_row(ctx, match_id)
    return api.Submitted(await ctx.submitter.submit(match_id, None, body, sender=ORGANISER))


@post(
    "/matches/{match_id:str}/deadlines/{seat:int}/extend",
    status_code=HTTP_202_ACCEPTED,
    summary="Move a seat's deadline later (organiser)",
    security=docs.TOKEN,
)
async def extend_deadline(
    request: Request,
    match_id: MatchId,
    seat: SeatNumber,
    data: api.Extend,
) -> api.Submitted:
    return await _organise(request, match_id, ExtendDeadline(seat, data.by_s, data.note))


@post(
    "/matches/{match_id:str}/clock/{action:str}",
    status_code=HTTP_202_ACCEPTED,
    summary="Pause or resume the match's clock (organiser)",
    security=docs.TOKEN,
)
async def pause_or_resume(
    request: Request,
    match_id: MatchId,
    action: Annotated[str, Parameter(pattern="^(pause|resume)$")],
) -> api.Submitted:
    return await _organise(request, match_id, PauseClock() if action == "pause" else ResumeClock())


@get(
    "/matches/{match_id:str}/decisions/{decision_id:str}",
    summary="The ruling on a decision, once judged: your seat's, or with `seat` another's "
    "(an organiser's; a player's once the match ended); an organiser without `seat` asks "
    "after the match's own (its creation)",
    security=docs.TOKEN,
)
async def ruling(
    request: Request,
    match_id: MatchId,
    decision_id: DecisionId,
    seat: Annotated[int | None, Parameter(ge=0, le=15)] = None,
) -> api.Ruling:
    ctx = context(request)
    access = await Access.of(request)
    seat, sent_by = await access.ruling_seat(match_id, decision_id, seat)
    reader = await access.own_seat(match_id)
    found = await reads.ruling(ctx.pool, match_id, decision_id, seat, reader, sent_by)
    if found is None:
        return api.Ruling(decision_id=decision_id, status="pending")
    return api.Ruling(
        decision_id=decision_id,
        status=api.verdict(found["accepted"]),
        rule=found["rule"],
        reason=found["reason"],
        first_seq=found["first_seq"],
        last_seq=found["last_seq"],
        held=found["held"],
    )


@get(
    "/matches/{match_id:str}/view",
    summary="Your seat's view, and its description",
    security=docs.TOKEN,
)
async def view(request: Request, match_id: MatchId) -> api.SeatViewReply:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id)
    found = await reads.seat_view(ctx.pool, match_id, bearer.seat)
    if found is None:
        raise NotFoundException("no view yet: the match is being set up")
    return await matches.view_reply(ctx, match_id, bearer.seat, found)


@get("/matches/{match_id:str}/public", summary="The spectators' view, and its description")
async def public(request: Request, match_id: MatchId) -> api.SeatViewReply:
    ctx = context(request)
    found = await reads.public_view(ctx.pool, match_id)
    if found is None:
        raise NotFoundException(f"no match {match_id!r} with a view")
    return await matches.view_reply(ctx, match_id, None, found)


@get(
    "/matches/{match_id:str}/legal",
    summary="Your seat's decisions now, each with its text command (`say` takes it)",
    security=docs.TOKEN,
)
async def legal(request: Request, match_id: MatchId) -> api.LegalReply:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id)
    choices = await reads.seat_choices(ctx.pool, match_id, bearer.seat)
    if choices is None:
        raise NotFoundException("the match is being set up")
    return api.LegalReply(
        match_id,
        bearer.seat,
        choices.seq,
        [choice["decision"] for choice in choices.legal],
        [choice["text"] for choice in choices.legal],
    )


EyesParameter = Annotated[
    int | None,
    Parameter(
        ge=0, le=15, description="a finished match: see it as this seat sees it (organiser, seat)"
    ),
]


async def _eyes(request: Request, match_id: str, seat: int | None) -> tuple[int | None, bool]:
    """Whose eyes a replay reader gets and whether the full state is theirs to see, after
    checking the seat is one of the match's."""
    ctx = context(request)
    row = await matches.lobby_row(ctx, match_id)
    if seat is not None and seat >= row["seats"]:
        raise NotFoundException(f"seat {seat} is not a seat of this {row['seats']}-seat match")
    return await (await Access.of(request)).replay_eyes(match_id, seat)


@get(
    "/matches/{match_id:str}/replay/{k:int}",
    summary="The match at step k: your view, the public view, or (finished) the full state",
    security=docs.TOKEN_OPTIONAL,
)
async def replay_step(
    request: Request, match_id: MatchId, k: EntryNumber, seat: EyesParameter = None
) -> api.ReplayReply:
    ctx = context(request)
    eyes, whole = await _eyes(request, match_id, seat)
    step = await replays.step(ctx.pool, match_id, k, eyes, whole)
    if step is None:
        raise NotFoundException(f"match {match_id!r} has no step {k}")
    return api.ReplayReply(
        step.match_id,
        step.seq,
        step.over,
        step.full,
        msgspec.to_builtins(step.shown),
        step.narration,
        step.description,
    )


@get(
    "/matches/{match_id:str}/narration",
    summary="The match a line per entry, for your seat's eyes (or the public's); `after` skips",
    security=docs.TOKEN_OPTIONAL,
)
async def narration(
    request: Request,
    match_id: MatchId,
    after: Annotated[int, Parameter(ge=0, le=seat_lines.LAST)] = 0,
    seat: EyesParameter = None,
) -> api.NarrationReply:
    ctx = context(request)
    eyes, _ = await _eyes(request, match_id, seat)
    told = await seat_lines.lines_between(ctx.pool, match_id, eyes, after, reader=eyes)
    return api.NarrationReply(match_id, eyes, told)


@get(
    "/matches/{match_id:str}/explain/{seq:int}",
    summary="The decision behind entry seq: its ruling, the rule's words, what it caused",
    security=docs.TOKEN,
)
async def explain(request: Request, match_id: MatchId, seq: EntryNumber) -> api.Explanation:
    ctx = context(request)
    access = await Access.of(request)
    access.known()  # a token first, as the document says: none learns which entries exist
    reader = await access.own_seat(match_id)
    found = await audit.explain(ctx.pool, match_id, seq, reader)
    if found is None:
        raise NotFoundException(f"match {match_id!r} has no entry {seq}")
    # whoever may audit this decision may see what its seat saw of it, but a sealed choice;
    # the match's own (the clock's, the organiser's) is told for the reading seat's eyes
    eyes = await access.explains(match_id, found["seat"], found["last_seq"])
    told = await seat_lines.lines_between(
        ctx.pool, match_id, eyes, found["first_seq"] - 1, found["last_seq"], reader
    )
    game = await ctx.game_of(match_id)
    if game is None:
        raise matches.no_match(match_id)
    words = rule_words(get_ruleset(game), found["rule"])
    return msgspec.convert(
        {**_audit_row(found), "rule_text": words, "narration": told}, api.Explanation
    )


@get(
    "/matches/{match_id:str}/rejections",
    summary="Every rejected decision of a match",
    security=docs.TOKEN,
)
async def rejections(request: Request, match_id: MatchId) -> list[dict[str, Any]]:
    ctx = context(request)
    access = await Access.of(request)
    await access.audits(match_id, None)
    found = await audit.rejections(ctx.pool, match_id, await access.own_seat(match_id))
    return [_audit_row(r) for r in found]


def _audit_row(row: dict[str, Any]) -> dict[str, Any]:
    """The row with its JSON columns decoded."""
    json = {k: msgspec.json.decode(row[k]) for k in ("asked", "read") if isinstance(row[k], str)}
    return {**row, **json}


@get("/games/{game:str}/cards", summary="Every distinct card of a game's card set")
async def game_cards(game: str) -> list[CardInfo]:
    try:
        return get_ruleset(game).cards({})
    except UnknownRuleset as error:
        raise NotFoundException(str(error)) from None


@get("/matches/{match_id:str}/cards", summary="Every distinct card of the match's card set")
async def match_cards(request: Request, match_id: MatchId) -> list[CardInfo]:
    ctx = context(request)
    created = await reads.created(ctx.pool, match_id)
    if created is None:
        raise matches.no_match(match_id)
    return get_ruleset(created.ruleset).cards(created.options)


@get(
    "/matches/{match_id:str}/stream",
    summary="Server-sent events: your view and rulings",
    security=docs.TOKEN_OR_QUERY,
)
async def stream(request: Request, match_id: MatchId) -> ServerSentEvent:
    access = await Access.of(request)
    bearer = await access.acts_for(match_id)
    ctx, key = context(request), tokens.digest(access.token or "")
    if not ctx.streams.take(key):
        raise HTTPException(status_code=429, detail="too many streams open with this token")
    still = lambda: access.still_acts_for(match_id)  # noqa: E731
    events = seat_stream(ctx, match_id, bearer, key, still, last_seen(request))
    return ServerSentEvent(events)


@get("/health", summary="Liveness", include_in_schema=False)
async def health() -> dict[str, str]:
    return {"status": "ok"}


def create_app(ctx: Context) -> Litestar:
    return Litestar(
        route_handlers=[
            list_games,
            open_match,
            list_matches,
            show_match,
            join,
            set_mail,
            stop_mail,
            submit,
            say,
            resign,
            declare_absence,
            hold_phase,
            extend_deadline,
            pause_or_resume,
            ruling,
            view,
            public,
            legal,
            replay_step,
            narration,
            explain,
            rejections,
            game_cards,
            match_cards,
            stream,
            players.new_player,
            players.me,
            players.renew_token,
            players.my_games,
            players.revoke_own,
            *seats.HANDLERS,
            *messages.HANDLERS,
            *corrections.HANDLERS,
            *forks.HANDLERS,
            *upgrades.HANDLERS,
            *standing_orders.HANDLERS,
            *seat_links.HANDLERS,
            *webhooks.HANDLERS,
            *preferences.HANDLERS,
            *stats.HANDLERS,
            *leagues.HANDLERS,
            health,
            web_pages(),
            *([fold_watch.folds_counted] if ctx.settings.watch_folds else []),
        ],
        on_startup=[ctx.start],
        on_shutdown=[ctx.stop],
        state=ctx.as_state(),
        before_request=check_request,
        before_send=[secured],
        exception_handlers={
            ValidationException: failures.refused,
            Oversized: failures.too_large,
            HTTP_500_INTERNAL_SERVER_ERROR: failures.server_error,
        },
        request_max_body_size=MAX_DECISION_BYTES,
        openapi_config=docs.openapi_config(),
        debug=False,
    )
