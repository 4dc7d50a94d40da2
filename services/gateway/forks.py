"""Forks over HTTP (`events.forks`): anyone forks an ended match, a seat forks the running match
it plays as it sees it. The gateway only checks and writes the request: the bots worker, which
may fold a running match, deals the fork's state and opens it as a match like any other."""

import msgspec
from litestar import Request, post
from litestar.status_codes import HTTP_202_ACCEPTED

from events import forks
from events.ruleset import get_ruleset
from services.gateway import api, docs, matches
from services.gateway.access import Access
from services.gateway.context import context
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
    over = row["status"] == "finished"
    seat = None if over else (await (await Access.of(request)).acts_for(match_id)).seat
    if (why := forks.refusal(over, seat, data.at, row["seq"])) is not None:
        raise matches.unprocessable(why)
    ruleset = get_ruleset(row["game"])
    for bot in data.bots:
        if bot.seat >= row["seats"] or bot.bot not in ruleset.bots:
            raise matches.unprocessable(
                f"no bot {bot.bot!r} for seat {bot.seat}; bots: {', '.join(ruleset.bots)}"
            )
    fork_id = ctx.new_match_id()
    async with ctx.pool.acquire() as conn, conn.transaction():
        await conn.execute(
            "INSERT INTO fork_requests (fork_id, match_id, seq, seat, bots)"
            " VALUES ($1, $2, $3, $4, $5)",
            fork_id,
            match_id,
            data.at,
            seat,
            msgspec.json.encode(data.bots).decode(),
        )
        await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, fork_id)
    return api.ForkAsked(fork_id, match_id, data.at, seat)


HANDLERS = [fork]
