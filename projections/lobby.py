"""Lobby: every match with its game, status, seats and holders (and who held a seat before
them), progress, who must act now and by when (its clock and deadlines), last activity, and
once over its scores and winners. It also keeps `deadlines`, the running deadlines the clock
service sweeps. A sealed window's held answer (SL-28) moves no row: the lobby never takes it."""

from datetime import UTC, datetime
from typing import Any

import msgspec

from events.clock_narration import calendar_words, moment
from events.match import EndedMatch, MatchRecord
from events.ruleset import get_ruleset, shown_waiting
from projections.projection import Folded, Projection
from projections.window_asks import window_asks
from projections.writes import Write, update, upsert

# An ended match's row after late rulings: only its progress moves.
LATE_COLUMNS = {"match_id": "text", "seq": "integer", "last_activity": "timestamptz"}
DEADLINE_COLUMNS = {
    "match_id": "text",
    "seat": "integer",
    "due_ms": "bigint",
    "fires_ms": "bigint",
    "at_seq": "integer",
    "asks": "jsonb",  # a window's words for its seat (`window_asks`): its reminders say them
}


def status(match: MatchRecord) -> str:
    if match.over:
        return "finished"
    return "waiting" if match.open_seats else "in_progress"


class Lobby(Projection):
    name = "lobby"
    tables = ("lobby", "deadlines")

    def __init__(self) -> None:
        self.matches: dict[str, MatchRecord] = {}
        self.rows: list[dict[str, Any]] = []
        self.timed: list[str] = []  # matches with a clock, whose deadlines are written anew
        self.deadlines: list[tuple[Any, ...]] = []
        self.late: dict[str, tuple[int, int]] = {}  # ended matches' (seq, last entry's ms)

    def take(self, folded: Folded) -> None:
        if isinstance(folded.match, EndedMatch):  # a late ruling: only its progress moves
            self.late[folded.match.match_id] = (folded.match.seq, folded.match.last_entry_ms)
        else:
            self.matches[folded.match.match_id] = folded.match

    def finish(self) -> None:
        self.rows = [self.row(m) for m in self.matches.values()]
        self.timed = [m.match_id for m in self.matches.values() if m.timing is not None]
        self.deadlines = [
            (m.match_id, seat, d.due_ms, m.timing.fires_ms(d), d.at_seq, _asks(m, seat, d.window))
            for m in self.matches.values()
            if m.timing is not None and m.timing.paused_at_ms is None and not m.over
            for seat, d in sorted(m.timing.deadlines.items())
        ]

    def row(self, match: MatchRecord) -> dict[str, Any]:
        """The match's row, its progress as of its last entry."""
        seq, last_ms = match.seq, match.last_entry_ms
        ruleset = get_ruleset(match.ruleset)
        at = ruleset.standing(match.state) if match.state is not None else None
        running = at is not None and not match.over and not match.open_seats
        return {
            "match_id": match.match_id,
            "game": match.ruleset,
            "name": match.name,
            "status": status(match),
            "seats": match.seats,
            "players": list(match.seat_players),
            "round": at.round if at else None,
            "phase": at.phase if at else None,
            # a sealed phase shows every seat choosing, not who has yet to answer
            "to_act": list(shown_waiting(ruleset.waiting(match.state), None).must)
            if running
            else [],
            "seq": seq,
            "last_activity": datetime.fromtimestamp(last_ms / 1000, UTC),
            "scores": list(at.scores) if at else None,
            "winners": list(at.winners) if at and match.over else None,
            "former": [{"seat": seat, "player": player} for seat, player in match.handed_over],
            "min_reliability": match.min_reliability,
            "rated": match.rated,
            "fork_of": match.fork.match_id if match.fork else None,
            "fork_at": match.fork.seq if match.fork else None,
            **_clock(match),
        }

    def writes(self) -> list[Write]:
        """The batch's rows, read by PostgreSQL as lobby rows; ended matches' late rulings
        move only their progress, after; a timed match's deadlines are written anew."""
        writes = []
        if self.rows:
            sql = (
                "INSERT INTO lobby SELECT * FROM json_populate_recordset(NULL::lobby, $1)"
                " ON CONFLICT (match_id) DO UPDATE SET status = EXCLUDED.status,"
                " players = EXCLUDED.players, round = EXCLUDED.round, phase = EXCLUDED.phase,"
                " to_act = EXCLUDED.to_act, seq = EXCLUDED.seq,"
                " last_activity = EXCLUDED.last_activity, scores = EXCLUDED.scores,"
                " winners = EXCLUDED.winners, clock = EXCLUDED.clock,"
                " deadlines = EXCLUDED.deadlines, former = EXCLUDED.former"
            )
            writes.append(Write(sql, self.rows))
        late = [
            (m, seq, datetime.fromtimestamp(ms / 1000, UTC)) for m, (seq, ms) in self.late.items()
        ]
        writes += update("lobby", ("match_id",), LATE_COLUMNS, late)
        if self.timed:
            sql = "DELETE FROM deadlines WHERE match_id IN (SELECT json_array_elements_text($1))"
            writes.append(Write(sql, self.timed))
            writes += upsert("deadlines", ("match_id", "seat"), DEADLINE_COLUMNS, self.deadlines)
        return writes


def _asks(match: MatchRecord, seat: int, window: bool) -> bytes | None:
    """A window deadline's words for its seat, as JSON; None for a turn's."""
    asks = window_asks(get_ruleset(match.ruleset), match, seat) if window else {}
    return msgspec.json.encode(asks) if asks else None


def _moment(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat()


def _clock(match: MatchRecord) -> dict[str, Any]:
    """The clock as chosen, whether it is paused, the seats it waits for past their deadline,
    and each running deadline with the seat's excuses left."""
    timing = match.timing
    if timing is None:
        return {"clock": None, "deadlines": None}
    clock = timing.clock
    paused = timing.paused_at_ms
    running = () if match.over else timing.running
    return {
        "clock": {
            **msgspec.to_builtins(clock),
            "calendar": calendar_words(clock),
            "paused_since": None if paused is None else _moment(paused),
            "late": [] if match.over else list(timing.late),
            "away": [
                {"seat": seat, "back": _moment(timing.back_ms(seat))}
                for seat in sorted({a.seat for a in timing.away})
            ],
        },
        "deadlines": [
            {
                "seat": d.seat,
                "due": _moment(d.due_ms),
                "due_told": moment(d.due_ms, clock.zone),
                "window": d.window,
                "excuses_left": clock.excuses - timing.excused.count(d.seat),
                "absence_days_left": clock.absence_days - timing.away_ms(d.seat) / 86_400_000,
            }
            for d in running
        ],
    }
