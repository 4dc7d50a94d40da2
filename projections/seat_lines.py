"""Seat lines: every entry of every match in a line for each eyes (a seat, or the public), as
those eyes may read it now, told by the worker as it folds (`projections.narrating`) and
redacted by `projections.secrecy.lines`. "What happened since you last looked" is a range of
these rows: no reader folds a match to tell it, nor holds its secrets to redact them.

A seat's row exists only where its line is not the public's; a sealed choice's lines for the
eyes it is kept from wait in `seat_lines_sealed` and move in when the reveal is projected."""

from typing import Any

import asyncpg

from events.narration import NarratedLine
from projections.projection import Folded, Projection
from projections.secrecy import (
    LINE_SHOWN,
    PUBLIC,
    forget_orders,
    lines,
    orderless,
    reopen,
    revealed,
)
from projections.writes import Write, insert

LAST = 2**31 - 1
COLUMNS = {
    "match_id": "text",
    "eyes": "integer",
    "seq": "integer",
    "line": "text",
    "round": "integer",
    "decided_by": "integer",
    "sealed_for": "integer",
}
KEPT = {"match_id": "text", "eyes": "integer", "seq": "integer", "line": "text"}
# The eyes' own line for a public row, looked up by its whole key: as a join, PostgreSQL
# planned it as a scan of all the eyes' rows for each public row when its statistics were
# older than a long match (138 ms for 3,000 entries against 1.3 ms: `bench_reads`).
SEAT_LINE = (
    "(SELECT s.line FROM seat_lines AS s WHERE s.match_id = $1 AND s.eyes = $2 AND s.seq = p.seq)"
)


class SeatLines(Projection):
    name = "seat_lines"
    tables = ("seat_lines", "seat_lines_sealed", "seat_lines_orders")
    narrates = True

    def __init__(self) -> None:
        self.rows: list[tuple[Any, ...]] = []
        self.kept: list[tuple[Any, ...]] = []
        self.opened: list[tuple[str, int]] = []  # (match, revealed_seq)
        self.orderless: list[tuple[Any, ...]] = []
        self.ended: list[str] = []

    def take(self, folded: Folded) -> None:
        match = folded.match
        for narrated in folded.narrated:
            rows, kept = lines(match.match_id, narrated, match.revealed_seq)
            self.rows += rows
            self.kept += kept
            self.orderless += orderless(match.match_id, narrated)
        self.opened += revealed(folded)
        if match.over:
            self.ended.append(match.match_id)

    def writes(self) -> list[Write]:
        put_back = (
            "INSERT INTO seat_lines (match_id, eyes, seq, line)"
            " SELECT match_id, eyes, seq, line FROM opened"
            " ON CONFLICT (match_id, eyes, seq) DO UPDATE SET line = EXCLUDED.line,"
            " sealed_for = NULL"
        )
        return [
            *insert("seat_lines", COLUMNS, self.rows),
            *insert("seat_lines_sealed", KEPT, self.kept),
            *reopen("seat_lines_sealed", "seq", self.opened, put_back),
            *insert("seat_lines_orders", KEPT, self.orderless),
            *forget_orders(self.ended),
        ]


async def lines_between(
    conn: asyncpg.Connection | asyncpg.Pool,
    match_id: str,
    eyes: int | None,
    after: int = 0,
    upto: int = LAST,
    reader: int | None = None,
) -> list[NarratedLine]:
    """Entries `after` < seq <= `upto` in a line each, for `eyes` (None: the public's), sealed
    choices as `reader` (the seat reading, or None) may read them.
    Which eyes a caller may ask for is the caller's to check."""
    shown = LINE_SHOWN.format(reader="$5::int", seat_line=SEAT_LINE)
    rows = await conn.fetch(
        f"SELECT p.seq, {shown} AS line, p.round, p.decided_by FROM seat_lines AS p"
        " WHERE p.match_id = $1 AND p.eyes = $6 AND p.seq > $3 AND p.seq <= $4 ORDER BY p.seq",
        match_id,
        PUBLIC if eyes is None else eyes,
        after,
        upto,
        reader,
        PUBLIC,
    )
    return [NarratedLine(r["seq"], r["line"], r["round"], r["decided_by"]) for r in rows]
