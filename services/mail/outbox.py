"""Sending the outbox. Each pass: give new mail seats their reply tokens (each with a mail asking
its address to confirm), record reminders due (for mail and webhooks), settle answers whose
decisions are judged, then send the mail due: a confirmation alone (one an address a pass,
CONFIRMS_AN_HOUR at most), and nothing else to an address until it is confirmed, nor ever to one
whose reader said `not me`; an answer alone as soon as it is ready; a seat's notices once its
answers are out (so every mail tells the log in order) and its digest period has passed since
its last mail, all of an address's notices in one mail; a seat's hand-over to a bot to the
player it was taken from. A delivery is marked done only once the relay took it, so a worker
that dies sends it again (with the same Message-ID); a failure is tried again later, backing
off, and given up after MAX_ATTEMPTS."""

import mailbox
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import aiosmtplib
import asyncpg
import msgspec
import structlog

from projections.notices import CHANNELS
from services import run_folder
from services.gateway.submit import Submitter
from services.mail import addresses, compose
from services.mail.compose import Part
from services.mail.orders import decision
from services.settings import Settings

log = structlog.get_logger("mail")

Send = Callable[[EmailMessage], Awaitable[None]]
BACKOFF_S = (5, 30, 120, 600, 3600)  # after the 1st, 2nd… failure; the last repeats
MAX_ATTEMPTS = 8  # about four hours of tries; then settled as failed, so it holds nothing back
CONFIRMS_AN_HOUR = 5  # to one address, however many seats name it (a player's, a stranger's)
SUBJECTS = {
    "turn": "your turn",
    "window": "a window is open to you",
    "reminder": "reminder",
    "timeout": "a deadline passed",
    "message": "a message",
    "ended": "the match ended",
    "handed": "your seat was handed over",
    "correction": "a take-back or a dispute",
}


# Whether the delivery `o` is for the player of the mail seat `m`: the seat's player, or for a
# hand-over, the player it was taken from.
HOLDS = (
    "CASE WHEN o.kind = 'handed' THEN m.player = o.detail->>'player'"
    " ELSE m.player = l.players[o.seat + 1] END"
)
# Whether the address of a seat `m` was refused by its reader (`not me`).
REFUSED = "EXISTS (SELECT 1 FROM mail_refused AS f WHERE f.address = lower(m.address))"
# Whether the address of a seat `m` had its CONFIRMS_AN_HOUR in the hour before time $1.
ASKED_LATELY = (
    "(SELECT count(*) FROM mail_outbox AS c WHERE c.kind = 'confirm'"
    " AND c.detail->>'address' = lower(m.address) AND c.outcome = 'sent'"
    f" AND c.done_ms > $1 - 3600000) >= {CONFIRMS_AN_HOUR}"
)
# Whether a delivery `o` still stands at time $1: a reminder only while its deadline does.
STANDING = (
    "(o.kind <> 'reminder' OR EXISTS (SELECT 1 FROM deadlines AS d"
    " WHERE d.match_id = o.match_id AND d.seat = o.seat AND d.at_seq = o.upto_seq"
    " AND d.due_ms = (o.detail->>'due_ms')::bigint AND d.due_ms > $1))"
)


def now_ms() -> int:
    return int(time.time() * 1000)


def sender(settings: Settings) -> tuple[Send, str]:
    """How mail leaves, and the words that say so: the SMTP relay set, else a maildir."""
    if settings.smtp_relay:
        host, _, port = settings.smtp_relay.rpartition(":")

        async def relay(mail: EmailMessage) -> None:
            await aiosmtplib.send(mail, hostname=host, port=int(port), timeout=30)

        return relay, f"through the SMTP relay {settings.smtp_relay}"
    folder = Path(settings.maildir or run_folder.MAILDIR)

    async def deliver(mail: EmailMessage) -> None:
        mailbox.Maildir(folder, create=True).add(mail)

    return deliver, f"to the maildir {folder}/ (no SMTP relay set: STARLEDGER_SMTP_RELAY)"


