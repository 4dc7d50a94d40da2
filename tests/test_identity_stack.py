"""Players, invites, token lifecycle and the organiser's seat tools on the real stack: a player
token groups its seats and lists its games waiting on it first, and is renewed in place; it
acts for a seat only while the seat's own token stands; an invite opens a reserved seat once,
and not after it expired; a revoked or replaced player's token is refused on every endpoint
and its open stream ends; a seat handed to a bot is played to the end, its player left
with the public's eyes; each change of holder is on the log with its cause, and `explain` says
so, while no token ever reaches the log."""

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import asyncpg
import httpx
import pytest

from events import platform_rules as rules
from events.clock import SeatHandedToBot
from events.envelope import Entry, SeedRevealed
from events.seats import SeatReplaced
from services.gateway import tokens
from tests.stack import Stack
from tests.support import LogReader

Headers = dict[str, str]


def bearer(token: str) -> Headers:
    return {"authorization": f"Bearer {token}"}


async def until(call: Callable[[], Awaitable[Any]], timeout: float = 30.0) -> Any:
    """The first value `call` gives that is not None."""
    deadline = time.monotonic() + timeout
    while (value := await call()) is None:
        assert time.monotonic() < deadline, "not in time"
        await asyncio.sleep(0.1)
    return value


async def open_match(
    http: httpx.AsyncClient,
    stack: Stack,
    *,
    bots: dict[int, str] | None = None,
    clock: dict[str, Any] | None = None,
    target: int = 21,
) -> str:
    body: dict[str, Any] = {
        "game": "race-to-21",
        "seats": 2,
        "options": {"target": target},
        "bots": [{"seat": s, "bot": b} for s, b in (bots or {}).items()],
    }
    if clock is not None:
        body["clock"] = clock
    opened = await http.post("/matches", headers=stack.organiser(), json=body)
    assert opened.status_code == 202, opened.text
    match_id = opened.json()["match_id"]

    async def listed() -> Any:
        reply = await http.get(f"/matches/{match_id}")
        if reply.status_code != 200:
            return None
        players = reply.json()["players"]
        return reply if all(players[s] for s in bots or {}) else None

    await until(listed)
    return match_id


async def ruled(
    http: httpx.AsyncClient,
    match_id: str,
    decision_id: str,
    headers: Headers,
    seat: int | None = None,
) -> dict[str, Any]:
    params = {} if seat is None else {"seat": seat}

    async def found() -> Any:
        reply = await http.get(
            f"/matches/{match_id}/decisions/{decision_id}", headers=headers, params=params
        )
        assert reply.status_code == 200, reply.text
        return None if reply.json()["status"] == "pending" else reply.json()

    return await until(found)


async def join(
    http: httpx.AsyncClient,
    match_id: str,
    seat: int,
    *,
    player: str | None = None,
    headers: Headers | None = None,
    invite: str | None = None,
) -> httpx.Response:
    body: dict[str, Any] = {"seat": seat}
    if player is not None:
        body["player"] = player
    if invite is not None:
        body["invite"] = invite
    return await http.post(f"/matches/{match_id}/join", json=body, headers=headers or {})


async def seated(http: httpx.AsyncClient, match_id: str, seat: int, **how: Any) -> str:
    """Join and wait until the seat token reads the seat's view; its token."""
    joined = await join(http, match_id, seat, **how)
    assert joined.status_code == 202, joined.text
    token = joined.json()["token"]
    verdict = await ruled(http, match_id, joined.json()["decision_id"], bearer(token))
    assert verdict["status"] == "accepted", verdict
    await until(lambda: _ok(http.get(f"/matches/{match_id}/view", headers=bearer(token))))
    return token


async def _ok(call: Awaitable[httpx.Response]) -> Any:
    reply = await call
    return reply if reply.status_code == 200 else None


async def new_player(http: httpx.AsyncClient, name: str) -> dict[str, Any]:
    made = await http.post("/players", json={"name": name})
    assert made.status_code == 201, made.text
    return made.json()


async def log_of(
    stack: Stack, match_id: str, done: Callable[[list[Entry[Any]]], bool]
) -> list[Entry[Any]]:
    async with LogReader(stack.settings, stack.settings.match_log_topic) as log:
        await log.until(lambda r: done(r.entries().get(match_id, [])), 60)
        return log.entries()[match_id]


