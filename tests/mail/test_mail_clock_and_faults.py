"""Mail on the real stack with clocks of a few seconds: a reminder before each deadline and a
notice when the clock decided for a seat; reply addresses that name no seat of theirs refused
(a genuine token of a seat without mail, one of another install, a replaced player's); and a
mail worker killed after the relay took a mail, which sends it again under the same Message-ID
and loses none of the others; the organiser's message mailed to every seat."""

import asyncio
from email.message import EmailMessage
from typing import Any

import aiosmtplib
import httpx
import pytest

from events.clock_narration import moment
from services.mail import addresses
from services.mail.compose import HEADLINES, ISOLATE
from services.mail.outbox import SUBJECTS
from tests.mail.conftest import DOMAIN, MailStack, inbound_answers, until
from tests.mail.relay import confirm, send

RACE = "race-to-21"
ANSWER = "your mail answered"  # in an answer's subject, which is ours


async def _open(
    ms: MailStack,
    mails: dict[int, dict[str, Any]],
    clock: dict[str, Any] | None = None,
    order: tuple[int, int] = (0, 1),
    confirmed: bool = True,
) -> tuple[str, dict[int, str]]:
    """A two-seat race to 3, both seats joined in `order` (with the mail wishes given, each
    address confirmed by its reader as it joins, unless not `confirmed`); its seat tokens."""
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=ms.stack.organiser(),
            json={"game": RACE, "seats": 2, "options": {"target": 3}, "clock": clock},
        )
        assert opened.status_code == 202, opened.text
        match_id = opened.json()["match_id"]

        async def listed() -> bool:
            return (await http.get(f"/matches/{match_id}")).status_code == 200

        await until(listed)
        tokens = {}
        for seat in order:
            join: dict[str, Any] = {"seat": seat, "player": ("ann", "bob")[seat]}
            if seat in mails:
                join["mail"] = mails[seat]
            joined = await http.post(f"/matches/{match_id}/join", json=join)
            assert joined.status_code == 202, joined.text
            tokens[seat] = joined.json()["token"]
            if seat in mails and confirmed:  # before the next join may start the match
                await confirm(ms.relay, ms.inbound, mails[seat]["address"])
    return match_id, tokens


async def _reply_token(ms: MailStack, match_id: str, seat: int) -> str:
    async def given() -> bool:
        return await ms.pool.fetchval(
            "SELECT token IS NOT NULL FROM mail_seats WHERE match_id = $1 AND seat = $2",
            match_id,
            seat,
        )

    await until(given)
    return await ms.pool.fetchval(
        "SELECT token FROM mail_seats WHERE match_id = $1 AND seat = $2", match_id, seat
    )


async def _mails_until(ms: MailStack, to: str, last: str) -> list[EmailMessage]:
    """Every mail to `to` until one whose subject holds `last`."""
    found = [await ms.relay.next(to)]
    while last not in str(found[-1]["Subject"]):
        found.append(await ms.relay.next(to))
    return found


async def test_a_reminder_before_each_deadline_and_a_notice_when_the_clock_decided(
    mail_stack: MailStack,
) -> None:
    ms, ann, bob = mail_stack, "ann@clock.test", "bob@clock.test"
    zone = "America/Argentina/Buenos_Aires"
    clock = {"per_decision_s": 3, "on_timeout": "default", "level": "pass", "zone": zone}
    match_id, _ = await _open(
        ms, {0: {"address": ann, "remind_s": 2}, 1: {"address": bob, "remind_s": 0}}, clock
    )
    mails = {to: await _mails_until(ms, to, "the match ended") for to in (ann, bob)}
    subjects = {to: [str(m["Subject"]) for m in found] for to, found in mails.items()}
    assert subjects[ann][0].startswith(f"[Starledger] {match_id}: your turn")
    # Nobody plays: the pass bot decides for ann at her deadlines (entries 0, 2), bob at his.
    deadlines = await ms.pool.fetch(
        "SELECT detail->>'due_ms' AS due, upto_seq FROM mail_outbox"
        " WHERE match_id = $1 AND seat = 0 AND kind = 'reminder' ORDER BY upto_seq",
        match_id,
    )
    assert len(deadlines) == 2  # one reminder for each deadline of ann's, none for bob's
    reminders = [m for m in mails[ann] if "reminder" in str(m["Subject"])]
    assert len(reminders) == 2
    for reminder, deadline in zip(reminders, deadlines, strict=True):
        words = f"Reminder: you must decide by {moment(int(deadline['due']), zone)}."
        assert words in reminder.get_content()
        assert "You may now send" in reminder.get_content()
    # Each reminder comes before the mail telling that its deadline passed; bob wants none.
    assert kinds(subjects[ann]) == [
        ["your turn"],
        ["reminder"],
        ["a deadline passed"],
        ["your turn"],
        ["reminder"],
        ["a deadline passed", "the match ended"],
    ]
    assert kinds(subjects[bob]) == [["your turn"], ["a deadline passed"], ["the match ended"]]
    for to, name in ((ann, "ann"), (bob, "bob")):
        for mail in mails[to]:
            if "a deadline passed" in str(mail["Subject"]):
                text = mail.get_content()
                assert "A deadline of yours passed: what the clock did is told below." in text
                assert f"the pass bot decided for {name}" in text


