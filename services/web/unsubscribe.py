"""One-click unsubscribe (RFC 8058) from a seat's notice mails: the mail's List-Unsubscribe
address carries `unsubscribe_key` of the seat's reply token. A GET shows what it stops and a
button (a link checker or preview that fetches it stops nothing); the POST, from that button
or the reader's mail program, stops everything to that address for the seat: its mail is
forgotten (notices, answers and its reply address), as after "unsubscribe" by mail."""

from typing import Annotated, Any

from litestar import Request, Response, get, post
from litestar.exceptions import NotFoundException
from litestar.params import Parameter

from services.gateway.context import context
from services.gateway.mail import forget_seat
from services.mail.addresses import UNSUBSCRIBE
from services.web.jinja import render

Key = Annotated[str, Parameter(pattern="^[0-9a-f]{40}$")]
# as migration 0126's index has it, so the index finds the seat
_FOUND = f"left(encode(sha256(('{UNSUBSCRIBE}' || token)::bytea), 'hex'), 40) = $1"


async def _seat(request: Request, key: str) -> dict[str, Any]:
    row = await context(request).pool.fetchrow(
        f"SELECT match_id, seat, kinds FROM mail_seats WHERE {_FOUND}", key
    )
    if row is None:
        raise NotFoundException("this unsubscribe address is unknown (its seat's mail was reset)")
    return dict(row)


@get("/unsubscribe/{key:str}")
async def confirm(request: Request, key: Key) -> Response[str]:
    found = await _seat(request, key)
    page = render("unsubscribe.html", title="Unsubscribe", found=found, stopped=False)
    return Response(page, media_type="text/html")


@post("/unsubscribe/{key:str}", status_code=200)
async def unsubscribe(request: Request, key: Key) -> Response[str]:
    found = await _seat(request, key)
    await forget_seat(context(request).pool, found["match_id"], found["seat"])
    page = render("unsubscribe.html", title="Unsubscribed", found=found, stopped=True)
    return Response(page, media_type="text/html")


HANDLERS = [confirm, unsubscribe]
