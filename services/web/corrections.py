"""Take-backs and disputes on the pages (`events.corrections`): the seat page's take-back button
and its accept and refuse, the replay step's dispute form, and what the pages show of them,
read from the archive's rows of those entries (never a fold): the take-back waiting for
answers, whether the organiser may decide take-backs alone, and the open disputes the
organiser's page lists with their rulings explained. Plain forms, posted from our own pages
with the seat's CSRF token, each a decision judged on the log; the organiser's are organiser
actions (`organise.resolve`, `organise.take_back`, `organise.answer_take_back`)."""

from collections.abc import Callable
from typing import Annotated, Any

import asyncpg
import msgspec
from litestar import Request, post
from litestar.exceptions import HTTPException
from litestar.params import Parameter
from litestar.response import Redirect

from events.corrections import (
    AnswerTakeBack,
    Dispute,
    SetAside,
    TakeBack,
    TakeBackAnswered,
    TakeBackAsked,
)
from events.narration import rule_words
from events.ruleset import get_ruleset
from projections import audit, seat_lines
from services.gateway import api, matches
from services.gateway.context import context
from services.gateway.edge import REFUSED_IN_TEXT
from services.gateway.params import MatchId
from services.web import live, session

Action = Annotated[str, Parameter(pattern="^(accept|refuse)$")]
_TAKE_BACK_ROWS = msgspec.json.Decoder(TakeBackAsked | TakeBackAnswered | SetAside)


class TakeBackWaiting(msgspec.Struct, frozen=True):
    """A seat's take-back of the decision ruled at `first`, waiting for the seats `waiting`."""

    seat: int
    first: int
    waiting: list[int]
    why: str  # why it could not be taken back alone


class OpenDispute(msgspec.Struct, frozen=True):
    """A ruling disputed and not resolved yet, with what the organiser resolves it on."""

    seq: int  # the disputed entry
    seat: int  # who disputes it
    reason: str
    line: str  # the entry as the public reads it
    ruling_seq: int  # the ruling on the decision that caused it
    rule: str
    rule_words: str
    verdict: str  # accepted, refused, or sealed (a sealed choice not revealed yet)
    why: str  # the ruling's reason, if it gave one


async def take_back_waiting(pool: asyncpg.Pool, match_id: str) -> TakeBackWaiting | None:
    """The take-back asked latest, while it waits: none once refused, decided by the organiser
    or set aside (its acceptance sets it aside)."""
    rows = await pool.fetch(
        "SELECT body::text FROM archive WHERE match_id = $1 AND kind IN ("
        "'match.take_back_asked', 'match.take_back_answered', 'match.set_aside')"
        " AND seq >= (SELECT max(seq) FROM archive WHERE match_id = $1"
        " AND kind = 'match.take_back_asked') ORDER BY seq",
        match_id,
    )
    asked, accepted = None, set()
    for row in rows:
        match _TAKE_BACK_ROWS.decode(row["body"]):
            case TakeBackAsked() as found:
                asked = found
            case TakeBackAnswered(seat=seat, accept=True) if seat is not None:
                accepted.add(seat)
            case _:
                return None
    if asked is None:
        return None
    waiting = [seat for seat in asked.asked if seat not in accepted]
    return TakeBackWaiting(asked.seat, asked.first, waiting, asked.why)


async def organiser_decides(pool: asyncpg.Pool, match_id: str) -> bool:
    """Whether the match lets its organiser decide take-backs alone, as its `match.created`
    in the archive says."""
    found = await pool.fetchval(
        "SELECT (body->>'organiser_take_backs')::boolean FROM archive WHERE match_id = $1"
        " AND kind = 'match.created' ORDER BY seq LIMIT 1",
        match_id,
    )
    return bool(found)


async def open_disputes(pool: asyncpg.Pool, match_id: str, game: str) -> list[OpenDispute]:
    """The disputes filed and not resolved, oldest first, each with the disputed entry's line
    and its ruling as the organiser may read them (a sealed choice stays sealed)."""
    rows = await pool.fetch(
        "SELECT (d.body->>'seq')::int AS seq, (d.body->>'seat')::int AS seat,"
        " d.body->>'reason' AS reason FROM archive AS d"
        " WHERE d.match_id = $1 AND d.kind = 'match.disputed' AND NOT EXISTS ("
        "SELECT FROM archive AS r WHERE r.match_id = $1 AND r.kind = 'match.dispute_resolved'"
        " AND r.seq > d.seq AND r.body->>'seq' = d.body->>'seq') ORDER BY d.seq",
        match_id,
    )
    found = []
    for row in rows:
        ruling = await audit.explain(pool, match_id, row["seq"])
        told = await seat_lines.lines_between(pool, match_id, None, row["seq"] - 1, row["seq"])
        rule = ruling["rule"] if ruling else ""
        accepted = ruling["accepted"] if ruling else None
        found.append(
            OpenDispute(
                seq=row["seq"],
                seat=row["seat"],
                reason=row["reason"],
                line=told[0].line if told else "",
                ruling_seq=ruling["ruling_seq"] if ruling else row["seq"],
                rule=rule,
                rule_words=rule_words(get_ruleset(game), rule) if rule else "",
                verdict="sealed" if accepted is None else "accepted" if accepted else "refused",
                why=(ruling["reason"] or "") if ruling else "",
            )
        )
    return found


async def _for_my_seat(
    request: Request, match_id: str, read: Callable[[dict[str, str]], Any]
) -> Redirect:
    """Send the seat's decision, as `read` makes it from the form checked first, and come back
    to the seat page once it is ruled on (or a moment has passed): its log tells the ruling."""
    access, bearer = await session.seat(request, match_id, deciding=True)
    form = await request.form()
    session.check_post(request, form.get("csrf"), access.token)
    body = read({key: str(value) for key, value in form.items()})
    ctx = context(request)
    await matches.still_playing(ctx, match_id)
    seat = live.seat_of(bearer)
    decision_id = await ctx.submitter.submit(match_id, seat, body, sender=bearer.player or "")
    await live.ruling(ctx, match_id, decision_id, seat)
    return Redirect(f"{session.match_path(match_id)}/seat")


def _dispute(form: dict[str, str]) -> Dispute:
    reason = form.get("reason", "").strip()
    if REFUSED_IN_TEXT.search(reason):
        raise HTTPException(status_code=422, detail="dispute: the reason holds a control character")
    try:
        fields = {"seq": int(form.get("seq", "")), "reason": reason}
        wanted = msgspec.convert(fields, api.NewDispute)
    except (ValueError, msgspec.ValidationError) as error:
        raise HTTPException(status_code=422, detail=f"dispute: {error}") from None
    return Dispute(wanted.seq, wanted.reason)


@post("/matches/{match_id:str}/seat/take-back")
async def take_back(request: Request, match_id: MatchId) -> Redirect:
    """SL-24: at once while nothing depends on the decision, else asked of the other players."""
    return await _for_my_seat(request, match_id, lambda _: TakeBack())


@post("/matches/{match_id:str}/seat/take-back/{action:str}")
async def answer_take_back(request: Request, match_id: MatchId, action: Action) -> Redirect:
    return await _for_my_seat(request, match_id, lambda _: AnswerTakeBack(action == "accept"))


@post("/matches/{match_id:str}/seat/dispute")
async def dispute(request: Request, match_id: MatchId) -> Redirect:
    """SL-25: the ruling at an entry disputed, with a reason; the organiser resolves it."""
    return await _for_my_seat(request, match_id, _dispute)


HANDLERS = [take_back, answer_take_back, dispute]