async def test_an_excused_miss_is_told_too_before_the_bot_decides(mail_stack: MailStack) -> None:
    """The first, forgiven, missed deadline sends its mail as a later one does, each once."""
    ms, ann = mail_stack, "ann@excused.test"
    clock = {"per_decision_s": 1, "on_timeout": "default", "level": "pass", "excuses": 1}
    await _open(ms, {0: {"address": ann, "remind_s": 0}}, clock)
    texts = [m.get_content() for m in await _mails_until(ms, ann, "the match ended")]
    passed = [t for t in texts if HEADLINES["timeout"] in t]
    excused = [t for t in passed if "an excuse is spent" in t]
    decided = [t for t in passed if "the pass bot decided for ann" in t]
    assert len(excused) == 1 and decided and passed.index(excused[0]) < passed.index(decided[0])


def kinds(subjects: list[str]) -> list[list[str]]:
    return [[k for k in SUBJECTS.values() if k in s] for s in subjects]


async def test_a_genuine_token_of_a_seat_without_mail_or_of_another_install_is_refused(
    mail_stack: MailStack,
) -> None:
    ms = mail_stack
    match_id, _ = await _open(ms, {0: {"address": "ann@tokens.test", "kinds": []}})
    other_id, _ = await _open(ms, {1: {"address": "bob@tokens.test", "kinds": []}})
    ann = await _reply_token(ms, match_id, 0)
    await _reply_token(ms, other_id, 1)
    key = bytes.fromhex("11" * 32)  # this install's secret (see the fixture)
    assert addresses.genuine(key, ann, match_id, 0, "ann")
    elsewhere = bytes.fromhex("22" * 32)  # another install's: same match, seat, player, nonce
    genuine = [
        addresses.token(key, match_id, 1, "bob"),  # the other seat, which has no mail
        addresses.token(key, other_id, 0, "ann"),  # a seat of another match, without mail
        addresses.token(key, other_id, 1, "ann"),  # another match's mail seat, not ann's
        addresses.token(elsewhere, match_id, 0, "ann", ann[: addresses.NONCE_CHARS]),
    ]
    for token in genuine:
        with pytest.raises(aiosmtplib.SMTPRecipientsRefused) as refused:
            await send(
                ms.inbound, f"play+{token}@{DOMAIN}", "pass\n", sender="x@y.test", subject="o"
            )
        assert "Unknown reply address" in str(refused.value)
    noted = await ms.pool.fetchval(
        "SELECT count(*) FROM mail_inbox WHERE outcome = 'unknown-token' AND detail = ANY($1)",
        [f"to play+{t}@{DOMAIN}" for t in genuine],
    )
    assert noted == len(genuine)
    rulings = await ms.pool.fetchval(
        "SELECT count(*) FROM audit WHERE match_id = ANY($1) AND sender <> 'organiser'"
        " AND decision_id LIKE 'mail-%'",
        [match_id, other_id],
    )
    assert rulings == 0


