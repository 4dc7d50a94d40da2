"""Play by mail on the real stack (rules service, projections, gateway, bots, clock and the mail
worker as processes), an in-process `aiosmtpd` as the players' relay: a whole Core Worlds match
with seat 0 played by mail alone, checked against a golden transcript of every mail both
ways; and what bad mail gets: forged, replayed, foreign and malformed mails, a revoked seat's,
too many at once, to a stranger's address, with a header-breaking subject, terminal escapes or
a NUL; and a delivery the relay always refuses, given up.

The golden transcript: `tests/mail/golden/core-worlds-by-mail.txt`; after a deliberate change
to the mails, write it anew with `make golden-mail`."""

import asyncio
import os
import random
import re
import time
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
from services.mail.compose import CONFIRM_SUBJECT
from services.mail.inbound import MAILS_PER_WINDOW
from services.mail.outbox import MAX_ATTEMPTS
from tests.mail.conftest import DOMAIN, PUBLIC_URL, MailStack, until
from tests.mail.relay import commands_of, confirm, entry_of, reply_to, send

GOLDEN = Path(__file__).parent / "golden" / "core-worlds-by-mail.txt"
GAME = "core-worlds"
RACE = "race-for-the-galaxy"
PLAYER = "you@player.test"
ANSWER = "your mail answered"  # in an answer's subject, which is ours


async def _open(
    ms: MailStack, match_id: str, seed: str, players: list[str], address: str = PLAYER
) -> tuple[dict[int, str], EmailMessage]:
    """A match with a known seed (sent as an operator's tool would), its seats joined in
    order, seat 0 with mail to `address`, confirmed by its reader before the others join; the
    seat tokens, and the mail that asked to confirm it."""
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
            if seat == 0:
                asked = await confirm(ms.relay, ms.inbound, address)
    return tokens, asked


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
    tokens, asked = await _open(ms, match_id, "golden-by-mail", ["you", "ada", "bea"])
    bots = asyncio.create_task(_bots(ms, match_id, tokens))
    # The first mail asks to confirm the address, and the player does; then the match.
    transcript = [_shown(asked, match_id, "=== to the player (1)")]
    transcript.append("=== from the player (confirming)\nconfirm\n")
    mails, replies = 1, 0
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
    await confirm(ms.relay, ms.inbound, owner)
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
    answer = (await ms.relay.next(owner, ANSWER)).get_content()
    assert "frobnicate: rejected" in answer
    html = EmailMessage()
    html["From"], html["To"], html["Subject"] = owner, address, "html"
    html.set_content(  # an HTML-only reply: read from its HTML, the quoted original left out
        "<div>whistle</div><blockquote type=cite><div>pass</div></blockquote>", subtype="html"
    )
    await aiosmtplib.send(html, hostname="127.0.0.1", port=ms.inbound)
    answer = (await ms.relay.next(owner, ANSWER)).get_content()
    assert "whistle: rejected" in answer and "pass:" not in answer
    await send(ms.inbound, address, "pass\n" * 14000, sender=owner, subject="big")
    assert "bytes, over 65536" in (await ms.relay.next(owner, ANSWER)).get_content()
    await send(ms.inbound, address, "> pass\n\n-- \npass\n", sender=owner, subject="none")
    assert "No command was found" in (await ms.relay.next(owner, ANSWER)).get_content()
    assert await seat_rulings() == claimed + 2  # each mail's one command, once
    outcomes = await ms.pool.fetch(
        "SELECT outcome, count(*) AS n FROM mail_inbox WHERE match_id = $1 GROUP BY outcome",
        match_id,
    )
    assert {r["outcome"]: r["n"] for r in outcomes} == {"confirmed": 1, "read": 3, "refused": 1}
    with pytest.raises(asyncio.TimeoutError):  # no second answer to the mail sent twice
        await ms.relay.next(owner, ANSWER, timeout=2)


async def _not_none(value: Awaitable[object]) -> bool:
    return await value is not None