def of(kind: type, entries: list[Entry[Any]]) -> list[Entry[Any]]:
    return [e for e in entries if isinstance(e.body, kind)]


def every_endpoint(match_id: str) -> list[tuple[str, str, Any]]:
    """Each endpoint a seat token may reach, as (method, path, body)."""
    base = f"/matches/{match_id}"
    return [
        ("GET", f"{base}/view", None),
        ("GET", f"{base}/legal", None),
        ("GET", f"{base}/stream", None),
        ("GET", f"{base}/narration", None),
        ("GET", f"{base}/replay/1", None),
        ("GET", f"{base}/explain/1", None),
        ("GET", f"{base}/rejections", None),
        ("GET", f"{base}/decisions/any-id", None),
        ("GET", "/matches?mine=true", None),
        (
            "POST",
            f"{base}/decisions",
            {"decision_id": "late-1", "body": {"type": "race.add", "amount": 1}},
        ),
        ("POST", f"{base}/say", {"text": "add 1"}),
        ("POST", f"{base}/resign", {}),
        ("POST", f"{base}/absence", {"days": 1}),
        ("POST", "/tokens/revoke", {}),
    ]


async def refused_everywhere(http: httpx.AsyncClient, match_id: str, token: str) -> None:
    for method, path, body in every_endpoint(match_id):
        reply = await http.request(method, path, headers=bearer(token), json=body)
        assert reply.status_code == 401, (method, path, reply.status_code, reply.text)


class OpenStream:
    """A seat's SSE stream read in the background: its events, and whether it ended."""

    def __init__(self, stack: Stack, match_id: str, token: str) -> None:
        self.events: list[str] = []
        self.ended = asyncio.Event()
        self.first = asyncio.Event()
        self._task = asyncio.create_task(self._read(stack.gateway, match_id, token))

    async def _read(self, gateway: str, match_id: str, token: str) -> None:
        timeout = httpx.Timeout(10, read=60)
        path = f"/matches/{match_id}/stream"
        async with (
            httpx.AsyncClient(base_url=gateway, timeout=timeout) as http,
            http.stream("GET", path, headers=bearer(token)) as reply,
        ):
            assert reply.status_code == 200
            async for line in reply.aiter_lines():
                if line.startswith("event:"):
                    self.events.append(line.partition(":")[2].strip())
                    self.first.set()
        self.ended.set()

    async def close(self) -> None:
        self._task.cancel()


@pytest.fixture
async def http(shared_stack: Stack) -> Any:
    async with httpx.AsyncClient(base_url=shared_stack.gateway, timeout=10) as client:
        yield client


async def test_a_player_token_holds_its_seats_and_lists_its_games_waiting_first(
    shared_stack: Stack, http: httpx.AsyncClient
) -> None:
    stack = shared_stack
    ann = await new_player(http, "ann")
    me = bearer(ann["token"])
    assert (await http.get("/players/me", headers=me)).json()["name"] == "ann"
    # a match waiting on her with a deadline, one waiting on her without, one waiting for players
    timed = await open_match(
        http, stack, bots={1: "pass"}, clock={"per_decision_s": 3600, "on_timeout": "wait"}
    )
    untimed = await open_match(http, stack, bots={1: "pass"})
    lonely = await open_match(http, stack)
    for match_id, seat in ((untimed, 0), (timed, 0), (lonely, 1)):
        joined = await join(http, match_id, seat, headers=me)  # no name: the player's
        assert joined.status_code == 202, joined.text
        await ruled(http, match_id, joined.json()["decision_id"], bearer(joined.json()["token"]))
    # the player token acts for her seat: its view, its decisions
    view = await until(lambda: _ok(http.get(f"/matches/{untimed}/view", headers=me)))
    assert view.json()["seat"] == 0
    players = (await http.get(f"/matches/{untimed}")).json()["players"]
    assert players == ["ann", "bot:pass"]

    async def listed() -> Any:
        found = (await http.get("/players/me/matches", headers=me)).json()
        ready = len(found) == 3 and all(m["waiting"] for m in found[:2]) and found[0]["due"]
        return found if ready else None

    games = await until(listed)
    assert [g["match_id"] for g in games] == [timed, untimed, lonely]
    assert 3500 < games[0]["left_s"] <= 3600 and games[1]["left_s"] is None
    assert [g["waiting"] for g in games] == [True, True, False]
    assert all(g["holds"] for g in games) and games[2]["status"] == "waiting"
    mine = (await http.get("/matches", params={"mine": "true"}, headers=me)).json()
    assert {m["match_id"] for m in mine} == {timed, untimed}
    # a decision through the player token moves her game; the bot answers; it waits on her again
    sent = await http.post(
        f"/matches/{untimed}/decisions",
        headers=me,
        json={"decision_id": "ann-1", "body": {"type": "race.add", "amount": 2}},
    )
    assert sent.status_code == 202, sent.text
    assert (await ruled(http, untimed, "ann-1", me))["status"] == "accepted"
    # a second seat of one match: the player token no longer tells which, the seat tokens do
    both = await open_match(http, stack)
    for seat in (0, 1):
        joined = await join(http, both, seat, headers=me)
        await ruled(http, both, joined.json()["decision_id"], bearer(joined.json()["token"]))
    two = await until(lambda: _status(http.get(f"/matches/{both}/view", headers=me), 409))
    assert "seats 0, 1" in two.text
    # names the platform gives are nobody's
    assert (await http.post("/players", json={"name": "bot:greedy"})).status_code == 422


