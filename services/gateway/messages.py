"""Messages between a match's players: written by a seat or the organiser (decisions on the log,
judged under SL-21 to SL-23), read from the rows the projection worker wrote for each reader
(`projections.messages`: the public's, and the reader's own eyes'), less the seats it muted;
a seat's mutes and the last message it read are its own, kept off the log."""

from typing import Annotated

from litestar import Request, delete, get, post, put
from litestar.exceptions import HTTPException
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK, HTTP_202_ACCEPTED

from events.messages import NO_MESSAGES, Announce, HideMessage, MessageRules, WriteMessage
from events.platform_rules import ORGANISER
from projections import messages
from services.gateway import api, docs, matches, reads
from services.gateway.access import Access
from services.gateway.context import Context, context
from services.gateway.params import EntryNumber, MatchId, SeatNumber
from services.gateway.players import moment


async def rules_of(ctx: Context, match_id: str) -> MessageRules:
    created = await reads.created(ctx.pool, match_id)
    if created is None:
        raise matches.no_match(match_id)
    return created.messages or NO_MESSAGES


def refusal(rules: MessageRules, data: api.Message, organiser: bool) -> str | None:
    """Why the match's rules refuse this message, said before it is sent (the judge says it
    again, SL-21): a refused private message's ruling is kept from everyone, its writer too."""
    if organiser:
        return None if data.signed else "the organiser's messages are signed"
    if rules.allowed == "none":
        return "this match takes no messages between players"
    if data.to and rules.allowed != "private":
        return "this match takes public messages only"
    if not data.signed and not rules.anonymous:
        return "messages in this match are signed"
    return None


async def write(ctx: Context, access: Access, match_id: str, data: api.Message) -> str:
    """Send the message as the organiser or the token's seat; its decision id."""
    organiser = access.bearer is not None and access.bearer.kind == "organiser"
    bearer = None if organiser else await access.acts_for(match_id, deciding=True)
    await matches.still_playing(ctx, match_id)
    rules = await rules_of(ctx, match_id)
    row = await matches.lobby_row(ctx, match_id)
    if any(seat >= row["seats"] for seat in data.to):
        raise matches.unprocessable(f"to: the seats of this match are 0 to {row['seats'] - 1}")
    if (why := refusal(rules, data, organiser)) is not None:
        raise matches.unprocessable(f"{why} (SL-21)")
    if bearer is None:
        body = WriteMessage(data.text, data.to) if data.to else Announce(data.text)
        return await ctx.submitter.submit(match_id, None, body, sender=ORGANISER)
    body = WriteMessage(data.text, data.to, data.signed)
    return await ctx.submitter.submit(match_id, bearer.seat, body, sender=bearer.player or "")


@post(
    "/matches/{match_id:str}/messages",
    status_code=HTTP_202_ACCEPTED,
    summary="Write to every seat, or privately to the seats in `to` (a seat, as the match's"
    " options allow; the organiser: to everyone it is its announcement)",
    security=docs.TOKEN,
)
async def write_message(request: Request, match_id: MatchId, data: api.Message) -> api.Submitted:
    ctx, access = context(request), await Access.of(request)
    access.known()
    return api.Submitted(await write(ctx, access, match_id, data))


async def reader(ctx: Context, access: Access, match_id: str) -> tuple[list[int], int | None]:
    """The eyes whose rows the request reads, and its seat (None: the organiser or the public)."""
    bearer = access.bearer
    if bearer is None:
        return messages.eyes_of(None, False), None
    if bearer.kind == "organiser":
        return messages.eyes_of(None, True), None
    seat = (await access.acts_for(match_id)).seat
    return messages.eyes_of(seat, False), seat


async def read(ctx: Context, access: Access, match_id: str, after: int = 0) -> api.MessagesReply:
    rules = await rules_of(ctx, match_id)
    eyes, seat = await reader(ctx, access, match_id)
    muted = [] if seat is None else await messages.muted_by(ctx.pool, match_id, seat)
    found = await messages.read(ctx.pool, match_id, eyes, after, muted=muted)
    last_read = 2**31 - 1 if seat is None else await read_upto(ctx, match_id, seat)
    shown = [
        api.MessageRead(
            m.seq,
            m.writer,
            m.writer_seat,
            m.to,
            m.text,
            m.hidden,
            moment(m.recorded_at_ms),
            m.seq > last_read and m.writer_seat != seat,
        )
        for m in found
    ]
    return api.MessagesReply(match_id, rules, shown, muted)


