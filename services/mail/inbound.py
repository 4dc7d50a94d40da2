"""Orders by mail: an `aiosmtpd` server (SMTP, or LMTP for a mail server to hand mail to).

A recipient must be a reply address whose token names a seat its player still holds, else the
mail is refused at RCPT (550, so the sending server tells its writer) and noted in
`mail_inbox`. A mail taken is read (plain text only, 64 KiB at most), noted, and its commands
sent on `decisions` as the gateway's `say` sends them, as its seat's player; the first carries
the `#N` the mail names, so a command written on a position since changed is refused as stale
where the game says so. Its decision ids derive from the mail (its Message-ID, else its
bytes), so a mail delivered twice is read once. Every mail taken is answered, to the seat's own
address (never to its From): each command with its ruling, or why nothing was read."""

import hashlib
import time
import uuid
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import asyncpg
import structlog
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session

from events.codec import encode
from events.envelope import Say
from events.platform_rules import MAX_DECISION_BYTES
from events.ruleset import get_ruleset
from projections import replay
from services.gateway.submit import Submitter
from services.mail import addresses
from services.mail.orders import read_orders

log = structlog.get_logger("mail")

MAX_MAIL_BYTES = MAX_DECISION_BYTES  # 64 KiB: orders are a few lines


class Orders:
    """The aiosmtpd handler."""

    def __init__(self, pool: asyncpg.Pool, submitter: Submitter, key: bytes) -> None:
        self.pool, self.submitter, self.key = pool, submitter, key

    async def seat_of(self, address: str) -> tuple[Any, str] | tuple[None, str]:
        """The seat a recipient address names, or None and why not."""
        token = addresses.token_of(address)
        if token is None:
            return None, "no-token"
        row = await self.pool.fetchrow(
            "SELECT m.match_id, m.seat, m.player, m.token, l.players[m.seat + 1] AS holder"
            " FROM mail_seats AS m JOIN lobby AS l USING (match_id) WHERE m.token = $1",
            token,
        )
        if row is None or not addresses.genuine(
            self.key, token, row["match_id"], row["seat"], row["player"]
        ):
            return None, "unknown-token"
        if row["holder"] != row["player"]:
            return None, "seat-passed-on"
        return row, ""

    async def note(
        self, key: str, outcome: str, detail: str, found: Any = None, conn: Any = None
    ) -> bool:
        """Record a mail in the inbox; False if it was recorded before (a repeat)."""
        done = await (conn or self.pool).fetchval(
            "INSERT INTO mail_inbox (mail_key, match_id, seat, received_ms, outcome, detail)"
            " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING true",
            key,
            found and found["match_id"],
            found and found["seat"],
            int(time.time() * 1000),
            outcome,
            detail[:1000],
        )
        return bool(done)

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        found, why = await self.seat_of(address)
        if found is None:
            await self.note(f"refused:{uuid.uuid4().hex}", why, f"to {address[:200]}")
            log.info("mail_refused", to=address[:200], reason=why)
            return {
                "no-token": "550 5.1.1 No such address: reply to a mail of your match",
                "unknown-token": "550 5.1.1 Unknown reply address: reply to a mail of your match",
                "seat-passed-on": "550 5.1.1 This seat has another player now",
            }[why]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        """SMTP answers the mail once; LMTP answers each recipient, in order."""
        content = envelope.original_content or envelope.content or b""
        if isinstance(content, str):
            content = content.encode()
        answers = []
        for address in envelope.rcpt_tos:
            found, _ = await self.seat_of(address)
            if found is None:  # it changed hands since RCPT
                answers.append("550 5.1.1 This seat has another player now")
                continue
            await self.take(found, content)
            answers.append("250 2.0.0 OK: you will have an answer by mail")
        if isinstance(server, LMTP):
            return "\r\n".join(answers)
        return "250 OK: you will have an answer by mail"

    async def take(self, found: Any, content: bytes) -> None:
        mail: EmailMessage = message_from_bytes(content, policy=policy.default)
        message_id = str(mail.get("Message-ID", "")).strip()
        origin = message_id or hashlib.sha256(content).hexdigest()
        key = hashlib.sha256(f"{found['token']}\0{origin}".encode()).hexdigest()
        subject = str(mail.get("Subject", ""))[:200]
        answer: dict[str, Any] = {"subject": subject, "message_id": message_id or None}
        text, outcome = _text(mail, len(content))
        if text is None:
            answer["notes"] = [outcome]
            await self.record(found, key, "refused", outcome, answer)
            return
        orders = read_orders(text)
        answer |= {"seen_seq": orders.seen_seq, "dropped": orders.dropped, "notes": []}
        if "unsubscribe" in orders.asked:
            await self.pool.execute(
                "UPDATE mail_seats SET kinds = '{}' WHERE match_id = $1 AND seat = $2",
                found["match_id"],
                found["seat"],
            )
            answer["notes"].append(
                "You will get no more notices; answers to your mails still come."
            )
        if "help" in orders.asked:
            answer["help"] = await self.help(found)
        if not orders.commands and not orders.asked:
            answer["notes"].append(
                "No command was found: write one command a line, above any quoted text."
            )
        answer["sent"] = [
            {"text": command, "decision_id": _decision_id(self.key, key, i)}
            for i, command in enumerate(orders.commands)
        ]
        if not await self.record(found, key, "read", f"{len(orders.commands)} commands", answer):
            return  # read before: its decisions were sent then
        for i, sent in enumerate(answer["sent"]):
            await self.submitter.submit(
                found["match_id"],
                found["seat"],
                Say(sent["text"]),
                sender=found["player"],
                decision_id=sent["decision_id"],
                seen_seq=orders.seen_seq if i == 0 else None,
            )
        log.info(
            "mail_read",
            match_id=found["match_id"],
            seat=found["seat"],
            commands=len(orders.commands),
        )

    async def record(
        self, found: Any, key: str, outcome: str, detail: str, answer: dict[str, Any]
    ) -> bool:
        """Note the mail and queue its answer, together; False for a mail read before. An
        answer sending decisions tells up to their rulings (set once judged); another, up to
        where the match is now."""
        async with self.pool.acquire() as conn, conn.transaction():
            if not await self.note(key, outcome, detail, found, conn):
                log.info("mail_repeated", match_id=found["match_id"], seat=found["seat"])
                return False
            now = await conn.fetchval(
                "SELECT last_seq FROM replay_matches WHERE match_id = $1", found["match_id"]
            )
            await conn.execute(
                "INSERT INTO mail_outbox (delivery_id, match_id, seat, kind, upto_seq, created_ms,"
                " next_ms, detail) VALUES ($1, $2, $3, 'answer', $4, $5, $5, $6::jsonb)",
                f"answer:{key}",
                found["match_id"],
                found["seat"],
                None if answer.get("sent") else now,
                int(time.time() * 1000),
                encode(answer).decode(),
            )
        return True

    async def help(self, found: Any) -> str:
        record = await replay.record_at(self.pool, found["match_id"])
        if record is None or record.state is None:
            return "The match has not started."
        return get_ruleset(record.ruleset).text_help(record.state, found["seat"])


def _text(mail: EmailMessage, size: int) -> tuple[str | None, str]:
    """The mail's plain text, or None and why it is not read."""
    if size > MAX_MAIL_BYTES:
        return None, f"Your mail was not read: {size} bytes, over {MAX_MAIL_BYTES}."
    part = mail.get_body(preferencelist=("plain",))
    if part is None:
        return None, "Your mail was not read: it holds no plain text. Send orders as plain text."
    try:
        return str(part.get_content()), ""
    except (LookupError, ValueError):  # an unknown charset, a broken encoding
        return None, "Your mail was not read: its text could not be decoded."


def _decision_id(key: bytes, mail_key: str, index: int) -> str:
    signed = hashlib.blake2b(f"{mail_key}\0{index}".encode(), key=key[:64])
    return f"mail-{signed.hexdigest()[:32]}"
