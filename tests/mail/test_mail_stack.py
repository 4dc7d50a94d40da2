"""Play by mail on the real stack (rules service, projections, gateway, bots, clock and the mail
worker as processes), an in-process `aiosmtpd` as the players' relay: a whole Core Worlds match
with seat 0 played by mail alone, checked against a golden transcript of every mail both
ways; and what bad mail gets: forged, replayed, foreign and malformed mails.

The golden transcript: `tests/mail/golden/core-worlds-by-mail.txt`; after a deliberate change
to the mails, write it anew with `make golden-mail`."""

import asyncio
import os
import random
import re
from collections.abc import Awaitable
from email.message import EmailMessage
from pathlib import Path

import aiosmtplib
import httpx
import msgspec
import pytest

from events.codec import encode
from events.envelope import CreateMatch
from events.platform_rules import ORGANISER
from events.ruleset import get_ruleset
from projections import replay
from services.gateway.submit import Submitter
from tests.mail.conftest import DOMAIN, PUBLIC_URL, MailStack, until
from tests.mail.relay import commands_of, entry_of, reply_to, send

GOLDEN = Path(__file__).parent / "golden" / "core-worlds-by-mail.txt"
GAME = "core-worlds"
PLAYER = "you@player.test"


async def _open(
    ms: MailStack, match_id: str, seed: str, players: list[str], address: str = PLAYER
) -> dict[int, str]:
    """A match with a known seed (sent as an operator's tool would), its seats joined in
    order, seat 0 with mail to `address`; the seat tokens."""
    submitter = Submitter(ms.stack.settings)
    await submitter.start()
    try:
        create = CreateMatch(ruleset=GAME, seats=len(players), seed=seed)
        await submitter.submit(match_id, None, create, sender=ORGANISER)
    finally:
        await submitter.stop()
    tokens = {}
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        await until(lambda: _row(http, match_id))
        for seat, player in enumerate(players):
            join = {"seat": seat, "player": player}
            if seat == 0:
                join["mail"] = {"address": address}
            joined = await http.post(f"/matches/{match_id}/join", json=join)
            assert joined.status_code == 202, joined.text
            tokens[seat] = joined.json()["token"]
            await until(lambda seat=seat: _held(http, match_id, seat))
    return tokens


async def _row(http: httpx.AsyncClient, match_id: str) -> bool:
    return (await http.get(f"/matches/{match_id}")).status_code == 200


async def _held(http: httpx.AsyncClient, match_id: str, seat: int) -> bool:
    return (await http.get(f"/matches/{match_id}")).json()["players"][seat] is not None


async def _bots(ms: MailStack, match_id: str, tokens: dict[int, str]) -> None:
    """Seats 1 and 2, played by the game's greedy bot on a generator seeded by the position
    (the bots worker's ids, and so its choices, differ from one database to the next), one
    decision at a time and only while seat 0 is not asked: the log is the same every run."""
    ruleset = get_ruleset(GAME)
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        while True:
            record = await replay.record_at(ms.pool, match_id)
            if record.over:
                return
            must = ruleset.waiting(record.state).must if record.state is not None else ()
            if not must or 0 in must:
                await asyncio.sleep(0.05)
                continue
            seat = min(must)
            rng = random.Random(f"{seat}:{record.seq}")
            decision = ruleset.default_decision(record.state, seat, "greedy", rng)
            decision_id = f"bot-{seat}-{record.seq}"
            sent = await http.post(
                f"/matches/{match_id}/decisions",
                headers={"authorization": f"Bearer {tokens[seat]}"},
                json={
                    "decision_id": decision_id,
                    "body": msgspec.json.decode(encode(decision)),
                    "seen_seq": record.seq,
                },
            )
            assert sent.status_code == 202, sent.text
            path = f"/matches/{match_id}/decisions/{decision_id}"

            auth = {"authorization": f"Bearer {tokens[seat]}"}

            async def judged(path: str = path, auth: dict[str, str] = auth) -> bool:
                found = await http.get(path, headers=auth)
                if found.status_code != 200 or found.json()["status"] == "pending":
                    return False
                assert found.json()["status"] == "accepted", found.text
                last = await ms.pool.fetchval(
                    "SELECT last_seq FROM replay_matches WHERE match_id = $1", match_id
                )
                return last >= found.json()["last_seq"]

            await until(judged)


