"""Seat views: the latest `view(state, seat)` of every seat of every match, and the public
view, each as of a seq. Views come from the ruleset's own `view`, on states folded by the
same `evolve` that judges, so hidden information stays where the ruleset keeps it. Beside a
view, what its seat may decide now (each legal decision with its text command) and the
game's help, so the gateway answers them without folding a match's secret state.

For seats with mail (`mail_seats`), the same rows are kept per batch in `mail_views`, so a
mail composed later tells the seat's position as of its notice's entry (`as_of`); and while a
match runs, every eyes' view after each decision in `replay_views`, which its replay reads
(dropped once it ends: a finished match's replay folds from the archive). Per decision, not per
batch: the rows are the same however the log was fetched, a backlog or a restart included.

A seat whose answer a sealed window holds (SL-28) reads its view, its legal decisions and its
help as it stands with that answer (`held_answers.seat_state`): it sees its answer and is not
asked again; its row stays as of the match's last numbered entry. A step of held entries alone
writes only their seat's rows and push; no other eyes' row moves."""

from typing import Any

import asyncpg
import msgspec

from events.codec import encode
from events.held_answers import seat_state
from events.match import EndedMatch, MatchRecord
from events.ruleset import Ruleset, Waiting, get_ruleset
from projections.announce import (
    CHANNEL,
    Announcement,
    announcements,
    public_notice,
    view_notice,
)
from projections.projection import Folded, Projection
from projections.writes import Write, update, upsert


class LegalChoice(msgspec.Struct, frozen=True):
    decision: Any
    text: str  # "" for a game without text commands


SEAT_COLUMNS = {
    "match_id": "text",
    "seat": "integer",
    "seq": "integer",
    "moved_seq": "integer",  # the last entry that changed what the seat decides on
    "view": "jsonb",
    "legal": "jsonb",
    "help": "text",
    "turn": "text",  # the seat's own: must, chosen (sealed, free to change), may or ""
}
PUBLIC_COLUMNS = {"match_id": "text", "seq": "integer", "view": "jsonb"}
REPLAY_COLUMNS = {"match_id": "text", "eyes": "integer", "seq": "integer", "view": "jsonb"}
PUBLIC = -1  # the public's eyes in `replay_views`
LATE_COLUMNS = {"match_id": "text", "seq": "integer"}  # an ended match's, after late rulings
# A row for `mail_views` only where the seat has mail, from the entry its notices start after.
MAILED = (
    "EXISTS (SELECT 1 FROM mail_seats AS m"
    " WHERE m.match_id = u.match_id AND m.seat = u.seat AND u.seq > m.from_seq)"
)


