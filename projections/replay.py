"""Replay: a match at any step k. Every entry is kept (a row per decision), and the folded
record at the first decision boundary on or after each multiple of CHECKPOINT_EVERY, so step
k is one checkpoint plus fewer than about CHECKPOINT_EVERY entries folded with
`events.match.apply`.

A sealed window's held answers (SL-28) are kept too, whole, in their batch's row, or in a row of
their own (`replay_held`) for a batch of held entries alone: `entries` gives them back in log
order, so `verify` re-judges them and a restore writes every batch again as it came. No
checkpoint is taken while a window holds answers, so one never holds a held entry's effect.

What `at` shows: a seat's own view when a seat is named; else the public view, or the full
state (it holds the seed and every hand) when the caller allows it and this model holds the
match's end: it fails closed whatever another read model says.
Lines tell a sealed choice as `projections.secrecy` says the reader may see it.
"""

from typing import Any

import asyncpg
import msgspec

from events.clock import SeatHandedToBot
from events.codec import decode_entry, encode
from events.envelope import Entry, Ruling, is_platform_entry
from events.match import MatchRecord, apply, record_bytes, record_from_bytes
from events.narration import NarratedLine, Narrator, seat_names
from events.ruleset import Description, get_ruleset
from projections.announce import REPLAY_CHANNEL, Announcement, announcements, replay_notice
from projections.projection import Folded, Projection
from projections.secrecy import SealedRuling, hidden, shown, without_order
from projections.writes import Write, insert, upsert

CHECKPOINT_EVERY = 64
LAST = 2**31 - 1
_raw_entries = msgspec.json.Decoder(list[msgspec.Raw])
STEP_COLUMNS = {
    "match_id": "text",
    "first_seq": "integer",
    "last_seq": "integer",
    "entries": "bytea",
}
HELD_COLUMNS = {"match_id": "text", "follows": "integer", "n": "integer", "entries": "bytea"}
CHECKPOINT_COLUMNS = {"match_id": "text", "seq": "integer", "record": "bytea", "state": "bytea"}
MATCH_COLUMNS = {
    "match_id": "text",
    "ruleset": "text",
    "last_seq": "integer",
    "over": "boolean",
    "revealed_seq": "integer",
}


class Replay(Projection):
    name = "replay"
    tables = ("replay_matches", "replay_steps", "replay_held", "replay_checkpoints")
    hears_held = True

    def __init__(self) -> None:
        self.steps: list[tuple[str, int, int, bytes]] = []
        self.held: list[tuple[str, int, int, bytes]] = []  # batches of held entries alone
        self.checkpoints: list[tuple[str, int, bytes, bytes]] = []
        self.matches: dict[str, MatchRecord] = {}
        self.heads: list[tuple[Any, ...]] = []

    def take(self, folded: Folded) -> None:
        match = folded.match
        whole = folded.written()
        if not folded.entries:
            at = folded.held[0]
            self.held.append((match.match_id, at.entry.follows, at.n, encode(whole)))
            return
        first, last = folded.entries[0].seq, folded.entries[-1].seq
        self.steps.append((match.match_id, first, last, encode(whole)))
        crossed = last // CHECKPOINT_EVERY > (first - 1) // CHECKPOINT_EVERY
        if (
            crossed
            and isinstance(match, MatchRecord)
            and match.state is not None
            and not match.held
        ):
            self.checkpoints.append((match.match_id, last, *record_bytes(match)))
        self.matches[match.match_id] = match

    def finish(self) -> None:
        self.heads = [
            (m.match_id, m.ruleset, m.seq, m.over, m.revealed_seq) for m in self.matches.values()
        ]

    def writes(self) -> list[Write]:
        return [
            *insert("replay_steps", STEP_COLUMNS, self.steps),
            *insert("replay_held", HELD_COLUMNS, self.held),
            *insert("replay_checkpoints", CHECKPOINT_COLUMNS, self.checkpoints),
            *upsert("replay_matches", ("match_id",), MATCH_COLUMNS, self.heads),
        ]

    def announcements(self) -> list[Announcement]:
        moved = [replay_notice(match_id, last_seq) for match_id, _, last_seq, *_ in self.heads]
        return announcements(REPLAY_CHANNEL, "replays", moved)


