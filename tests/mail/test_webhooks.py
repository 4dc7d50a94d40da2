"""Webhooks on the real stack, posted to a local HTTP receiver (private targets allowed by the
setting): a seat's notices as signed JSON, in order, each once; a Slack target that fails at
first gets the same delivery again after the backoff, and the next only after it; a redirect
is not followed. A target that drips its answer holds back no mail and fails at the delivery's
deadline; slow targets fill the places for deliveries at once, and no more. A target URL that
cannot be read is refused with its reason (422), not a server error."""

import hashlib
import hmac
from typing import Any

import httpx
import msgspec

from events.clock_narration import moment
from services.mail.outbox import BACKOFF_S
from services.webhooks import formats
from tests.mail.conftest import DEADLINE_MS, DELIVERIES, MailStack, Receiver, until
from tests.mail.relay import confirm


async def _match(
    ms: MailStack,
    hooks: dict[int, dict[str, Any]],
    per_decision_s: int = 1,
    zone: str = "UTC",
    mails: dict[int, dict[str, Any]] | None = None,
) -> tuple[str, dict[int, str]]:
    """A race to 3 whose clock plays both seats, each seat's webhook (or mail, named at the
    join) set before it starts; the secrets given."""
    clock = {"per_decision_s": per_decision_s, "on_timeout": "default", "level": "pass"}
    clock["zone"] = zone
    secrets = {}
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=ms.stack.organiser(),
            json={"game": "race-to-21", "seats": 2, "options": {"target": 3}, "clock": clock},
        )
        match_id = opened.json()["match_id"]

        async def listed() -> bool:
            return (await http.get(f"/matches/{match_id}")).status_code == 200

        await until(listed)
        for seat, player in enumerate(("ann", "bob")):
            join: dict[str, Any] = {"seat": seat, "player": player}
            if seat in (mails or {}):
                join["mail"] = (mails or {})[seat]
            joined = await http.post(f"/matches/{match_id}/join", json=join)
            if seat not in hooks:
                continue
            auth = {"authorization": f"Bearer {joined.json()['token']}"}
            answers: list[httpx.Response] = []

            async def set_hook(
                seat: int = seat, auth: dict[str, str] = auth, answers: list[Any] = answers
            ) -> bool:
                answers.append(
                    await http.put(f"/matches/{match_id}/webhook", json=hooks[seat], headers=auth)
                )
                return answers[-1].status_code == 200

            await until(set_hook)
            secrets[seat] = answers[-1].json()["secret"]
    return match_id, secrets


async def _settled(ms: MailStack, match_id: str) -> list[Any]:
    async def done() -> bool:
        return await ms.pool.fetchval(
            "SELECT bool_and(done_ms IS NOT NULL) AND bool_or(kind = 'ended') FROM mail_outbox"
            " WHERE match_id = $1 AND channel = 'webhook'",
            match_id,
        )

    await until(done, 60)
    return await ms.pool.fetch(
        "SELECT delivery_id, seat, kind, attempts, outcome FROM mail_outbox"
        " WHERE match_id = $1 AND channel = 'webhook' ORDER BY upto_seq, delivery_id",
        match_id,
    )