async def test_one_click_unsubscribe_stops_the_mail_and_a_mere_visit_does_not(
    mail_stack: MailStack,
) -> None:
    """A notice offers RFC 8058's one-click unsubscribe beside the mailto: a GET of its
    address (a link checker, a preview) only asks; the mail program's POST stops everything
    to the address for the seat (its mail forgotten, its reply address with it); the address
    tells nothing of the reply token, and a made-up one is unknown."""
    ms = mail_stack
    match_id = f"{ms.stack.settings.namespace}mail-quits"
    address = "quits@player.test"
    tokens, _ = await _open(ms, match_id, "golden-by-mail", ["you", "ada", "bea"], address)
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
        assert asked.status_code == 200 and "Stop the mail" in asked.text
        assert await kinds()
        stopped = await http.post(
            path,
            content=b"List-Unsubscribe=One-Click",
            headers={"content-type": "application/x-www-form-urlencoded"},
        )
        assert stopped.status_code == 200, stopped.text
        assert await kinds() is None
        with pytest.raises(aiosmtplib.SMTPRecipientsRefused):
            await send(ms.inbound, reply_to(mail), "pass\n", sender=address, subject="o")
        assert (await http.post(f"/web/unsubscribe/{'0' * 40}")).status_code == 404
        assert (await http.get("/web/unsubscribe/not-a-key")).status_code == 422


class MailSeat(msgspec.Struct, frozen=True):
    match_id: str
    token: str  # the seat token
    reply: str  # the reply address


async def _mail_seat(ms: MailStack, address: str, *, confirmed: bool = True) -> MailSeat:
    """Seat 0 of a fresh match (bots at 1 and 2), joined with mail to `address`, confirmed
    by its reader unless not `confirmed`."""
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=ms.stack.organiser(),
            json={"game": GAME, "seats": 3, "bots": [{"seat": 1}, {"seat": 2}]},
        )
        match_id = opened.json()["match_id"]
        await until(lambda: _row(http, match_id))
        join = {"seat": 0, "player": "owner", "mail": {"address": address}}
        joined = await http.post(f"/matches/{match_id}/join", json=join)
        assert joined.status_code == 202, joined.text
    if confirmed:
        await confirm(ms.relay, ms.inbound, address)

    async def token() -> str | None:
        return await ms.pool.fetchval(
            "SELECT token FROM mail_seats WHERE match_id = $1 AND seat = 0", match_id
        )

    await until(lambda: _not_none(token()))
    return MailSeat(match_id, joined.json()["token"], f"play+{await token()}@{DOMAIN}")


async def _mail_rulings(ms: MailStack, match_id: str) -> int:
    """Decisions sent by mail that reached the log."""
    return await ms.pool.fetchval(
        "SELECT count(*) FROM audit WHERE match_id = $1 AND decision_id LIKE 'mail-%'", match_id
    )


async def test_a_revoked_seat_token_takes_its_reply_address_with_it(mail_stack: MailStack) -> None:
    """Revoked by its holder (`POST /tokens/revoke`) or by the organiser (the seat's revoke),
    the seat's token no longer stands, and neither does its reply address: mail to it is
    refused at RCPT with a plain reason, and nothing of it is judged as the player's."""
    ms = mail_stack
    for who in ("holder", "organiser"):
        address = f"{who}@revoked.test"
        seat = await _mail_seat(ms, address)
        await send(ms.inbound, seat.reply, "frobnicate\n", sender=address, subject="before")
        assert "frobnicate: rejected" in (await ms.relay.next(address, ANSWER)).get_content()
        async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
            if who == "holder":
                auth = {"authorization": f"Bearer {seat.token}"}
                revoked = await http.post("/tokens/revoke", headers=auth)
            else:
                path = f"/matches/{seat.match_id}/seats/0/revoke"
                revoked = await http.post(path, headers=ms.stack.organiser())
            assert revoked.status_code == 200 and revoked.json()["revoked"] == 1, revoked.text
        with pytest.raises(aiosmtplib.SMTPRecipientsRefused) as refused:
            await send(ms.inbound, seat.reply, "pass\n", sender=address, subject="after")
        assert "tokens were revoked" in str(refused.value)
        assert await _mail_rulings(ms, seat.match_id) == 1  # the one before


