"""Analytics: facts per match, seat, draft, invasion and rejection; the SQL views in the
0008 migration aggregate them (per-card drafts and holders' win rate, win rate by Home World
and by seat position, match length, invasions per World, rejections by rule ID)."""

from typing import Any

import asyncpg

from events.envelope import MatchCreated, Ruling, SeedRevealed
from events.match import MatchRecord
from events.ruleset import get_ruleset
from events.rulesets.core_worlds.happenings import Drafted, Invaded, InvasionFailed, Setup
from projections.projection import Projection, Step
from projections.upsert import update

COLUMNS = {
    "analytics_matches": (
        "match_id",
        "game",
        "seats",
        "started_ms",
        "entries",
        "last_ms",
        "finished",
    ),
    "analytics_seats": ("match_id", "seat"),
    "analytics_drafts": ("match_id", "seq", "seat", "card"),
    "analytics_invasions": ("match_id", "seq", "seat", "world", "succeeded"),
    "analytics_rejections": ("match_id", "seq", "rule"),
}


def win_shares(match: MatchRecord) -> list[float]:
    """Per seat: 1 for a sole winner, split evenly between tied winners, else 0."""
    winners = get_ruleset(match.ruleset).standing(match.state).winners if match.over else ()
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
                    at = entry.recorded_at_ms  # entries, last_ms and finished move on later
                    self.created.append((m, game, seats, at, 0, at, False))
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
        """Facts are copied in; the later columns of seats and matches are set by key. Most
        batches touch few of these tables: those cost no round trip."""
        for table, rows in (
            ("analytics_matches", self.created),
            ("analytics_seats", self.seats),
            ("analytics_drafts", self.drafts),
            ("analytics_invasions", self.invasions),
            ("analytics_rejections", self.rejections),
        ):
            if rows:
                await conn.copy_records_to_table(table, records=rows, columns=COLUMNS[table])
        seat = {"match_id": "text", "seat": "integer"}
        await update(
            conn,
            "analytics_seats",
            ("match_id", "seat"),
            {**seat, "player_number": "integer", "home_world": "text"},
            self.homes,
        )
        await update(
            conn,
            "analytics_seats",
            ("match_id", "seat"),
            {**seat, "win_share": "double precision"},
            self.shares,
        )
        await update(
            conn,
            "analytics_matches",
            ("match_id",),
            {"match_id": "text", "entries": "integer", "last_ms": "bigint", "finished": "boolean"},
            self.progress,
        )