async def _status(call: Awaitable[httpx.Response], status: int) -> Any:
    reply = await call
    return reply if reply.status_code == status else None


async def test_an_invite_opens_its_reserved_seat_once_and_not_after_it_expired(
    shared_stack: Stack, http: httpx.AsyncClient
) -> None:
    stack = shared_stack
    match_id = await open_match(http, stack)
    path = f"/matches/{match_id}/seats"
    assert (await http.post(f"{path}/0/invite", json={})).status_code == 401
    made = await http.post(f"{path}/0/invite", headers=stack.organiser(), json={})
    assert made.status_code == 201, made.text
    code = made.json()["code"]
    reserved = await join(http, match_id, 0, player="mallory")
    assert reserved.status_code == 403 and "reserved for an invite" in reserved.text
    wrong = await join(http, match_id, 0, player="mallory", invite="not-the-code")
    assert wrong.status_code == 403
    elsewhere = await join(http, match_id, 1, player="mallory", invite=code)
    assert elsewhere.status_code == 403  # the code opens its own seat only
    await seated(http, match_id, 0, player="ann", invite=code)
    again = await join(http, match_id, 0, player="eve", invite=code)
    assert again.status_code in (403, 409)  # used (and the seat is taken)
    taken = await http.post(f"{path}/0/invite", headers=stack.organiser(), json={})
    assert taken.status_code == 409
    # an expired invite opens nothing, and reserves the seat no longer
    late = (await http.post(f"{path}/1/invite", headers=stack.organiser(), json={})).json()
    conn = await asyncpg.connect(stack.settings.database_url)
    try:
        await conn.execute(
            "UPDATE invites SET expires_at = now() - interval '1 second' WHERE digest = $1",
            tokens.digest(late["code"]),
        )
        stored = await conn.fetch("SELECT digest FROM invites WHERE match_id = $1", match_id)
    finally:
        await conn.close()
    assert {r["digest"] for r in stored} == {tokens.digest(code), tokens.digest(late["code"])}
    expired = await join(http, match_id, 1, player="bob", invite=late["code"])
    assert expired.status_code == 403 and "expired" in expired.text
    await seated(http, match_id, 1, player="bob")


