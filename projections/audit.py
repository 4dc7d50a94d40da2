"""Audit trail: per decision, who sent it and when, what it asked (and, for a text decision,
what it was read as), the verdict with its rule and reason, the entries it caused, and the
state hashes before and after."""

from typing import Any

import asyncpg
import msgspec

from events.codec import encode
from events.envelope import Ruling
from projections.announce import CHANNEL, Announcement, announcements, ruling_notice
from projections.projection import Projection, Step, kind

COLUMNS = (
    "match_id",
    "first_seq",
    "last_seq",
    "ruling_seq",
    "decision_id",
    "seat",
    "sender",
    "sent_at_ms",
    "recorded_at_ms",
    "asked",
    "accepted",
    "rule",
    "reason",
    "caused",
    "hash_before",
    "hash_after",
    "read",
)


class Audit(Projection):
    name = "audit"
    tables = ("audit",)

    def __init__(self) -> None:
        self.rows: list[tuple[Any, ...]] = []
        self.notices: list[bytes] = []

    def take(self, step: Step) -> None:
        entries = step.entries
        ruling = next(e for e in entries if isinstance(e.body, Ruling))
        verdict: Ruling = ruling.body
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
                bytes(verdict.asked).decode(),
                verdict.accepted,
                verdict.rule,
                verdict.reason,
                encode([kind(e.body) for e in entries]).decode(),
                step.hash_before,
                entries[-1].state_hash,
                None if bytes(verdict.read) == b"null" else bytes(verdict.read).decode(),
            )
        )
        ruled = {
            "match_id": ruling.match_id,
            "seat": verdict.seat,
            "accepted": verdict.accepted,
            "rule": verdict.rule,
            "reason": verdict.reason,
            "first_seq": entries[0].seq,
            "last_seq": entries[-1].seq,
        }
        self.notices.append(ruling_notice(ruling.decision_id, ruled))

    async def write(self, conn: asyncpg.Connection) -> None:
        if self.rows:
            await conn.copy_records_to_table("audit", records=self.rows, columns=COLUMNS)

    def announcements(self) -> list[Announcement]:
        return announcements(CHANNEL, "rulings", self.notices)


async def explain(
    conn: asyncpg.Connection | asyncpg.Pool, match_id: str, seq: int
) -> dict[str, Any] | None:
    """The decision behind entry `seq` of a match, and everything known about its judging."""
    row = await conn.fetchrow(
        "SELECT * FROM audit WHERE match_id = $1 AND first_seq <= $2 AND last_seq >= $2",
        match_id,
        seq,
    )
    return _as_dict(row) if row else None


async def rejections(
    conn: asyncpg.Connection | asyncpg.Pool, match_id: str
) -> list[dict[str, Any]]:
    rows = await conn.fetch(
        "SELECT * FROM audit WHERE match_id = $1 AND NOT accepted ORDER BY first_seq", match_id
    )
    return [_as_dict(r) for r in rows]


def _as_dict(row: asyncpg.Record) -> dict[str, Any]:
    return {**row, "caused": msgspec.json.decode(row["caused"])}