async def test_a_replaced_players_reply_address_is_refused(mail_stack: MailStack) -> None:
    ms, ann = mail_stack, "ann@replaced.test"
    match_id, _ = await _open(ms, {0: {"address": ann, "kinds": []}})
    old = f"play+{await _reply_token(ms, match_id, 0)}@{DOMAIN}"
    await send(ms.inbound, old, "frobnicate\n", sender=ann, subject="before")
    assert "frobnicate: rejected" in (await ms.relay.next(ann, ANSWER)).get_content()
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        # Another player of the same name: the name alone must not carry the seat's mail over.
        replaced = await http.post(
            f"/matches/{match_id}/seats/0/replace",
            headers=ms.stack.organiser(),
            json={"player": "ann", "note": "ann left"},
        )
        assert replaced.status_code == 202, replaced.text
        new_token = replaced.json()["token"]
        with pytest.raises(aiosmtplib.SMTPRecipientsRefused):
            await send(ms.inbound, old, "pass\n", sender=ann, subject="after")
        # The new player sets an address of their own, and gets a reply address of their own.
        new_mail = {"address": "ann2@replaced.test", "kinds": []}
        auth = {"authorization": f"Bearer {new_token}"}

        async def taken() -> bool:
            set_mail = await http.put(f"/matches/{match_id}/mail", json=new_mail, headers=auth)
            return set_mail.status_code == 200

        await until(taken)
    new = f"play+{await _reply_token(ms, match_id, 0)}@{DOMAIN}"
    assert new != old
    with pytest.raises(aiosmtplib.SMTPRecipientsRefused):
        await send(ms.inbound, old, "pass\n", sender=ann, subject="after")
    await confirm(ms.relay, ms.inbound, "ann2@replaced.test")
    await send(ms.inbound, new, "frobnicate\n", sender="ann2@replaced.test", subject="new")
    answer = (await ms.relay.next("ann2@replaced.test", ANSWER)).get_content()
    assert "frobnicate: rejected" in answer


async def test_a_mail_worker_killed_after_the_relay_took_a_mail_loses_none_and_repeats_its_id(
    mail_stack: MailStack,
) -> None:
    ms, worker = mail_stack, mail_stack.stack.processes["mail"]
    ann, bob = "ann@killed.test", "bob@killed.test"
    worker.pause()  # the whole match's notices wait for it, so one pass sends both mails
    try:
        clock = {"per_decision_s": 1, "on_timeout": "default", "level": "pass"}
        match_id, _ = await _open(
            ms,
            {0: {"address": ann, "remind_s": 0}, 1: {"address": bob, "remind_s": 0}},
            clock,
            confirmed=False,  # the paused worker takes no reply: confirmed as a reply would
        )
        await ms.pool.execute(
            "UPDATE mail_seats SET confirmed_ms = 1 WHERE match_id = $1", match_id
        )

        async def ended_and_recorded() -> bool:  # and readable: the mails' parts are final
            return await ms.pool.fetchval(
                "SELECT count(*) = 2 AND min(r.last_seq) >= max(o.upto_seq) FROM mail_outbox AS o"
                " JOIN replay_matches AS r USING (match_id) WHERE o.match_id = $1"
                " AND o.kind = 'ended'",
                match_id,
            )

        await until(ended_and_recorded)
    finally:
        taken: list[EmailMessage] = []

        def stop_after_the_first(mail: EmailMessage) -> None:
            if not taken:
                worker.pause()  # before it hears the 250: it dies not knowing the relay took it
            taken.append(mail)

        ms.relay.on_mail = stop_after_the_first
        worker.resume()

    async def took() -> bool:
        return bool(taken)

    await until(took)
    first = await ms.relay.next(str(taken[0]["To"]))
    worker.kill()
    ms.relay.on_mail = None
    pending = await ms.pool.fetch(
        "SELECT DISTINCT seat FROM mail_outbox WHERE match_id = $1 AND done_ms IS NULL", match_id
    )
    assert {r["seat"] for r in pending} == {0, 1}  # neither mail marked sent
    worker.start()
    await inbound_answers(ms.inbound)
    again = await ms.relay.next(str(first["To"]))
    other = await ms.relay.next(bob if first["To"] == ann else ann)
    assert again["Message-ID"] == first["Message-ID"]  # the same mail: a reader drops the copy
    assert again.get_content() == first.get_content()
    assert "the match ended" in str(other["Subject"]) and "Scores:" in other.get_content()

    async def all_sent() -> bool:
        rows = await ms.pool.fetch(
            "SELECT done_ms, outcome FROM mail_outbox WHERE match_id = $1", match_id
        )
        return all(r["done_ms"] is not None for r in rows)

    await until(all_sent)
    outcomes = await ms.pool.fetch(
        "SELECT DISTINCT outcome FROM mail_outbox WHERE match_id = $1 AND kind <> 'confirm'",
        match_id,
    )
    assert {r["outcome"] for r in outcomes} == {"sent"}
    assert len(taken) == 1