async def test_notices_are_posted_signed_in_order_and_a_failed_one_again_first(
    mail_stack: MailStack, receiver: Receiver
) -> None:
    ms = mail_stack
    match_id, secrets = await _match(
        ms,
        {
            0: {"url": f"{receiver.url}/json", "format": "json", "remind_s": 0},
            1: {"url": f"{receiver.url}/flaky", "format": "slack", "remind_s": 0},
        },
    )
    rows = await _settled(ms, match_id)
    assert {r["outcome"] for r in rows} == {"sent"}
    assert next((r["kind"], r["attempts"]) for r in rows if r["seat"] == 1) == ("turn", 1)
    ann = [p for p in receiver.at("/json") if match_id in p[2].decode()]
    notices = [msgspec.json.decode(body, type=formats.Notice) for _, _, body in ann]
    assert [n.kind for n in notices] == ["turn", "timeout", "turn", "timeout", "ended"]
    assert sorted(n.delivery_id for n in notices) == sorted(
        r["delivery_id"] for r in rows if r["seat"] == 0
    )
    assert [n.entry for n in notices] == sorted(n.entry for n in notices)
    for (_, headers, body), notice in zip(ann, notices, strict=True):
        signed = hmac.new(secrets[0].encode(), body, hashlib.sha256).hexdigest()
        assert headers[formats.SIGNATURE] == f"sha256={signed}"
        assert headers[formats.DELIVERY] == notice.delivery_id
        assert notice.match_id == match_id and notice.seat == 0
    assert "the pass bot decided for ann" in notices[1].text
    assert notices[-1].text.splitlines()[1].startswith("Scores:")
    bob = [p for p in receiver.at("/flaky") if match_id in p[2].decode()]
    assert bob[0][2] == bob[1][2]  # the failed one again, the same body, before any other
    assert bob[0][1][formats.DELIVERY] == bob[1][1][formats.DELIVERY]
    assert all(formats.SIGNATURE not in headers for _, headers, _ in bob)
    first = msgspec.json.decode(bob[0][2])["text"]
    assert first.splitlines()[0].endswith(": It is your turn.")
    assert len(bob) == 1 + len([r for r in rows if r["seat"] == 1])
    assert BACKOFF_S[0] <= 5  # what the first retry waited: the test's length rests on it


async def test_a_reminder_is_posted_before_each_deadline_in_the_clock_time_zone(
    mail_stack: MailStack, receiver: Receiver
) -> None:
    ms, zone = mail_stack, "Pacific/Auckland"
    hooks = {
        0: {"url": f"{receiver.url}/json", "remind_s": 2},
        1: {"url": f"{receiver.url}/json", "kinds": ["turn", "timeout", "ended"]},
    }
    match_id, _ = await _match(ms, hooks, per_decision_s=3, zone=zone)
    rows = await _settled(ms, match_id)
    assert {r["outcome"] for r in rows} == {"sent"}
    posts = [p for p in receiver.at("/json") if match_id in p[2].decode()]
    notices = [msgspec.json.decode(body, type=formats.Notice) for _, _, body in posts]
    ann = [n for n in notices if n.seat == 0]
    assert [n.kind for n in ann] == [
        *("turn", "reminder", "timeout"),
        *("turn", "reminder", "timeout", "ended"),
    ]
    assert "reminder" not in [n.kind for n in notices if n.seat == 1]
    dues = await ms.pool.fetch(
        "SELECT (detail->>'due_ms')::bigint AS due FROM mail_outbox WHERE match_id = $1"
        " AND channel = 'webhook' AND kind = 'reminder' ORDER BY upto_seq",
        match_id,
    )
    reminders = [n for n in ann if n.kind == "reminder"]
    for reminder, row in zip(reminders, dues, strict=True):
        told = f"Reminder: you must decide by {moment(row['due'], zone)}."
        assert reminder.text.splitlines()[0].endswith(told)
        assert zone in told
        assert reminder.lines == []  # the turn notice told the same entries


async def test_a_redirect_is_not_followed(mail_stack: MailStack, receiver: Receiver) -> None:
    ms = mail_stack
    before = len(receiver.at("/json"))
    match_id, _ = await _match(
        ms,
        {
            0: {"url": f"{receiver.url}/moved", "format": "discord", "kinds": ["turn"]},
            1: {"url": f"{receiver.url}/moved", "format": "discord", "kinds": []},
        },
    )

    async def refused() -> bool:
        return bool(
            await ms.pool.fetchval(
                "SELECT count(*) FROM mail_outbox WHERE match_id = $1 AND channel = 'webhook'"
                " AND outcome LIKE '%redirects are not followed%'",
                match_id,
            )
        )

    await until(refused)
    assert len(receiver.at("/json")) == before
    moved = [p for p in receiver.at("/moved") if match_id in p[2].decode()]
    assert msgspec.json.decode(moved[0][2])["content"].splitlines()[0].endswith("your turn.")


