"""Forks over HTTP (`events.forks`): anyone forks an ended match, a seat forks the running match
it plays as it sees it. The gateway only checks and writes the request: the bots worker, which
may fold a running match, deals the fork's state and opens it as a match like any other. The
web page's and the mail's forks are asked through `ask` too."""

from typing import Any

import asyncpg
import msgspec
from litestar import Request, post
from litestar.status_codes import HTTP_202_ACCEPTED

from events import forks
from events.ruleset import get_ruleset
from services.gateway import api, docs, matches
from services.gateway.access import Access
from services.gateway.context import context, new_match_id
from services.gateway.params import MatchId

CHANNEL = "forks"  # NOTIFY'd with the fork's id when one is asked for


@post(
    "/matches/{match_id:str}/forks",
    status_code=HTTP_202_ACCEPTED,
    summary="Fork a match after an entry into a practice match: anyone once it has ended, a"
    " seat of a running one as it sees it (what is hidden from it dealt anew); never rated",
    security=docs.TOKEN_OPTIONAL,
)
async def fork(request: Request, match_id: MatchId, data: api.NewFork) -> api.ForkAsked:
    ctx = context(request)
    row = await matches.lobby_row(ctx, match_id)
    seat = None if ended(row) else (await (await Access.of(request)).acts_for(match_id)).seat
    return await ask(ctx.pool, row, seat, data)


def ended(row: dict[str, Any]) -> bool:
    """Whether anyone may fork the match of this lobby row (else only its seats)."""
    return bool(row["status"] == "finished")


async def ask(
    pool: asyncpg.Pool, row: dict[str, Any], seat: int | None, wanted: api.NewFork
) -> api.ForkAsked:
    """Check the fork asked of the match of lobby row `row` by `seat` (None: anyone, of an
    ended match) and write its request for the bots worker; 422 with why it may not be made."""
    if (why := forks.refusal(ended(row), seat, wanted.at, row["seq"])) is not None:
        raise matches.unprocessable(why)
    ruleset = get_ruleset(row["game"])
    for bot in wanted.bots:
        if bot.seat >= row["seats"] or bot.bot not in ruleset.bots:
            raise matches.unprocessable(
                f"no bot {bot.bot!r} for seat {bot.seat}; bots: {', '.join(ruleset.bots)}"
            )
    fork_id = new_match_id()
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute(
            "INSERT INTO fork_requests (fork_id, match_id, seq, seat, bots)"
            " VALUES ($1, $2, $3, $4, $5)",
            fork_id,
            row["match_id"],
            wanted.at,
            seat,
            msgspec.json.encode(wanted.bots).decode(),
        )
        await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, fork_id)
    return api.ForkAsked(fork_id, row["match_id"], wanted.at, seat)


HANDLERS = [fork]
