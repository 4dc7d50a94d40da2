"""Messages on the pages: the seat page's panel (what the seat may read, unread marked, written
to everyone or to chosen seats, other seats muted) and the watch page's public messages. Read
and written through the gateway's own functions (`services.gateway.messages`), so the match's
rules and who may read what are decided where they are for every face."""

import msgspec
from litestar import Request, Response, post
from litestar.exceptions import HTTPException
from litestar.response import Redirect

from events.messages import MessageRules, rules_words
from services.gateway import api
from services.gateway import messages as gateway_messages
from services.gateway.access import Access
from services.gateway.context import Context, context
from services.gateway.params import MatchId, whole_number
from services.web import session


class Talk(msgspec.Struct, frozen=True):
    """A match's messages as one page shows them, newest first."""

    rules: MessageRules
    words: str  # the rules in a line
    messages: list[api.MessageRead]
    muted: list[int]
    read_upto: int  # the last message the seat had read when its page was loaded

    @property
    def shown(self) -> bool:
        return self.rules.allowed != "none" or bool(self.messages)


async def seat_talk(
    ctx: Context, access: Access, match_id: str, seat: int, read_upto: int | None = None
) -> Talk:
    """What the seat may read, those after `read_upto` (None: its last mark) marked unread;
    the page now shows them all, so they count as read from here on."""
    found = await gateway_messages.read(ctx, access, match_id)
    if read_upto is None:
        read_upto = await gateway_messages.read_upto(ctx, match_id, seat)
    shown = [
        msgspec.structs.replace(m, unread=m.seq > read_upto and m.writer_seat != seat)
        for m in found.messages
    ]
    if shown:
        await gateway_messages.mark_read(ctx, match_id, seat, shown[-1].seq)
    return Talk(found.rules, rules_words(found.rules), shown[::-1], found.muted, read_upto)


async def public_talk(ctx: Context, match_id: str) -> Talk:
    """The messages to everyone, as anyone reads them."""
    rules = await gateway_messages.rules_of(ctx, match_id)
    found = await gateway_messages.read(ctx, Access(ctx, None, None), match_id)
    return Talk(rules, rules_words(rules), found.messages[::-1], [], 2**31 - 1)


def _wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


def _seat_page(match_id: str) -> str:
    return f"{session.match_path(match_id)}/seat#messages"


@post("/matches/{match_id:str}/messages")
async def write(request: Request, match_id: MatchId) -> Response[object]:
    """Write to every seat, or privately to the seats ticked, as the cookie's seat."""
    access, _ = await session.seat(request, match_id, deciding=True)
    form = await request.form()
    session.check_post(request, form.get("csrf"), access.token)
    text = str(form.get("text", "")).replace("\r\n", "\n")  # a form's newlines are CRLF
    to = [whole_number(str(seat)) for seat in form.getall("to", [])]
    fields = {"text": text, "to": to, "signed": form.get("unsigned") is None}
    try:
        message = msgspec.convert(fields, api.Message)
    except msgspec.ValidationError as error:
        raise HTTPException(status_code=422, detail=f"message: {error}") from None
    decision_id = await gateway_messages.write(context(request), access, match_id, message)
    if _wants_json(request):
        return Response(api.Submitted(decision_id), status_code=202)
    return Redirect(_seat_page(match_id))


@post("/matches/{match_id:str}/mutes")
async def mute(request: Request, match_id: MatchId) -> Redirect:
    """Mute a seat (`mute`), or read it again (`unmute`), for the cookie's seat alone."""
    access, _ = await session.seat(request, match_id)
    form = await request.form()
    session.check_post(request, form.get("csrf"), access.token)
    muting = form.get("mute") is not None
    other = whole_number(str(form.get("mute" if muting else "unmute", "")))
    if other is None:
        raise HTTPException(status_code=422, detail="mute: which seat?")
    await gateway_messages.mute(context(request), access, match_id, other, muting)
    return Redirect(_seat_page(match_id))


HANDLERS = [write, mute]
