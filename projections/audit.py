"""Audit trail: per decision, who sent it and when, what it asked (and, for a text decision,
what it was read as), the verdict with its rule and reason, the entries it caused, and the
state hashes before and after.

A sealed choice's row shows what `projections.secrecy.shown` gives anyone (no verdict:
`accepted` is null), and is marked `sealed_for` its seat; what it keeps is in `audit_sealed`
until the match reveals it. Its seat reads it whole (`read_by`) but for the state hashes of
states holding a sealed choice, which no one reads until then; its push carries nothing, so
its seat's stream reads it.

A sealed window's held answer (SL-28) has a row in `audit_held`, numbered nothing, which its
seat alone reads (`by_decision`), pushed to its seat alone; the rulings the window tells once it
closes are ordinary rows, each one of its own (decision "", sent by the window)."""

from typing import Any

import asyncpg
import msgspec

from events import platform_rules as rules
from events.codec import encode
from events.envelope import Ruling
from projections.announce import CHANNEL, Announcement, announcements, ruling_notice
from projections.projection import Folded, Held, Projection, kind
from projections.secrecy import SEALED, hash_kept, hidden, reopen, revealed, shown
from projections.writes import Write, insert

COLUMNS = {
    "match_id": "text",
    "first_seq": "integer",
    "last_seq": "integer",
    "ruling_seq": "integer",
    "decision_id": "text",
    "seat": "integer",
    "sender": "text",
    "sent_at_ms": "bigint",
    "recorded_at_ms": "bigint",
    "asked": "jsonb",
    "accepted": "boolean",
    "rule": "text",
    "reason": "text",
    "caused": "jsonb",
    "hash_before": "text",
    "hash_after": "text",
    "read": "jsonb",
    "sealed_for": "integer",
}
KEPT = {
    "match_id": "text",
    "first_seq": "integer",
    "ruling_seq": "integer",
    "asked": "jsonb",
    "read": "jsonb",
    "rule": "text",
    "reason": "text",
    "accepted": "boolean",
    "caused": "jsonb",
    "hash_before": "text",
    "hash_after": "text",
    "sender": "text",
    "sent_at_ms": "bigint",
}

HELD = {
    "match_id": "text",
    "follows": "integer",
    "n": "integer",
    "decision_id": "text",
    "seat": "integer",
    "sender": "text",
    "sent_at_ms": "bigint",
    "recorded_at_ms": "bigint",
    "asked": "jsonb",
    "read": "jsonb",
    "accepted": "boolean",
    "rule": "text",
    "reason": "text",
    "caused": "jsonb",
}


