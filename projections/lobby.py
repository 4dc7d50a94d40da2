"""Lobby: every match with its game, status, seats and holders, progress, who must act now,
last activity, and once over its scores and winners."""

from datetime import UTC, datetime
from typing import Any

import asyncpg

from events.codec import encode
from events.match import MatchRecord
from events.ruleset import get_ruleset
from projections.projection import Projection, Step
from projections.standing import standing


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
        at = standing(match.state)
        running = match.state is not None and not match.over
        to_act = get_ruleset(match.ruleset).to_act(match.state) if running else []
        return {
            "match_id": match.match_id,
            "game": match.ruleset,
            "status": status(match),
            "seats": match.seats,
            "players": list(match.holders),
            "round": at.round,
            "phase": at.phase,
            "to_act": list(to_act),
            "seq": match.seq,
            "last_activity": datetime.fromtimestamp(match.last_entry_ms / 1000, UTC),
            "scores": at.scores,
            "winners": at.winners,
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
