"""Orders by mail: an `aiosmtpd` server (SMTP, or LMTP for a mail server to hand mail to).

A recipient must be a reply address whose token names a seat its player still holds, with a seat
token of theirs that stands (a revoked or replaced token takes the reply address with it), else
the mail is refused at RCPT (550, so the sending server tells its writer) and noted in
`mail_inbox`; past MAILS_PER_WINDOW to one reply address or from one sender, 451 (try later),
and past REFUSED_RECIPIENTS unknown addresses from one peer, 451 with nothing noted. A
mail taken is read (its plain text, else its HTML's text; 64 KiB at most, no NUL), noted, and
its commands sent on `decisions` as the gateway's `say` sends them (a take-back, its answer
or a dispute as that decision, `orders.decision`), as its seat's player, within
the seat's decision limit (`limits.DECISIONS_PER_S`, keyed as the gateway keys it); a command
holding what the gateway refuses in text (`REFUSED_IN_TEXT`: control characters, terminal
escapes) is not sent, and the answer says so without repeating it. The first command sent
carries the `#N` the mail names, so a command written on a position since changed is refused as
stale where the game says so. Its decision ids derive from the mail (its Message-ID, else its
bytes), so a mail delivered twice is read once. Until the seat's address is confirmed (its
reader replied `confirm` to the one mail it got), only the mail's own words are taken;
`unsubscribe` forgets the seat's mail, `not me` refuses its address for good. A `fork SEQ` line
asks a practice match forked after entry SEQ (as the seat sees it; the whole match once it has
ended), as the gateway asks one (`services.gateway.forks.ask`), its other seats played by a bot
if the line says `against BOT` (`against bots`: the game's strongest), and the answer names it
and how to join it; a line it cannot read is answered with how to write it. Every other mail
taken is answered, to the seat's own (confirmed) address, never to its From: each command with
its ruling, or why nothing was read."""

import hashlib
import re
import time
import uuid
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import asyncpg
import msgspec
import structlog
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session
from litestar.exceptions import HTTPException

from events.codec import encode
from events.messages import WriteMessage
from events.platform_rules import MAX_DECISION_BYTES
from events.ruleset import get_ruleset
from services.client.orders import order_line
from services.gateway import api, forks, reads, standing_orders, tokens
from services.gateway.edge import REFUSED_IN_TEXT
from services.gateway.limits import DECISIONS_PER_S, Budget, RateLimit, decision_key
from services.gateway.mail import forget_seat
from services.gateway.submit import Submitter
from services.mail import addresses
from services.mail.html_text import html_text
from services.mail.orders import (
    LeaveOrder,
    Press,
    WithdrawOrder,
    decision,
    fork_line,
    read_orders,
    standing_order,
)

log = structlog.get_logger("mail")
ACCEPTED = "250 2.0.0 OK: you will have an answer by mail"

PRESS = 100  # a press's decision ids count from here, past every command's
MAX_MAIL_BYTES = MAX_DECISION_BYTES  # 64 KiB: orders are a few lines
# To one reply address, and from one sender: a player replying to every mail of a quick match
# writes about 30 in 5 minutes (the golden match), a person far fewer.
MAILS_PER_WINDOW = 40
MAIL_WINDOW_S = 300.0
_MESSAGE_ID = re.compile(
    r"<[\x21-\x3b\x3d\x3f-\x7e]{1,250}>"
)  # kept only if plain: it goes in a header

REFUSED_RECIPIENTS = (20, 60)  # unknown reply addresses a peer may try: at once, then an hour
REFUSALS = {
    "no-token": "550 5.1.1 No such address: reply to a mail of your match",
    "unknown-token": "550 5.1.1 Unknown reply address: reply to a mail of your match",
    "seat-passed-on": "550 5.1.1 This seat has another player now",
    "revoked": "550 5.7.1 This seat's tokens were revoked: its reply address plays no more",
    "too-many": f"451 4.7.1 Over {MAILS_PER_WINDOW} mails in {MAIL_WINDOW_S / 60:.0f} minutes to"
    " this address or from yours: try again later",
    "nul": "550 5.6.0 Your mail holds a NUL character: it was not read",
    "unconfirmed": "550 5.7.1 This address is not confirmed yet: reply `confirm` to the mail"
    " that asked it, then send your orders",
    "guessing": "451 4.7.1 Too many unknown addresses from here: try again later",
}