class ReplayStep(msgspec.Struct, frozen=True):
    match_id: str
    seq: int
    over: bool  # the match has ended (now, not necessarily at `seq`)
    full: bool  # `shown` is the whole state, not a view
    shown: Any  # a view or the state; None before the game's first event
    narration: str  # entry `seq` in a line, for the same eyes
    description: Description | None  # of the view shown (the public one when `full`)
    before: Description | None = None  # the same eyes' view just before entry `seq`
    # the ruling on the decision that caused entry `seq`, as shown to the same eyes
    ruling: Ruling | SealedRuling | None = None
    ruling_seq: int = 0  # its entry


async def record_at(
    conn: asyncpg.Connection | asyncpg.Pool, match_id: str, k: int | None = None
) -> MatchRecord | None:
    """The whole match record as of entry `k` (the latest if None): the nearest checkpoint
    at or before it, plus the entries after. Holds every secret: callers show views only."""
    last = k if k is not None else LAST
    checkpoint = await conn.fetchrow(
        "SELECT seq, record, state FROM replay_checkpoints WHERE match_id = $1 AND seq <= $2"
        " ORDER BY seq DESC LIMIT 1",
        match_id,
        last,
    )
    record = record_from_bytes(checkpoint["record"], checkpoint["state"]) if checkpoint else None
    for entry in await entries(conn, match_id, checkpoint["seq"] if checkpoint else 0, last):
        record = apply(record, entry)
    return record


async def entries(
    conn: asyncpg.Connection | asyncpg.Pool, match_id: str, after: int = 0, upto: int = LAST
) -> list[Entry[Any]]:
    """The match's entries with `after` < seq <= `upto`, in log order, seed and all, with the
    held ones (SL-28) following `after` up to `upto`'s: each after the numbered entry it follows,
    in the order written. `after` is 0 or the end of a batch (a checkpoint's)."""
    rows = await conn.fetch(
        "SELECT entries, first_seq - 1 AS follows, 1 AS numbered, 0 AS n FROM replay_steps"
        " WHERE match_id = $1 AND last_seq > $2 AND first_seq <= $3"
        " UNION ALL SELECT entries, follows, 0, n FROM replay_held"
        " WHERE match_id = $1 AND follows >= $2 AND follows < $3"
        " ORDER BY follows, numbered, n",
        match_id,
        after,
        upto,
    )
    found = [decode_entry(raw) for row in rows for raw in _raw_entries.decode(row["entries"])]
    return [
        e for e in found if (after <= e.follows < upto if e.held is True else after < e.seq <= upto)
    ]


async def at(
    conn: asyncpg.Connection | asyncpg.Pool,
    match_id: str,
    k: int,
    seat: int | None = None,
    *,
    whole: bool = False,
) -> ReplayStep | None:
    """The match as of entry `k` (1-based) as `seat` may see it (None and `whole`: the full
    state, once over); None if there is no such step. Which seat a caller may ask for, and
    whether it may see the whole, is the caller's to check."""
    match = await conn.fetchrow(
        "SELECT ruleset, last_seq, over, revealed_seq FROM replay_matches WHERE match_id = $1",
        match_id,
    )
    if match is None or not 1 <= k <= match["last_seq"]:
        return None
    batch = _as_ended(await _batch(conn, match_id, k), match["over"])
    record, cause = _cause(await record_at(conn, match_id, batch[0].seq - 1), batch, k)
    if record is not None and seat is not None and not 0 <= seat < record.seats:
        raise ValueError(f"seat {seat} is not a seat of this {record.seats}-seat match")
    had = record.state if record is not None else None  # `tell` moves the record on, in place
    narrator = Narrator(seat, record)
    [entry] = [e for e in batch if e.seq == k]
    revealed = match["revealed_seq"]
    line = narrator.tell(entry, hidden(entry, revealed, seat))
    ruling = shown(cause, revealed, seat) if cause else None
    record = narrator.record
    full = seat is None and whole and match["over"]
    if record.state is None:
        return ReplayStep(match_id, k, match["over"], full, None, line, None)
    ruleset = get_ruleset(match["ruleset"])
    names = seat_names(record.seat_players)
    view = ruleset.view(record.state, seat)
    return ReplayStep(
        match_id,
        k,
        match["over"],
        full,
        record.state if full else view,
        line,
        ruleset.describe(view, names),
        ruleset.describe(ruleset.view(had, seat), names) if had is not None else None,
        ruling,
        cause.seq if cause else 0,
    )


