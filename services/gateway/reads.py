"""What the gateway reads: the projections' tables, never the log."""

import json
import re
from typing import Any

import asyncpg
import msgspec

from events.clock import SeatHandedToBot
from events.codec import decode_json
from events.envelope import MatchCreated
from events.messages import NO_MESSAGES, MessageRules
from projections import audit

Conn = asyncpg.Connection | asyncpg.Pool

LOBBY_COLUMNS = (
    "match_id, name, game, status, seats, players, round, phase, to_act, seq,"
    " last_activity, scores, winners, clock, deadlines, former, min_reliability, rated,"
    " fork_of, fork_at"
)


def lobby_row(row: asyncpg.Record) -> dict[str, Any]:
    found = dict(row)
    found.pop("total", None)
    found["last_activity"] = found["last_activity"].isoformat()
    for column in ("clock", "deadlines"):  # jsonb comes as text
        found[column] = json.loads(found[column]) if found[column] is not None else None
    found["former"] = json.loads(found["former"] or "[]")  # null: a row from before 0132
    return found


async def lobby(conn: Conn, status: str | None, limit: int) -> list[dict[str, Any]]:
    rows = await conn.fetch(
        f"SELECT {LOBBY_COLUMNS} FROM lobby WHERE ($1::text IS NULL OR status = $1)"
        " ORDER BY last_activity DESC LIMIT $2",
        status,
        limit,
    )
    return [lobby_row(r) for r in rows]


class LobbyFilter(msgspec.Struct, frozen=True):
    """Which lobby rows a page lists: each field left empty takes every row."""

    game: str = ""
    status: str = ""
    open_seats: bool = False  # only matches with a seat to take
    match_ids: list[str] | None = None  # only these (a player's own)
    search: str = ""  # in the match id or a player's name, any case


async def lobby_page(
    conn: Conn, wanted: LobbyFilter, offset: int, limit: int
) -> tuple[list[dict[str, Any]], int]:
    """A page of the lobby rows the filter takes, latest activity first, and how many it takes
    in all."""
    pattern = "%" + re.sub(r"([\\%_])", r"\\\1", wanted.search) + "%" if wanted.search else None
    rows = await conn.fetch(
        f"SELECT {LOBBY_COLUMNS}, count(*) OVER () AS total FROM lobby"
        " WHERE ($1 = '' OR game = $1) AND ($2 = '' OR status = $2)"
        " AND (NOT $3 OR array_position(players, NULL) IS NOT NULL)"
        " AND ($4::text[] IS NULL OR match_id = ANY($4))"
        " AND ($5::text IS NULL OR match_id ILIKE $5 OR name ILIKE $5"
        " OR EXISTS (SELECT FROM unnest(players) AS p WHERE p ILIKE $5))"
        " ORDER BY last_activity DESC, match_id OFFSET $6 LIMIT $7",
        wanted.game,
        wanted.status,
        wanted.open_seats,
        wanted.match_ids,
        pattern,
        offset,
        limit,
    )
    total = rows[0]["total"] if rows else 0
    return [lobby_row(r) for r in rows], total