async def test_mail_shares_the_seats_decision_limit_and_mails_an_address_sends_are_capped(
    mail_stack: MailStack,
) -> None:
    """Five mails of 20 commands at once: the seat's 20 decisions a second hold for mail as
    for tokens, each command past them refused in the answer and kept off the log. Past
    MAILS_PER_WINDOW mails in MAIL_WINDOW_S to one reply address, or from one sender, the rest
    wait (451)."""
    ms, busy = mail_stack, "busy@limits.test"
    seat = await _mail_seat(ms, busy)
    body = "frobnicate\n" * 20
    started = time.monotonic()
    await asyncio.gather(
        *(
            send(ms.inbound, seat.reply, body, sender=busy, subject="f", Message_ID=f"<b{n}@x>")
            for n in range(5)
        )
    )
    refilled = 20 * (time.monotonic() - started + 1)  # what a sliding window lets through
    answers = [(await ms.relay.next(busy, ANSWER)).get_content() for _ in range(5)]
    limited = sum(a.count("not sent: at most 20 decisions a second for a seat") for a in answers)
    assert 100 - refilled <= limited < 100
    assert await _mail_rulings(ms, seat.match_id) == 100 - limited

    async def first_refusal(to: str, senders: list[str]) -> int | None:
        for n, sender in enumerate(senders):
            try:
                await send(ms.inbound, to, "> no orders\n", sender=sender, subject="x")
            except aiosmtplib.SMTPRecipientsRefused as refused:
                assert "mails in 5 minutes" in str(refused)
                return n
        return None

    # To the reply address from ever new senders: it took 6 (the confirmation and the five).
    many = [f"s{n}@limits.test" for n in range(MAILS_PER_WINDOW)]
    assert await first_refusal(seat.reply, many) == MAILS_PER_WINDOW - 6
    other = await _mail_seat(ms, "other@limits.test")  # from busy's sender, to another seat
    assert await first_refusal(other.reply, [busy] * MAILS_PER_WINDOW) == MAILS_PER_WINDOW - 6


async def test_a_strangers_address_gets_one_request_to_confirm_and_not_me_ends_everything(
    mail_stack: MailStack,
) -> None:
    """A seat names a stranger's address: one mail asks its reader to confirm (our words only);
    the seat's notices wait, and orders to its reply address are refused, until confirmed. The
    reader's `not me` forgets the address on every seat, and no seat may make it ask again."""
    ms, stranger = mail_stack, "stranger@confirm.test"
    seat = await _mail_seat(ms, stranger, confirmed=False)
    asked = await ms.relay.next(stranger)
    assert asked["Subject"] == CONFIRM_SUBJECT and "owner" not in asked.get_content()
    assert "`confirm`" in asked.get_content() and "`not me`" in asked.get_content()

    async def notice_due() -> bool:  # the seat's turn: due, and held back
        return await ms.pool.fetchval(
            "SELECT count(*) > 0 FROM mail_outbox WHERE match_id = $1 AND kind = 'turn'"
            " AND done_ms IS NULL",
            seat.match_id,
        )

    await until(notice_due)
    with pytest.raises(aiosmtplib.SMTPDataError) as refused:
        await send(ms.inbound, seat.reply, "pass\n", sender="owner@x.test", subject="orders")
    assert refused.value.code == 550 and "not confirmed" in refused.value.message
    assert await _mail_rulings(ms, seat.match_id) == 0
    with pytest.raises(asyncio.TimeoutError):  # nothing but the one request
        await ms.relay.next(stranger, timeout=2)
    again = await _mail_seat(ms, stranger, confirmed=False)  # another seat names it too
    await ms.relay.next(stranger, CONFIRM_SUBJECT)
    await send(ms.inbound, seat.reply, "not me\n", sender=stranger, subject="Re: confirm")
    assert (
        await ms.pool.fetchval("SELECT count(*) FROM mail_seats WHERE address = $1", stranger) == 0
    )
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        auth = {"authorization": f"Bearer {again.token}"}
        named = await http.put(
            f"/matches/{again.match_id}/mail", json={"address": stranger}, headers=auth
        )
        assert named.status_code == 200 and not named.json()["confirmed"], named.text

    async def settled_as_refused() -> bool:
        return await ms.pool.fetchval(
            "SELECT outcome = 'refused' FROM mail_outbox AS o JOIN mail_seats AS m"
            " ON o.delivery_id = 'confirm:' || m.token WHERE m.match_id = $1",
            again.match_id,
        )

    await until(settled_as_refused)
    with pytest.raises(asyncio.TimeoutError):
        await ms.relay.next(stranger, timeout=2)


