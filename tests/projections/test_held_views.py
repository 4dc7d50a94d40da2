"""A sealed window's answer is held (SL-28): it moves its own seat's view alone (its answer in
it, not asked again) and nothing any other eyes read: not the other seats' views nor their
entry, no push to them or to watchers, no line, not the public view, the lobby row's progress
or a running match's analytics, whether it came by hand or from the judge at once. The window's
close moves them all, and the rows are the same whether the log came a decision a batch or all
at once (a backlog, a rebuild). Twilight Imperium 3's Sabotage window, folded as the worker
folds it."""

from collections.abc import Iterator
from typing import Any

import asyncpg
import msgspec

from events.clock import Clock
from projections import offsets
from projections.analytics import Analytics
from projections.announce import CHANNEL, ViewNotice
from projections.lobby import Lobby
from projections.notices import Notices
from projections.projection import Folded, Projection
from projections.seat_lines import SeatLines, lines_between
from projections.seat_views import SeatViews
from projections.secrecy import PUBLIC
from services.mail import outbox
from tests.projections.held_window import JOL_NAR, MENTAK, SOL, Window, WorkerFold

READ_MODELS = (SeatViews, Lobby, Analytics, SeatLines, Notices)
PER_MATCH = (  # what a rebuild of the read models empties, of the match's
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
    "seat_lines",
    "seat_lines_sealed",
    "notice_waiting",
)
SEATS = (SOL, MENTAK, JOL_NAR, PUBLIC)
_views = msgspec.json.Decoder(list[ViewNotice])


async def _project(
    pool: asyncpg.Pool, steps: Iterator[Folded], one_batch: bool = False
) -> list[set[int | None]]:
    """The steps through the read models, a batch each (or all in `one_batch`), each taking
    the steps a worker gives it: the eyes whose views each batch pushed."""
    pushed: list[set[int | None]] = []
    batches: list[Projection] = [model() for model in READ_MODELS]
    for step in steps:
        for batch in batches:
            if batch.takes(step):
                batch.take(step)
        if not one_batch:
            pushed.append(await _write(pool, batches))
            batches = [model() for model in READ_MODELS]
    if one_batch:
        pushed.append(await _write(pool, batches))
    return pushed


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
    """What each eyes reads of the match: seat views, the public view, the lobby row and each
    seat's deadline, the replay's views, analytics, the lines each eyes reads, and each seat's
    window notices."""
    views = await pool.fetch(
        "SELECT seat, seq, moved_seq, view::text, legal::text, turn FROM seat_views"
        " WHERE match_id = $1",
        match_id,
    )
    replays = await pool.fetch(
        "SELECT eyes, array_agg(seq ORDER BY seq) AS seqs, array_agg(view::text ORDER BY seq)"
        " AS views FROM replay_views WHERE match_id = $1 GROUP BY eyes",
        match_id,
    )
    shared = {
        "public": "SELECT seq, view::text FROM public_views WHERE match_id = $1",
        "lobby": "SELECT seq, last_activity, to_act, deadlines::text FROM lobby"
        " WHERE match_id = $1",
        "analytics": "SELECT entries, last_ms FROM analytics_matches WHERE match_id = $1",
    }
    notices = await pool.fetch(
        "SELECT seat, array_agg(upto_seq ORDER BY upto_seq) AS seqs FROM mail_outbox"
        " WHERE match_id = $1 AND kind = 'window' GROUP BY seat",
        match_id,
    )
    lines = {
        ("lines", eyes): await lines_between(pool, match_id, eyes, reader=eyes) for eyes in SEATS
    }
    return {
        **{r["seat"]: tuple(r) for r in views},
        **{("replay", r["eyes"]): (tuple(r["seqs"]), tuple(r["views"])) for r in replays},
        **{name: tuple(await pool.fetchrow(sql, match_id)) for name, sql in shared.items()},
        **{("window notices", r["seat"]): tuple(r["seqs"]) for r in notices},
        **lines,
    }


def _others(rows: dict[Any, Any], seat: int = MENTAK) -> dict[Any, Any]:
    """The rows every eyes but `seat`'s read."""
    own = (seat, ("replay", seat), ("lines", seat), ("window notices", seat))
    return {k: v for k, v in rows.items() if k not in own}


async def _with_mail(pool: asyncpg.Pool, match_id: str, *seats: int) -> None:
    for seat in seats:
        await pool.execute(
            "INSERT INTO mail_seats (match_id, seat, player, address, kinds, digest_s, remind_s,"
            " from_seq, told_seq) VALUES ($1, $2, $3, $4, '{turn}', 0, 0, 0, 0)",
            match_id,
            seat,
            f"p{seat}",
            f"p{seat}@mail.test",
        )


async def test_a_held_answer_moves_its_seats_view_alone_and_asks_it_no_more(
    pool: asyncpg.Pool,
) -> None:
    window = Window("held-quiet", "sabotage")  # asked: Mentak and Jol-Nar
    fold = WorkerFold(window)
    await _project(pool, fold.steps())
    opened = await _rows(pool, window.match_id)
    opening = window.last_seq
    assert opened[MENTAK][1] == opening and opened[MENTAK][4] != "[]"  # asked
    window.by_hand(MENTAK, sent_at_ms=60_000)
    assert window.last_seq == opening  # the answer took no number
    assert await _project(pool, fold.steps()) == [{MENTAK}]
    answered = await _rows(pool, window.match_id)
    assert _others(answered) == _others(opened)
    seq, _, view, _, turn = answered[MENTAK][1:]
    assert (seq, opened[MENTAK][5], turn) == (opening, "must", "chosen")  # asked no more
    assert view != opened[MENTAK][3]  # its own answer is in its view
    assert answered[("lines", MENTAK)] == opened[("lines", MENTAK)]  # no line of it yet
    assert answered[("replay", MENTAK)][0] == opened[("replay", MENTAK)][0]  # no new step
    assert answered[("replay", MENTAK)][1][-1] == view  # the step's view is its own now
    window.by_hand(JOL_NAR, sent_at_ms=120_000)  # the last answer: the window closes
    everyone = {SOL, MENTAK, JOL_NAR, None}
    assert await _project(pool, fold.steps()) == [everyone]
    closed = await _rows(pool, window.match_id)
    last = window.last_seq
    assert last > opening
    assert [closed[s][1] for s in (SOL, MENTAK, JOL_NAR)] == [last] * 3
    assert (closed["public"][0], closed["lobby"][0], closed["analytics"][0]) == (last,) * 3
    told = [line.line for line in closed[("lines", SOL)] if line.seq > opening]
    assert sum("window" in line for line in told) >= 1, told


