"""Moving a running match to another version of its game over HTTP (SL-26, `events.upgrades`):
the organiser names the version; the gateway re-judges the match's whole log under it (off the
event loop, one match at a time, as the replay's verify does) to find where the first decision
that version judges otherwise begins, and sends the move naming it. The organiser's act alone:
the one time a gateway reads a running match's seed, kept in no reply; the judge refuses the
move if the match moved on meanwhile, so the organiser asks again."""

import asyncio

import asyncpg
from litestar import Request, post
from litestar.exceptions import HTTPException
from litestar.status_codes import HTTP_202_ACCEPTED

from events.match import ContentChanged
from events.platform_rules import ORGANISER
from events.ruleset import UnknownRuleset, get_ruleset, versions
from events.upgrades import Upgrade, newer
from projections import replay
from services.gateway import api, docs, matches
from services.gateway.access import Access
from services.gateway.context import Context, context
from services.gateway.params import MatchId
from services.rules import rejudge

_one_at_a_time = asyncio.Lock()  # re-judging a whole match is CPU work


async def move(ctx: Context, match_id: str, version: str) -> tuple[str, Upgrade]:
    """Send the move of the match to `version`, as re-judging its log under it finds it; the
    decision's id and the move. The caller has checked the organiser."""
    row = await matches.lobby_row(ctx, match_id)
    await matches.still_playing(ctx, match_id)
    try:
        get_ruleset(row["game"], version)
    except UnknownRuleset as error:
        raise matches.unprocessable(str(error)) from None
    entries = await replay.entries(ctx.pool, match_id)
    if not entries or entries[-1].seq < row["seq"]:
        raise HTTPException(status_code=503, detail="the replay has not caught up: ask again")
    async with _one_at_a_time:
        try:
            found = await asyncio.to_thread(rejudge.upgrade, match_id, entries, version)
        except (rejudge.Unverifiable, ContentChanged) as error:
            raise matches.unprocessable(str(error)) from None
    return await ctx.submitter.submit(match_id, None, found, sender=ORGANISER), found


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
    " before the first decision that version judges otherwise, if any, then judged by it (SL-26)",
    security=docs.TOKEN,
)
async def upgrade(request: Request, match_id: MatchId, data: api.NewVersion) -> api.Upgrading:
    await (await Access.of(request)).organiser()
    decision_id, found = await move(context(request), match_id, data.version)
    return api.Upgrading(decision_id, found.version, found.checked, found.first)


HANDLERS = [upgrade]