async def test_the_seat_whose_claim_starts_the_match_is_told_its_turn(
    mail_stack: MailStack,
) -> None:
    """Bob joins first; Ann's claim of seat 0, with her address, begins play on her turn: her
    notices start from the entry before her claim, so that turn is mailed to her."""
    ms, ann = mail_stack, "ann@last-to-join.test"
    await _open(ms, {0: {"address": ann}}, order=(1, 0))
    assert "your turn" in str((await ms.relay.next(ann))["Subject"])


async def test_the_organisers_message_is_mailed_to_every_seat_and_a_players_to_the_others(
    mail_stack: MailStack,
) -> None:
    ms, ann, bob = mail_stack, "ann@message.test", "bob@message.test"
    match_id, tokens = await _open(ms, {0: {"address": ann}, 1: {"address": bob}})
    assert "your turn" in str((await ms.relay.next(ann))["Subject"])
    text = "No play on Friday: the server moves house."
    said = "Ready when you are."
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        path = f"/matches/{match_id}/messages"
        player = {"authorization": f"Bearer {tokens[0]}"}  # public messages: the default
        assert (await http.post(path, json={"text": said}, headers=player)).status_code == 202
        for bad in ("", "nul\u0000", "x" * 1001):
            sent = await http.post(path, json={"text": bad}, headers=ms.stack.organiser())
            assert sent.status_code == 422, bad
        sent = await http.post(path, json={"text": text}, headers=ms.stack.organiser())
        assert sent.status_code == 202, sent.text
    for to, heard in ((ann, [text]), (bob, [text, said])):  # ann is not told her own
        told = ""
        while not all(f"{ISOLATE}{words}" in told for words in heard):
            mail = await ms.relay.next(to)
            if SUBJECTS["message"] in str(mail["Subject"]):
                assert HEADLINES["message"] in mail.get_content()
                told += mail.get_content()
        assert f"the organiser wrote to the players: {text!r}" in told


async def test_a_mail_server_hands_orders_on_by_lmtp_and_hears_of_each_recipient(
    mail_stack: MailStack,
) -> None:
    """One mail to two seats' reply addresses and an unknown one, over the worker's LMTP
    socket: the unknown one refused at RCPT, then one answer to DATA for each of the other two,
    and each seat's player answered by mail."""
    ms, ann, bob = mail_stack, "ann@lmtp.test", "bob@lmtp.test"
    match_id, _ = await _open(ms, {0: {"address": ann}, 1: {"address": bob}})
    to = [f"play+{await _reply_token(ms, match_id, s)}@{DOMAIN}" for s in (0, 1)]
    reader, writer = await asyncio.open_unix_connection(ms.lmtp)

    async def say(line: str) -> list[str]:
        if line:
            writer.write(line.encode() + b"\r\n")
        replies = [(await reader.readline()).decode().rstrip()]
        while replies[-1][3:4] == "-":
            replies.append((await reader.readline()).decode().rstrip())
        return replies

    assert (await say(""))[0].startswith("220")
    assert (await say("EHLO lmtp.test"))[0].startswith("500")  # LMTP greets with LHLO
    assert (await say("LHLO lmtp.test"))[-1].startswith("250")
    assert (await say("MAIL FROM:<postmaster@lmtp.test>"))[0].startswith("250")
    for address in to:
        assert (await say(f"RCPT TO:<{address}>"))[0].startswith("250")
    unknown = await say(f"RCPT TO:<play+{'0' * 40}@{DOMAIN}>")
    assert unknown[0].startswith("550") and "Unknown reply address" in unknown[0]
    assert (await say("DATA"))[0].startswith("354")
    writer.write(b"From: both@lmtp.test\r\nSubject: orders\r\n\r\nhelp\r\n.\r\n")
    per_recipient = [(await reader.readline()).decode() for _ in to]
    assert all(line.startswith("250 ") for line in per_recipient), per_recipient
    assert (await say("QUIT"))[0].startswith("221")
    writer.close()
    for address in (ann, bob):
        answer = await ms.relay.next(address, ANSWER)
        assert "Your mail was read as follows." in answer.get_content()
