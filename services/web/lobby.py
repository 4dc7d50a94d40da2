"""The lobby (`/web/`): every match in a compact table, filtered by game, status, open seats and
the browser's own, searched by match id or player, a page at a time, latest activity first;
each row tells who plays, who must act and by when, or how it ended."""

from typing import Annotated
from urllib.parse import urlencode

from litestar import Request, Response, get
from litestar.params import Parameter

from events.messages import NO_MESSAGES, rules_words
from events.narration import seat_names
from events.ruleset import rulesets_default_first
from services.gateway import reads
from services.gateway.context import context
from services.web import me, session
from services.web.jinja import render

PAGE_ROWS = 25
STATUSES = {"waiting": "open for players", "in_progress": "in progress", "finished": "finished"}
Words = Annotated[str, Parameter(max_length=60)]


async def _mine(request: Request) -> set[str]:
    """The matches this browser holds a seat of: its player's, and those it joined itself."""
    found = set(session.held(request))
    player = await me.signed_in(request)
    if player is not None:
        seats = await context(request).player_seats(player[1].player_id or "")
        found |= {seat.match_id for seat in seats if seat.match_id}
    return found


@get("/")
async def lobby(
    request: Request,
    game: Words = "",
    status: Words = "",
    open_seats: Annotated[bool, Parameter(query="open")] = False,
    mine: bool = False,
    q: Words = "",
    page: Annotated[int, Parameter(ge=1, le=10_000)] = 1,
) -> Response[str]:
    mine_ids = await _mine(request)
    wanted = reads.LobbyFilter(
        game=game,
        status=status if status in STATUSES else "",
        open_seats=open_seats,
        match_ids=sorted(mine_ids) if mine else None,
        search=q.strip(),
    )
    rows, total = await reads.lobby_page(
        context(request).pool, wanted, (page - 1) * PAGE_ROWS, PAGE_ROWS
    )
    asked = {"game": game, "status": status, "open": "1" * open_seats, "mine": "1" * mine, "q": q}
    asked = {k: v for k, v in asked.items() if v}

    def page_link(n: int) -> str:
        return f"{session.PREFIX}/?" + urlencode({**asked, "page": n} if n > 1 else asked)

    talk = await reads.message_rules(context(request).pool, [row["match_id"] for row in rows])
    for row in rows:
        row["talk"] = rules_words(talk.get(row["match_id"], NO_MESSAGES))
        names = seat_names(row["players"])
        row["acting"] = [names[s] for s in row["to_act"] or []]
        row["won_by"] = [names[s] for s in row["winners"] or []]
    player = await me.signed_in(request)
    page_html = render(
        "lobby.html",
        title="Lobby",
        rows=rows,
        total=total,
        page=page,
        pages=max(1, -(-total // PAGE_ROWS)),
        page_link=page_link,
        wanted=wanted,
        asked=asked,
        mine=mine,
        games=[g.name for g in rulesets_default_first()],
        statuses=STATUSES,
        mine_ids=mine_ids,
        path=session.match_path,
        player_name=player[1].player if player else None,
    )
    return Response(page_html, media_type="text/html")


HANDLERS = [lobby]