class Orders:
    """The aiosmtpd handler."""

    def __init__(self, pool: asyncpg.Pool, submitter: Submitter, key: bytes) -> None:
        self.pool, self.submitter, self.key = pool, submitter, key
        # This process's own limits, keyed as the gateway's: a seat's budget a face a process.
        self.decisions = RateLimit(DECISIONS_PER_S)
        self.mails = RateLimit(MAILS_PER_WINDOW, window_s=MAIL_WINDOW_S)
        self.refused = Budget(*REFUSED_RECIPIENTS)

    async def seat_of(self, address: str) -> tuple[Any, str] | tuple[None, str]:
        """The seat a recipient address names, or None and why not."""
        token = addresses.token_of(address)
        if token is None:
            return None, "no-token"
        row = await self.pool.fetchrow(
            "SELECT m.match_id, m.seat, m.player, m.token, m.address, m.confirmed_ms,"
            " l.players[m.seat + 1] AS holder"
            " FROM mail_seats AS m JOIN lobby AS l USING (match_id) WHERE m.token = $1",
            token,
        )
        if row is None or not addresses.genuine(
            self.key, token, row["match_id"], row["seat"], row["player"]
        ):
            return None, "unknown-token"
        if row["holder"] != row["player"]:
            return None, "seat-passed-on"
        if not await tokens.seat_stands(self.pool, row["match_id"], row["seat"], row["player"]):
            return None, "revoked"
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
        sender = f"from {(envelope.mail_from or '').lower()[:254]}"
        if found is not None and not (
            self.mails.allow(f"to {found['token']}") and self.mails.allow(sender)
        ):
            found, why = None, "too-many"
        if found is None:
            peer = str(session.peer[0]) if isinstance(session.peer, tuple) else str(session.peer)
            if not self.refused.allow(peer):  # a guesser of addresses: no row, no answer but this
                return REFUSALS["guessing"]
            await self.note(f"refused:{uuid.uuid4().hex}", why, f"to {address[:200]}")
            log.info("mail_refused", to=address[:200], reason=why)
            return REFUSALS[why]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        """SMTP answers the mail once (its first refusal, if any); LMTP answers each recipient,
        in order."""
        content = envelope.original_content or envelope.content or b""
        if isinstance(content, str):
            content = content.encode()
        answers = []
        for address in envelope.rcpt_tos:
            found, why = await self.seat_of(address)
            if found is None:  # it changed hands, or its tokens were revoked, since RCPT
                answers.append(REFUSALS[why])
                continue
            answers.append(await self.take(found, content))
        if isinstance(server, LMTP):
            return "\r\n".join(answers)
        return next((a for a in answers if not a.startswith("250")), answers[0])

    async def refuse(self, found: Any, why: str) -> str:
        await self.note(f"refused:{uuid.uuid4().hex}", why, REFUSALS[why], found)
        log.info("mail_refused", match_id=found["match_id"], seat=found["seat"], reason=why)
        return REFUSALS[why]

    async def take(self, found: Any, content: bytes) -> str:
        """Read one mail for the seat; what to answer its SMTP client."""
        if b"\0" in content:
            return await self.refuse(found, "nul")
        mail: EmailMessage = message_from_bytes(content, policy=policy.default)
        message_id = str(mail.get("Message-ID", "")).strip()
        message_id = message_id if _MESSAGE_ID.fullmatch(message_id) else ""
        origin = message_id or hashlib.sha256(content).hexdigest()
        key = hashlib.sha256(f"{found['token']}\0{origin}".encode()).hexdigest()
        text, outcome = _text(mail, len(content))
        if text is not None and "\0" in text:  # written as an encoded NUL
            return await self.refuse(found, "nul")
        orders = read_orders(text or "")
        if "not me" in orders.asked:
            await self.not_me(found, key)
            return "250 2.0.0 OK: nothing more will be sent to your address"
        if "unsubscribe" in orders.asked:
            await forget_seat(self.pool, found["match_id"], found["seat"])
            await self.note(key, "unsubscribed", "the seat's mail forgotten", found)
            return "250 2.0.0 OK: nothing more will be sent to your address for this seat"
        if found["confirmed_ms"] is None:
            if "confirm" not in orders.asked:
                return await self.refuse(found, "unconfirmed")
            await self.pool.execute(
                "UPDATE mail_seats SET confirmed_ms = $2 WHERE token = $1",
                found["token"],
                int(time.time() * 1000),
            )
            log.info("mail_confirmed", match_id=found["match_id"], seat=found["seat"])
            if text is not None and not orders.commands and orders.asked == ("confirm",):
                await self.note(key, "confirmed", "the address confirmed", found)
                return "250 2.0.0 OK: your address is confirmed"
        answer: dict[str, Any] = {"message_id": message_id or None}
        if text is None:
            answer["notes"] = [outcome]
            await self.record(found, key, "refused", outcome, answer)
            return ACCEPTED
        answer |= {"seen_seq": orders.seen_seq, "dropped": orders.dropped, "notes": []}
        if "help" in orders.asked:
            answer["help"] = True  # told as the seat stands once the mail's commands are judged
        if not (orders.commands or orders.asked or orders.press or orders.standing or orders.forks):
            answer["notes"].append(
                "No command was found: write one command a line, above any quoted text."
            )
        if orders.unended:
            answer["notes"].append(
                "A press with no `endpress` line was not sent: end a message with `endpress`."
            )
        commands, answer["refused"] = self.sendable(found, key, orders.commands)
        written = self.pressable(found, key, orders.press)
        answer["sent"] = commands + [told for told, _ in written]
        if orders.standing and not await self.read_before(key):  # a repeat leaves no order twice
            answer["orders"] = await self.standing(found, orders.standing)
        if orders.forks and not await self.read_before(key):  # nor asks a fork twice
            answer["forks"] = await self.forks(found, orders.forks)
        if not await self.record(found, key, "read", f"{len(answer['sent'])} commands", answer):
            return ACCEPTED  # read before: its decisions were sent then
        decided: list[tuple[dict[str, str], Any]] = [(c, decision(c["text"])) for c in commands]
        for i, (sent, body) in enumerate(decided + written):
            await self.submitter.submit(
                found["match_id"],
                found["seat"],
                body,
                sender=found["player"],
                decision_id=sent["decision_id"],
                seen_seq=orders.seen_seq if i == 0 and commands else None,
            )
        log.info(
            "mail_read",
            match_id=found["match_id"],
            seat=found["seat"],
            commands=len(answer["sent"]),
            refused=len(answer["refused"]),
        )
        return ACCEPTED

    def sendable(
        self, found: Any, key: str, commands: tuple[str, ...]
    ) -> tuple[list[dict[str, str]], list[str]]:
        """The commands to send as decisions, and why each other one is not: text the gateway
        would refuse (told by its code point alone, never repeated), a dispute line unread, or
        past the seat's limit."""
        sent, refused = [], []
        budget = decision_key(found["match_id"], found["seat"])
        for i, command in enumerate(commands):
            if (bad := REFUSED_IN_TEXT.search(command)) is not None:
                refused.append(
                    f"Command {i + 1} was not sent: it holds U+{ord(bad.group()):04X}, a control"
                    " character no command holds."
                )
            elif (unread := _unread(command)) is not None:
                refused.append(f"{command}: not sent: {unread}")
            elif not self.decisions.allow(budget):
                refused.append(
                    f"{command}: not sent: at most {DECISIONS_PER_S} decisions a second for a"
                    " seat; send it again later."
                )
            else:
                sent.append({"text": command, "decision_id": _decision_id(self.key, key, i)})
        return sent, refused

    async def read_before(self, key: str) -> bool:
        found = await self.pool.fetchval("SELECT true FROM mail_inbox WHERE mail_key = $1", key)
        return bool(found)

    def pressable(
        self, found: Any, key: str, presses: tuple[Press, ...]
    ) -> list[tuple[dict[str, str], WriteMessage]]:
        """The messages to send, each as its answer tells it (never its text: the answer is a
        row of the outbox, and a private message's text is in its readers' rows alone) and as
        the decision judged under SL-21 and SL-22, within the seat's decision limit."""
        written = []
        budget = decision_key(found["match_id"], found["seat"])
        for i, press in enumerate(presses):
            if not self.decisions.allow(budget):
                break
            whom = f"seats {', '.join(map(str, press.to))}" if press.to else "everyone"
            told = {
                "text": f"press to {whom}",
                "decision_id": _decision_id(self.key, key, PRESS + i),
            }
            written.append((told, WriteMessage(press.text, list(press.to))))
        return written

    async def standing(self, found: Any, lines: tuple[str, ...]) -> list[str]:
        """Leave, withdraw or list the seat's standing orders, as the `order` lines say: what
        became of each, in the seat's own answer alone."""
        match_id, seat, player = found["match_id"], found["seat"], found["player"]
        told = []
        for line in lines:
            asked = standing_order(line)
            if isinstance(asked, WithdrawOrder):
                done = await standing_orders.withdraw(
                    self.pool, match_id, seat, player, asked.number
                )
                told.append(
                    f"order #{asked.number}: {'withdrawn' if done else 'no such order standing'}"
                )
                continue
            if isinstance(asked, LeaveOrder):
                try:
                    order = msgspec.convert(msgspec.to_builtins(asked), api.StandingOrder)
                    left = await standing_orders.leave(self.pool, match_id, seat, player, order)
                    told.append(f"order left: {order_line(left)}")
                except (msgspec.ValidationError, standing_orders.Refused) as error:
                    told.append(f"{line}: not left: {error}")
                continue
            if line.lower() != "orders":
                told.append(f"{line}: not read: write order PROMPT [if CONDITION]: ANSWER")
                continue
            listed = await standing_orders.listed(self.pool, match_id, seat, player)
            told += [f"order {order_line(o)}" for o in listed] or ["no standing orders"]
        return told

    async def forks(self, found: Any, lines: tuple[str, ...]) -> list[dict[str, Any]]:
        """Ask the forks the `fork` lines name, as the seat sees the match (the whole match
        once it has ended): each the fork asked, or why not (`refused`)."""
        row = await reads.match(self.pool, found["match_id"])
        if row is None:  # never: `seat_of` read the seat from the lobby
            return [{"line": line, "refused": "not made: no such match"} for line in lines]
        told: list[dict[str, Any]] = []
        for line in lines:
            try:
                read = fork_line(line)
            except ValueError as error:
                told.append({"line": line, "refused": f"not read: {error}"})
                continue
            bot = get_ruleset(row["game"]).strongest_bot if read.against == "bots" else read.against
            others = [s for s in range(row["seats"]) if s != found["seat"]] if bot else []
            wanted = api.NewFork(at=read.at, bots=[api.BotSeat(s, bot) for s in others])
            seat = None if forks.ended(row) else found["seat"]
            try:
                asked = await forks.ask(self.pool, row, seat, wanted)
            except HTTPException as error:
                told.append({"line": line, "refused": f"not made: {error.detail}"})
            else:
                mine = {"open": found["seat"], "against": bot} if bot else {}
                told.append({"line": line, **msgspec.to_builtins(asked), **mine})
        return told

    async def not_me(self, found: Any, key: str) -> None:
        """The address's reader never asked for this: nothing is sent to it again, from any
        seat (each seat naming it forgets it)."""
        address = found["address"].lower()
        await self.pool.execute(
            "INSERT INTO mail_refused (address, refused_ms) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            address,
            int(time.time() * 1000),
        )
        seats = await self.pool.fetch(
            "SELECT match_id, seat FROM mail_seats WHERE lower(address) = $1", address
        )
        for seat in seats:
            await forget_seat(self.pool, seat["match_id"], seat["seat"])
        await self.note(key, "not-me", f"the address refused; {len(seats)} seats forgot it", found)
        log.info("mail_address_refused", seats=len(seats))

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


def _text(mail: EmailMessage, size: int) -> tuple[str | None, str]:
    """The mail's plain text (an HTML-only mail's as its reader sees it), or None and why it
    is not read."""
    if size > MAX_MAIL_BYTES:
        return None, f"Your mail was not read: {size} bytes, over {MAX_MAIL_BYTES}."
    part = mail.get_body(preferencelist=("plain", "html"))
    if part is None:
        return None, "Your mail was not read: it holds no text. Send orders as plain text."
    try:
        content = str(part.get_content())
        return (html_text(content) if part.get_content_subtype() == "html" else content), ""
    except (LookupError, ValueError):  # an unknown charset, a broken encoding
        return None, "Your mail was not read: its text could not be decoded."


def _unread(command: str) -> str | None:
    """Why the mail cannot read the command as a decision, or None."""
    try:
        decision(command)
    except ValueError as error:
        return str(error)
    return None


def _decision_id(key: bytes, mail_key: str, index: int) -> str:
    signed = hashlib.blake2b(f"{mail_key}\0{index}".encode(), key=key[:64])
    return f"mail-{signed.hexdigest()[:32]}"