class Outbox:
    def __init__(self, settings: Settings, pool: asyncpg.Pool, key: bytes, send: Send) -> None:
        self.settings, self.pool, self.key, self.send = settings, pool, key, send

    async def run_once(self) -> None:
        now = now_ms()
        await self.give_tokens()
        await remind(self.pool, now)
        await self.settle_answers(now)
        await self.send_due(now)

    async def give_tokens(self) -> None:
        """A reply token for each new mail seat, and the mail asking its address to confirm."""
        rows = await self.pool.fetch(
            "SELECT match_id, seat, player FROM mail_seats WHERE token IS NULL"
        )
        for r in rows:
            made = addresses.token(self.key, r["match_id"], r["seat"], r["player"])
            async with self.pool.acquire() as conn, conn.transaction():
                await conn.execute(
                    "UPDATE mail_seats SET token = $3 WHERE match_id = $1 AND seat = $2",
                    r["match_id"],
                    r["seat"],
                    made,
                )
                await conn.execute(
                    "INSERT INTO mail_outbox (delivery_id, match_id, seat, kind, upto_seq,"
                    " created_ms, next_ms, detail) SELECT 'confirm:' || token, match_id, seat,"
                    " 'confirm', from_seq, $2, $2, jsonb_build_object('address', lower(address))"
                    " FROM mail_seats WHERE token = $1",
                    made,
                    now_ms(),
                )

    async def settle_answers(self, now: int) -> None:
        """An answer tells up to its decisions' last entry once all are judged (or it has
        waited long enough: then up to where the match is)."""
        rows = await self.pool.fetch(
            "SELECT o.delivery_id, o.match_id, o.seat, o.created_ms, o.detail, r.last_seq"
            " FROM mail_outbox AS o JOIN replay_matches AS r USING (match_id)"
            " WHERE o.kind = 'answer' AND o.upto_seq IS NULL AND o.done_ms IS NULL"
        )
        for row in rows:
            ids = [s["decision_id"] for s in detail_of(row["detail"]).get("sent", [])]
            judged = await self.pool.fetch(  # a private message's row names no seat (secrecy)
                "SELECT last_seq FROM audit WHERE match_id = $1"
                " AND (seat = $2 OR seat IS NULL) AND decision_id = ANY($3::text[])",
                row["match_id"],
                row["seat"],
                ids,
            )
            waited = now - row["created_ms"] > self.settings.answer_wait_ms
            if len(judged) < len(ids) and not waited:
                continue
            upto = max((j["last_seq"] for j in judged), default=row["last_seq"])
            await self.pool.execute(
                "UPDATE mail_outbox SET upto_seq = $2 WHERE delivery_id = $1",
                row["delivery_id"],
                upto if len(judged) == len(ids) else row["last_seq"],
            )

    async def send_due(self, now: int) -> None:
        rows = await self.pool.fetch(
            "SELECT o.delivery_id, o.match_id, o.seat, o.kind, o.upto_seq, o.detail,"
            " o.attempts, m.address, m.kinds, m.digest_s, m.told_seq, m.last_sent_ms, m.token,"
            f" {HOLDS} AS holds, coalesce(l.players[o.seat + 1], '') = '' AS open_seat,"
            " r.last_seq >= o.upto_seq AS readable,"
            f" m.confirmed_ms IS NOT NULL AS confirmed, {STANDING} AS standing,"
            f" {REFUSED} AS refused, {ASKED_LATELY} AS asked_lately"
            " FROM mail_outbox AS o JOIN mail_seats AS m USING (match_id, seat)"
            " JOIN lobby AS l USING (match_id) JOIN replay_matches AS r USING (match_id)"
            " WHERE o.channel = 'mail' AND o.done_ms IS NULL AND o.next_ms <= $1"
            " ORDER BY o.created_ms, o.delivery_id",
            now,
        )
        ready = [r for r in rows if r["token"] is not None and r["upto_seq"] is not None]
        ready = [r for r in ready if r["readable"]]
        answers = [r for r in ready if r["kind"] == "answer" and r["holds"] and r["confirmed"]]
        held = {(r["match_id"], r["seat"]) for r in rows if r["kind"] == "answer"}
        notices, asking = defaultdict(list), {}
        for row in ready:
            if not row["holds"] and row["open_seat"]:
                continue  # the seat's claim is not in the lobby yet: its address waits for it
            if not row["holds"]:
                await self.settle(row["delivery_id"], now, "gone")  # another holds the seat
            elif row["refused"]:
                await self.settle(row["delivery_id"], now, "refused")  # its reader said not me
            elif row["kind"] == "confirm":
                if row["confirmed"] or row["delivery_id"] != f"confirm:{row['token']}":
                    await self.settle(row["delivery_id"], now, "told")  # confirmed, or replaced
                elif not row["asked_lately"]:
                    asking.setdefault(row["address"].lower(), row)
            elif not row["confirmed"]:
                continue  # nothing but the confirmation until its reader confirms
            elif row["kind"] == "answer" or (row["match_id"], row["seat"]) in held:
                continue  # a seat's answers go first, so each mail tells on from the last
            elif compose.preference(row["kind"]) not in (*row["kinds"], "handed"):  # handed: always
                await self.settle(row["delivery_id"], now, "off")
            elif not row["standing"]:
                await self.settle(row["delivery_id"], now, "late")  # its deadline moved or passed
            elif row["kind"] != "reminder" and row["upto_seq"] <= row["told_seq"]:
                await self.settle(row["delivery_id"], now, "told")  # a later mail told it
            elif now >= row["last_sent_ms"] + row["digest_s"] * 1000:
                notices[row["address"]].append(row)
        for row in [*asking.values(), *answers]:
            await self.mail(row["address"], [row], now)
        for address, due in notices.items():
            await self.mail(address, sorted(due, key=lambda r: (r["upto_seq"], r["kind"])), now)

    async def mail(self, address: str, rows: list[Any], now: int) -> None:
        told: dict[tuple[str, int], int] = {}
        parts = []
        for row in rows:
            seat = (row["match_id"], row["seat"])
            after = told.get(seat, row["told_seq"])
            parts.append(
                Part(
                    row["match_id"],
                    row["seat"],
                    row["kind"],
                    row["upto_seq"],
                    min(after, row["upto_seq"]),
                    row["token"],
                    detail_of(row["detail"]),
                )
            )
            told[seat] = max(after, row["upto_seq"])
        ids = [r["delivery_id"] for r in rows]
        try:
            lines = []
            for part in parts:
                lines += [*await compose.body(self.pool, self.settings, part), ""]
            first = parts[0]
            if first.kind == "confirm":
                subject = compose.CONFIRM_SUBJECT
            elif first.kind == "answer":
                subject = compose.answer_subject(first)
            else:
                kinds = ", ".join(dict.fromkeys(SUBJECTS[p.kind] for p in parts))
                more = f" and {len(parts) - 1} more" if len({p.match_id for p in parts}) > 1 else ""
                subject = f"[Starledger] {first.match_id}{more}: {kinds} (entry {first.upto})"
            mail = compose.message(
                self.settings,
                address,
                subject,
                "\n".join(lines),
                parts,
                ids,
                first.detail.get("message_id") if first.kind == "answer" else None,
            )
            await self.send(mail)
        except Exception as error:  # a relay down, a refusal, a mail not composed: again later
            wait = await retry_later(self.pool, ids, rows[0]["attempts"], now, error)
            log.warning("mail_failed", to=address, deliveries=ids, error=str(error), retry_s=wait)
            return
        async with self.pool.acquire() as conn, conn.transaction():
            for ident in ids:
                await self.settle(ident, now, "sent", conn)
            for (match_id, seat), upto in told.items():
                await conn.execute(
                    "UPDATE mail_seats SET told_seq = GREATEST(told_seq, $3), last_sent_ms = $4"
                    " WHERE match_id = $1 AND seat = $2",
                    match_id,
                    seat,
                    upto,
                    now,
                )
                # Views before what the seat was told: a later mail tells from there on.
                await conn.execute(
                    "DELETE FROM mail_views WHERE match_id = $1 AND seat = $2 AND seq < $3",
                    match_id,
                    seat,
                    upto,
                )
        log.info("mail_sent", to=address, deliveries=ids)

    async def settle(self, delivery_id: str, now: int, outcome: str, conn: Any = None) -> None:
        await settle(conn or self.pool, delivery_id, now, outcome)

    async def resubmit(self, submitter: Submitter) -> None:
        """Decisions of answers still waiting, sent again: a worker may have died between
        recording a mail and sending them; the rules service drops a repeat as judged."""
        rows = await self.pool.fetch(
            "SELECT o.match_id, o.seat, o.detail, m.player FROM mail_outbox AS o"
            " JOIN mail_seats AS m USING (match_id, seat)"
            " WHERE o.kind = 'answer' AND o.upto_seq IS NULL AND o.done_ms IS NULL"
        )
        for row in rows:
            detail = detail_of(row["detail"])
            for i, sent in enumerate(detail.get("sent", [])):
                await submitter.submit(
                    row["match_id"],
                    row["seat"],
                    decision(sent["text"]),
                    sender=row["player"],
                    decision_id=sent["decision_id"],
                    seen_seq=detail.get("seen_seq") if i == 0 else None,
                )


