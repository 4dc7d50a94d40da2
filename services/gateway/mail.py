"""A seat's mail address and wishes (`mail_seats`), as its player sets them. Kept off the log:
an address is personal data, and a log is kept forever. Notices start from the entry the
match is at when set (at a join, the one before the claim); the mail worker gives the seat
its reply address, and mails the address nothing but a request to confirm it until its reader
replies `confirm`. A new address (or player) starts over: a new reply address, unconfirmed."""

import time

import asyncpg

from services.gateway import api

# The seat's player and address are those it had: its reply address and confirmation stand.
_SAME = (
    "mail_seats.player = EXCLUDED.player AND lower(mail_seats.address) = lower(EXCLUDED.address)"
)


async def set_mail(
    conn: asyncpg.Pool | asyncpg.Connection,
    match_id: str,
    seat: int,
    player: str,
    mail: api.Mail,
    *,
    after: int | None = None,
) -> None:
    """Set (or change) the seat's address; a new player of the seat starts afresh, hearing of
    the entries `after` the one named (at a join: the match's entry before the claim, so a
    turn its claim starts is told), else after the match's entry now."""
    await conn.execute(
        "INSERT INTO mail_seats (match_id, seat, player, address, kinds, digest_s, remind_s,"
        " from_seq, told_seq) SELECT $1, $2, $3, $4, $5, $6, $7, coalesce($8, l.seq),"
        " coalesce($8, l.seq) FROM lobby AS l"
        " WHERE l.match_id = $1 ON CONFLICT (match_id, seat) DO UPDATE SET"
        " address = EXCLUDED.address, kinds = EXCLUDED.kinds, digest_s = EXCLUDED.digest_s,"
        " remind_s = EXCLUDED.remind_s, player = EXCLUDED.player,"
        f" token = CASE WHEN {_SAME} THEN mail_seats.token END,"
        f" confirmed_ms = CASE WHEN {_SAME} THEN mail_seats.confirmed_ms END,"
        " from_seq = CASE WHEN mail_seats.player = EXCLUDED.player THEN mail_seats.from_seq"
        " ELSE EXCLUDED.from_seq END,"
        " told_seq = CASE WHEN mail_seats.player = EXCLUDED.player THEN mail_seats.told_seq"
        " ELSE EXCLUDED.told_seq END",
        match_id,
        seat,
        player,
        mail.address,
        list(mail.kinds),
        mail.digest_s,
        mail.remind_s,
        after,
    )


async def mail_of(
    conn: asyncpg.Pool | asyncpg.Connection, match_id: str, seat: int
) -> api.MailSet | None:
    row = await conn.fetchrow(
        "SELECT address, kinds, digest_s, remind_s, token, confirmed_ms FROM mail_seats"
        " WHERE match_id = $1 AND seat = $2",
        match_id,
        seat,
    )
    if row is None:
        return None
    return api.MailSet(
        row["address"],
        row["kinds"],
        row["digest_s"],
        row["remind_s"],
        row["token"] is not None,
        row["confirmed_ms"] is not None,
    )


# Where each channel keeps the seats that want its notices.
SEAT_TABLES = {"mail": "mail_seats", "webhook": "webhook_seats"}


async def forget_seat(pool: asyncpg.Pool, match_id: str, seat: int, channel: str = "mail") -> bool:
    """No more notices on `channel` for the seat (for mail: its address and reply token gone,
    so mail to the token is refused), what was still to be sent settled as gone. False if the
    seat had none set."""
    async with pool.acquire() as conn, conn.transaction():
        removed = await conn.execute(
            f"DELETE FROM {SEAT_TABLES[channel]} WHERE match_id = $1 AND seat = $2", match_id, seat
        )
        if channel == "mail":  # the views kept for its mails (`projections.seat_views`)
            await conn.execute(
                "DELETE FROM mail_views WHERE match_id = $1 AND seat = $2", match_id, seat
            )
        await conn.execute(
            "UPDATE mail_outbox SET done_ms = $3, outcome = 'gone' WHERE match_id = $1"
            " AND seat = $2 AND channel = $4 AND done_ms IS NULL",
            match_id,
            seat,
            int(time.time() * 1000),
            channel,
        )
    return removed != "DELETE 0"
