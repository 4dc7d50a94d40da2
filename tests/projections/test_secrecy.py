"""Hidden information stays hidden: no stored seat view ever shows another seat's hand, and
no row shows a match's seed before the match reveals it."""

import json
from typing import Any

import asyncpg

from projections.archive import Archive
from projections.audit import Audit
from projections.seat_views import SeatViews
from tests.projections.support import project, steps_of


async def test_no_stored_seat_view_ever_holds_another_seats_hand(pool: asyncpg.Pool) -> None:
    checked = 0
    for step in steps_of([("two", 2, "h2"), ("three", 3, "h3"), ("four", 4, "h4")]):
        await project(pool, SeatViews, step)
        match = step.match
        if match.state is None:
            continue
        rows = await pool.fetch(
            "SELECT seat, view FROM seat_views WHERE match_id = $1", match.match_id
        )
        for row in rows:
            view: dict[str, Any] = json.loads(row["view"])
            own = match.state.players[row["seat"]]
            assert view["hand"] == list(own.hand) and view["discard"] == list(own.discard)
            for seat, player in enumerate(match.state.players):
                shown = set(view["hand"]) | set(view["discard"])
                if seat != row["seat"]:
                    assert not shown & (set(player.hand) | set(player.draw))
                assert not {"hand", "draw", "discard"} & set(view["players"][seat])
            checked += 1
    assert checked > 1000  # every seat of every stored version of three matches


SEED = 'the "secret" seed\\é'  # JSON escapes it: sealing and unsealing must not care


async def test_the_seed_is_sealed_until_the_match_reveals_it(pool: asyncpg.Pool) -> None:
    """The seed has one place on the log, `match.created`; no stored body or ruling shows it
    while the match runs, and the archive gives it back once the match reveals it."""
    escaped = json.dumps(SEED, ensure_ascii=False)[1:-1]
    sealed_rows = set()
    for step in steps_of([("secret", 3, SEED)]):
        for projection in (Archive, Audit):
            await project(pool, projection, step)
        text = await pool.fetchval(
            "SELECT string_agg(body::text, '') FROM archive WHERE match_id = 'secret'"
        ) + await pool.fetchval("SELECT string_agg(asked::text, '') FROM audit")
        if not step.match.over:
            assert escaped not in text
            sealed_rows |= {
                r["seq"] for r in await pool.fetch("SELECT seq FROM archive WHERE sealed")
            }
    assert sealed_rows == {1}  # match.created
    created = await pool.fetchval("SELECT body FROM archive WHERE seq = 1")
    assert json.loads(created)["seed"] == SEED
    assert await pool.fetchval("SELECT count(*) FROM archive WHERE sealed") == 0
