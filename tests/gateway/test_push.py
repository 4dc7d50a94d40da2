"""A seat's push stream over the real database: its own views as they are written, carried in
the notification or read back when too big to carry, and the rulings on its own decisions;
nothing of another seat's."""

import asyncio
import json
import uuid
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock

import asyncpg
import pytest
from litestar.response import ServerSentEventMessage

from projections import offsets
from projections.announce import CHANNEL, announcements, ruling_notice, view_notice
from projections.audit import COLUMNS as AUDIT_COLUMNS
from projections.writes import insert
from services.gateway.hub import LISTENER, Hub
from services.gateway.limits import StreamLimit
from services.gateway.stream import seat_stream
from services.gateway.tokens import Bearer
from services.settings import Settings


async def _view(pool: asyncpg.Pool, match_id: str, seat: int, seq: int, view: Any) -> None:
    """A seat view written and announced as the seat-views projection does."""
    text = json.dumps(view)
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute(
            "INSERT INTO seat_views (match_id, seat, seq, moved_seq, view)"
            " VALUES ($1, $2, $3, $3, $4::jsonb) ON CONFLICT (match_id, seat)"
            " DO UPDATE SET seq = EXCLUDED.seq, moved_seq = EXCLUDED.seq, view = EXCLUDED.view",
            match_id,
            seat,
            seq,
            text,
        )
        told = announcements(CHANNEL, "views", [view_notice(match_id, seat, seq, text)])
        await offsets.advance(conn, "match-log", [], "test", told)


async def _ruling(pool: asyncpg.Pool, match_id: str, seat: int, seq: int) -> str:
    decision_id = f"{match_id}:{seat}:{seq}"
    row = {
        "match_id": match_id,
        "first_seq": seq,
        "last_seq": seq,
        "ruling_seq": seq,
        "decision_id": decision_id,
        "seat": seat,
        "sender": f"player-{seat}",
        "sent_at_ms": 0,
        "recorded_at_ms": 0,
        "asked": '{"type": "race.add", "amount": 1}',
        "accepted": False,
        "rule": "R-1",
        "reason": "not your turn",
        "caused": '["ruling"]',
        "hash_before": "h",
        "hash_after": "h",
        "read": None,
        "sealed_for": None,
    }
    ruled = {k: row[k] for k in ("match_id", "seat", "accepted", "rule", "reason")}
    ruled |= {"first_seq": seq, "last_seq": seq}
    async with pool.acquire() as conn:  # as the audit projection does
        writes = insert("audit", AUDIT_COLUMNS, [tuple(row[c] for c in AUDIT_COLUMNS)])
        told = announcements(CHANNEL, "rulings", [ruling_notice(decision_id, ruled)])
        await offsets.advance(conn, "match-log", [], "test", told, writes)
    return decision_id