class SeatViews(Projection):
    name = "seat_views"
    tables = ("seat_views", "public_views", "mail_views", "replay_views")
    hears_held = True

    def __init__(self) -> None:
        self.matches: dict[str, MatchRecord] = {}
        self.seats: list[tuple[Any, ...]] = []
        self.public: list[tuple[Any, ...]] = []
        self.replayed: list[tuple[Any, ...]] = []  # (match, eyes, seq, view) of running matches
        # (match, eyes, seq): the state of eyes a decision moved, after it (a held answer after
        # the entry its seat's view was last written at replaces that view)
        self.decided: dict[tuple[str, int, int], Any] = {}
        self.moved: dict[str, set[int]] = {}  # match: the eyes (seats, PUBLIC) the batch moved
        self.ended: list[str] = []
        self.notices: list[bytes] = []
        self.late: dict[str, int] = {}  # ended matches' seq after late rulings

    def take(self, folded: Folded) -> None:
        if isinstance(folded.match, EndedMatch):  # a late ruling: the views stand as of its seq
            self.late[folded.match.match_id] = folded.match.seq
        else:
            match = folded.match
            self.matches[match.match_id] = match  # only the batch's last is kept
            # numbered entries move every eyes; held ones their seat's alone
            eyes = [*range(match.seats), PUBLIC] if folded.entries else sorted(folded.held_seats)
            self.moved.setdefault(match.match_id, set()).update(eyes)
            if match.state is not None:  # states are never changed in place: kept as is
                ruleset = get_ruleset(match.ruleset)
                for e in eyes:
                    self.decided[match.match_id, e, match.seq] = _state(match, ruleset, e)

    def finish(self) -> None:
        for match in self.matches.values():
            if match.state is None:
                continue  # created, not set up yet: nothing to see
            ruleset = get_ruleset(match.ruleset)
            moved = self.moved[match.match_id]
            for seat in sorted(moved - {PUBLIC}):
                state = _state(match, ruleset, seat)
                waiting = ruleset.waiting(state)
                deciding = seat in waiting.must or seat in waiting.may
                view = encode(ruleset.view(state, seat)).decode()
                legal, help_text = _choices(ruleset, state, seat) if deciding else ([], "")
                row = (
                    match.match_id,
                    seat,
                    match.seq,
                    match.moved_for(seat),
                    view,
                    encode(legal).decode(),
                    help_text,
                    _turn(waiting, seat),
                )
                self.seats.append(row)
                self.notices.append(view_notice(match.match_id, seat, match.seq, view))
            if PUBLIC in moved:
                public = encode(ruleset.view(match.state, None)).decode()
                self.public.append((match.match_id, match.seq, public))
                self.notices.append(public_notice(match.match_id, match.seq))
            if match.over:
                self.ended.append(match.match_id)
        self._replayed()

    def _replayed(self) -> None:
        """Every eyes' view after each decision of the matches still running."""
        for (match_id, eyes, seq), state in self.decided.items():
            match = self.matches[match_id]
            if match.over:
                continue  # its replay folds from the archive now
            view = get_ruleset(match.ruleset).view(state, None if eyes == PUBLIC else eyes)
            self.replayed.append((match_id, eyes, seq, encode(view).decode()))

    def writes(self) -> list[Write]:
        late = list(self.late.items())
        return [
            *upsert("seat_views", ("match_id", "seat"), SEAT_COLUMNS, self.seats),
            *upsert("mail_views", ("match_id", "seat", "seq"), SEAT_COLUMNS, self.seats, MAILED),
            *upsert("public_views", ("match_id",), PUBLIC_COLUMNS, self.public),
            *update("seat_views", ("match_id",), LATE_COLUMNS, late),
            *update("public_views", ("match_id",), LATE_COLUMNS, late),
            *upsert("replay_views", ("match_id", "eyes", "seq"), REPLAY_COLUMNS, self.replayed),
            *_dropped(self.ended),
        ]

    def announcements(self) -> list[Announcement]:
        return announcements(CHANNEL, "views", self.notices)


def _state(match: MatchRecord, ruleset: Ruleset, eyes: int) -> Any:
    """The state `eyes` stand in: a seat's with its held answers played (SL-28)."""
    return match.state if eyes == PUBLIC else seat_state(match, ruleset, eyes)


def _turn(waiting: Waiting, seat: int) -> str:
    """The seat's own turn as its row keeps it: in a sealed step, whether it has chosen is for
    its eyes alone (`shown_waiting` shows every seat choosing to the others)."""
    if seat in waiting.must:
        return "must"
    if seat in waiting.may:
        return "chosen" if waiting.simultaneous else "may"
    return ""


def _dropped(ended: list[str]) -> list[Write]:
    """An ended match's replay views: its replay folds from the archive now."""
    if not ended:
        return []
    sql = "DELETE FROM replay_views WHERE match_id IN (SELECT json_array_elements_text($1))"
    return [Write(sql, ended)]


def _choices(ruleset: Ruleset, state: Any, seat: int) -> tuple[list[LegalChoice], str]:
    """The seat's legal decisions with their text commands, and the game's help."""
    legal = [
        LegalChoice(decision, ruleset.write_text(state, seat, decision))
        for decision in ruleset.legal(state, seat)
    ]
    return legal, ruleset.text_help(state, seat)


class SeatView(msgspec.Struct, frozen=True):
    """A seat's view as of entry `seq` (JSON, as stored), what it may decide then and the
    game's help ("" when it decides nothing)."""

    seq: int
    view: str
    legal: list[LegalChoice]
    help: str


async def as_of(
    conn: asyncpg.Connection | asyncpg.Pool, match_id: str, seat: int, upto: int
) -> SeatView | None:
    """The seat's view at the end of the batch that projected entry `upto` (a later one if
    that row is gone, and the latest for a seat without mail): the earliest kept from `upto`
    on. None before the match is set up."""
    row = await conn.fetchrow(
        "SELECT seq, view::text, legal::text, help FROM ("
        " SELECT seq, view, legal, help FROM mail_views"
        " WHERE match_id = $1 AND seat = $2 AND seq >= $3"
        " UNION ALL SELECT seq, view, legal, help FROM seat_views"
        " WHERE match_id = $1 AND seat = $2) AS v ORDER BY seq LIMIT 1",
        match_id,
        seat,
        upto,
    )
    if row is None:
        return None
    legal = msgspec.json.decode(row["legal"], type=list[LegalChoice])
    return SeatView(row["seq"], row["view"], legal, row["help"])
