"""A seat answering a response window moves nothing any other eyes can see until the reveal:
not the other seats' views nor their entry, no push to them or to watchers, not the public
view, the lobby row's progress or a running match's analytics; only its own view moves. When
it answered would tell the others who is weighing a Sabotage. The reveal moves them all, and
the rows are the same whether the log came a decision a batch or all at once (a backlog, a
rebuild). Twilight Imperium 3's Sabotage window, folded as the worker folds it."""

from collections.abc import Iterator
from typing import Any

import asyncpg
import msgspec
from msgspec import UNSET

from events.clock import Clock
from events.match import PartitionMatches
from projections import offsets
from projections.analytics import Analytics
from projections.announce import CHANNEL, ViewNotice
from projections.lobby import Lobby
from projections.notices import Notices
from projections.projection import Folded, Projection
from projections.seat_lines import SeatLines, lines_between
from projections.seat_views import SeatViews
from projections.secrecy import PUBLIC
from tests.projections.support import table_steps
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL
from tests.twilight_imperium_3.test_sealed_window_secrecy import _by_hand, _window

QUIET = (SeatViews, Lobby, Analytics)
PER_MATCH = (  # what a rebuild of the quiet read models empties, of the match's
    "seat_views",
    "public_views",
    "mail_views",
    "replay_views",
    "lobby",
    "deadlines",
    "analytics_matches",
    "analytics_seats",
    "analytics_facts",
    "analytics_rejections",
    "analytics_sealed_facts",
    "analytics_sealed_rejections",
)
SEATS = (SOL, MENTAK, JOL_NAR, PUBLIC)
_views = msgspec.json.Decoder(list[ViewNotice])


async def _project(
    pool: asyncpg.Pool,
    steps: Iterator[Folded],
    one_batch: bool = False,
    models: tuple[type[Projection], ...] = QUIET,
) -> list[tuple[int | None, set[int | None]]]:
    """The steps through the quiet read models (or `models`), a batch each (or all in
    `one_batch`): each step's window answer, and the eyes whose views each batch pushed."""
    answers: list[int | None] = []
    pushed: list[set[int | None]] = []
    batches = [model() for model in models]
    for step in steps:
        answers.append(step.window_answer)
        for batch in batches:
            batch.take(step)
        if not one_batch:
            pushed.append(await _write(pool, batches))
            batches = [model() for model in models]
    if one_batch:
        pushed.append(await _write(pool, batches))
    return list(zip(answers, pushed, strict=False))


async def _write(pool: asyncpg.Pool, batches: list[Projection]) -> set[int | None]:
    """The batches written as a worker writes them; the eyes whose views they pushed."""
    pushed: set[int | None] = set()
    async with pool.acquire() as conn:
        for batch in batches:
            batch.finish()
            told = batch.announcements()
            await offsets.advance(conn, "match-log", [], "test", told, batch.writes())
            for channel, payload in told:
                kind, _, notices = payload.partition(" ")
                if channel == CHANNEL and kind == "views":
                    pushed |= {notice.seat for notice in _views.decode(notices)}
    return pushed


async def _rows(pool: asyncpg.Pool, match_id: str) -> dict[Any, Any]:
    """What each eyes reads of the match's progress: seat views, the public view, the lobby
    row and each seat's deadline, the replay's views, analytics, and the lines each seat and
    the public read (none before the window's opening but a match's own)."""
    views = await pool.fetch(
        "SELECT seat, seq, moved_seq, view::text, legal::text, turn FROM seat_views"
        " WHERE match_id = $1",
        match_id,
    )
    replays = await pool.fetch(
        "SELECT eyes, array_agg(seq ORDER BY seq) AS seqs FROM replay_views WHERE match_id = $1"
        " GROUP BY eyes",
        match_id,
    )
    shared = {
        "public": "SELECT seq, view::text FROM public_views WHERE match_id = $1",
        "lobby": "SELECT seq, last_activity, to_act, deadlines::text FROM lobby"
        " WHERE match_id = $1",
        "analytics": "SELECT entries, last_ms FROM analytics_matches WHERE match_id = $1",
    }
    deadlines = await pool.fetch(
        "SELECT seat, due_ms, fires_ms, at_seq FROM deadlines WHERE match_id = $1", match_id
    )
    lines = {
        ("lines", eyes): await lines_between(pool, match_id, eyes, reader=eyes) for eyes in SEATS
    }
    return {
        **{r["seat"]: tuple(r) for r in views},
        **{("replay", r["eyes"]): tuple(r["seqs"]) for r in replays},
        **{name: tuple(await pool.fetchrow(sql, match_id)) for name, sql in shared.items()},
        **{("deadline", r["seat"]): tuple(r) for r in deadlines},
        **lines,
    }


def _others(rows: dict[Any, Any], seat: int = MENTAK) -> dict[Any, Any]:
    """The rows every eyes but `seat`'s read."""
    own = (seat, ("replay", seat), ("deadline", seat), ("lines", seat))
    return {k: v for k, v in rows.items() if k not in own}