async def read_upto(ctx: Context, match_id: str, seat: int) -> int:
    found = await ctx.pool.fetchval(
        "SELECT read_seq FROM message_reads WHERE match_id = $1 AND seat = $2", match_id, seat
    )
    return found or 0


async def mark_read(ctx: Context, match_id: str, seat: int, upto: int) -> None:
    await ctx.pool.execute(
        "INSERT INTO message_reads (match_id, seat, read_seq) VALUES ($1, $2, $3)"
        " ON CONFLICT (match_id, seat) DO UPDATE"
        " SET read_seq = GREATEST(message_reads.read_seq, EXCLUDED.read_seq)",
        match_id,
        seat,
        upto,
    )


@get(
    "/matches/{match_id:str}/messages",
    summary="The messages you may read (a seat's: public ones, and private ones to or from it,"
    " less the seats it muted; the organiser's: public ones, and private ones where the match"
    " lets it; without a token: public ones); `after` skips",
    security=docs.TOKEN_OPTIONAL,
)
async def read_messages(
    request: Request,
    match_id: MatchId,
    after: Annotated[int, Parameter(ge=0, le=2**31 - 1)] = 0,
) -> api.MessagesReply:
    return await read(context(request), await Access.of(request), match_id, after)


@post(
    "/matches/{match_id:str}/messages/read/{seq:int}",
    status_code=HTTP_200_OK,
    summary="Mark your seat's messages up to entry seq read",
    security=docs.TOKEN,
)
async def messages_read(request: Request, match_id: MatchId, seq: EntryNumber) -> dict[str, int]:
    ctx = context(request)
    seat = (await (await Access.of(request)).acts_for(match_id)).seat or 0
    await mark_read(ctx, match_id, seat, seq)
    return {"read_upto": await read_upto(ctx, match_id, seat)}


@post(
    "/matches/{match_id:str}/messages/{seq:int}/hide",
    status_code=HTTP_202_ACCEPTED,
    summary="Hide the message of entry seq from every reader, saying why (organiser): the"
    " hiding is on the log",
    security=docs.TOKEN,
)
async def hide_message(
    request: Request, match_id: MatchId, seq: EntryNumber, data: api.Hide
) -> api.Submitted:
    ctx = context(request)
    await (await Access.of(request)).organiser()
    await matches.lobby_row(ctx, match_id)
    body = HideMessage(seq, data.reason)
    return api.Submitted(await ctx.submitter.submit(match_id, None, body, sender=ORGANISER))


async def mute(ctx: Context, access: Access, match_id: str, muted: int, on: bool) -> list[int]:
    """Mute (or hear again) another seat's signed messages, for the token's seat alone."""
    seat = (await access.acts_for(match_id)).seat or 0
    if muted == seat:
        raise HTTPException(status_code=422, detail="seat: you do not mute yourself")
    if on:
        await ctx.pool.execute(
            "INSERT INTO message_mutes (match_id, seat, muted) VALUES ($1, $2, $3)"
            " ON CONFLICT DO NOTHING",
            match_id,
            seat,
            muted,
        )
    else:
        await ctx.pool.execute(
            "DELETE FROM message_mutes WHERE match_id = $1 AND seat = $2 AND muted = $3",
            match_id,
            seat,
            muted,
        )
    return await messages.muted_by(ctx.pool, match_id, seat)


@put(
    "/matches/{match_id:str}/mutes/{seat:int}",
    status_code=HTTP_200_OK,
    summary="Stop reading a seat's signed messages (for your seat alone)",
    security=docs.TOKEN,
)
async def mute_seat(request: Request, match_id: MatchId, seat: SeatNumber) -> dict[str, list[int]]:
    ctx = context(request)
    return {"muted": await mute(ctx, await Access.of(request), match_id, seat, True)}


@delete(
    "/matches/{match_id:str}/mutes/{seat:int}",
    status_code=HTTP_200_OK,
    summary="Read a muted seat's messages again",
    security=docs.TOKEN,
)
async def unmute_seat(
    request: Request, match_id: MatchId, seat: SeatNumber
) -> dict[str, list[int]]:
    ctx = context(request)
    return {"muted": await mute(ctx, await Access.of(request), match_id, seat, False)}


HANDLERS = [write_message, read_messages, messages_read, hide_message, mute_seat, unmute_seat]
