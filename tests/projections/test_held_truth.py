"""The truth of a sealed window's held answers (SL-28): who sent each, when and how, is kept
whole (`archive_held`, `audit_held`, the replay's batches), read by its seat (the ruling on its
decision) and the server's operator alone; the numbered record tells every answer alike once
the window closes, sent by the window, whether its seat answered by hand or the judge answered
at once for a seat holding nothing it could play. Twilight Imperium 3's Sabotage window:
Jol-Nar answers first (automatically, holding only a Plague; or by hand an hour later, holding
a Sabotage), then Mentak by hand, which closes it."""

from typing import Any

import asyncpg

from events.codec import encode
from events.envelope import Ruling
from events.platform_rules import AUTOMATIC_SENDER, WINDOW_SENDER
from projections import audit, replay
from projections.archive import Archive
from projections.audit import Audit
from projections.lobby import Lobby
from projections.replay import Replay
from projections.seat_lines import SeatLines
from projections.seat_views import SeatViews
from services.gateway import reads, replays
from tests.projections.held_window import JOL_NAR, MENTAK, SOL, Window, WorkerFold
from tests.projections.support import project

READ_MODELS = (Replay, SeatLines, Audit, Archive, SeatViews, Lobby)
ALIKE = ("seat", "sender", "sent_at_ms", "recorded_at_ms", "asked", "accepted", "rule", "caused")


async def _projected(pool: asyncpg.Pool, fold: WorkerFold) -> None:
    """The window's batches not projected yet through the read models, a step a batch."""
    for step in fold.steps():
        for model in READ_MODELS:
            if model.takes(step):
                await project(pool, model, step)


async def _closed(pool: asyncpg.Pool, jol_nar_holds: str) -> tuple[Window, int]:
    """The window answered by Jol-Nar, then by Mentak by hand, which closes it, projected
    (Mentak's answer read before it closes); the window, and the entry telling Jol-Nar's
    answer."""
    window = Window(f"held-truth-{jol_nar_holds}", jol_nar_holds, seed="held-truth")
    fold = WorkerFold(window)
    if jol_nar_holds == "sabotage":
        window.by_hand(JOL_NAR, sent_at_ms=3_600_000)
    await _projected(pool, fold)
    window.by_hand(MENTAK, sent_at_ms=7_200_000)
    await _projected(pool, fold)
    [told] = [
        e.seq
        for e in window.entries
        if isinstance(e.body, Ruling) and e.body.sender == WINDOW_SENDER and e.body.seat == JOL_NAR
    ]
    return window, told


async def test_a_held_ruling_answers_its_seat_alone(pool: asyncpg.Pool) -> None:
    window = Window("held-ruling", "sabotage")
    fold = WorkerFold(window)
    await _projected(pool, fold)
    decision_id = f"{window.match_id}:answer of {MENTAK}"
    window.by_hand(MENTAK, sent_at_ms=60_000)
    await _projected(pool, fold)
    mine = await reads.ruling(pool, window.match_id, decision_id, MENTAK, MENTAK)
    assert mine == {
        "match_id": window.match_id,
        "seat": MENTAK,
        "accepted": True,
        "rule": mine and mine["rule"],
        "reason": "",
        "first_seq": None,
        "last_seq": None,
        "held": True,
    }
    assert mine["rule"].startswith("TI-")
    for reader in (SOL, JOL_NAR, None):  # another seat, or the organiser: nothing at all
        assert await reads.ruling(pool, window.match_id, decision_id, MENTAK, reader) is None
    numbered = await pool.fetchval(
        "SELECT count(*) FROM audit WHERE match_id = $1 AND decision_id = $2",
        window.match_id,
        decision_id,
    )
    assert numbered == 0


async def test_held_entries_are_kept_whole_and_given_back_in_log_order(
    pool: asyncpg.Pool,
) -> None:
    window, _ = await _closed(pool, "plague")
    held = [e for e in window.entries if e.held is True]
    rows = await pool.fetch(
        "SELECT follows, n, decision_id, kind, body::text, sealed_for, recorded_at_ms"
        " FROM archive_held WHERE match_id = $1 ORDER BY follows, n",
        window.match_id,
    )
    assert [(r["follows"], r["n"]) for r in rows] == [(e.seq, n) for n, e in enumerate(held, 1)]
    kept = [(r["decision_id"], r["sealed_for"], r["recorded_at_ms"]) for r in rows]
    assert kept == [(e.decision_id, e.sealed_for, e.recorded_at_ms) for e in held]
    senders = [b'"sender":"automatic"' in encode(e.body) for e in held]
    assert [AUTOMATIC_SENDER in r["body"] for r in rows] == senders and any(senders)
    truth = await pool.fetch(
        "SELECT seat, sender, sent_at_ms FROM audit_held WHERE match_id = $1 ORDER BY n",
        window.match_id,
    )
    assert [tuple(r) for r in truth] == [(JOL_NAR, AUTOMATIC_SENDER, 0), (MENTAK, "p1", 7_200_000)]
    assert await replay.entries(pool, window.match_id) == window.entries  # what verify re-judges
    record = await replay.record_at(pool, window.match_id)
    assert record is not None and record.held == window.folded.matches[window.match_id].held


async def test_a_told_answer_reads_alike_automatic_or_by_hand(pool: asyncpg.Pool) -> None:
    automatic = await _closed(pool, "plague")
    by_hand = await _closed(pool, "sabotage")
    assert automatic[1] == by_hand[1]  # the same entry: the window tells it in seat order
    seen: list[dict[int | None, Any]] = []
    for window, seq in (automatic, by_hand):
        read: dict[int | None, Any] = {}
        for eyes in (SOL, MENTAK, JOL_NAR, None):
            row = await audit.explain(pool, window.match_id, seq, eyes)
            assert row is not None and (row["decision_id"], row["sender"]) == ("", WINDOW_SENDER)
            running = await replays.step(pool, window.match_id, seq, eyes, False)
            assert running is not None and running.ruling_seq == seq
            read[eyes] = ({k: row[k] for k in ALIKE}, running.ruling, running.narration)
        seen.append(read)
    assert seen[0] == seen[1]
