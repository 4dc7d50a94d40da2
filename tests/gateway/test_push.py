"""A seat's push stream over the real database: its own views as they are written, carried in
the notification or read back when too big to carry, and the rulings on its own decisions;
nothing of another seat's."""

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import asyncpg
import pytest
from litestar.response import ServerSentEventMessage

from projections.audit import COLUMNS as AUDIT_COLUMNS
from services import db
from services.gateway.hub import Hub
from services.gateway.stream import seat_stream
from services.gateway.tokens import Holder
from services.settings import Settings


@pytest.fixture
async def pool(settings: Settings) -> AsyncIterator[asyncpg.Pool]:
    pool = await db.connect(settings.database_url, size=2)
    await db.migrate(pool)
    yield pool
    await pool.close()


async def _view(pool: asyncpg.Pool, match_id: str, seat: int, seq: int, view: Any) -> None:
    await pool.execute(
        "INSERT INTO seat_views (match_id, seat, seq, view) VALUES ($1, $2, $3, $4::jsonb)"
        " ON CONFLICT (match_id, seat) DO UPDATE SET seq = EXCLUDED.seq, view = EXCLUDED.view",
        match_id,
        seat,
        seq,
        json.dumps(view),
    )


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
        "sealed": False,
    }
    await pool.copy_records_to_table(
        "audit", records=[tuple(row[c] for c in AUDIT_COLUMNS)], columns=AUDIT_COLUMNS
    )
    return decision_id


async def test_a_seat_stream_pushes_its_own_views_and_rulings_only(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    match_id = f"push-{uuid.uuid4().hex[:8]}"
    hub = Hub(settings.database_url)
    await hub.start()
    holder = Holder(kind="seat", match_id=match_id, seat=0, player="p0", claim_decision_id="c")
    stream = seat_stream(SimpleNamespace(pool=pool, hub=hub), match_id, holder)  # type: ignore[arg-type]

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


async def test_a_batch_written_in_one_statement_announces_every_row_in_few_notifications(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    matches = [f"pack-{uuid.uuid4().hex[:8]}" for _ in range(60)]
    payloads: list[str] = []
    listener = await asyncpg.connect(settings.database_url)
    await listener.add_listener("starledger", lambda *args: payloads.append(args[3]))
    views = [
        (m, seat, 7, json.dumps({"seat": seat, "pad": "v" * 900}))
        for m in matches
        for seat in range(4)
    ]
    try:
        await pool.execute(
            "INSERT INTO seat_views (match_id, seat, seq, view)"
            " SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::jsonb[])",
            *(list(column) for column in zip(*views, strict=True)),
        )
        for m in matches:
            await _ruling(pool, m, 2, 8)  # one statement each: a notification each
        deadline = asyncio.get_running_loop().time() + 10
        while len(payloads) < 60 + 1 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
    finally:
        await listener.close()
    assert all(len(p.encode()) < 8000 for p in payloads)
    packs = [p.partition(" ") for p in payloads]
    views_packs = [json.loads(body) for kind, _, body in packs if kind == "views"]
    notices = [n for pack in views_packs for n in pack]
    assert sorted((n["match_id"], n["seat"]) for n in notices) == sorted(v[:2] for v in views)
    assert all(n["view"]["pad"] for n in notices)  # every view carried
    assert len(views_packs) <= 240 / 6  # packed: at least six views of 1 KB apiece
    assert sum(kind == "rulings" for kind, _, _ in packs) == 60