class Audit(Projection):
    name = "audit"
    tables = ("audit", "audit_sealed", "audit_held")
    hears_held = True

    def __init__(self) -> None:
        self.rows: list[tuple[Any, ...]] = []
        self.kept: list[tuple[Any, ...]] = []
        self.held: list[tuple[Any, ...]] = []
        self.opened: list[tuple[str, int]] = []  # (match, revealed_seq)
        self.notices: list[bytes] = []

    def take(self, folded: Folded) -> None:
        self._held(folded.held)
        entries = folded.entries
        first = next((i for i, e in enumerate(entries) if isinstance(e.body, Ruling)), None)
        if first is None:
            return  # held entries alone (or no decision's): no numbered row
        # each answer a window tells as it closes is a row of its own (decision "")
        cuts = [i for i, e in enumerate(entries) if i > first and _told(e.body)]
        for at, end in zip([0, *cuts], [*cuts, len(entries)], strict=True):
            before = folded.hash_before if at == 0 else entries[at - 1].state_hash
            told = at == 0 and not _told(entries[first].body)  # a decision sent, not the window's
            self._row(folded, entries[at:end], before, told=told)
        self.opened += revealed(folded)

    def _held(self, held: list[Held]) -> None:
        """Each held decision's row (`audit_held`) and its push, to its seat alone."""
        for at, h in enumerate(held):
            ruling = h.entry
            if not isinstance(ruling.body, Ruling):
                continue
            whole: Ruling = ruling.body
            mine = [ruling.body]
            for later in held[at + 1 :]:
                if isinstance(later.entry.body, Ruling):
                    break
                mine.append(later.entry.body)
            asked, read = _texts(whole)
            caused = encode([kind(body) for body in mine]).decode()
            key = (ruling.match_id, ruling.follows, h.n, ruling.decision_id, whole.seat)
            self.held.append(
                (
                    *key,
                    whole.sender,
                    whole.sent_at_ms,
                    ruling.recorded_at_ms,
                    asked,
                    read,
                    whole.accepted,
                    whole.rule,
                    whole.reason,
                    caused,
                )
            )
            ruled = {
                "match_id": ruling.match_id,
                "seat": whole.seat,
                "accepted": whole.accepted,
                "rule": whole.rule,
                "reason": whole.reason,
                "first_seq": None,
                "last_seq": None,
                "held": True,
            }
            if whole.sender != rules.AUTOMATIC_SENDER:  # as within a step, never pushed
                self.notices.append(ruling_notice(ruling.decision_id, ruled))

    def _row(self, folded: Folded, entries: list[Any], hash_before: str, told: bool) -> None:
        """The row of one decision's entries (a step's, or a window answer's within it); `told`:
        its ruling is announced (a window answer within a step was never sent, so never is)."""
        ruling = next(e for e in entries if isinstance(e.body, Ruling))
        match = folded.match
        sealed = hidden(ruling, match.revealed_seq)
        verdict = shown(ruling, match.revealed_seq)
        caused = encode([kind(e.body) for e in entries]).decode()
        hashes = (hash_before, entries[-1].state_hash)
        shown_hashes = (
            SEALED if hash_kept(match, entries[0].seq - 1) else hashes[0],
            SEALED if hash_kept(match, entries[-1].seq) else hashes[1],
        )
        if sealed or shown_hashes != hashes:
            whole: Ruling = ruling.body
            asked, read = _texts(whole)
            kept = (ruling.match_id, entries[0].seq, ruling.seq, asked, read, whole.rule)
            self.kept.append(
                (
                    *kept,
                    whole.reason,
                    whole.accepted,
                    caused,
                    *hashes,
                    whole.sender,
                    whole.sent_at_ms,
                )
            )
        self.rows.append(
            (
                ruling.match_id,
                entries[0].seq,
                entries[-1].seq,
                ruling.seq,
                ruling.decision_id,
                verdict.seat,
                verdict.sender,
                verdict.sent_at_ms,
                ruling.recorded_at_ms,
                _texts(verdict)[0],
                verdict.accepted,
                verdict.rule,
                verdict.reason,
                encode([kind(shown(e, match.revealed_seq)) for e in entries]).decode(),
                *shown_hashes,
                _texts(verdict)[1],
                ruling.sealed_seat if sealed else None,
            )
        )
        if not told:
            return
        ruled = {
            "match_id": ruling.match_id,
            "seat": verdict.seat,
            "accepted": verdict.accepted,
            "rule": verdict.rule,
            "reason": verdict.reason,
            "first_seq": entries[0].seq,
            "last_seq": entries[-1].seq,
        }
        self.notices.append(ruling_notice(ruling.decision_id, ruled, carried=not sealed))

    def writes(self) -> list[Write]:
        put_back = (
            "UPDATE audit AS a SET asked = o.asked, read = o.read, rule = o.rule,"
            " reason = o.reason, sealed_for = NULL,"
            " accepted = coalesce(o.accepted, a.accepted), caused = coalesce(o.caused, a.caused),"
            " hash_before = coalesce(o.hash_before, a.hash_before),"
            " hash_after = coalesce(o.hash_after, a.hash_after),"
            " sender = coalesce(o.sender, a.sender),"
            " sent_at_ms = coalesce(o.sent_at_ms, a.sent_at_ms)"
            " FROM opened AS o WHERE a.match_id = o.match_id AND a.first_seq = o.first_seq"
        )
        return [
            *insert("audit", COLUMNS, self.rows),
            *insert("audit_sealed", KEPT, self.kept),
            *insert("audit_held", HELD, self.held),
            *reopen("audit_sealed", "ruling_seq", self.opened, put_back),
        ]

    def announcements(self) -> list[Announcement]:
        return announcements(CHANNEL, "rulings", self.notices)


def _told(body: Any) -> bool:
    """Whether the entry is an answer a window tells as it closes (SL-28)."""
    return isinstance(body, Ruling) and body.sender == rules.WINDOW_SENDER