def _cause(
    record: MatchRecord | None, batch: list[Entry[Any]], k: int
) -> tuple[MatchRecord | None, Entry[Any] | None]:
    """`record` (the match before `batch`) folded on to just before entry `k`; the ruling that
    caused entry k: its batch's, or an answer a window told as it closed within it (decision
    "", SL-28), each a decision of its own."""
    cause = None
    for entry in batch:
        if entry.seq > k:
            break
        told = entry is batch[0] or entry.decision_id == ""
        if isinstance(entry.body, Ruling) and told:
            cause = entry
        if entry.seq < k:
            record = apply(record, entry)
    return record, cause


def _as_ended(entries: list[Entry[Any]], over: bool) -> list[Entry[Any]]:
    """An ended match's entries as anyone may read them: no standing order behind a ruling
    (`secrecy.without_order`), whichever seat's eyes, since anyone may take any seat's then."""
    return [without_order(e) for e in entries] if over else entries


async def _batch(
    conn: asyncpg.Connection | asyncpg.Pool, match_id: str, k: int
) -> list[Entry[Any]]:
    """Every numbered entry of the decision that caused entry `k`, its ruling first (if it had
    one); not its held ones (SL-28), which no replay step shows."""
    raw = await conn.fetchval(
        "SELECT entries FROM replay_steps WHERE match_id = $1 AND first_seq <= $2"
        " AND last_seq >= $2",
        match_id,
        k,
    )
    return [e for e in map(decode_entry, _raw_entries.decode(raw)) if e.held is not True]


def _round(record: MatchRecord | None) -> int | None:
    if record is None or record.state is None:
        return None
    return get_ruleset(record.ruleset).standing(record.state).round


async def narrated(
    conn: asyncpg.Connection | asyncpg.Pool,
    match_id: str,
    seat: int | None,
    after: int = 0,
    upto: int = LAST,
    reader: int | None = None,
) -> list[NarratedLine]:
    """Entries `after` < seq <= `upto` in a line each, for `seat`'s eyes (None: the public's),
    sealed choices as `reader` may see them (the seat reading, or None). Which seat a caller
    may ask for is the caller's to check."""
    match = await conn.fetchrow(
        "SELECT revealed_seq, over FROM replay_matches WHERE match_id = $1", match_id
    )
    revealed_seq, over = (match["revealed_seq"], match["over"]) if match else (0, False)
    narrator = Narrator(seat, await record_at(conn, match_id, after) if after else None)
    lines, round_ = [], _round(narrator.record)
    numbered = [e for e in await entries(conn, match_id, after, upto) if e.held is not True]
    for entry in _as_ended(numbered, over):
        kept = hidden(entry, revealed_seq, reader)
        line = narrator.tell(entry, kept)
        if not is_platform_entry(entry.body) or round_ is None:
            round_ = _round(narrator.record)  # only a game's own events move its round
        ruling = shown(entry, revealed_seq, reader)
        decided_by = ruling.seat if isinstance(ruling, Ruling | SealedRuling) else None
        lines.append(NarratedLine(entry.seq, line, round_, decided_by))
    return lines


_HANDED = b'"match.seat_handed_to_bot"'  # the tag of SeatHandedToBot, as its entries hold it


async def handed_over(
    conn: asyncpg.Connection | asyncpg.Pool, match_id: str, seat: int, player: str
) -> SeatHandedToBot | None:
    """The last hand-over of `seat` from `player` to a bot, if the match holds one."""
    rows = await conn.fetch(
        "SELECT entries FROM replay_steps WHERE match_id = $1 AND position($2 IN entries) > 0"
        " ORDER BY first_seq DESC",
        match_id,
        _HANDED,
    )
    for row in rows:
        for raw in reversed(_raw_entries.decode(row["entries"])):
            body = decode_entry(raw).body
            if isinstance(body, SeatHandedToBot) and (body.seat, body.player) == (seat, player):
                return body
    return None
