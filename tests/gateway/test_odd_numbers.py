"""Numbers as nobody types them, from anyone: infinity for hours on the organiser's form, a
superscript two (`'²'.isdigit()` is true, `int('²')` fails) as an entry or a stream's
Last-Event-ID. Each is a plain refusal, or ignored where a number is only a hint; none is a
server error, and the organiser's form checks the organiser before it reads a field."""

import asyncpg
import httpx

from services.gateway import tokens
from services.web.session import csrf_token
from tests.gateway.test_security import _join, _open
from tests.stack import Stack

TWO = "\u00b2"


async def test_infinite_hours_on_the_organiser_form_are_refused_and_strangers_learn_nothing(
    gateway: str, pool: asyncpg.Pool
) -> None:
    extend = "/web/matches/m-any/organise/extend"
    own = {"origin": gateway}
    async with httpx.AsyncClient(base_url=gateway, timeout=10) as http:
        for hours in ("inf", "-inf", "1e308", "nan", "²"):
            stranger = await http.post(extend, data={"hours": hours, "seat": "0"}, headers=own)
            assert stranger.status_code == 401, (hours, stranger.text)  # who, before what
        token = await tokens.issue(pool, tokens.Bearer(kind="organiser"))
        http.cookies.set("organiser", token, path="/web")
        for hours in ("inf", "-inf", "1e308", "nan", "²"):
            form = {"hours": hours, "seat": "0", "csrf": csrf_token(token)}
            refused = await http.post(extend, data=form, headers=own)
            assert refused.status_code == 422, (hours, refused.text)
        invite = "/web/matches/m-any/organise/invite"
        form = {"days": "inf", "seat": "0", "csrf": csrf_token(token)}
        assert (await http.post(invite, data=form, headers=own)).status_code == 422


async def test_a_superscript_entry_or_last_event_id_is_no_number_and_no_server_error(
    shared_stack: Stack,
) -> None:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as http:
        match_id = await _open(http, shared_stack)
        me = await _join(http, match_id, 0)
        web = f"/web/matches/{match_id}"
        for query in ({"entry": TWO}, {"round": TWO}, {"entry": f"1{TWO}", "round": "1"}):
            jump = await http.get(f"{web}/replay", params=query)
            assert jump.status_code in (302, 303, 404), (query, jump.text)
        told = {"last-event-id": TWO.encode("latin-1")}  # as servers read header bytes
        async with http.stream("GET", f"{web}/watch/stream", headers=told) as watching:
            assert watching.status_code == 200
        async with http.stream("GET", f"/matches/{match_id}/stream", headers=me | told) as mine:
            assert mine.status_code == 200
            assert "event: view" in await anext(mine.aiter_text())  # told from the start