async def _stop_hooks(ms: MailStack, match_id: str) -> None:
    """The match's targets gone (as DELETE does), so their retries take no place from the
    tests after."""
    await ms.pool.execute("DELETE FROM webhook_seats WHERE match_id = $1", match_id)


async def test_a_dripping_target_holds_back_no_mail_and_fails_at_its_deadline(
    mail_stack: MailStack, receiver: Receiver
) -> None:
    ms, bob = mail_stack, "bob@players.mail.test"
    match_id, _ = await _match(
        ms,
        {0: {"url": f"{receiver.url}/drip", "format": "json", "remind_s": 0}},
        mails={1: {"address": bob, "remind_s": 0}},
    )
    try:
        await confirm(ms.relay, ms.inbound, bob)  # else bob's address hears nothing more
        subject = ""  # every mail of the match comes while the target drips
        while "the match ended" not in subject:
            subject = str((await ms.relay.next(bob, timeout=30))["Subject"])

        async def tried_again() -> bool:
            return (
                await ms.pool.fetchval(
                    "SELECT attempts FROM mail_outbox WHERE match_id = $1 AND channel = 'webhook'"
                    " AND seat = 0 ORDER BY upto_seq LIMIT 1",
                    match_id,
                )
                >= 2
            )

        await until(tried_again, 30)
        first = await ms.pool.fetchrow(
            "SELECT delivery_id, done_ms, outcome FROM mail_outbox WHERE match_id = $1"
            " AND channel = 'webhook' AND seat = 0 ORDER BY upto_seq LIMIT 1",
            match_id,
        )
    finally:
        await _stop_hooks(ms, match_id)
    assert first["done_ms"] is None
    assert first["outcome"] == f"error: no answer within {DEADLINE_MS / 1000:g} s"
    posts = [p for p in receiver.at("/drip") if match_id in p[2].decode()]
    assert [p[1][formats.DELIVERY] for p in posts[:2]] == [first["delivery_id"]] * 2


async def test_slow_targets_take_the_places_for_deliveries_at_once_and_no_more(
    mail_stack: MailStack, receiver: Receiver
) -> None:
    ms = mail_stack
    hook = {"url": f"{receiver.url}/slow", "format": "slack", "remind_s": 0}
    matches = [(await _match(ms, {0: hook, 1: hook}, per_decision_s=2))[0] for _ in range(2)]
    for match_id in matches:
        rows = await _settled(ms, match_id)
        assert {r["outcome"] for r in rows} == {"sent"}
    assert receiver.most_held == DELIVERIES


async def test_a_target_url_that_cannot_be_read_is_refused_with_its_reason(
    mail_stack: MailStack, receiver: Receiver
) -> None:
    ms = mail_stack
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches", headers=ms.stack.organiser(), json={"game": "race-to-21", "seats": 2}
        )
        match_id = opened.json()["match_id"]

        async def listed() -> bool:
            return (await http.get(f"/matches/{match_id}")).status_code == 200

        await until(listed)
        joined = await http.post(f"/matches/{match_id}/join", json={"seat": 0, "player": "ann"})
        auth = {"authorization": f"Bearer {joined.json()['token']}"}
        where = f"/matches/{match_id}/webhook"

        async def taken() -> bool:
            hook = {"url": f"{receiver.url}/json", "kinds": []}
            return (await http.put(where, json=hook, headers=auth)).status_code == 200

        await until(taken)
        for url in ("http://0177.0.0.1/", "https://example.org/hook\n", "http://\uff11.0.0.1/"):
            refused = await http.put(where, json={"url": url}, headers=auth)
            assert refused.status_code == 422, (url, refused.text)
            assert refused.json()["detail"].startswith("url: not a URL we can send to: "), url
