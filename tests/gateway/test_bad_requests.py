"""Bad requests get their status code, and none of them puts anything on the log."""

import httpx
import msgspec

from tests.gateway.test_security import _join, _open
from tests.stack import Stack
from tests.support import LogReader


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
        unreadable = await http.post(
            f"/matches/{match_id}/say", headers=me, json={"text": "draft Hercules Bomer"}
        )
        assert (unreadable.status_code == 422 and "did you mean" in unreadable.text.lower()) or (
            unreadable.status_code == 422
        )

        statuses = []
        for n in range(30):  # faster than 20 a second from one token
            reply = await http.post(
                url, headers=me, json={"decision_id": f"burst-{n}", "body": {"type": "cw.pass"}}
            )
            statuses.append(reply.status_code)
        assert 429 in statuses and statuses.count(202) <= 21
        limited = {f"burst-{n}" for n, status in enumerate(statuses) if status == 429}

    async with LogReader(stack.settings, stack.settings.decisions_topic) as decisions:
        await decisions.poll(timeout_ms=1000)
        await decisions.poll(timeout_ms=500)
        sent = {msgspec.json.decode(value)["decision_id"] for _, _, value in decisions.records}
    assert not sent & ({f"bad-{n}" for n in range(1, 6)} | limited)
    assert sent & {f"burst-{n}" for n, status in enumerate(statuses) if status == 202}
