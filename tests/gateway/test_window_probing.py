"""Asking for entries by number tells no one that a window answer came before its reveal: past
the last entry a reader heard of, `explain` and a running match's replay step answer as for an
entry the match does not hold (the same status, the same words), while the answering seat
reads its own. Twilight Imperium 3's Sabotage window: Mentak has answered by hand, Jol-Nar
still weighs, through the gateway's own handlers on the rows the workers write."""

from collections.abc import AsyncIterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.exceptions import HTTPException
from litestar.testing import RequestFactory

from events.envelope import Ruling, SeatClaimed
from services import db
from services.gateway import app, tokens
from services.gateway.context import Context
from services.settings import Settings
from tests.projections.test_window_answer_kept import projected
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL
from tests.twilight_imperium_3.test_sealed_window_secrecy import _by_hand, _window


@pytest.fixture
async def ctx(own_database: str) -> AsyncIterator[Context]:
    """The gateway's context on a migrated database of its own (no broker: nothing is sent)."""
    ctx = Context(Settings(database_url=own_database))
    ctx.pool = await db.connect(own_database, size=2)
    await db.migrate(ctx.pool)
    yield ctx
    await ctx.pool.close()


async def _seat_tokens(ctx: Context, table: Any) -> dict[int, str]:
    """A token of each seat, for the claim the table sent (as `join` issues it)."""
    claims = {e.body.seat: e for e in table.entries if isinstance(e.body, SeatClaimed)}
    return {
        seat: await tokens.issue(
            ctx.pool,
            tokens.Bearer(
                kind="seat",
                match_id=table.match_id,
                seat=seat,
                player=claim.body.player,
                claim_decision_id=claim.decision_id,
            ),
        )
        for seat, claim in claims.items()
    }


async def test_an_unrevealed_window_answer_is_no_entry_to_those_who_did_not_hear_of_it(
    ctx: Context,
) -> None:
    table, state = _window("probing", "sabotage")  # asked: Mentak and Jol-Nar
    _by_hand(table, MENTAK, sent_at_ms=60_000)
    await projected(ctx.pool, table, state)
    [answer] = [
        e.seq for e in table.entries if isinstance(e.body, Ruling) and e.sealed_seat == MENTAK
    ]
    beyond = table.entries[-1].seq + 10  # no entry of the match
    seats = await _seat_tokens(ctx, table)
    organiser = await tokens.issue(ctx.pool, tokens.Bearer(kind="organiser"))
    gateway = Litestar(route_handlers=[], state=ctx.as_state())

    async def asked(handler: Any, k: int, token: str | None) -> tuple[int, str]:
        """The status and words of the handler's answer about entry `k` to this token."""
        headers = {} if token is None else {"authorization": f"Bearer {token}"}
        request = RequestFactory(app=gateway).get("/", headers=headers)
        try:
            await handler.fn(request, table.match_id, k)
        except HTTPException as refused:
            return refused.status_code, refused.detail
        return 200, ""

    explain, replay = app.explain, app.replay_step
    for token in (seats[SOL], seats[JOL_NAR], organiser, None):
        no_step = f"match {table.match_id!r} has no step"
        assert await asked(replay, answer, token) == (404, f"{no_step} {answer}")
        assert await asked(replay, beyond, token) == (404, f"{no_step} {beyond}")
        if token is None:
            continue  # explain asks a token first
        no_entry = f"match {table.match_id!r} has no entry"
        assert await asked(explain, answer, token) == (404, f"{no_entry} {answer}")
        assert await asked(explain, beyond, token) == (404, f"{no_entry} {beyond}")
    for handler in (explain, replay):
        assert await asked(handler, answer, seats[MENTAK]) == (200, "")  # its own answer


async def test_an_answer_the_judge_wrote_as_the_window_opened_is_no_entry_to_the_others(
    ctx: Context,
) -> None:
    """Jol-Nar holds only a Plague: the judge answers for him in the batch of Sol's Good Year.
    Asked for by number, his answer is no entry to the others until the reveal, as if the window
    had opened with no answer in it."""
    table, state = _window("probing-opening", "plague")
    await projected(ctx.pool, table, state)
    [answer] = [
        e.seq for e in table.entries if isinstance(e.body, Ruling) and e.sealed_seat == JOL_NAR
    ]
    seats = await _seat_tokens(ctx, table)
    organiser = await tokens.issue(ctx.pool, tokens.Bearer(kind="organiser"))
    gateway = Litestar(route_handlers=[], state=ctx.as_state())

    async def asked(handler: Any, token: str) -> tuple[int, str]:
        request = RequestFactory(app=gateway).get("/", headers={"authorization": f"Bearer {token}"})
        try:
            await handler.fn(request, table.match_id, answer)
        except HTTPException as refused:
            return refused.status_code, refused.detail
        return 200, ""

    for token in (seats[SOL], seats[MENTAK], organiser):
        assert await asked(app.replay_step, token) == (
            404,
            f"match {table.match_id!r} has no step {answer}",
        )
        assert await asked(app.explain, token) == (
            404,
            f"match {table.match_id!r} has no entry {answer}",
        )
    for handler in (app.explain, app.replay_step):
        assert await asked(handler, seats[JOL_NAR]) == (200, "")  # his own answer
