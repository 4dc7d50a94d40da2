"""Leagues through the API: an organiser opens one (`POST /leagues`), players sign up and
withdraw with their player token, everyone reads the list and each league with its rounds and
standings. Sign-ups and withdrawals are checked here against the read model and written to the
`leagues` topic; the log's fold has the last word (two sign-ups racing for the last place)."""

import hashlib
import secrets
import uuid
from typing import Annotated

from litestar import Request, get, post
from litestar.exceptions import HTTPException, NotFoundException
from litestar.params import Parameter
from litestar.status_codes import HTTP_202_ACCEPTED

from events.calendar import calendar_error
from events.leagues.entries import (
    RULES,
    LeagueOpened,
    LeagueRules,
    SignUp,
    Withdraw,
    rules_error,
)
from events.leagues.fold import League, refusal
from events.ruleset import UnknownRuleset, default_game, get_ruleset, setup_error
from services.gateway import docs
from services.gateway.access import Access
from services.gateway.api import ID_PATTERN, LeagueAsked, NewLeague
from services.gateway.context import Context, context
from services.gateway.reliability import reliable_enough
from services.leagues import reads
from services.leagues.log import append

LeagueId = Annotated[str, Parameter(pattern=ID_PATTERN, max_length=60)]


def unprocessable(why: str) -> HTTPException:
    return HTTPException(status_code=422, detail=f"{RULES}: {why}")


def league_rules(data: NewLeague) -> LeagueRules:
    try:
        ruleset = get_ruleset(data.game or default_game())
    except UnknownRuleset as error:
        raise unprocessable(str(error)) from None
    if (why := setup_error(ruleset, data.seats, data.options)) is not None:
        raise unprocessable(why)
    if data.clock is not None:
        if data.clock.level not in ruleset.bots:
            raise unprocessable(f"clock: no bot {data.clock.level!r} of {ruleset.name}")
        if (why := calendar_error(data.clock)) is not None:
            raise unprocessable(f"clock: {why}")
    starts = None if data.starts_at is None else int(data.starts_at.timestamp() * 1000)
    rules = LeagueRules(
        game=ruleset.name,
        seats=data.seats,
        pairing=data.pairing,
        rounds=data.rounds,
        options=data.options,
        clock=data.clock,
        players=data.players,
        starts_ms=starts,
        min_reliability=data.min_reliability,
        round_every_s=data.round_every_s,
    )
    if (why := rules_error(rules)) is not None:
        raise unprocessable(why)
    return rules


@post(
    "/leagues",
    status_code=HTTP_202_ACCEPTED,
    summary="Open a league or tournament (organiser): Swiss or round robin, its rounds' "
    "matches opened by the league worker",
    security=docs.TOKEN,
)
async def open_league(request: Request, data: NewLeague) -> LeagueAsked:
    await (await Access.of(request)).organiser()
    ctx = context(request)
    rules = league_rules(data)
    league_id = data.league_id or f"lg-{uuid.uuid4().hex[:10]}"
    if await reads.folded(ctx.pool, league_id) is not None:
        raise HTTPException(status_code=409, detail=f"league {league_id!r} exists")
    seed = secrets.token_hex(16)
    commitment = hashlib.sha256(seed.encode()).hexdigest()
    opened = LeagueOpened(data.name.strip(), rules, commitment, seed)
    await append(ctx.submitter.producer, ctx.settings, league_id, "opened", opened)
    return LeagueAsked(league_id, "opened")


@get("/leagues", summary="The leagues: signing up first, then playing, then ended")
async def list_leagues(
    request: Request, limit: Annotated[int, Parameter(ge=1, le=500)] = 100
) -> list[reads.LeagueSummary]:
    return await reads.league_list(context(request).pool, limit)


@get(
    "/leagues/{league_id:str}",
    summary="A league: its rules, players, rounds with their matches, standings (points, "
    "Buchholz, head to head), and its seed once ended",
)
async def show_league(request: Request, league_id: LeagueId) -> reads.LeagueView:
    found = await reads.league_view(context(request).pool, league_id)
    if found is None:
        raise NotFoundException(f"no league {league_id!r} (a new league shows up once read)")
    return found


async def known_league(ctx: Context, league_id: str) -> League:
    found = await reads.folded(ctx.pool, league_id)
    if found is None:
        raise NotFoundException(f"no league {league_id!r}")
    return found


@post(
    "/leagues/{league_id:str}/join",
    status_code=HTTP_202_ACCEPTED,
    summary="Sign up for a league with your player token",
    security=docs.TOKEN,
)
async def join_league(request: Request, league_id: LeagueId) -> LeagueAsked:
    access = await Access.of(request)
    bearer, ctx = access.player(), access.ctx
    league = await known_league(ctx, league_id)
    body = SignUp(player_id=bearer.player_id or "", name=bearer.player or "")
    if (why := refusal(league, body)) is not None:
        raise HTTPException(status_code=409, detail=f"{why[0]}: {why[1]}")
    minimum, game = league.rules.min_reliability, league.rules.game
    await reliable_enough(ctx, minimum, bearer.player_id, body.name, game)
    entry_id = uuid.uuid4().hex
    await append(ctx.submitter.producer, ctx.settings, league_id, entry_id, body)
    return LeagueAsked(league_id, entry_id)


@post(
    "/leagues/{league_id:str}/withdraw",
    status_code=HTTP_202_ACCEPTED,
    summary="Withdraw from a league: you are paired no more, and bots play your seats",
    security=docs.TOKEN,
)
async def withdraw_league(request: Request, league_id: LeagueId) -> LeagueAsked:
    access = await Access.of(request)
    bearer, ctx = access.player(), access.ctx
    league = await known_league(ctx, league_id)
    body = Withdraw(player_id=bearer.player_id or "")
    if (why := refusal(league, body)) is not None:
        raise HTTPException(status_code=409, detail=f"{why[0]}: {why[1]}")
    entry_id = uuid.uuid4().hex
    await append(ctx.submitter.producer, ctx.settings, league_id, entry_id, body)
    return LeagueAsked(league_id, entry_id)


HANDLERS = [open_league, list_leagues, show_league, join_league, withdraw_league]
