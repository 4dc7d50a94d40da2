"""Archive: every entry that counted, by match and seq, with its kind, cause, rule and hash.

Bodies hold the seed only once the match has revealed it (see `projections.secrecy`).
"""

from typing import Any

import asyncpg

from events.envelope import Ruling, SeedRevealed
from events.match import MatchRecord
from projections.projection import Projection, Step, kind
from projections.secrecy import sealed, unseal

COLUMNS = (
    "match_id",
    "seq",
    "kind",
    "body",
    "decision_id",
    "rule",
    "state_hash",
    "ruleset",
    "ruleset_version",
    "recorded_at_ms",
    "sealed",
)


class Archive(Projection):
    name = "archive"
    tables = ("archive",)

    def __init__(self) -> None:
        self.rows: list[tuple[Any, ...]] = []
        self.revealed: list[MatchRecord] = []

    def take(self, step: Step) -> None:
        rule = next(e.body.rule for e in step.entries if isinstance(e.body, Ruling))
        for entry in step.entries:
            body, hidden = sealed(entry.body, step.match)
            self.rows.append(
                (
                    entry.match_id,
                    entry.seq,
                    kind(entry.body),
                    body.decode(),
                    entry.decision_id,
                    rule,
                    entry.state_hash,
                    entry.ruleset,
                    entry.ruleset_version,
                    entry.recorded_at_ms,
                    hidden,
                )
            )
            if isinstance(entry.body, SeedRevealed):
                self.revealed.append(step.match)

    async def write(self, conn: asyncpg.Connection) -> None:
        if self.rows:
            await conn.copy_records_to_table("archive", records=self.rows, columns=COLUMNS)
        await unseal(conn, self.revealed)
