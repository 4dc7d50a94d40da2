"""A seat's push stream: its view whenever it changes, and the rulings on its decisions."""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import msgspec
from litestar import Request
from litestar.response import ServerSentEventMessage

from projections.announce import RulingNotice, ViewNotice
from services.gateway import reads
from services.gateway.context import Context
from services.gateway.hub import Recheck, Rejoin
from services.gateway.params import whole_number
from services.gateway.tokens import Bearer

KEEPALIVE_S = 15.0


def last_seen(request: Request) -> int:
    """The entry a reconnecting client was last told of (its Last-Event-ID: each view's event
    id is its entry number), so the stream resumes after it; -1 on a first connect."""
    told = whole_number(request.headers.get("last-event-id", ""))
    return -1 if told is None else told


async def seat_stream(
    ctx: Context,
    match_id: str,
    bearer: Bearer,
    token_key: str,
    still_held: Callable[[], Awaitable[bool]],
    seen: int = -1,
) -> AsyncIterator[ServerSentEventMessage]:
    """The seat's pushes after entry `seen` until the client goes, in the place its request
    took among its token's streams (given back at the end); it ends once its token no longer
    holds the seat (revoked, expired, taken over)."""
    queue = ctx.hub.subscribe(match_id, bearer.seat, token_key=token_key)
    try:
        sent_seq, sent_view = seen, ""
        view = await reads.seat_view(ctx.pool, match_id, bearer.seat)
        if view is not None and view[0] == seen:
            sent_view = view[1]  # the client holds entry `seen`'s view: this one, as it stands
        elif view is not None and view[0] > sent_seq:
            sent_seq, sent_view = view
            yield ServerSentEventMessage(data=view[1], event="view", id=str(view[0]))
        while True:
            try:
                notice = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
            except TimeoutError:
                yield ServerSentEventMessage(comment="keep-alive")
                continue
            if isinstance(notice, Rejoin):
                return
            if isinstance(notice, Recheck):
                if not await still_held():
                    gone = "this token no longer holds the seat"
                    yield ServerSentEventMessage(data=gone, event="ended")
                    return
            elif isinstance(notice, ViewNotice) and notice.seq >= sent_seq:
                if (carried := notice.carried()) is not None:
                    view = (notice.seq, carried)
                else:
                    view = await reads.seat_view(ctx.pool, match_id, bearer.seat)
                if view is not None and _newer(view, sent_seq, sent_view):
                    sent_seq, sent_view = view
                    yield ServerSentEventMessage(data=view[1], event="view", id=str(view[0]))
            elif isinstance(notice, RulingNotice):
                found = notice.ruling or await reads.ruling(
                    ctx.pool, match_id, notice.decision_id, notice.seat, bearer.seat
                )
                if found is not None:
                    ruling = {"decision_id": notice.decision_id, **found}
                    yield ServerSentEventMessage(
                        data=msgspec.json.encode(ruling).decode(), event="ruling"
                    )
    finally:
        ctx.hub.unsubscribe(match_id, bearer.seat, queue, token_key)
        ctx.streams.closed(token_key)


def _newer(view: tuple[int, str], seq: int, sent: str) -> bool:
    """Whether `view` is past the one sent, at entry `seq`: a later entry's, or another at the
    same entry (the seat's held window answer moves its view alone, SL-28)."""
    return view[0] > seq or (view[0] == seq and view[1] != sent)