async def test_revoked_and_expired_tokens_stop_at_once(
    shared_stack: Stack, http: httpx.AsyncClient
) -> None:
    stack = shared_stack
    match_id = await open_match(http, stack)
    ann, bob = (
        await seated(http, match_id, 0, player="ann"),
        await seated(http, match_id, 1, player="bob"),
    )
    # a bearer revokes their own token: refused everywhere, its open stream ends
    stream = OpenStream(stack, match_id, bob)
    await asyncio.wait_for(stream.first.wait(), 20)
    assert (await http.post("/tokens/revoke", headers=bearer(bob))).json() == {"revoked": 1}
    await asyncio.wait_for(stream.ended.wait(), 20)
    await refused_everywhere(http, match_id, bob)
    # a player token too
    player = await new_player(http, "cat")
    assert (await http.post("/tokens/revoke", headers=bearer(player["token"]))).status_code == 200
    assert (await http.get("/players/me", headers=bearer(player["token"]))).status_code == 401
    # the organiser revokes a seat's tokens: the player keeps the seat, not the token
    revoked = await http.post(f"/matches/{match_id}/seats/0/revoke", headers=stack.organiser())
    assert revoked.json() == {"revoked": 1}
    assert (await http.get(f"/matches/{match_id}/view", headers=bearer(ann))).status_code == 401
    assert (await http.get(f"/matches/{match_id}")).json()["players"] == ["ann", "bob"]
    # and seats her again under her own name: the new token acts, the log refuses none of it
    again = await http.post(
        f"/matches/{match_id}/seats/0/replace",
        headers=stack.organiser(),
        json={"player": "ann", "note": "lost her token"},
    )
    assert again.status_code == 202 and again.json()["revoked"] == 0
    fresh = again.json()["token"]
    await until(lambda: _ok(http.get(f"/matches/{match_id}/view", headers=bearer(fresh))))
    sent = await http.post(
        f"/matches/{match_id}/decisions",
        headers=bearer(fresh),
        json={"decision_id": "ann-back", "body": {"type": "race.add", "amount": 1}},
    )
    assert sent.status_code == 202
    assert (await ruled(http, match_id, "ann-back", bearer(fresh)))["status"] == "accepted"
    # a token past its expiry is refused like an unknown one
    conn = await asyncpg.connect(stack.settings.database_url)
    try:
        old = await tokens.issue(
            conn, tokens.Bearer(kind="player", player="old", expires_ms=tokens.now_ms() - 1000)
        )
    finally:
        await conn.close()
    assert (await http.get("/players/me", headers=bearer(old))).status_code == 401
    await stream.close()


async def test_a_replaced_players_token_is_refused_everywhere_and_its_stream_ends(
    shared_stack: Stack, http: httpx.AsyncClient
) -> None:
    stack = shared_stack
    match_id = await open_match(http, stack)
    ann = await seated(http, match_id, 0, player="ann")
    await seated(http, match_id, 1, player="bob")
    dan = await new_player(http, "dan")
    stream = OpenStream(stack, match_id, ann)
    await asyncio.wait_for(stream.first.wait(), 20)
    # only the organiser replaces a player
    path = f"/matches/{match_id}/seats/0/replace"
    assert (await http.post(path, headers=bearer(ann), json={"player": "x"})).status_code == 403
    replaced = await http.post(
        path,
        headers=stack.organiser(),
        json={"player": "dan", "player_id": dan["player_id"], "note": "ann left the club"},
    )
    assert replaced.status_code == 202, replaced.text
    assert replaced.json()["revoked"] == 1
    await asyncio.wait_for(stream.ended.wait(), 20)
    await refused_everywhere(http, match_id, ann)
    verdict = await ruled(http, match_id, replaced.json()["decision_id"], stack.organiser(), seat=0)
    assert (verdict["status"], verdict["rule"]) == ("accepted", rules.SEAT_HOLDER)
    # the new token acts, and so does dan's player token; the lobby names him
    new = bearer(replaced.json()["token"])
    assert (await until(lambda: _ok(http.get(f"/matches/{match_id}/view", headers=new)))).json()[
        "seat"
    ] == 0
    assert (
        await http.get(f"/matches/{match_id}/view", headers=bearer(dan["token"]))
    ).status_code == 200
    assert (await http.get(f"/matches/{match_id}")).json()["players"] == ["dan", "bob"]
    # the log says who, in place of whom, and why; no token is on it
    entries = await log_of(stack, match_id, lambda es: bool(of(SeatReplaced, es)))
    [change] = of(SeatReplaced, entries)
    # the log names dan by his player id (his ratings follow it), never by a token
    assert change.body == SeatReplaced(0, "dan", "ann", "ann left the club", dan["player_id"])
    told = await http.get(f"/matches/{match_id}/explain/{change.seq}", headers=stack.organiser())
    assert told.status_code == 200, told.text
    lines = [t["line"] for t in told.json()["narration"]]
    assert any("seated dan at seat 0 in place of ann (ann left the club)" in line for line in lines)
    assert told.json()["sender"] == "organiser"
    secrets = (ann, replaced.json()["token"], dan["token"])
    for entry in entries:
        text = json.dumps(entry.body, default=str) + str(entry)
        assert not any(secret in text for secret in secrets)
    await stream.close()


