"""Forks from the replay page (`events.forks`): at each step, whoever may fork the match there
(anyone once it has ended; a seat of a running match, signed in as that seat, from its own
view) forks it after that entry, each seat of the fork left open or given to a bot of a level.
A plain form posted from our own pages with the form's token, asked as the API asks it
(`services.gateway.forks.ask`); the replay step then links the fork once the bots worker has
made it, and the lobby row where its open seats are joined."""

from typing import Any

import msgspec
from litestar import Request, post
from litestar.response import Redirect

from events.ruleset import get_ruleset
from services.gateway import api, forks, matches, reads
from services.gateway.access import Access
from services.gateway.context import Context, context
from services.gateway.params import EntryNumber, MatchId
from services.web import live, session

OPEN = "open"  # a fork's seat left for a person to join


class Forking(msgspec.Struct, frozen=True):
    """What the replay step shows of forks: the form's token and bot levels where the viewer may
    fork here, and the fork just asked from this page, once asked."""

    csrf: str | None  # None: this viewer may not fork the match
    bots: list[str]
    forked: str | None = None  # the fork asked from this page
    forked_path: str = ""  # its pages
    made: bool = False  # the lobby lists it: its seats may be joined


async def forking(
    ctx: Context, access: Access, row: dict[str, Any], eyes: int | None, forked: str | None
) -> Forking:
    """Whether the viewer of a replay step may fork there (anyone once the match has ended; a
    seat of a running match from its own view), and the fork it asked, if it is this match's."""
    may = forks.ended(row) or eyes is not None
    made = await reads.match(ctx.pool, forked) if forked else None
    return Forking(
        csrf=session.csrf_token(access.token or "") if may else None,
        bots=list(get_ruleset(row["game"]).bots),
        forked=forked,
        forked_path=session.match_path(forked) if forked else "",
        made=made is not None and made["fork_of"] == row["match_id"],
    )


@post("/matches/{match_id:str}/replay/{k:int}/fork")
async def fork(request: Request, match_id: MatchId, k: EntryNumber) -> Redirect:
    """A practice match forked after entry `k`, its seats open or bots as the form chose."""
    access = await session.access(request)
    form = await request.form()
    session.check_post(request, form.get("csrf"), access.token)
    ctx = context(request)
    row = await matches.lobby_row(ctx, match_id)
    seat = None if forks.ended(row) else (await access.acts_for(match_id)).seat
    wanted = _wanted(k, row["seats"], {key: str(value) for key, value in form.items()})
    asked = await forks.ask(ctx.pool, row, seat, wanted)
    await live.listed(ctx, asked.match_id)
    return Redirect(f"{session.match_path(match_id)}/replay/{k}?forked={asked.match_id}")


def _wanted(k: int, seats: int, form: dict[str, str]) -> api.NewFork:
    chosen = {seat: form.get(f"seat-{seat}", OPEN) for seat in range(seats)}
    bots = [{"seat": seat, "bot": bot} for seat, bot in chosen.items() if bot != OPEN]
    try:
        return msgspec.convert({"at": k, "bots": bots}, api.NewFork)
    except msgspec.ValidationError as error:
        raise matches.unprocessable(f"fork: {error}") from None


HANDLERS = [fork]