async def remind(pool: asyncpg.Pool, now: int) -> None:
    """A reminder on each channel for each running deadline within its seat's reminder time,
    the deadline kept with the clock's time zone to tell it in and, as the lobby row tells it,
    whether it is a response window's (a "may", not a "must"), with what the window asks of
    the seat as its deadline row keeps it (the seat's own words). Not to a seat that has
    chosen in a sealed step or answered a sealed window (SL-27, SL-28): it keeps its deadline,
    so that the others' record reads the same, but has nothing left to answer."""
    for channel, prefix, table in CHANNELS:
        await pool.execute(
            "INSERT INTO mail_outbox (delivery_id, match_id, seat, kind, upto_seq, created_ms,"
            " next_ms, detail, channel) SELECT $2 || 'reminder:' || d.at_seq || ':' || d.due_ms"
            " || ':' || d.seat || ':' || d.match_id, d.match_id, d.seat, 'reminder', d.at_seq,"
            " $1, $1, jsonb_build_object('due_ms', d.due_ms, 'zone',"
            " COALESCE(l.clock->>'zone', 'UTC'), 'window', COALESCE((SELECT (w->>'window')::bool"
            " FROM jsonb_array_elements(l.deadlines) AS w WHERE (w->>'seat')::int = d.seat"
            " LIMIT 1), false)) || COALESCE(d.asks, '{}'), $3 FROM deadlines AS d"
            f" JOIN {table} AS m USING (match_id, seat) JOIN lobby AS l USING (match_id)"
            " WHERE m.remind_s > 0 AND 'reminder' = ANY(m.kinds)"
            " AND d.due_ms - m.remind_s * 1000::bigint <= $1"
            " AND d.due_ms > $1 AND d.at_seq > m.from_seq AND NOT EXISTS (SELECT 1 FROM"
            " seat_views AS v WHERE v.match_id = d.match_id AND v.seat = d.seat"
            " AND v.turn = 'chosen') ON CONFLICT (delivery_id) DO NOTHING",
            now,
            prefix,
            channel,
        )