def _texts(ruling: Ruling) -> tuple[str, str | None]:
    """What was asked, and what a text decision was read as (None for any other), as JSON."""
    read = bytes(ruling.read)
    return bytes(ruling.asked).decode(), None if read == b"null" else read.decode()


# Audit rows, each whole for the seat it is sealed for when $1 names that seat.
_READ_BY = (
    "SELECT a.match_id, a.first_seq, a.last_seq, a.ruling_seq, a.decision_id, a.seat,"
    " COALESCE(s.sender, a.sender) AS sender, COALESCE(s.sent_at_ms, a.sent_at_ms) AS sent_at_ms,"
    " a.recorded_at_ms,"
    " COALESCE(s.asked, a.asked) AS asked,"
    " COALESCE(s.accepted, a.accepted) AS accepted, COALESCE(s.rule, a.rule) AS rule,"
    " COALESCE(s.reason, a.reason) AS reason, COALESCE(s.caused, a.caused) AS caused,"
    " a.hash_before, a.hash_after, COALESCE(s.read, a.read) AS read, a.sealed_for"
    " FROM audit AS a LEFT JOIN audit_sealed AS s"
    " ON s.match_id = a.match_id AND s.first_seq = a.first_seq AND a.sealed_for = $1"
)


async def by_decision(
    conn: asyncpg.Connection | asyncpg.Pool,
    match_id: str,
    decision_id: str,
    seat: int | None,
    reader: int | None = None,
) -> dict[str, Any] | None:
    """The row of the decision `seat` sent under this id in this match (the latest, should
    the id have been sent again), as `reader` (a seat, or None) may see it: not an automatic
    prompt's answer the judge wrote after it under the same id (platform rules 3). A held
    answer's (SL-28) only to `reader` its seat: `first_seq`, `last_seq` None and `held`."""
    if reader is not None and reader == seat:
        held = await conn.fetchrow(
            "SELECT match_id, NULL::int AS first_seq, NULL::int AS last_seq, decision_id, seat,"
            " sender, sent_at_ms, recorded_at_ms, asked, accepted, rule, reason, caused, read"
            " FROM audit_held WHERE match_id = $1 AND decision_id = $2 AND seat = $3"
            " AND sender IS DISTINCT FROM $4 ORDER BY follows DESC, n DESC LIMIT 1",
            match_id,
            decision_id,
            seat,
            rules.AUTOMATIC_SENDER,
        )
        if held is not None:
            return {**_as_dict(held), "held": True}
    row = await conn.fetchrow(
        f"{_READ_BY} WHERE a.match_id = $2 AND a.decision_id = $3"
        " AND a.seat IS NOT DISTINCT FROM $4 AND COALESCE(s.sender, a.sender) IS DISTINCT FROM $5"
        " ORDER BY a.first_seq DESC LIMIT 1",
        reader,
        match_id,
        decision_id,
        seat,
        rules.AUTOMATIC_SENDER,
    )
    return _as_dict(row) if row else None


async def explain(
    conn: asyncpg.Connection | asyncpg.Pool, match_id: str, seq: int, reader: int | None = None
) -> dict[str, Any] | None:
    """The decision behind entry `seq` of a match, and everything known about its judging,
    as `reader` (a seat, or None) may see it."""
    row = await conn.fetchrow(
        f"{_READ_BY} WHERE a.match_id = $2 AND a.first_seq <= $3 AND a.last_seq >= $3",
        reader,
        match_id,
        seq,
    )
    return _as_dict(row) if row else None


async def rejections(
    conn: asyncpg.Connection | asyncpg.Pool, match_id: str, reader: int | None = None
) -> list[dict[str, Any]]:
    """The rows of rejected decisions as `reader` may see them: another seat's sealed choice,
    whose verdict is kept, is none of them."""
    rows = await conn.fetch(
        f"{_READ_BY} WHERE a.match_id = $2 AND NOT COALESCE(s.accepted, a.accepted)"
        " ORDER BY a.first_seq",
        reader,
        match_id,
    )
    return [_as_dict(r) for r in rows]


def _as_dict(row: asyncpg.Record) -> dict[str, Any]:
    return {**row, "caused": msgspec.json.decode(row["caused"])}
