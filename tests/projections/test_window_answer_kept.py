"""Once a window is revealed, every eyes but the answering seat's reads its answer's seat, the
answer and its verdict, never who sent it, when, on which view or under which decision: an
automatic answer (the judge's, written on the decision that opened the window) and one by hand
then explain and replay alike, and only their own seat tells them apart. Twilight Imperium 3's
Sabotage window: Jol-Nar answers first (automatically, holding only a Plague; or by hand an
hour later, holding a Sabotage), then Mentak by hand, which reveals both."""

from typing import Any

import asyncpg

from events.envelope import Ruling
from events.match import PartitionMatches
from events.platform_rules import AUTOMATIC_SENDER
from events.rulesets.twilight_imperium_3.state import Game
from projections import audit, replay
from projections.archive import Archive
from projections.audit import Audit
from projections.lobby import Lobby
from projections.replay import Replay
from projections.seat_lines import SeatLines
from projections.seat_views import SeatViews
from services.gateway import replays
from tests.projections.support import project, table_steps
from tests.random_play import Table
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL
from tests.twilight_imperium_3.test_sealed_window_secrecy import _by_hand, _window

READ_MODELS = (Replay, SeatLines, Audit, Archive, SeatViews, Lobby)
SHARED = ("first_seq", "ruling_seq", "seat", "sender", "sent_at_ms", "recorded_at_ms")
ALIKE = (*SHARED, "last_seq", "asked", "accepted", "rule", "caused")


async def projected(pool: asyncpg.Pool, table: Table, state: Game) -> None:
    """The table's entries through the read models, a decision a step, folded as the worker
    folds them (the arranged `state` set where the table set it: before Sol's play)."""
    for step in table_steps(table, state, PartitionMatches()):
        for model in READ_MODELS:
            await project(pool, model, step)


async def _revealed(pool: asyncpg.Pool, name: str, jol_nar_holds: str) -> tuple[str, int]:
    """The window answered by Jol-Nar, then by Mentak by hand, which reveals both, projected;
    the match, and the entry of Jol-Nar's answer."""
    table, state = _window(name, jol_nar_holds)
    if jol_nar_holds == "sabotage":
        _by_hand(table, JOL_NAR, sent_at_ms=3_600_000)
    _by_hand(table, MENTAK, sent_at_ms=7_200_000)
    await projected(pool, table, state)
    [answer] = [
        e.seq for e in table.entries if isinstance(e.body, Ruling) and e.sealed_seat == JOL_NAR
    ]
    return table.match_id, answer


async def test_a_revealed_window_answer_reads_alike_automatic_or_by_hand(
    pool: asyncpg.Pool,
) -> None:
    automatic = await _revealed(pool, "kept-automatic", "plague")
    by_hand = await _revealed(pool, "kept-by-hand", "sabotage")
    assert automatic[1] == by_hand[1]  # the same entry: the first answer after the opening
    seen: dict[tuple[str, int], dict[int | None, Any]] = {}
    for match_id, seq in (automatic, by_hand):
        read = seen[match_id, seq] = {}
        for eyes in (SOL, MENTAK, None):
            row = await audit.explain(pool, match_id, seq, eyes)
            assert row is not None and row["decision_id"] == "", eyes
            running = await replays.step(pool, match_id, seq, eyes, False)
            folded_step = await replay.at(pool, match_id, seq, eyes)
            assert running is not None and folded_step is not None
            read[eyes] = (
                {k: row[k] for k in ALIKE},
                (running.ruling, running.ruling_seq),
                (folded_step.ruling, folded_step.ruling_seq),
            )
        shown = read[None]
        assert {k: shown[0][k] for k in SHARED} == dict(
            zip(SHARED, (seq, seq, JOL_NAR, "", 0, 0), strict=True)
        )
        assert shown[1][1] == shown[2][1] == seq  # its own ruling, not the opening's
        assert shown[1][0].sender == shown[2][0].sender == ""
    assert seen[automatic] == seen[by_hand]
    own = await audit.explain(pool, automatic[0], automatic[1], JOL_NAR)
    assert own is not None and own["sender"] == AUTOMATIC_SENDER  # its seat's, whole
    mine = await audit.explain(pool, by_hand[0], by_hand[1], JOL_NAR)
    assert mine is not None and (mine["sender"], mine["sent_at_ms"]) == ("p2", 3_600_000)
