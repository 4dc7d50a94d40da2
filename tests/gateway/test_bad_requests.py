"""Bad requests get their status code, and none of them puts anything on the log; a server
error is answered with a request id the gateway's log holds."""

import asyncio
import json
import secrets
import time

import asyncpg
import httpx
import msgspec

from events.platform_rules import MAX_DECISION_BYTES
from events.storable import MAX_ITEMS
from tests.gateway.test_security import _join, _open
from tests.stack import Stack
from tests.support import LogReader, wait_for


async def test_every_bad_request_is_refused_and_nothing_reaches_the_log(stack: Stack) -> None:
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        match_id = await _open(http, stack)
        me = await _join(http, match_id, 0)
        await _join(http, match_id, 1)
        url = f"/matches/{match_id}/decisions"
        json_headers = {**me, "content-type": "application/json"}

        malformed = await http.post(url, headers=json_headers, content=b'{"decision_id": "bad-1"')
        assert malformed.status_code == 400
        mismatch = await http.post(
            url,
            headers=me,
            json={"decision_id": "bad-2", "body": {"type": "cw.draft", "card": "seven"}},
        )
        assert mismatch.status_code == 422 and "card" in mismatch.text
        unknown_kind = await http.post(
            url, headers=me, json={"decision_id": "bad-3", "body": {"type": "cw.fly"}}
        )
        assert unknown_kind.status_code == 422 and "cw.fly" in unknown_kind.text
        missing = await http.post(url, headers=me, json={"body": {"type": "cw.pass"}})
        assert missing.status_code == 422 and "decision_id" in missing.text
        huge = await http.post(
            url,
            headers=json_headers,
            content=msgspec.json.encode(
                {"decision_id": "bad-4", "body": {"type": "cw.pass", "pad": "x" * 70_000}}
            ),
        )
        assert huge.status_code == 413
        # Under the request limit: a list longer than anything a game can use is refused first
        # (so no decision a game can read comes near the rules service's limit)
        units = [1] * ((MAX_DECISION_BYTES - 120) // 2)
        near = msgspec.json.encode(
            {"decision_id": "bad-6", "body": {"type": "cw.deploy", "units": units}}
        )
        assert len(near) <= MAX_DECISION_BYTES
        almost = await http.post(url, headers=json_headers, content=near)
        assert almost.status_code == 422 and f"at most {MAX_ITEMS}" in almost.text
        nested = b'{"decision_id": "bad-7", "body": {"type": "cw.pass", "x": '
        for depth, status in ((999, 400), (100, 422)):
            deep = nested + b"[" * depth + b"]" * depth + b"}}"
            assert (await http.post(url, headers=json_headers, content=deep)).status_code == status
        unknown = await http.post(
            url, headers=me, json={"decision_id": "bad-8", "body": {"type": "cw.pass", "x": 1}}
        )
        assert unknown.status_code == 422 and "`$.x`" in unknown.text
        nul = await http.post(
            url, headers=me, json={"decision_id": "bad-9", "body": {"type": "cw.pass", "x": "\x00"}}
        )
        assert nul.status_code == 422 and nul.json()["fields"][0]["key"] == "body.x"
        for path in (
            "/matches/%00",
            f"/matches/{match_id}/decisions/%FF",
            f"/matches/{match_id}/explain/2147483648",
        ):
            assert (await http.get(path, headers=stack.organiser())).status_code == 422, path
        join = f"/matches/{match_id}/join"
        latin1 = b'{"seat": 1, "player": "\xff"}'
        assert (await http.post(join, headers=json_headers, content=latin1)).status_code == 400
        extra = await http.post(join, json={"seat": 1, "player": "x", "admin": True})
        assert extra.status_code == 422 and "admin" in extra.text
        nowhere = await http.post(
            "/matches/no-such-match/decisions",
            headers=me,
            json={"decision_id": "bad-5", "body": {"type": "cw.pass"}},
        )
        assert nowhere.status_code == 403  # the token holds no seat there
        assert (await http.get("/matches/no-such-match")).status_code == 404
        no_seat = await http.post(f"/matches/{match_id}/join", json={"seat": 7, "player": "x"})
        assert no_seat.status_code == 404
        taken = await http.post(f"/matches/{match_id}/join", json={"seat": 0, "player": "x"})
        assert taken.status_code == 409
        empty = await http.post(f"/matches/{match_id}/say", headers=me, json={"text": ""})
        assert empty.status_code == 422 and "text" in empty.text

        started = time.monotonic()
        replies = await asyncio.gather(  # at once: far faster than 20 a second from one token
            *(
                http.post(
                    url, headers=me, json={"decision_id": f"burst-{n}", "body": {"type": "cw.pass"}}
                )
                for n in range(30)
            )
        )
        statuses = [reply.status_code for reply in replies]
        refilled = 20 * (time.monotonic() - started)  # what the limit lets through meanwhile
        assert 429 in statuses and statuses.count(202) <= 21 + refilled
        limited = {f"burst-{n}" for n, status in enumerate(statuses) if status == 429}

    async with LogReader(stack.settings, stack.settings.decisions_topic) as decisions:
        await decisions.poll(timeout_ms=1000)
        await decisions.poll(timeout_ms=500)
        sent = {msgspec.json.decode(value)["decision_id"] for _, _, value in decisions.records}
    assert not sent & ({f"bad-{n}" for n in range(1, 10)} | limited)
    assert sent & {f"burst-{n}" for n, status in enumerate(statuses) if status == 202}


async def test_a_server_error_is_answered_with_a_request_id_the_log_holds(stack: Stack) -> None:
    conn = await asyncpg.connect(stack.settings.database_url)
    try:
        await conn.execute("ALTER TABLE tokens RENAME TO tokens_gone")  # nobody but the gateway
        try:
            async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
                token = {"authorization": f"Bearer {secrets.token_urlsafe(8)}"}
                broken = await http.get("/matches/m-1/view", headers=token)
        finally:
            await conn.execute("ALTER TABLE tokens_gone RENAME TO tokens")
    finally:
        await conn.close()
    assert broken.status_code == 500
    request_id = broken.json()["request_id"]
    assert broken.headers["x-request-id"] == request_id
    await wait_for(lambda: request_id in stack.log_text("gateway"))
    lines = stack.log_text("gateway").splitlines()
    logged = [json.loads(line) for line in lines if request_id in line]
    assert logged[0]["event"] == "server_error" and "tokens" in logged[0]["error"]


async def test_games_list_their_options_and_a_match_with_bad_options_is_refused(
    stack: Stack,
) -> None:
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        games = {g["name"]: g for g in (await http.get("/games")).json()}
        assert games["race-to-21"]["options"] == {
            "target": {"help": "the total that wins", "default": 21, "choices": []}
        }
        organiser = stack.organiser()
        for options, why in (
            ({"colour": "red"}, "race-to-21 has no option 'colour'; it takes target"),
            ({"target": "ten"}, "race-to-21 option 'target' must be a whole number"),
            ({"target": True}, "race-to-21 option 'target' must be a whole number"),
            ({"target": 0}, "target must be a count"),
        ):
            body = {"game": "race-to-21", "seats": 2, "options": options}
            refused = await http.post("/matches", headers=organiser, json=body)
            assert (refused.status_code, refused.json()["detail"]) == (422, why), options