async def test_the_rows_a_held_answer_left_are_those_a_rebuild_writes(
    pool: asyncpg.Pool,
) -> None:
    """Projected a decision a batch (live) or in one batch (a backlog, a rebuild), every eyes'
    rows are the same, before the window closes and after."""
    window = Window("held-rebuild", "sabotage")
    await _with_mail(pool, window.match_id, MENTAK, JOL_NAR)
    live = WorkerFold(window)
    await _project(pool, live.steps())
    window.by_hand(MENTAK, sent_at_ms=60_000)
    await _project(pool, live.steps())
    for closed in (False, True):
        if closed:
            window.by_hand(JOL_NAR, sent_at_ms=120_000)
            await _project(pool, live.steps())
        projected = await _rows(pool, window.match_id)
        for name in PER_MATCH:
            await pool.execute(f"DELETE FROM {name} WHERE match_id = $1", window.match_id)
        await _project(pool, WorkerFold(window).steps(), one_batch=True)
        assert await _rows(pool, window.match_id) == projected, closed


async def _opened(pool: asyncpg.Pool, jol_nar_holds: str) -> tuple[Window, dict[Any, Any], Any]:
    """Sol's Good Year opening the window, Mentak's and Jol-Nar's mail set, projected: the
    rows each eyes reads, and the pushes of the opening's batch."""
    window = Window(f"held-opening-{jol_nar_holds}", jol_nar_holds, seed="held-opening")
    await _with_mail(pool, window.match_id, MENTAK, JOL_NAR)
    pushed = await _project(pool, WorkerFold(window).steps())
    return window, await _rows(pool, window.match_id), pushed[-1]


async def test_a_window_one_seat_answered_at_once_opens_to_the_others_as_one_none_answered(
    pool: asyncpg.Pool,
) -> None:
    """Jol-Nar holds only a Plague: the judge answers for him in the batch that opened the
    window, held. The numbered record, and every other eyes' rows (views and their entry,
    pushes, the public view, the lobby's progress, the replay's views, analytics, lines,
    Mentak's window notice) are those of a window no seat has answered yet, as when Jol-Nar
    holds a Sabotage to weigh; his own view alone holds his answer, and no notice asks him."""
    answered, answered_rows, answered_push = await _opened(pool, "plague")
    weighing, weighing_rows, weighing_push = await _opened(pool, "sabotage")
    assert any(e.held for e in answered.entries) and not any(e.held for e in weighing.entries)
    numbered = [
        [(e.seq, type(e.body)) for e in w.entries if not e.held] for w in (answered, weighing)
    ]
    assert numbered[0] == numbered[1]
    assert _others(answered_rows, JOL_NAR) == _others(weighing_rows, JOL_NAR)
    assert answered_push == weighing_push
    assert answered_rows[("window notices", MENTAK)] == (weighing.last_seq,)
    assert ("window notices", JOL_NAR) not in answered_rows  # answered: not asked
    assert weighing_rows[("window notices", JOL_NAR)] == (weighing.last_seq,)
    assert (answered_rows[JOL_NAR][5], weighing_rows[JOL_NAR][5]) == ("chosen", "must")
    assert answered_rows[JOL_NAR][1] == weighing_rows[JOL_NAR][1]  # the same entry


async def test_a_window_reminds_only_the_seats_that_have_not_answered(pool: asyncpg.Pool) -> None:
    """SL-28: a seat that answered keeps its deadline (the others' record reads the same), but
    its own reminder would ask it for an answer it gave: only Jol-Nar, still weighing his
    Sabotage, is reminded."""
    window = Window("held-reminded", "sabotage", Clock(per_decision_s=86400, window_s=7200))
    window.by_hand(MENTAK, sent_at_ms=60_000)
    await _project(pool, WorkerFold(window).steps())
    for seat in (MENTAK, JOL_NAR):
        await pool.execute(
            "INSERT INTO mail_seats (match_id, seat, player, address, kinds, digest_s, remind_s,"
            " from_seq, told_seq) VALUES ($1, $2, $3, $4, '{reminder}', 0, 172800, 0, 0)",
            window.match_id,
            seat,
            f"p{seat}",
            f"p{seat}@mail.test",
        )
    due = await pool.fetch(
        "SELECT seat, due_ms FROM deadlines WHERE match_id = $1", window.match_id
    )
    assert {r["seat"] for r in due} == {MENTAK, JOL_NAR}  # both keep their deadline
    await outbox.remind(pool, min(r["due_ms"] for r in due) - 1000)
    reminded = await pool.fetch(
        "SELECT seat FROM mail_outbox WHERE match_id = $1 AND kind = 'reminder'",
        window.match_id,
    )
    assert [r["seat"] for r in reminded] == [JOL_NAR]
