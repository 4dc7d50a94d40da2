"""What the workers announce: every seat view, ruling and replay move a batch writes, packed
into as few notifications as fit, each under PostgreSQL's 8000-byte limit."""

import asyncio
import json

import asyncpg

from projections.announce import CHANNEL, REPLAY_CHANNEL, pack, view_notice
from projections.audit import Audit
from projections.replay import Replay
from projections.seat_views import SeatViews
from services.settings import Settings
from tests.projections.support import folded_of, project


def test_packing_keeps_every_notice_in_order_under_the_limit() -> None:
    notices = [
        view_notice("m", seat % 4, seat, json.dumps({"pad": "v" * 900})) for seat in range(40)
    ]
    payloads = pack("views", notices)
    assert all(len(p.encode()) < 8000 and p.startswith("views [") for p in payloads)
    unpacked = [n for p in payloads for n in json.loads(p.partition(" ")[2])]
    assert [n["seq"] for n in unpacked] == list(range(40))
    assert len(payloads) <= 40 / 7  # about eight 1 KB views apiece


def test_a_view_too_big_to_carry_is_announced_without_it() -> None:
    (payload,) = pack("views", [view_notice("m", 0, 3, json.dumps({"pad": "v" * 9000}))])
    assert json.loads(payload.partition(" ")[2]) == [
        {"match_id": "m", "seat": 0, "seq": 3, "view": None}
    ]


def test_a_notice_that_cannot_fit_alone_is_left_out_and_the_rest_go() -> None:
    fits = view_notice("m", 0, 1, "{}")
    payloads = pack("views", [fits, b'{"match_id": "' + b"x" * 9000 + b'"}', fits])
    assert [len(json.loads(p.partition(" ")[2])) for p in payloads] == [2]


async def test_a_batch_announces_each_view_ruling_and_replay_move_it_writes(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    heard: dict[str, list[str]] = {CHANNEL: [], REPLAY_CHANNEL: []}
    listener = await asyncpg.connect(settings.database_url)
    for channel in heard:
        await listener.add_listener(channel, lambda _c, _p, ch, payload: heard[ch].append(payload))
    steps = list(folded_of([("told", 3, "announce")]))
    try:
        for first in range(0, len(steps), 40):  # batches of 40 decisions
            for projection in (SeatViews, Audit, Replay):
                await project(pool, projection, *steps[first : first + 40])
        await asyncio.sleep(0.5)
    finally:
        await listener.close()
    packs = [p.partition(" ") for ps in heard.values() for p in ps]
    assert all(len(" ".join((k, body)).encode()) < 8000 for k, _, body in packs)
    told = {
        k: [n for kind, _, body in packs if kind == k for n in json.loads(body)]
        for k in ("views", "rulings", "replays")
    }

    latest = {(n["match_id"], n["seat"]): n for n in told["views"]}
    for row in await pool.fetch("SELECT match_id, seat, seq, view::text FROM seat_views"):
        notice = latest[(row["match_id"], row["seat"])]
        assert (notice["seq"], notice["view"]) == (row["seq"], json.loads(row["view"]))

    rulings = {n["decision_id"]: n for n in told["rulings"]}
    rows = await pool.fetch("SELECT * FROM audit")
    assert len(rulings) == len(rows) == len(steps)
    for row in rows:
        ruling = rulings[row["decision_id"]]["ruling"]
        assert ruling == {k: row[k] for k in ruling}
        assert set(ruling) == {
            "match_id",
            "seat",
            "accepted",
            "rule",
            "reason",
            "first_seq",
            "last_seq",
        }

    last = await pool.fetchval("SELECT last_seq FROM replay_matches WHERE match_id = 'told'")
    assert (
        told["replays"][-1]
        == {"match_id": "told", "last_seq": last}
        == {"match_id": "told", "last_seq": steps[-1].entries[-1].seq}
    )
