"""Lobby: every match with its game, status, seats and holders, progress, who must act now,
last activity, and once over its scores and winners."""

from datetime import UTC, datetime
from typing import Any

import asyncpg

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
        self.rows: list[tuple[Any, ...]] = []

    def take(self, step: Step) -> None:
        self.matches[step.match.match_id] = step.match

    def finish(self) -> None:
        self.rows = [self.row(m) for m in self.matches.values()]

    def row(self, match: MatchRecord) -> tuple[Any, ...]:
        at = standing(match.state)
        running = match.state is not None and not match.over
        to_act = get_ruleset(match.ruleset).to_act(match.state) if running else []
        return (
            match.match_id,
            match.ruleset,
            status(match),
            match.seats,
            list(match.holders),
            at.round,
            at.phase,
            list(to_act),
            match.seq,
            datetime.fromtimestamp(match.last_entry_ms / 1000, UTC),
            at.scores,
            at.winners,
        )

    async def write(self, conn: asyncpg.Connection) -> None:
        await conn.executemany(
            "INSERT INTO lobby (match_id, game, status, seats, players, round, phase, to_act,"
            " seq, last_activity, scores, winners)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
            " ON CONFLICT (match_id) DO UPDATE SET status = EXCLUDED.status,"
            " players = EXCLUDED.players, round = EXCLUDED.round, phase = EXCLUDED.phase,"
            " to_act = EXCLUDED.to_act, seq = EXCLUDED.seq,"
            " last_activity = EXCLUDED.last_activity, scores = EXCLUDED.scores,"
            " winners = EXCLUDED.winners",
            self.rows,
        )
