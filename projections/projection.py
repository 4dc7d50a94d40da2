"""What a read model is to its worker: it takes the log decision by decision, then writes."""

from abc import ABC, abstractmethod
from typing import Any, ClassVar

import msgspec

from events.envelope import Entry, EntryBatch
from events.match import Match, MatchRecord, PartitionMatches
from projections.announce import Announcement
from projections.narrating import NarratedEntry, Narrations
from projections.writes import Write


class Held(msgspec.Struct, frozen=True):
    """A held entry of a step (SL-28): a sealed window's answer, heard by its seat alone."""

    n: int  # its place among the held entries of its window, from 1, in the order written
    entry: Entry[Any]


class Folded(msgspec.Struct, frozen=True):
    """One decision's numbered entries that counted, in seq order, and its match around them."""

    entries: list[Entry[Any]]
    hash_before: str  # the match's state hash before them; "" when they created it
    # the match after them, whole when they ended it; after its end only its `EndedMatch`
    # (late rulings). It folds on after `finish`, so read it by then.
    match: Match
    narrated: list[NarratedEntry] = []  # each entry narrated for every eyes (`Projection.narrates`)
    # the step's held entries (`Entry.held`), in the order written: they take no number and
    # move nothing but their seat's own view
    held: list[Held] = []

    def written(self) -> list[Entry[Any]]:
        """The step's entries as its batch holds them: each held one after the numbered entry
        it follows, in the order written."""
        held = [h.entry for h in self.held]
        entries: list[Entry[Any]] = []
        at = 0
        for entry in self.entries:
            while at < len(held) and held[at].follows < entry.seq:
                entries.append(held[at])
                at += 1
            entries.append(entry)
        return [*entries, *held[at:]]

    @property
    def held_seats(self) -> set[int]:
        """The seats whose answers the step holds."""
        return {h.entry.sealed_for for h in self.held if isinstance(h.entry.sealed_for, int)}


def fold_record(
    folded: PartitionMatches, record: EntryBatch[Any], narrations: Narrations | None
) -> Folded | None:
    """`record` folded into its partition's `folded` as a step, its entries shown to `narrations` as
    they fold (told once `narrations.narrated` is asked); None where none of them counted."""
    before = folded.matches.get(record.entries[0].match_id)
    hash_before = before.state_hash if before is not None else ""
    held: list[Held] = []

    def shown_each(match: Match | None, entry: Entry[Any]) -> None:
        if entry.held is True:
            kept = match.held if isinstance(match, MatchRecord) else []
            held.append(Held(sum(1 + len(a.events) for a in kept) + 1, entry))
        elif narrations is not None:
            narrations.before(match, entry)

    counted, match = folded.fold_match(record, shown_each)
    if match is None:
        return None
    numbered = [e for e in counted if e.held is not True]
    return Folded(numbered, hash_before, match, held=held)


class Projection(ABC):
    """One read model. The worker makes a fresh instance per fetched batch, feeds it every
    step of the batch with `take`, calls `finish`, then runs its `writes` in the statement
    that also moves the offsets; an instance is never reused. The worker folds the next batch
    while this one writes, so what `writes` needs of a match must be read by `finish`."""

    name: ClassVar[str]
    tables: ClassVar[tuple[str, ...]]  # what a reset empties
    narrates: ClassVar[bool] = False  # its decisions carry their entries narrated (`narrated`)
    # it takes a step of held entries alone (a window's answer): others have nothing to move
    hears_held: ClassVar[bool] = False

    @classmethod
    def takes(cls, folded: Folded) -> bool:
        """Whether the step is this read model's to take."""
        return bool(folded.entries) or cls.hears_held

    @abstractmethod
    def take(self, folded: Folded) -> None:
        """Note what one step changes; no I/O here."""

    def finish(self) -> None:  # noqa: B027 (a hook: most read models have nothing to do)
        """The batch is complete: turn the matches kept into rows now; they fold on after."""

    @abstractmethod
    def writes(self) -> list[Write]:
        """The statements writing everything taken since the batch began; no I/O here."""

    def announcements(self) -> list[Announcement]:
        """What to tell listeners once the batch's rows commit (read after `finish`)."""
        return []


def kind(body: Any) -> str:
    """An entry body's tag, as it appears on the log: 'ruling', 'cw.drafted', ..."""
    return type(body).__struct_config__.tag