def _shown(mail: EmailMessage, match_id: str, heading: str) -> str:
    headers = ("From", "To", "Reply-To", "Subject", "In-Reply-To", "References")
    lines = [heading, *(f"{h}: {mail[h]}" for h in headers if mail[h] is not None), ""]
    text = "\n".join(lines) + mail.get_content().replace("\r\n", "\n").rstrip() + "\n"
    text = text.replace(match_id, "MATCH")
    text = re.sub(r"play\+[a-z0-9]+@", "play+TOKEN@", text)
    return re.sub(rf"<(match\.)?[0-9a-f]{{24,32}}@{re.escape(DOMAIN)}>", "<ID>", text)


async def test_a_whole_match_with_one_seat_played_by_mail(mail_stack: MailStack) -> None:
    ms = mail_stack
    match_id = f"{ms.stack.settings.namespace}mail-golden"
    tokens = await _open(ms, match_id, "golden-by-mail", ["you", "ada", "bea"])
    bots = asyncio.create_task(_bots(ms, match_id, tokens))
    transcript, mails, replies = [], 0, 0
    try:
        while True:
            mail = await ms.relay.next(PLAYER)
            mails += 1
            transcript.append(_shown(mail, match_id, f"=== to the player ({mails})"))
            if "\nScores:" in mail.get_content():
                break
            offered = commands_of(mail)
            if not offered:
                continue
            replies += 1
            body = f"#{entry_of(mail)}\n{offered[0]}\n\n-- \nyou\n\n" + "".join(
                f"> {line}\n" for line in mail.get_content().splitlines()[:3]
            )
            await send(
                ms.inbound,
                reply_to(mail),
                body,
                sender=PLAYER,
                subject=f"Re: {mail['Subject']}",
                Message_ID=f"<reply-{replies}@player.test>",
                In_Reply_To=str(mail["Message-ID"]),
            )
            transcript.append(f"=== from the player ({replies})\n{body}".replace(match_id, "MATCH"))
        await asyncio.wait_for(bots, 60)
    finally:
        bots.cancel()
    record = await replay.record_at(ms.pool, match_id)
    assert record.over

    async def all_settled() -> bool:  # the last notice is settled as told by the last mail
        return not await ms.pool.fetchval(
            "SELECT count(*) FROM mail_outbox WHERE match_id = $1 AND done_ms IS NULL", match_id
        )

    await until(all_settled)
    written = "\n".join(transcript)
    if os.environ.get("STARLEDGER_WRITE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(written)
    assert written == GOLDEN.read_text()
    assert replies > 20  # the seat was played by mail, from the first mail to the scores


async def test_bad_mail_is_refused_or_answered_and_nothing_of_it_reaches_the_log(
    mail_stack: MailStack,
) -> None:
    ms, owner = mail_stack, "owner@player.test"
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=ms.stack.organiser(),
            json={"game": GAME, "seats": 3, "bots": [{"seat": 1}, {"seat": 2}]},
        )
        match_id = opened.json()["match_id"]
        await until(lambda: _row(http, match_id))
        join = {"seat": 0, "player": "owner", "mail": {"address": owner, "kinds": []}}
        assert (await http.post(f"/matches/{match_id}/join", json=join)).status_code == 202

    async def token() -> str | None:
        return await ms.pool.fetchval(
            "SELECT token FROM mail_seats WHERE match_id = $1 AND seat = 0", match_id
        )

    await until(lambda: _not_none(token()))
    address = f"play+{await token()}@{DOMAIN}"

    async def seat_rulings() -> int:
        return await ms.pool.fetchval(
            "SELECT count(*) FROM audit WHERE match_id = $1 AND seat = 0", match_id
        )

    async def claim_judged() -> bool:  # the join's claim is the seat's first ruling
        return await seat_rulings() > 0

    await until(claim_judged)  # the address is kept before the claim is sent
    claimed = await seat_rulings()
    forged = address[: address.index("@") - 1] + ("a" if address[-len(DOMAIN) - 2] != "a" else "b")
    refused = [f"play@{DOMAIN}", f"play+{'a' * 24}@{DOMAIN}", forged + f"@{DOMAIN}"]
    for to in refused:  # a From naming the owner gains nothing without the seat's token
        with pytest.raises(aiosmtplib.SMTPRecipientsRefused):
            await send(ms.inbound, to, "pass\n", sender=owner, subject="orders")

    # A mail sent twice (same Message-ID) is read once and answered once; its answer goes to
    # the seat's address, whatever the From says.
    for _ in range(2):
        await send(
            ms.inbound,
            address,
            "frobnicate\n",
            sender="forger@x.test",
            subject="twice",
            Message_ID="<twice@x.test>",
        )
    answer = (await ms.relay.next(owner, "Re: twice")).get_content()
    assert "frobnicate: rejected" in answer
    html = EmailMessage()
    html["From"], html["To"], html["Subject"] = owner, address, "html"
    html.set_content("<p>pass</p>", subtype="html")
    await aiosmtplib.send(html, hostname="127.0.0.1", port=ms.inbound)
    assert "holds no plain text" in (await ms.relay.next(owner, "Re: html")).get_content()
    await send(ms.inbound, address, "pass\n" * 14000, sender=owner, subject="big")
    assert "bytes, over 65536" in (await ms.relay.next(owner, "Re: big")).get_content()
    await send(ms.inbound, address, "> pass\n\n-- \npass\n", sender=owner, subject="none")
    assert "No command was found" in (await ms.relay.next(owner, "Re: none")).get_content()
    assert await seat_rulings() == claimed + 1  # the one command, once
    outcomes = await ms.pool.fetch(
        "SELECT outcome, count(*) AS n FROM mail_inbox WHERE match_id = $1 GROUP BY outcome",
        match_id,
    )
    assert {r["outcome"]: r["n"] for r in outcomes} == {"read": 2, "refused": 2}
    with pytest.raises(asyncio.TimeoutError):  # no second answer to the mail sent twice
        await ms.relay.next(owner, "Re: twice", timeout=2)