async def my_turn(conn: Conn, seats: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """Lobby rows of the matches where one of these (match, seat) must act now, as the seat's
    own row says (the lobby's `to_act` lists a seat that made its sealed choice still)."""
    rows = await conn.fetch(
        f"SELECT {LOBBY_COLUMNS} FROM lobby l JOIN unnest($1::text[], $2::int[]) AS s(m, seat)"
        " ON l.match_id = s.m WHERE l.status = 'in_progress' AND EXISTS (SELECT FROM seat_views"
        " AS v WHERE v.match_id = s.m AND v.seat = s.seat AND v.turn = 'must')"
        " ORDER BY last_activity",
        [m for m, _ in seats],
        [s for _, s in seats],
    )
    return [lobby_row(r) for r in rows]


async def turns(conn: Conn, seats: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """Each of these (match, seat)'s own turn: must, chosen (a sealed choice it may still
    change), may, or none ("")."""
    rows = await conn.fetch(
        "SELECT v.match_id, v.seat, v.turn FROM seat_views AS v"
        " JOIN unnest($1::text[], $2::int[]) AS s(m, seat) ON v.match_id = s.m AND v.seat = s.seat",
        [m for m, _ in seats],
        [s for _, s in seats],
    )
    return {(r["match_id"], r["seat"]): r["turn"] for r in rows}


async def matches(conn: Conn, match_ids: list[str]) -> list[dict[str, Any]]:
    rows = await conn.fetch(
        f"SELECT {LOBBY_COLUMNS} FROM lobby WHERE match_id = ANY($1::text[])", match_ids
    )
    return [lobby_row(r) for r in rows]


async def match(conn: Conn, match_id: str) -> dict[str, Any] | None:
    row = await conn.fetchrow(f"SELECT {LOBBY_COLUMNS} FROM lobby WHERE match_id = $1", match_id)
    return lobby_row(row) if row else None


class Seating(msgspec.Struct, frozen=True):
    """Who holds each seat (None: open), and when the match ended (None: it has not)."""

    players: list[str | None]
    ended_ms: int | None


async def seating(conn: Conn, match_id: str) -> Seating | None:
    row = await conn.fetchrow(
        "SELECT players, CASE WHEN status = 'finished' THEN"
        " (extract(epoch FROM last_activity) * 1000)::bigint END AS ended_ms"
        " FROM lobby WHERE match_id = $1",
        match_id,
    )
    return Seating(list(row["players"]), row["ended_ms"]) if row else None


async def game(conn: Conn, match_id: str) -> str | None:
    found: str | None = await conn.fetchval("SELECT game FROM lobby WHERE match_id = $1", match_id)
    return found


async def seat_opened_upto(conn: Conn, match_id: str, seat: int) -> int:
    """The last entry as of which the organiser opened the seat's hidden information (0: none)."""
    found: int | None = await conn.fetchval(
        "SELECT max((body->>'upto_seq')::int) FROM archive WHERE match_id = $1"
        " AND kind = 'match.seat_view_opened' AND (body->>'seat')::int = $2",
        match_id,
        seat,
    )
    return found or 0


async def seat_view(conn: Conn, match_id: str, seat: int) -> tuple[int, str] | None:
    row = await conn.fetchrow(
        "SELECT seq, view::text FROM seat_views WHERE match_id = $1 AND seat = $2", match_id, seat
    )
    return (row["seq"], row["view"]) if row else None


class SeatChoices(msgspec.Struct, frozen=True):
    """What a seat may decide as of entry `seq`: each legal decision with its text command."""

    seq: int
    legal: list[dict[str, Any]]  # {"decision": body, "text": command}
    help: str
    moved_seq: int  # the last entry that changed these: a page drawn since then is not stale


async def seat_choices(conn: Conn, match_id: str, seat: int) -> SeatChoices | None:
    row = await conn.fetchrow(
        "SELECT seq, legal::text, help, moved_seq FROM seat_views"
        " WHERE match_id = $1 AND seat = $2",
        match_id,
        seat,
    )
    if row is None:
        return None
    legal = msgspec.json.decode(row["legal"])
    return SeatChoices(row["seq"], legal, row["help"], row["moved_seq"])


async def window_asks(conn: Conn, match_id: str, seat: int) -> dict[str, Any] | None:
    """What the window asking the seat asks of it, as its deadline row keeps it (`asks` and
    the clock's `default`, `projections.window_asks`): the seat's own, never another's."""
    found = await conn.fetchval(
        "SELECT asks::text FROM deadlines WHERE match_id = $1 AND seat = $2", match_id, seat
    )
    return msgspec.json.decode(found) if found else None


async def public_view(conn: Conn, match_id: str) -> tuple[int, str] | None:
    row = await conn.fetchrow(
        "SELECT seq, view::text FROM public_views WHERE match_id = $1", match_id
    )
    return (row["seq"], row["view"]) if row else None


async def public_seq(conn: Conn, match_id: str) -> int:
    """The entry the public view is as of (0 before any)."""
    seq = await conn.fetchval("SELECT seq FROM public_views WHERE match_id = $1", match_id)
    return seq or 0


async def ruling(
    conn: Conn,
    match_id: str,
    decision_id: str,
    seat: int | None,
    reader: int | None,
    sent_by: str | None = None,
) -> dict[str, Any] | None:
    """The ruling on the decision a seat (None: the match's own, as a create) sent under this
    id in this match; a decision id means nothing beyond its match and seat. A sealed choice's
    shows whole only to `reader` its seat, a held window answer's to it alone (see
    `projections.audit.by_decision`)."""
    found = await audit.by_decision(conn, match_id, decision_id, seat, reader)
    if found is None or sent_by not in (None, found["sender"]):  # `sent_by`: theirs alone
        return None
    kept = ("match_id", "seat", "accepted", "rule", "reason", "first_seq", "last_seq")
    return {**{k: found[k] for k in kept}, "held": found.get("held", False)}


async def created(conn: Conn, match_id: str) -> MatchCreated | None:
    """The match's creation as the archive shows it: its seed sealed while it runs."""
    body = await conn.fetchval(
        "SELECT body::text FROM archive WHERE match_id = $1 AND seq = 1 AND kind = 'match.created'",
        match_id,
    )
    return decode_json(body.encode(), MatchCreated) if body is not None else None


async def message_rules(conn: Conn, match_ids: list[str]) -> dict[str, MessageRules]:
    """What each match lets its seats write, as its creation chose (none where it chose
    nothing, as matches opened before messages)."""
    rows = await conn.fetch(
        "SELECT match_id, body->'messages' AS rules FROM archive WHERE match_id = ANY($1)"
        " AND seq = 1 AND kind = 'match.created'",
        match_ids,
    )
    return {
        r["match_id"]: decode_json(r["rules"].encode(), MessageRules) if r["rules"] else NO_MESSAGES
        for r in rows
    }


async def handed_over(conn: Conn, match_id: str, seat: int, player: str) -> SeatHandedToBot | None:
    """The last hand-over of `seat` from `player` to a bot, if the match holds one."""
    body = await conn.fetchval(
        "SELECT body::text FROM archive WHERE match_id = $1 AND kind = 'match.seat_handed_to_bot'"
        " AND (body->>'seat')::int = $2 AND body->>'player' = $3 ORDER BY seq DESC LIMIT 1",
        match_id,
        seat,
        player,
    )
    return decode_json(body.encode(), SeatHandedToBot) if body is not None else None
