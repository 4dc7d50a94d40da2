"""Folding the match-log: one match's record, and which records of a partition count.

Every reader folds through here (the rules service, projections, replays, `verify`), so
they all agree on what the log says.
"""

from typing import Any

import msgspec

from events import clock, seats
from events.codec import game_codec
from events.envelope import (
    Entry,
    EntryBatch,
    MatchCreated,
    OwnerFence,
    Ruling,
    SeatClaimed,
    SeedRevealed,
)
from events.platform_rules import BOT_PREFIX
from events.ruleset import get_ruleset


def decision_key(seat: int | None, sender: str, decision_id: str) -> str:
    """A decision's idempotency key: its id as its sender chose it, for the seat it spoke for
    (None: the match's own, as a create), so no sender's id stands for another's decision.
    NUL, which no stored string holds, keeps the parts apart."""
    return f"{seat}\0{sender}\0{decision_id}"


class MatchRecord(msgspec.Struct, kw_only=True):
    """A match as the log tells it. Mutable: exactly one folder owns each record."""

    match_id: str
    ruleset: str
    ruleset_version: str
    seats: int
    options: dict[str, Any]
    seed: str
    seed_commitment: str
    holders: list[str | None]
    judged: set[str]  # decision_key of every decision ruled on
    seq: int = 0
    state: Any = None  # the ruleset's state; None until its first event
    state_hash: str = ""
    over: bool = False
    last_entry_ms: int = 0
    moved_seq: int = 0  # the last entry that changed what seats decide on (not a ruling)
    revealed_seq: int = 0  # the last entry that opened the sealed entries before it
    timing: clock.Timing | None = None  # the clock and its deadlines, for a match with a clock
    # (seat, a player who held it before a bot or another player took it over)
    handed_over: list[tuple[int, str]] = []

    @property
    def open_seats(self) -> list[int]:
        if None not in self.holders:
            return []
        return [seat for seat, holder in enumerate(self.holders) if holder is None]


_packer = msgspec.msgpack.Encoder(order="deterministic")


def record_bytes(record: MatchRecord) -> tuple[bytes, bytes]:
    """The record without its state, and the state: each decodes with a known type."""
    return _packer.encode(msgspec.structs.replace(record, state=None)), _packer.encode(record.state)


def record_from_bytes(record_data: bytes, state_data: bytes) -> MatchRecord:
    record = msgspec.msgpack.decode(record_data, type=MatchRecord)
    record.state = game_codec(record.ruleset).decode_state(state_data)
    return record


class ContentChanged(RuntimeError):
    """The data a match was played with (its card set) is not what this install reads."""


def _check_content(created: MatchCreated) -> None:
    """Fail closed: a match folded with other card data than it was judged with would show,
    and judge, another game."""
    if not created.content_digest:
        return
    now = get_ruleset(created.ruleset).content_digest(created.options)
    if now != created.content_digest:
        raise ContentChanged(
            f"{created.ruleset} options {created.options} read data with digest {now[:16]}…;"
            f" the match was played with {created.content_digest[:16]}…: restore that card set"
        )


def apply(record: MatchRecord | None, entry: Entry[Any]) -> MatchRecord:
    """Apply one entry. Game events go to the ruleset's `evolve`; the rest is bookkeeping."""
    match entry.body:
        case MatchCreated() as created:
            _check_content(created)
            record = MatchRecord(
                match_id=entry.match_id,
                ruleset=created.ruleset,
                ruleset_version=entry.ruleset_version,
                seats=created.seats,
                options=created.options,
                seed=created.seed,
                seed_commitment=created.seed_commitment,
                holders=[None] * created.seats,
                judged=set(),
                timing=clock.Timing(created.clock) if created.clock else None,
            )
        case Ruling(seat=seat, sender=sender):
            record.judged.add(decision_key(seat, sender, entry.decision_id))
        case SeatClaimed(seat=seat, player=player):
            record.holders[seat] = player
            record.moved_seq = entry.seq
        case SeedRevealed():
            record.over = True
            record.revealed_seq = entry.seq  # the end opens every seal
        case clock.SeatHandedToBot(seat=seat, level=level, player=player):
            record.holders[seat] = BOT_PREFIX + level
            record.handed_over = [*record.handed_over, (seat, player)]
            record.timing = record.timing and clock.evolve(record.timing, entry.body)
        case seats.SeatReplaced(seat=seat, player=player, previous=previous):
            record.holders[seat] = player
            record.handed_over = [*record.handed_over, (seat, previous)]
        case timed if isinstance(timed, clock.CLOCK_ENTRIES):
            record.timing = record.timing and clock.evolve(record.timing, timed)
        case event:
            ruleset = get_ruleset(record.ruleset)
            record.state = ruleset.evolve(record.state, event)
            record.moved_seq = entry.seq
            if ruleset.reveals(event):
                record.revealed_seq = entry.seq
    record.seq = entry.seq
    record.state_hash = entry.state_hash
    record.last_entry_ms = entry.recorded_at_ms
    return record


class PartitionBook:
    """The matches of one match-log partition, folded from its records in log order.

    A record counts only if its writer is the partition's current owner (the last
    `OwnerFence`) and it continues its match's seq exactly; anything else is a late
    write from a fenced-out owner, or a duplicate from a producer retry, and is skipped.
    """

    def __init__(self, owner: str | None = None) -> None:
        self.owner = owner
        self.matches: dict[str, MatchRecord] = {}

    def admits(self, batch: EntryBatch[Any]) -> bool:
        if self.owner is not None and batch.writer != self.owner:
            return False
        first = batch.entries[0]
        record = self.matches.get(first.match_id)
        return first.seq == (record.seq if record else 0) + 1

    def fold(self, record: EntryBatch[Any] | OwnerFence) -> list[Entry[Any]]:
        """Fold one log record; return the entries that counted."""
        if isinstance(record, OwnerFence):
            self.owner = record.writer
            return []
        if not self.admits(record):
            return []
        for entry in record.entries:
            self.matches[entry.match_id] = apply(self.matches.get(entry.match_id), entry)
        return record.entries
