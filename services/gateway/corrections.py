"""Take-backs and disputes over HTTP (`events.corrections`): a seat takes back its last
decision, answers another's take-back, or disputes a ruling; the organiser answers a take-back
or takes back a seat's last decision where the match allows it, and resolves disputes. Each
is a decision on the log, judged there."""

from typing import Annotated

from litestar import Request, post
from litestar.params import Parameter
from litestar.status_codes import HTTP_202_ACCEPTED

from events.corrections import AnswerTakeBack, Dispute, ResolveDispute, TakeBack
from events.platform_rules import ORGANISER
from services.gateway import api, docs, matches
from services.gateway.access import Access
from services.gateway.context import context
from services.gateway.params import EntryNumber, MatchId, SeatNumber

Action = Annotated[str, Parameter(pattern="^(accept|refuse)$")]


async def _for_my_seat(request: Request, match_id: str, body: object) -> api.Submitted:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id, deciding=True)
    await matches.still_playing(ctx, match_id)
    sent = await ctx.submitter.submit(match_id, bearer.seat, body, sender=bearer.player or "")
    return api.Submitted(sent)


async def _as_organiser(request: Request, match_id: str, body: object) -> api.Submitted:
    ctx = context(request)
    await (await Access.of(request)).organiser()
    await matches.still_playing(ctx, match_id)
    return api.Submitted(await ctx.submitter.submit(match_id, None, body, sender=ORGANISER))


@post(
    "/matches/{match_id:str}/take-back",
    status_code=HTTP_202_ACCEPTED,
    summary="Take back your seat's last decision: at once while nothing depends on it, else"
    " asked of the other players (SL-24)",
    security=docs.TOKEN,
)
async def take_back(request: Request, match_id: MatchId) -> api.Submitted:
    return await _for_my_seat(request, match_id, TakeBack())


@post(
    "/matches/{match_id:str}/take-back/{action:str}",
    status_code=HTTP_202_ACCEPTED,
    summary="Accept or refuse the take-back your seat is asked about",
    security=docs.TOKEN,
)
async def answer_take_back(request: Request, match_id: MatchId, action: Action) -> api.Submitted:
    return await _for_my_seat(request, match_id, AnswerTakeBack(action == "accept"))


@post(
    "/matches/{match_id:str}/organise/take-back/{action:str}",
    status_code=HTTP_202_ACCEPTED,
    summary="Grant or refuse a take-back alone (organiser; where the match allows it, or no"
    " player can be asked)",
    security=docs.TOKEN,
)
async def decide_take_back(request: Request, match_id: MatchId, action: Action) -> api.Submitted:
    return await _as_organiser(request, match_id, AnswerTakeBack(action == "accept"))


@post(
    "/matches/{match_id:str}/seats/{seat:int}/take-back",
    status_code=HTTP_202_ACCEPTED,
    summary="Take back a seat's last decision (organiser; where the match lets the organiser"
    " decide take-backs alone, SL-24)",
    security=docs.TOKEN,
)
async def take_back_for(request: Request, match_id: MatchId, seat: SeatNumber) -> api.Submitted:
    return await _as_organiser(request, match_id, TakeBack(seat=seat))


@post(
    "/matches/{match_id:str}/disputes",
    status_code=HTTP_202_ACCEPTED,
    summary="Dispute the ruling at an entry: told to the organiser and the other seats (SL-25)",
    security=docs.TOKEN,
)
async def dispute(request: Request, match_id: MatchId, data: api.NewDispute) -> api.Submitted:
    return await _for_my_seat(request, match_id, Dispute(data.seq, data.reason))


@post(
    "/matches/{match_id:str}/disputes/{seq:int}",
    status_code=HTTP_202_ACCEPTED,
    summary="Resolve a dispute (organiser): uphold the ruling with a note, or set the match back"
    " to before the disputed decision",
    security=docs.TOKEN,
)
async def resolve(
    request: Request, match_id: MatchId, seq: EntryNumber, data: api.Resolution
) -> api.Submitted:
    return await _as_organiser(request, match_id, ResolveDispute(seq, data.roll_back, data.note))


HANDLERS = [take_back, answer_take_back, decide_take_back, take_back_for, dispute, resolve]