async def test_a_renewed_player_token_acts_for_the_same_player_and_the_old_one_stops(
    shared_stack: Stack, http: httpx.AsyncClient
) -> None:
    stack = shared_stack
    fay = await new_player(http, "fay")
    old = bearer(fay["token"])
    conn = await asyncpg.connect(stack.settings.database_url)
    try:  # a token near its end, before the gateway first reads it
        await conn.execute(
            "UPDATE tokens SET expires_at = now() + interval '1 day' WHERE digest = $1",
            tokens.digest(fay["token"]),
        )
    finally:
        await conn.close()
    match_id = await open_match(http, stack, bots={1: "pass"})
    joined = await join(http, match_id, 0, headers=old)
    assert joined.status_code == 202, joined.text
    await until(lambda: _ok(http.get(f"/matches/{match_id}/view", headers=old)))
    ending = (await http.get("/players/me", headers=old)).json()["expires_at"]
    stream = OpenStream(stack, match_id, fay["token"])
    await asyncio.wait_for(stream.first.wait(), 20)
    assert (await http.post("/players/me/token")).status_code == 401
    made = await http.post("/players/me/token", headers=old)
    assert made.status_code == 201, made.text
    renewed = made.json()
    assert (renewed["player_id"], renewed["name"]) == (fay["player_id"], "fay")
    assert renewed["token"] != fay["token"]
    days = (datetime.fromisoformat(renewed["expires_at"]) - datetime.fromisoformat(ending)).days
    assert days >= 360  # a fresh expiry: the settings' 365 days from now
    # the old token stops everywhere, its stream too, and renews nothing more
    await asyncio.wait_for(stream.ended.wait(), 20)
    assert (await http.get("/players/me", headers=old)).status_code == 401
    assert (await http.get(f"/matches/{match_id}/view", headers=old)).status_code == 401
    assert (await http.post("/players/me/token", headers=old)).status_code == 401
    # the new one is the same player, holding the same seat
    new = bearer(renewed["token"])
    me = (await http.get("/players/me", headers=new)).json()
    assert (me["player_id"], me["expires_at"]) == (fay["player_id"], renewed["expires_at"])
    assert (await http.get(f"/matches/{match_id}/view", headers=new)).json()["seat"] == 0
    [game] = (await http.get("/players/me/matches", headers=new)).json()
    assert (game["match_id"], game["holds"]) == (match_id, True)
    await stream.close()


async def test_a_player_token_acts_for_a_seat_only_while_the_seats_own_token_stands(
    shared_stack: Stack, http: httpx.AsyncClient
) -> None:
    stack = shared_stack
    eve = await new_player(http, "eve")
    me = bearer(eve["token"])
    revoked, replaced, expired = [await open_match(http, stack, bots={1: "pass"}) for _ in "abc"]
    seat_tokens = {}
    for match_id in (revoked, replaced, expired):
        joined = await join(http, match_id, 0, headers=me)
        assert joined.status_code == 202, joined.text
        seat_tokens[match_id] = joined.json()["token"]
        await until(lambda m=match_id: _ok(http.get(f"/matches/{m}/view", headers=me)))
    stream = OpenStream(stack, revoked, eve["token"])
    await asyncio.wait_for(stream.first.wait(), 20)
    # the organiser revokes the seat's tokens: the player token's stream ends, its reads stop
    path = f"/matches/{revoked}/seats/0/revoke"
    assert (await http.post(path, headers=stack.organiser())).json() == {"revoked": 1}
    await asyncio.wait_for(stream.ended.wait(), 20)
    # the organiser seats another player: the seat's token, and with it the player's, is gone
    path = f"/matches/{replaced}/seats/0/replace"
    swap = await http.post(path, headers=stack.organiser(), json={"player": "dan"})
    assert swap.status_code == 202, swap.text
    # the seat's token expires
    conn = await asyncpg.connect(stack.settings.database_url)
    try:
        await conn.execute(
            "UPDATE tokens SET expires_at = now() - interval '1 second' WHERE digest = $1",
            tokens.digest(seat_tokens[expired]),
        )
    finally:
        await conn.close()
    for match_id in (revoked, replaced, expired):
        view = await http.get(f"/matches/{match_id}/view", headers=me)
        assert view.status_code == 403 and "no seat of this match" in view.text, match_id
        sent = await http.post(
            f"/matches/{match_id}/decisions",
            headers=me,
            json={"decision_id": "eve-late", "body": {"type": "race.add", "amount": 1}},
        )
        assert sent.status_code == 403, (match_id, sent.text)
    assert (await http.get(f"/matches/{revoked}")).json()["players"][0] == "eve"
    # the player token itself stands, and its games are those it still reaches: none
    assert (await http.get("/players/me/matches", headers=me)).json() == []
    await stream.close()