async def _not_none(value: Awaitable[object]) -> bool:
    return await value is not None


async def test_one_click_unsubscribe_stops_the_notices_and_a_mere_visit_does_not(
    mail_stack: MailStack,
) -> None:
    """A notice offers RFC 8058's one-click unsubscribe beside the mailto: a GET of its
    address (a link checker, a preview) only asks; the mail program's POST stops the seat's
    notices; the address tells nothing of the reply token, and a made-up one is unknown."""
    ms = mail_stack
    match_id = f"{ms.stack.settings.namespace}mail-quits"
    address = "quits@player.test"
    tokens = await _open(ms, match_id, "golden-by-mail", ["you", "ada", "bea"], address)
    bots = asyncio.create_task(_bots(ms, match_id, tokens))  # seat 0's turn comes after theirs
    try:
        mail = await ms.relay.next(address)
    finally:
        bots.cancel()
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    one_click, by_mail = (part.strip(" <>") for part in mail["List-Unsubscribe"].split(","))
    assert by_mail == f"mailto:{reply_to(mail)}?subject=unsubscribe"
    assert one_click.startswith(f"{PUBLIC_URL}/web/unsubscribe/")
    key = one_click.rpartition("/")[2]
    assert key not in reply_to(mail)
    path = f"/web/unsubscribe/{key}"

    async def kinds() -> list[str]:
        found: list[str] = await ms.pool.fetchval(
            "SELECT kinds FROM mail_seats WHERE match_id = $1 AND seat = 0", match_id
        )
        return found

    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        asked = await http.get(path)
        assert asked.status_code == 200 and "Stop the notices" in asked.text
        assert await kinds()
        stopped = await http.post(
            path,
            content=b"List-Unsubscribe=One-Click",
            headers={"content-type": "application/x-www-form-urlencoded"},
        )
        assert stopped.status_code == 200, stopped.text
        assert await kinds() == []
        assert (await http.post(f"/web/unsubscribe/{'0' * 40}")).status_code == 404
        assert (await http.get("/web/unsubscribe/not-a-key")).status_code == 422
