"""A seat's push stream: its view whenever it changes, and the rulings on its decisions."""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import msgspec
from litestar.response import ServerSentEventMessage

from projections.announce import RulingNotice, ViewNotice
from services.gateway import reads
from services.gateway.context import Context
from services.gateway.hub import Recheck
from services.gateway.tokens import Holder

KEEPALIVE_S = 15.0


async def seat_stream(
    ctx: Context,
    match_id: str,
    holder: Holder,
    token_key: str,
    still_held: Callable[[], Awaitable[bool]],
) -> AsyncIterator[ServerSentEventMessage]:
    """The seat's pushes until the client goes, counted against its token's streams; it ends
    once its token no longer holds the seat (revoked, expired, the seat taken over)."""
    ctx.streams.opened(token_key)
    queue = ctx.hub.subscribe(match_id, holder.seat, token_key=token_key)
    try:
        sent_seq = -1
        view = await reads.seat_view(ctx.pool, match_id, holder.seat)
        if view is not None:
            sent_seq = view[0]
            yield ServerSentEventMessage(data=view[1], event="view", id=str(view[0]))
        while True:
            try:
                notice = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
            except TimeoutError:
                yield ServerSentEventMessage(comment="keep-alive")
                continue
            if isinstance(notice, Recheck):
                if not await still_held():
                    gone = "this token no longer holds the seat"
                    yield ServerSentEventMessage(data=gone, event="ended")
                    return
            elif isinstance(notice, ViewNotice) and notice.seq > sent_seq:
                if (carried := notice.carried()) is not None:
                    view = (notice.seq, carried)
                else:
                    view = await reads.seat_view(ctx.pool, match_id, holder.seat)
                if view is not None and view[0] > sent_seq:
                    sent_seq = view[0]
                    yield ServerSentEventMessage(data=view[1], event="view", id=str(view[0]))
            elif isinstance(notice, RulingNotice):
                found = notice.ruling or await reads.ruling(
                    ctx.pool, match_id, notice.decision_id, notice.seat, holder.seat
                )
                if found is not None:
                    ruling = {"decision_id": notice.decision_id, **found}
                    yield ServerSentEventMessage(
                        data=msgspec.json.encode(ruling).decode(), event="ruling"
                    )
    finally:
        ctx.hub.unsubscribe(match_id, holder.seat, queue, token_key)
        ctx.streams.closed(token_key)
