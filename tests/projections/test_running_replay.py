"""The replay of a running match reads rows (issue 43): for every eyes and every step, the line
and the ruling folding the archive gives, and the view after the batch the worker projected
it in (live, its decision) with what changed since the batch before, described with the
seats' players now. Once the match ends its replay views
are dropped and the archive is folded, the whole state shown."""

from typing import Any

import asyncpg
import msgspec

from events.narration import seat_names
from events.ruleset import get_ruleset
from projections import replay
from projections.archive import Archive
from projections.lobby import Lobby
from projections.replay import Replay, ReplayStep
from projections.seat_lines import SeatLines
from projections.seat_views import SeatViews
from services.gateway import replays
from tests.projections.support import project
from tests.projections.test_seat_lines import _narrated, _sealed_picks

MATCH = "picks"


def _verdict(ruling: Any) -> tuple[Any, ...] | None:
    """What a replay shows of a ruling (its raw JSON is stored as the archive normalises it)."""
    if ruling is None:
        return None
    kept = ("seat", "sender", "accepted", "rule", "reason", "seen_seq")
    return (type(ruling).__name__, *(getattr(ruling, k) for k in kept))


def _seen(step: ReplayStep) -> tuple[Any, ...]:
    return (step.seq, step.over, step.full, step.narration, _verdict(step.ruling), step.ruling_seq)


async def test_a_running_matchs_replay_reads_what_the_fold_shows(pool: asyncpg.Pool) -> None:
    picks, ends = get_ruleset("sealed-picks"), [0]  # each batch's last entry

    async def view(k: int, eyes: int | None) -> Any:
        return (await replay.at(pool, MATCH, k, eyes)).shown if k else None

    for step in _narrated(_sealed_picks(MATCH)):
        for projection in (Lobby, Replay, Archive, SeatLines, SeatViews):
            await project(pool, projection, step)
        if step.match.over:
            break
        ends.append(step.match.seq)
        names = seat_names(step.match.seat_players)
        for k in range(1, step.match.seq + 1):
            for eyes in (None, 0, 1):
                rows = await replays.step(pool, MATCH, k, eyes, whole=False)
                folded = await replay.at(pool, MATCH, k, eyes)
                assert rows is not None and folded is not None
                assert _seen(rows) == _seen(folded), (k, eyes)
                after = min(e for e in ends if e >= k)  # the batch that projected k
                shown = await view(after, eyes)
                before = await view(max(e for e in ends if e < after), eyes)
                assert rows.shown == shown, (k, eyes)
                assert rows.description == (picks.describe(shown, names) if shown else None)
                assert rows.before == (picks.describe(before, names) if before else None)
    assert await pool.fetchval("SELECT count(*) FROM replay_views") == 0
    last = await replays.step(pool, MATCH, step.match.seq, None, whole=True)
    assert last is not None and last.full  # the archive folded: nothing is secret now
    assert msgspec.to_builtins(last.shown) == msgspec.to_builtins(step.match.state)