async def test_answers_bear_our_subject_and_an_unsubscribe_by_mail_stops_them_too(
    mail_stack: MailStack,
) -> None:
    """A subject that decodes to CR/LF (a header it would inject) is answered at once, under
    our own subject, and is told nowhere; `unsubscribe` stops everything, answers included."""
    ms, owner = mail_stack, "owner@subject.test"
    seat = await _mail_seat(ms, owner)
    raw = (
        f"From: {owner}\r\nTo: {seat.reply}\r\nMessage-ID: <crlf@x>\r\n"
        "Subject: =?utf-8?q?Win_a_prize=0D=0ABcc:_victim@x.test?=\r\n\r\nfrobnicate\r\n"
    )
    await aiosmtplib.send(
        raw.encode(), sender=owner, recipients=[seat.reply], port=ms.inbound, hostname="127.0.0.1"
    )
    answer = await ms.relay.next(owner, ANSWER)
    assert answer["Subject"].startswith(f"[Starledger] {seat.match_id}: your mail answered")
    assert "prize" not in answer.as_string() and "frobnicate: rejected" in answer.get_content()
    await send(ms.inbound, seat.reply, "unsubscribe\nfrobnicate\n", sender=owner, subject="u")
    assert (
        await ms.pool.fetchval("SELECT count(*) FROM mail_seats WHERE match_id = $1", seat.match_id)
        == 0
    )
    with pytest.raises(aiosmtplib.SMTPRecipientsRefused):
        await send(ms.inbound, seat.reply, "pass\n", sender=owner, subject="after")
    with pytest.raises(asyncio.TimeoutError):  # the unsubscribing mail is not answered
        await ms.relay.next(owner, ANSWER, timeout=2)


async def test_control_characters_in_commands_are_refused_and_never_come_back(
    mail_stack: MailStack,
) -> None:
    """As the gateway refuses them: a command holding a terminal escape or a bell is not
    sent, and the answer names the character, never the command."""
    ms, owner = mail_stack, "owner@controls.test"
    seat = await _mail_seat(ms, owner)
    body = "frobnicate\x1b[2J\x1b]0;owned\x07\npass\x07\nfrobnicate\n"
    await send(ms.inbound, seat.reply, body, sender=owner, subject="escapes")
    answer = (await ms.relay.next(owner, ANSWER)).get_content()
    assert "Command 1 was not sent: it holds U+001B" in answer
    assert "Command 2 was not sent: it holds U+0007" in answer
    assert "\x1b" not in answer and "\x07" not in answer and "owned" not in answer
    assert await _mail_rulings(ms, seat.match_id) == 1  # the plain frobnicate alone


async def test_a_nul_is_refused_plainly_and_a_delivery_that_always_fails_is_given_up(
    mail_stack: MailStack,
) -> None:
    """A NUL, raw or encoded, is refused with a plain reason (not the database's error). A
    mail the relay always refuses is tried MAX_ATTEMPTS times, then settled as failed."""
    ms, owner = mail_stack, "owner@nul.test"
    seat = await _mail_seat(ms, owner)
    for body in (b"pass\x00\r\n", b"pass=00\r\n"):
        raw = (
            f"From: {owner}\r\nTo: {seat.reply}\r\nSubject: nul\r\n"
            "Content-Transfer-Encoding: quoted-printable\r\n\r\n"
        ).encode() + body
        with pytest.raises(aiosmtplib.SMTPDataError) as refused:
            await aiosmtplib.send(
                raw, sender=owner, recipients=[seat.reply], port=ms.inbound, hostname="127.0.0.1"
            )
        assert refused.value.code == 550
        assert refused.value.message == "5.6.0 Your mail holds a NUL character: it was not read"
    assert await _mail_rulings(ms, seat.match_id) == 0

    refusing = "refuses@nul.test"

    def refuse(mail: EmailMessage) -> None:
        if mail["To"] == refusing:
            raise RuntimeError("mailbox full")

    ms.relay.on_mail = refuse
    try:
        doomed = await _mail_seat(ms, refusing, confirmed=False)

        async def attempts() -> int:
            return await ms.pool.fetchval(
                "SELECT attempts FROM mail_outbox WHERE match_id = $1 AND kind = 'confirm'",
                doomed.match_id,
            )

        await until(lambda: _positive(attempts()))
        await ms.pool.execute(  # as if it had failed all but once already
            "UPDATE mail_outbox SET attempts = $2, next_ms = 0 WHERE match_id = $1",
            doomed.match_id,
            MAX_ATTEMPTS - 1,
        )

        async def given_up() -> bool:
            return await ms.pool.fetchval(
                "SELECT done_ms IS NOT NULL AND outcome LIKE 'failed: %' FROM mail_outbox"
                " WHERE match_id = $1 AND kind = 'confirm'",
                doomed.match_id,
            )

        await until(given_up)
    finally:
        ms.relay.on_mail = None