async def test_a_seat_handed_to_a_bot_is_played_to_the_end_and_its_player_sees_the_public_view(
    shared_stack: Stack, http: httpx.AsyncClient
) -> None:
    stack = shared_stack
    match_id = await open_match(http, stack, bots={1: "greedy"}, target=15)
    ann = await seated(http, match_id, 0, player="ann")
    stream = OpenStream(stack, match_id, ann)
    await asyncio.wait_for(stream.first.wait(), 20)
    path = f"/matches/{match_id}/seats/0/hand-to-bot"
    handed = await http.post(path, headers=stack.organiser(), json={"note": "gone quiet"})
    assert handed.status_code == 202, handed.text
    await asyncio.wait_for(stream.ended.wait(), 20)
    entries = await log_of(stack, match_id, lambda es: bool(of(SeedRevealed, es)))
    [change] = of(SeatHandedToBot, entries)
    # no level named: the game's strongest bot, not the one that passes every turn
    assert change.body == SeatHandedToBot(0, "greedy", "ann", "organiser", "gone quiet")
    # the bot played her seat after it: decisions of seat 0 accepted once the seat was handed
    assert any(
        e.seq > change.seq
        and getattr(e.body, "seat", None) == 0
        and getattr(e.body, "accepted", False)
        for e in entries
    )
    told = await http.get(f"/matches/{match_id}/explain/{change.seq}", headers=stack.organiser())
    lines = [t["line"] for t in told.json()["narration"]]
    assert any(
        "ann was relieved of the seat by the organiser (gone quiet)" in line for line in lines
    )
    # her token reads what the public reads, no more: no view, no seat's eyes, no full replay
    own = bearer(ann)
    refused = await http.get(f"/matches/{match_id}/view", headers=own)
    assert refused.status_code == 403 and "no longer yours" in refused.text
    assert (await http.get(f"/matches/{match_id}/stream", headers=own)).status_code == 403
    for read in ("narration", "replay/3", "public"):  # as anyone without a token gets them
        hers, anyone = await _read_twice(http, match_id, read, own)
        assert (hers.status_code, hers.content) == (anyone.status_code, anyone.content), read

    async def over() -> Any:
        return (await http.get(f"/matches/{match_id}")).json()["status"] == "finished" or None

    await until(over)
    # once over, a finished match's replay is open to anyone, whole; her token adds nothing
    for read in ("replay/3", "narration"):
        hers, anyone = await _read_twice(http, match_id, read, own)
        assert (hers.status_code, hers.content) == (anyone.status_code, anyone.content), read
    assert (await http.get(f"/matches/{match_id}/replay/3")).json()["full"] is True
    # the handed seat cannot be handed twice, nor an ended match changed
    again = await http.post(path, headers=stack.organiser(), json={})
    assert again.status_code == 409
    await stream.close()


async def _read_twice(
    http: httpx.AsyncClient, match_id: str, read: str, own: dict[str, str]
) -> tuple[httpx.Response, httpx.Response]:
    """The same read with her token and with none, at one position of the match: the bot that
    holds her seat plays on, so a pair taken across a move is taken again."""
    for _ in range(20):
        before = await _seq(http, match_id)
        hers = await http.get(f"/matches/{match_id}/{read}", headers=own)
        anyone = await http.get(f"/matches/{match_id}/{read}")
        if await _seq(http, match_id) == before:
            return hers, anyone
        await asyncio.sleep(0.2)  # looked again within the address's reads a second
    raise AssertionError(f"the match never stood still for two reads of {read}")


async def _seq(http: httpx.AsyncClient, match_id: str) -> int:
    """The lobby's entry of the match, read again past a refusal of the address's reads a
    second (the bot playing on made the pairs above be read again and again)."""
    while (row := await http.get(f"/matches/{match_id}")).status_code == 429:
        await asyncio.sleep(1.0)
    return int(row.json()["seq"])
