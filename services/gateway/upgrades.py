"""Moving a running match to another version of its game over HTTP (SL-26, `events.upgrades`):
the organiser names the version; the gateway checks it and writes the request, and the bots
worker (which may read a running match's whole log, the gateway may not) re-judges the match
under it and sends the move under the decision id answered here, naming where the first
decision that version judges otherwise begins. The judge refuses the move if the match moved on
meanwhile, so the organiser asks again."""

import uuid

import asyncpg
from litestar import Request, post
from litestar.status_codes import HTTP_202_ACCEPTED

from events.ruleset import UnknownRuleset, get_ruleset, versions
from events.upgrades import newer
from services.gateway import api, docs, matches
from services.gateway.access import Access
from services.gateway.context import Context, context
from services.gateway.params import MatchId

CHANNEL = "upgrades"  # NOTIFY'd with the move's decision id when one is asked for


async def move(ctx: Context, match_id: str, version: str) -> str:
    """Ask for the move of the match to `version`; the id of the decision the bots worker will
    send. The caller has checked the organiser."""
    row = await matches.lobby_row(ctx, match_id)
    await matches.still_playing(ctx, match_id)
    try:
        get_ruleset(row["game"], version)
    except UnknownRuleset as error:
        raise matches.unprocessable(str(error)) from None
    decision_id = f"upgrade-{uuid.uuid4().hex}"
    async with ctx.pool.acquire() as conn, conn.transaction():
        await conn.execute(
            "INSERT INTO upgrade_requests (decision_id, match_id, version) VALUES ($1, $2, $3)",
            decision_id,
            match_id,
            version,
        )
        await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, decision_id)
    return decision_id


async def newer_versions(pool: asyncpg.Pool, match_id: str, game: str) -> tuple[str, list[str]]:
    """The version the match is judged by (its latest entry's), and the newer ones kept here."""
    played = await pool.fetchval(
        "SELECT ruleset_version FROM archive WHERE match_id = $1 ORDER BY seq DESC LIMIT 1",
        match_id,
    )
    if played is None:
        return "", []
    try:
        return played, newer(versions(game), played)
    except UnknownRuleset:
        return played, []


@post(
    "/matches/{match_id:str}/upgrade",
    status_code=HTTP_202_ACCEPTED,
    summary="Move a running match to another version of its game (organiser): set back to"
    " before the first decision that version judges otherwise, if any, then judged by it"
    " (SL-26); the move's ruling answers under the decision id returned",
    security=docs.TOKEN,
)
async def upgrade(request: Request, match_id: MatchId, data: api.NewVersion) -> api.Submitted:
    await (await Access.of(request)).organiser()
    return api.Submitted(await move(context(request), match_id, data.version))


HANDLERS = [upgrade]