async def test_a_seat_stream_pushes_its_own_views_and_rulings_only(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    match_id = f"push-{uuid.uuid4().hex[:8]}"
    hub = Hub(settings.database_url, lambda _m: None, lambda _k, _m: None, lambda: None)
    await hub.start()
    bearer = Bearer(kind="seat", match_id=match_id, seat=0, player="p0", claim_decision_id="c")
    ctx = SimpleNamespace(pool=pool, hub=hub, streams=StreamLimit())
    still = AsyncMock(return_value=True)
    assert ctx.streams.take("token")  # as the request that opens it does
    stream = seat_stream(ctx, match_id, bearer, "token", still)  # type: ignore[arg-type]

    async def next_event() -> ServerSentEventMessage:
        return await asyncio.wait_for(anext(stream), timeout=10)

    try:
        await _view(pool, match_id, 0, 1, {"total": 1})
        first = await next_event()  # subscribed once the first view is out
        assert (first.event, first.id, json.loads(str(first.data))) == ("view", "1", {"total": 1})

        await _view(pool, match_id, 1, 2, {"theirs": True})
        await _view(pool, match_id, 0, 2, {"total": 2})
        big = {"total": 3, "padding": "x" * 9000}  # too big for a notification: read back
        await _view(pool, match_id, 0, 3, big)
        await _ruling(pool, match_id, 1, 4)
        mine = await _ruling(pool, match_id, 0, 5)

        pushed = [await next_event() for _ in range(3)]
        assert [(e.event, e.id) for e in pushed[:2]] == [("view", "2"), ("view", "3")]
        assert json.loads(str(pushed[0].data)) == {"total": 2}
        assert json.loads(str(pushed[1].data)) == big
        ruling = json.loads(str(pushed[2].data))
        assert pushed[2].event == "ruling"
        assert (ruling["decision_id"], ruling["seat"], ruling["reason"]) == (
            mine,
            0,
            "not your turn",
        )
    finally:
        await stream.aclose()
        await hub.stop()


async def test_a_reconnected_stream_resumes_after_the_entry_it_was_last_sent(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    """Told (Last-Event-ID) that the client has entry 2, the stream does not send it again:
    its first event is the next view; a client behind gets the current view at once."""
    match_id = f"resume-{uuid.uuid4().hex[:8]}"
    hub = Hub(settings.database_url, lambda _m: None, lambda _k, _m: None, lambda: None)
    await hub.start()
    bearer = Bearer(kind="seat", match_id=match_id, seat=0, player="p0", claim_decision_id="c")
    ctx = SimpleNamespace(pool=pool, hub=hub, streams=StreamLimit())
    still = AsyncMock(return_value=True)
    await _view(pool, match_id, 0, 2, {"total": 2})
    assert ctx.streams.take("a") and ctx.streams.take("b")
    behind = seat_stream(ctx, match_id, bearer, "a", still, 1)  # type: ignore[arg-type]
    resumed = seat_stream(ctx, match_id, bearer, "b", still, 2)  # type: ignore[arg-type]
    try:
        caught_up = await asyncio.wait_for(anext(behind), timeout=10)
        assert (caught_up.event, caught_up.id) == ("view", "2")
        first = asyncio.ensure_future(anext(resumed))
        await asyncio.sleep(0.5)  # subscribed, and sent nothing of entry 2
        assert not first.done()
        await _view(pool, match_id, 0, 3, {"total": 3})
        told = await asyncio.wait_for(first, timeout=10)
        assert (told.event, told.id, json.loads(str(told.data))) == ("view", "3", {"total": 3})
    finally:
        await behind.aclose()
        await resumed.aclose()
        await hub.stop()


async def test_a_hub_that_listens_again_ends_every_stream_so_each_resumes(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    """Notices sent while the hub was deaf are gone: once it listens again, it forgets every
    match's seats and each open stream ends (its client reconnects after its last entry)."""
    forgotten: list[bool] = []
    hub = Hub(
        settings.database_url, lambda _m: None, lambda _k, _m: None, lambda: forgotten.append(True)
    )
    await hub.start()
    match_id = f"rejoin-{uuid.uuid4().hex[:8]}"
    bearer = Bearer(kind="seat", match_id=match_id, seat=0, player="p0", claim_decision_id="c")
    ctx = SimpleNamespace(pool=pool, hub=hub, streams=StreamLimit())
    await _view(pool, match_id, 0, 1, {"total": 1})
    assert ctx.streams.take("t")
    stream = seat_stream(ctx, match_id, bearer, "t", AsyncMock(return_value=True))  # type: ignore[arg-type]
    try:
        assert (await asyncio.wait_for(anext(stream), timeout=10)).id == "1"
        cut = await pool.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE application_name = $1 AND datname = current_database()",
            LISTENER,
        )
        assert cut == 1
        ended = asyncio.ensure_future(anext(stream))
        with pytest.raises(StopAsyncIteration):
            await asyncio.wait_for(ended, timeout=30)
        assert forgotten == [True]
    finally:
        await stream.aclose()
        await hub.stop()


async def test_a_seats_view_its_held_answer_moved_is_pushed_at_the_same_entry(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    """A seat's answer to a sealed window is held (SL-28): its own view moves, at the entry it
    stood at. The stream pushes it, and does not push the same view twice."""
    match_id = f"held-{uuid.uuid4().hex[:8]}"
    hub = Hub(settings.database_url, lambda _m: None, lambda _k, _m: None, lambda: None)
    await hub.start()
    bearer = Bearer(kind="seat", match_id=match_id, seat=0, player="p0", claim_decision_id="c")
    ctx = SimpleNamespace(pool=pool, hub=hub, streams=StreamLimit())
    assert ctx.streams.take("token")
    stream = seat_stream(ctx, match_id, bearer, "token", AsyncMock(return_value=True))  # type: ignore[arg-type]
    try:
        await _view(pool, match_id, 0, 2, {"asked": True})
        first = await asyncio.wait_for(anext(stream), timeout=10)
        assert (first.id, json.loads(str(first.data))) == ("2", {"asked": True})
        await _view(pool, match_id, 0, 2, {"asked": True})  # written again, unchanged
        await _view(pool, match_id, 0, 2, {"answered": True})
        told = await asyncio.wait_for(anext(stream), timeout=10)
        assert (told.event, told.id, json.loads(str(told.data))) == (
            "view",
            "2",
            {"answered": True},
        )
    finally:
        await stream.aclose()
        await hub.stop()
