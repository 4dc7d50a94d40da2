"""Analytics: facts per match, seat and rejection, and the facts each game declares (its
ruleset's `facts`: Core Worlds' drafts, invasions, Home Worlds); the SQL views of migrations
0008 and 0110 aggregate them (totals and holders' win rate per game, kind and subject, win
rate by seat, match length, rejections by rule ID). A sealed choice's facts and rejection
wait in `analytics_sealed_facts` and `analytics_sealed_rejections` until the match reveals
it (see `projections.secrecy`); a sealed window's held answer (SL-28) is none of them."""

from typing import Any

from events.envelope import MatchCreated, Ruling, SeedRevealed, is_platform_entry
from events.match import MatchRecord
from events.ruleset import get_ruleset
from projections import analytics_totals
from projections.projection import Folded, Projection
from projections.secrecy import hidden, reopen, revealed
from projections.writes import Write, insert, update

COLUMNS = {
    "analytics_matches": {
        "match_id": "text",
        "game": "text",
        "seats": "integer",
        "started_ms": "bigint",
        "entries": "integer",
        "last_ms": "bigint",
        "finished": "boolean",
    },
    "analytics_seats": {"match_id": "text", "seat": "integer"},
    "analytics_facts": {
        "match_id": "text",
        "seq": "integer",
        "n": "integer",
        "seat": "integer",
        "kind": "text",
        "subject": "text",
        "value": "bigint",
    },
    "analytics_rejections": {"match_id": "text", "seq": "integer", "rule": "text"},
}
KEPT = {  # where each table's rows of sealed choices wait for the reveal
    "analytics_facts": "analytics_sealed_facts",
    "analytics_rejections": "analytics_sealed_rejections",
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
        "analytics_facts",
        "analytics_rejections",
        *KEPT.values(),
        *analytics_totals.TABLES,
    )

    def __init__(self) -> None:
        self.created: list[tuple[Any, ...]] = []
        self.seats: list[tuple[Any, ...]] = []
        self.facts: list[tuple[Any, ...]] = []
        self.rejections: list[tuple[Any, ...]] = []
        self.kept: dict[str, list[tuple[Any, ...]]] = {table: [] for table in KEPT}
        self.opened: list[tuple[str, int]] = []  # (match, revealed_seq)
        self.shares: list[tuple[Any, ...]] = []
        self.progress: dict[str, tuple[Any, ...]] = {}  # (match, entries, last_ms, finished)
        self.ended: list[str] = []  # matches whose share of the totals this batch adds

    def take(self, folded: Folded) -> None:
        match = folded.match
        if isinstance(match, MatchRecord) and match.fork is not None:
            return  # a fork is practice from a chosen position: it tells nothing of balance
        m = match.match_id
        for entry in folded.entries:
            kept = hidden(entry, match.revealed_seq)
            match entry.body:
                case MatchCreated(ruleset=game, seats=seats):
                    at = entry.recorded_at_ms  # entries, last_ms and finished move on later
                    self.created.append((m, game, seats, at, 0, at, False))
                    self.seats += [(m, seat) for seat in range(seats)]
                case Ruling(accepted=False, rule=rule):
                    rows = self.kept["analytics_rejections"] if kept else self.rejections
                    rows.append((m, entry.seq, rule))
                case SeedRevealed():
                    self.ended.append(m)
                    self.shares += [
                        (m, seat, share) for seat, share in enumerate(win_shares(match))
                    ]
                case event if not is_platform_entry(event):
                    counted = get_ruleset(match.ruleset).facts(match.state, event)
                    rows = self.kept["analytics_facts"] if kept else self.facts
                    rows += [
                        (m, entry.seq, n, f.seat, f.kind, f.subject, f.value)
                        for n, f in enumerate(counted)
                    ]
        last = folded.entries[-1]
        self.progress[m] = (m, last.seq, last.recorded_at_ms, match.over)
        self.opened += revealed(folded)

    def writes(self) -> list[Write]:
        """Facts are inserted; the later columns of seats and matches are set by key. Most
        batches touch few of these tables: those cost no statement."""
        writes = [
            *insert("analytics_matches", COLUMNS["analytics_matches"], self.created),
            *insert("analytics_seats", COLUMNS["analytics_seats"], self.seats),
            *insert("analytics_facts", COLUMNS["analytics_facts"], self.facts),
            *insert("analytics_rejections", COLUMNS["analytics_rejections"], self.rejections),
        ]
        for table, sealed in KEPT.items():
            writes += insert(sealed, COLUMNS[table], self.kept[table])
            put_back = f"INSERT INTO {table} SELECT * FROM opened"
            writes += reopen(sealed, "seq", self.opened, put_back)
        seat = {"match_id": "text", "seat": "integer", "win_share": "double precision"}
        progress = {
            "match_id": "text",
            "entries": "integer",
            "last_ms": "bigint",
            "finished": "boolean",
        }
        return [
            *writes,
            *update("analytics_seats", ("match_id", "seat"), seat, self.shares),
            *update("analytics_matches", ("match_id",), progress, list(self.progress.values())),
            *analytics_totals.totals(self.ended),  # last: every fact and share is in by now
        ]
