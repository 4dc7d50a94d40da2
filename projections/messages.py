"""Messages: each message of each match in a row for every eyes `projections.secrecy` lets read
it (the public's for one to everyone), as those eyes may know it: its text, its writer's name
(`anonymous` where unsigned), its recipients. A hiding empties the text of every row and says
who hid it and why. Readers read the public's rows and their own eyes' rows, less the seats
they muted: they never decide who reads what."""

from typing import Any

import asyncpg
import msgspec

from events.codec import encode
from events.match import EndedMatch, MatchRecord
from events.messages import Announced, MessageHidden, MessageWritten
from events.narration import seat_names
from projections.projection import Folded, Projection
from projections.secrecy import ORGANISER, PUBLIC, message_readers
from projections.writes import Write, insert, update

ANONYMOUS = "anonymous"
COLUMNS = {
    "match_id": "text",
    "eyes": "integer",
    "seq": "integer",
    "writer": "text",
    "writer_seat": "integer",
    "recipients": "jsonb",
    "text": "text",
    "hidden": "text",
    "recorded_at_ms": "bigint",
}
HIDDEN = {"match_id": "text", "seq": "integer", "text": "text", "hidden": "text"}


class Message(msgspec.Struct, frozen=True):
    """A message as one reader may read it."""

    seq: int
    writer: str
    writer_seat: int | None  # a signed message's seat; None: the organiser's or unsigned
    to: list[int]  # empty: everyone
    text: str  # "" once hidden
    hidden: str | None  # who hid it and why
    recorded_at_ms: int


class Messages(Projection):
    name = "messages"
    tables = ("messages",)

    def __init__(self) -> None:
        self.rows: list[tuple[Any, ...]] = []
        self.hidden: list[tuple[Any, ...]] = []

    def take(self, folded: Folded) -> None:
        match = folded.match
        if isinstance(match, EndedMatch):
            return  # only late rulings follow an end
        for entry in folded.entries:
            body = entry.body
            if isinstance(body, MessageWritten | Announced):
                for eyes in message_readers(body, match.messages):
                    self.rows.append(_row(match, entry.seq, eyes, body, entry.recorded_at_ms))
            elif isinstance(body, MessageHidden):
                why = f"hidden by {body.by}: {body.reason}"
                self.hidden.append((match.match_id, body.seq, "", why))

    def writes(self) -> list[Write]:
        hidden = update("messages", ("match_id", "seq"), HIDDEN, self.hidden)
        return [*insert("messages", COLUMNS, self.rows), *hidden]


def _row(
    match: MatchRecord, seq: int, eyes: int, body: MessageWritten | Announced, at_ms: int
) -> tuple[Any, ...]:
    if isinstance(body, Announced):
        return (match.match_id, eyes, seq, "the organiser", None, "[]", body.text, None, at_ms)
    names = seat_names(match.seat_players)
    signed_seat = body.by if body.signed else None
    if not body.signed:
        writer = ANONYMOUS
    elif body.by is None:
        writer = "the organiser"
    else:
        writer = names[body.by]
    to = encode(body.to).decode()
    return (match.match_id, eyes, seq, writer, signed_seat, to, body.text, None, at_ms)


def eyes_of(seat: int | None, organiser: bool) -> list[int]:
    """The rows a reader reads: the public's, and its own eyes' (a seat's, or the organiser's)."""
    if organiser:
        return [PUBLIC, ORGANISER]
    return [PUBLIC] if seat is None else [PUBLIC, seat]


async def read(
    conn: asyncpg.Connection | asyncpg.Pool,
    match_id: str,
    eyes: list[int],
    after: int = 0,
    upto: int = 2**31 - 1,
    muted: list[int] | None = None,
) -> list[Message]:
    """The messages `after` < seq <= `upto` the rows of `eyes` hold (as `eyes_of` gives them),
    oldest first, less those signed by a seat in `muted`."""
    rows = await conn.fetch(
        "SELECT DISTINCT ON (seq) seq, writer, writer_seat, recipients, text, hidden,"
        " recorded_at_ms FROM messages WHERE match_id = $1 AND eyes = ANY($2::int[])"
        " AND seq > $3 AND seq <= $4"
        " AND (writer_seat IS NULL OR NOT writer_seat = ANY($5::int[])) ORDER BY seq",
        match_id,
        eyes,
        after,
        upto,
        muted or [],
    )
    return [
        Message(
            r["seq"],
            r["writer"],
            r["writer_seat"],
            msgspec.json.decode(r["recipients"]),
            r["text"],
            r["hidden"],
            r["recorded_at_ms"],
        )
        for r in rows
    ]


async def muted_by(conn: asyncpg.Connection | asyncpg.Pool, match_id: str, seat: int) -> list[int]:
    rows = await conn.fetch(
        "SELECT muted FROM message_mutes WHERE match_id = $1 AND seat = $2 ORDER BY muted",
        match_id,
        seat,
    )
    return [r["muted"] for r in rows]