async def _positive(value: Awaitable[int]) -> bool:
    return await value > 0


async def test_two_players_play_race_for_the_galaxy_to_the_end_by_mail(
    mail_stack: MailStack,
) -> None:
    """Both seats of a Race for the Galaxy match by mail, nearly every step a sealed choice
    both answer from their turn mails as they come: no answer asks to look again (another
    seat's sealed choice leaves a seat's view fresh, SL-5), none refuses, one mail asks for
    each move (an answer that asks again is not followed by a turn notice of the same entry),
    and the match ends. Each player answers a mail that asks them to act, from its entry, with
    the command the game's heuristic bot would choose there (the first command offered
    explores for ever: nothing is ever built)."""
    ms, ruleset, rng = mail_stack, get_ruleset(RACE), random.Random(41)
    addresses = {"ann@race.test": 0, "bob@race.test": 1}
    match_id = f"{ms.stack.settings.namespace}race-by-mail"
    submitter = Submitter(ms.stack.settings)
    await submitter.start()
    try:  # a seed whose match takes 34 decisions a seat: within 40 mails an address may send
        create = CreateMatch(ruleset=RACE, seats=2, seed="d")
        await submitter.submit(match_id, None, create, sender=ORGANISER)
    finally:
        await submitter.stop()
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        await until(lambda: _row(http, match_id))
        for address, seat in addresses.items():
            join = {"seat": seat, "player": address[:3], "mail": {"address": address}}
            assert (await http.post(f"/matches/{match_id}/join", json=join)).status_code == 202
            await confirm(ms.relay, ms.inbound, address)
    answered, over, others = set[tuple[int, int]](), set[int](), []
    while over != {0, 1}:
        mail = await asyncio.wait_for(ms.relay.mails.get(), 90)
        to = str(mail["To"])
        if to not in addresses or match_id not in str(mail["Subject"]):
            others.append(mail)  # another test's, kept for it
            continue
        seat, text = addresses[to], mail.get_content()
        assert "look again" not in text and ": rejected" not in text, text
        if "\nScores:" in text:
            over.add(seat)
            continue
        if not commands_of(mail):
            continue
        entry = entry_of(mail)
        state = (await replay.record_at(ms.pool, match_id, entry)).state
        if seat not in ruleset.waiting(state).must:
            continue  # chosen already: it may change its choice, and does not
        assert (seat, entry) not in answered, f"a second mail asks seat {seat} at #{entry}"
        answered.add((seat, entry))
        order = ruleset.write_text(
            state, seat, ruleset.default_decision(state, seat, "heuristic", rng)
        )
        await send(ms.inbound, reply_to(mail), f"#{entry}\n{order}\n", sender=to, subject="Re")
    for mail in others:
        ms.relay.mails.put_nowait(mail)
    assert (await replay.record_at(ms.pool, match_id)).over
    assert len(answered) > 40  # every decision of both seats, by mail


async def test_a_seat_handed_to_a_bot_tells_its_former_player_by_mail(
    mail_stack: MailStack,
) -> None:
    """The organiser hands a mail seat to a bot: its player, though the seat is theirs no
    more, gets one mail saying so, with the organiser's note; nothing to send is offered."""
    ms, owner = mail_stack, "owner@handed.test"
    seat = await _mail_seat(ms, owner)
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        handed = await http.post(
            f"/matches/{seat.match_id}/seats/0/hand-to-bot",
            headers=ms.stack.organiser(),
            json={"level": "greedy", "note": "away for a month"},
        )
        assert handed.status_code == 202, handed.text
    told = (await ms.relay.next(owner, "your seat was handed over")).get_content()
    assert "Your seat was handed to the greedy bot by the organiser (away for a month)." in told
    assert "This is the last mail you get about this seat." in told
    assert "You may now send" not in told and "To play in this match" not in told