async def settle(conn: Any, delivery_id: str, now: int, outcome: str) -> None:
    await conn.execute(
        "UPDATE mail_outbox SET done_ms = $2, outcome = $3 WHERE delivery_id = $1",
        delivery_id,
        now,
        outcome,
    )


async def retry_later(
    pool: asyncpg.Pool, ids: list[str], attempts: int, now: int, error: Exception
) -> int | None:
    """Deliveries that failed, tried again after the backoff for one more failure: its seconds;
    None once they failed MAX_ATTEMPTS times, settled as failed."""
    if attempts + 1 >= MAX_ATTEMPTS:
        await pool.execute(
            "UPDATE mail_outbox SET attempts = attempts + 1, done_ms = $2, outcome = $3"
            " WHERE delivery_id = ANY($1::text[])",
            ids,
            now,
            f"failed: {error}"[:500],
        )
        log.error("delivery_given_up", deliveries=ids, attempts=attempts + 1, error=str(error))
        return None
    wait = BACKOFF_S[min(attempts + 1, len(BACKOFF_S)) - 1]
    await pool.execute(
        "UPDATE mail_outbox SET attempts = attempts + 1, next_ms = $2, outcome = $3"
        " WHERE delivery_id = ANY($1::text[])",
        ids,
        now + wait * 1000,
        f"error: {error}"[:500],
    )
    return wait


def detail_of(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    return msgspec.json.decode(value) if isinstance(value, str | bytes) else dict(value)
