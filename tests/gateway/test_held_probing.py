"""Asking for entries by number tells no one that a seat answered a sealed window: its answer
is held (SL-28) and takes no number, so every reader, the answering seat too, finds the same
entries (the entry past the last the same "no entry" as any), while the answering seat alone
reads the ruling on its answer. Twilight Imperium 3's Sabotage window: Mentak has answered by
hand, Jol-Nar (holding only a Plague) was answered for by the judge at once; through the
gateway's own handlers on the rows the workers write."""

from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest
from litestar import Litestar
from litestar.exceptions import HTTPException
from litestar.testing import RequestFactory

from events.envelope import SeatClaimed
from services import db
from services.gateway import app, tokens
from services.gateway.context import Context
from services.settings import Settings
from tests.projections.held_window import JOL_NAR, MENTAK, SOL, Window, WorkerFold
from tests.projections.support import project
from tests.projections.test_held_truth import READ_MODELS


@pytest.fixture
async def ctx(own_database: str) -> AsyncIterator[Context]:
    """The gateway's context on a migrated database of its own (no broker: nothing is sent)."""
    ctx = Context(Settings(database_url=own_database))
    ctx.pool = await db.connect(own_database, size=2)
    await db.migrate(ctx.pool)
    yield ctx
    await ctx.pool.close()


async def _seat_tokens(ctx: Context, table: Window) -> dict[int, str]:
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


async def test_a_held_answer_is_no_entry_and_its_ruling_its_seats_alone(ctx: Context) -> None:
    window = Window("probing", "plague")  # asked: Mentak, and Jol-Nar answered for at once
    decision_id = f"{window.match_id}:answer of {MENTAK}"
    window.by_hand(MENTAK, sent_at_ms=60_000)
    for step in WorkerFold(window).steps():
        for model in READ_MODELS:
            if model.takes(step):
                await project(ctx.pool, model, step)
    last = window.last_seq  # the window's opening: no answer took a number
    seats = await _seat_tokens(ctx, window)
    organiser = await tokens.issue(ctx.pool, tokens.Bearer(kind="organiser"))
    gateway = Litestar(route_handlers=[], state=ctx.as_state())

    async def asked(handler: Any, token: str | None, *args: Any) -> tuple[int, Any]:
        """The status and words (or reply) of the handler's answer to this token."""
        headers = {} if token is None else {"authorization": f"Bearer {token}"}
        request = RequestFactory(app=gateway).get("/", headers=headers)
        try:
            return 200, await handler.fn(request, window.match_id, *args)
        except HTTPException as refused:
            return refused.status_code, refused.detail

    for token in (*seats.values(), organiser):
        no_step = f"match {window.match_id!r} has no step {last + 1}"
        assert await asked(app.replay_step, token, last + 1) == (404, no_step)
        no_entry = f"match {window.match_id!r} has no entry {last + 1}"
        assert await asked(app.explain, token, last + 1) == (404, no_entry)

    async def ruled(token: str, decision: str, seat: int | None) -> tuple[int, Any]:
        status, reply = await asked(app.ruling, token, decision, seat)
        return status, reply if status != 200 else msgspec.structs.replace(reply, decision_id="")

    for token in (seats[SOL], seats[JOL_NAR], organiser):  # as for a decision never sent
        for seat in (MENTAK, None):
            unknown = await ruled(token, "never sent", seat)
            assert await ruled(token, decision_id, seat) == unknown, (token, seat)
    status, ruling = await asked(app.ruling, seats[MENTAK], decision_id, None)
    assert (status, ruling.status, ruling.held) == (200, "accepted", True)
    assert (ruling.first_seq, ruling.last_seq) == (None, None)