async def test_a_window_answer_moves_no_view_push_or_lobby_row_but_its_seats(
    pool: asyncpg.Pool,
) -> None:
    table, state = _window("window-quiet", "sabotage")  # asked: Mentak and Jol-Nar
    folded = PartitionMatches()
    await _project(pool, table_steps(table, state, folded))
    opened = await _rows(pool, table.match_id)
    _by_hand(table, MENTAK, sent_at_ms=60_000)
    assert await _project(pool, table_steps(table, state, folded)) == [(MENTAK, {MENTAK})]
    answered = await _rows(pool, table.match_id)
    assert _others(answered) == _others(opened)
    assert answered[MENTAK][1] == table.entries[-1].seq  # its own view moved
    _by_hand(table, JOL_NAR, sent_at_ms=120_000)  # the last answer: the reveal
    everyone = {SOL, MENTAK, JOL_NAR, None}
    assert await _project(pool, table_steps(table, state, folded)) == [(None, everyone)]
    revealed = await _rows(pool, table.match_id)
    last = table.entries[-1].seq
    assert [revealed[s][1] for s in (SOL, MENTAK, JOL_NAR)] == [last] * 3
    assert (revealed["public"][0], revealed["lobby"][0], revealed["analytics"][0]) == (last,) * 3


async def test_the_rows_a_window_answer_left_are_those_a_rebuild_writes(
    pool: asyncpg.Pool,
) -> None:
    """Projected a decision a batch (live) or in one batch (a backlog, a rebuild), the others'
    rows stand as of the window's opening, before the reveal and after it."""
    table, state = _window("window-rebuild", "sabotage")
    live = PartitionMatches()
    await _project(pool, table_steps(table, state, live))
    _by_hand(table, MENTAK, sent_at_ms=60_000)
    await _project(pool, table_steps(table, state, live))
    for revealed in (False, True):
        if revealed:
            _by_hand(table, JOL_NAR, sent_at_ms=120_000)
            await _project(pool, table_steps(table, state, live))
        projected = await _rows(pool, table.match_id)
        for name in PER_MATCH:
            await pool.execute(f"DELETE FROM {name} WHERE match_id = $1", table.match_id)
        await _project(pool, table_steps(table, state, PartitionMatches()), one_batch=True)
        assert await _rows(pool, table.match_id) == projected, revealed


async def _opened(
    pool: asyncpg.Pool, jol_nar_holds: str, clock: Clock | None = None
) -> tuple[Any, ...]:
    """Sol's Good Year opening the window (in a match with `clock`, whose deadline is Sol's
    alone before), Mentak's mail set, through the quiet read models, the lines and the notices:
    the rows each eyes reads, the pushes, and the entry of Mentak's window notice."""
    name = "clocked-window" if clock else "window-opening"  # the seed: a match's lines tell it
    table, state = _window(f"{name}-{jol_nar_holds}", jol_nar_holds, clock or UNSET, seed=name)
    await pool.execute(
        "INSERT INTO mail_seats (match_id, seat, player, address, kinds, digest_s, remind_s,"
        " from_seq, told_seq) VALUES ($1, $2, 'p1', 'p1@mail.test', '{turn}', 0, 0, 0, 0)",
        table.match_id,
        MENTAK,
    )
    models = (*QUIET, SeatLines, Notices)
    pushed = await _project(pool, table_steps(table, state, PartitionMatches()), models=models)
    window = await pool.fetchval(
        "SELECT max(upto_seq) FROM mail_outbox WHERE match_id = $1 AND seat = $2"
        " AND kind = 'window'",
        table.match_id,
        MENTAK,
    )
    return table, await _rows(pool, table.match_id), pushed[-1], window


async def test_a_window_one_seat_answered_at_once_opens_to_the_others_as_one_none_answered(
    pool: asyncpg.Pool,
) -> None:
    """Jol-Nar holds only a Plague: the judge answers for him in the batch that opened the
    window. Every other eyes' rows (views and their entry, pushes, the public view, the lobby's
    progress, the replay's views, analytics, Mentak's window notice) are those of a window no
    seat has answered yet, as when Jol-Nar holds a Sabotage to weigh; his own view alone
    reaches his answer."""
    answered, answered_rows, answered_push, answered_notice = await _opened(pool, "plague")
    weighing, weighing_rows, weighing_push, weighing_notice = await _opened(pool, "sabotage")
    assert answered.entries[-1].seq > weighing.entries[-1].seq  # the judge's answer is there
    assert _others(answered_rows, JOL_NAR) == _others(weighing_rows, JOL_NAR)
    assert answered_push == weighing_push
    assert answered_notice == weighing_notice == weighing.entries[-1].seq
    assert answered_rows[JOL_NAR][1] == answered.entries[-1].seq  # his own view heard it


async def test_a_window_opened_under_a_clock_reads_the_same_to_the_others_if_one_answered_at_once(
    pool: asyncpg.Pool,
) -> None:
    """The same window in a match with a clock: the judge sets every asked seat's window
    deadline as if none had answered, then answers for Jol-Nar. The clock's entries come before
    his answer, so every other eyes (views and their entry, the lobby row and the other seats'
    deadlines, lines, pushes, Mentak's window notice) read what they read when he weighs."""
    clock = Clock(per_decision_s=86400, window_s=3600)
    answered, answered_rows, answered_push, answered_notice = await _opened(pool, "plague", clock)
    weighing, weighing_rows, weighing_push, weighing_notice = await _opened(pool, "sabotage", clock)
    assert answered.entries[-1].sealed_seat == JOL_NAR  # his answer closes the opening
    assert _others(answered_rows, JOL_NAR) == _others(weighing_rows, JOL_NAR)
    heard = answered_rows[("lines", MENTAK)][-1]
    assert (heard.seq, "window" in heard.line) == (weighing.entries[-1].seq, True)
    assert answered_push == weighing_push
    assert answered_notice == weighing_notice == weighing.entries[-1].seq
    # his deadline runs on, answered (SL-27): the window's, as when he weighs
    assert answered_rows[("deadline", JOL_NAR)] == weighing_rows[("deadline", JOL_NAR)]
