"""Lobby: every match with its game, status, seats and holders, progress, who must act now,
last activity, and once over its scores and winners."""

from datetime import UTC, datetime
from typing import Any

import asyncpg

from events.codec import encode
from events.match import MatchRecord
from events.ruleset import get_ruleset
from projections.projection import Projection, Step


def status(match: MatchRecord) -> str:
    if match.over:
        return "finished"
    return "waiting" if match.open_seats else "in_progress"


class Lobby(Projection):
    name = "lobby"
    tables = ("lobby",)

    def __init__(self) -> None:
        self.matches: dict[str, MatchRecord] = {}
        self.rows: list[dict[str, Any]] = []

    def take(self, step: Step) -> None:
        self.matches[step.match.match_id] = step.match

    def finish(self) -> None:
        self.rows = [self.row(m) for m in self.matches.values()]

    def row(self, match: MatchRecord) -> dict[str, Any]:
        ruleset = get_ruleset(match.ruleset)
        at = ruleset.standing(match.state) if match.state is not None else None
        running = at is not None and not match.over and not match.open_seats
        return {
            "match_id": match.match_id,
            "game": match.ruleset,
            "status": status(match),
            "seats": match.seats,
            "players": list(match.holders),
            "round": at.round if at else None,
            "phase": at.phase if at else None,
            "to_act": list(ruleset.waiting(match.state).must) if running else [],
            "seq": match.seq,
            "last_activity": datetime.fromtimestamp(match.last_entry_ms / 1000, UTC),
            "scores": list(at.scores) if at else None,
            "winners": list(at.winners) if at and match.over else None,
        }

    async def write(self, conn: asyncpg.Connection) -> None:
        """One statement for the batch: rows travel as one JSON array (the array columns rule
        out unnest), which PostgreSQL reads as lobby rows."""
        if not self.rows:
            return
        await conn.execute(
            "INSERT INTO lobby SELECT * FROM json_populate_recordset(NULL::lobby, $1::json)"
            " ON CONFLICT (match_id) DO UPDATE SET status = EXCLUDED.status,"
            " players = EXCLUDED.players, round = EXCLUDED.round, phase = EXCLUDED.phase,"
            " to_act = EXCLUDED.to_act, seq = EXCLUDED.seq,"
            " last_activity = EXCLUDED.last_activity, scores = EXCLUDED.scores,"
            " winners = EXCLUDED.winners",
            encode(self.rows).decode(),
        )
