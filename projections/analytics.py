"""Analytics: facts per match, seat, draft, invasion and rejection; the SQL views in the
0008 migration aggregate them (per-card drafts and holders' win rate, win rate by Home World
and by seat position, match length, invasions per World, rejections by rule ID)."""

from typing import Any

import asyncpg

from events.envelope import MatchCreated, Ruling, SeedRevealed
from events.match import MatchRecord
from events.rulesets.core_worlds.happenings import Drafted, Invaded, InvasionFailed, Setup
from projections.projection import Projection, Step
from projections.standing import standing


def win_shares(match: MatchRecord) -> list[float]:
    """Per seat: 1 for a sole winner, split evenly between tied winners, else 0."""
    winners = standing(match.state).winners or []
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(match.seats)]


class Analytics(Projection):
    name = "analytics"
    tables = (
        "analytics_matches",
        "analytics_seats",
        "analytics_drafts",
        "analytics_invasions",
        "analytics_rejections",
    )

    def __init__(self) -> None:
        self.created: list[tuple[Any, ...]] = []
        self.seats: list[tuple[Any, ...]] = []
        self.drafts: list[tuple[Any, ...]] = []
        self.invasions: list[tuple[Any, ...]] = []
        self.rejections: list[tuple[Any, ...]] = []
        self.homes: list[tuple[Any, ...]] = []
        self.shares: list[tuple[Any, ...]] = []
        self.matches: dict[str, MatchRecord] = {}
        self.progress: list[tuple[Any, ...]] = []

    def take(self, step: Step) -> None:
        match = step.match
        m = match.match_id
        for entry in step.entries:
            match entry.body:
                case MatchCreated(ruleset=game, seats=seats):
                    self.created.append((m, game, seats, entry.recorded_at_ms))
                    self.seats += [(m, seat) for seat in range(seats)]
                case Ruling(accepted=False, rule=rule):
                    self.rejections.append((m, entry.seq, rule))
                case Setup(homes=homes, destiny=destiny):
                    names = match.state.cards.cards
                    self.homes += [
                        (m, seat, (seat - destiny) % len(homes) + 1, names[home].name)
                        for seat, home in enumerate(homes)
                    ]
                case Drafted(seat=seat, card=card):
                    self.drafts.append((m, entry.seq, seat, match.state.cards.cards[card].name))
                case Invaded(seat=seat, world=world) | InvasionFailed(seat=seat, world=world):
                    self.invasions.append(
                        (
                            m,
                            entry.seq,
                            seat,
                            match.state.cards.cards[world].name,
                            isinstance(entry.body, Invaded),
                        )
                    )
                case SeedRevealed():
                    self.shares += [
                        (m, seat, share) for seat, share in enumerate(win_shares(match))
                    ]
        self.matches[m] = match

    def finish(self) -> None:
        self.progress = [
            (m.match_id, m.seq, m.last_entry_ms, m.over) for m in self.matches.values()
        ]

    async def write(self, conn: asyncpg.Connection) -> None:
        inserts = (
            (
                "analytics_matches (match_id, game, seats, started_ms, entries, last_ms, finished)"
                " VALUES ($1, $2, $3, $4, 0, $4, false)",
                self.created,
            ),
            ("analytics_seats (match_id, seat) VALUES ($1, $2)", self.seats),
            ("analytics_drafts (match_id, seq, seat, card) VALUES ($1, $2, $3, $4)", self.drafts),
            (
                "analytics_invasions (match_id, seq, seat, world, succeeded)"
                " VALUES ($1, $2, $3, $4, $5)",
                self.invasions,
            ),
            ("analytics_rejections (match_id, seq, rule) VALUES ($1, $2, $3)", self.rejections),
        )
        updates = (
            (
                "UPDATE analytics_seats SET player_number = $3, home_world = $4"
                " WHERE match_id = $1 AND seat = $2",
                self.homes,
            ),
            (
                "UPDATE analytics_seats SET win_share = $3 WHERE match_id = $1 AND seat = $2",
                self.shares,
            ),
            (
                "UPDATE analytics_matches SET entries = $2, last_ms = $3, finished = $4"
                " WHERE match_id = $1",
                self.progress,
            ),
        )
        statements = [(f"INSERT INTO {into}", rows) for into, rows in inserts] + list(updates)
        for statement, rows in statements:
            if rows:  # most batches touch few of these: no round trip for the rest
                await conn.executemany(statement, rows)
