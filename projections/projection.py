"""What a read model is to its worker: it takes the log decision by decision, then writes."""

from abc import ABC, abstractmethod
from typing import Any, ClassVar

import msgspec

from events.envelope import Entry, EntryBatch, Ruling
from events.match import Match, PartitionMatches
from projections.announce import Announcement
from projections.narrating import NarratedEntry, Narrations
from projections.secrecy import heard, window_answer
from projections.writes import Write


class Folded(msgspec.Struct, frozen=True):
    """One decision's entries that counted, in seq order, and its match around them."""

    entries: list[Entry[Any]]
    hash_before: str  # the match's state hash before them; "" when they created it
    # the match after them, whole when they ended it; after its end only its `EndedMatch`
    # (late rulings). It folds on after `finish`, so read it by then.
    match: Match
    narrated: list[NarratedEntry] = []  # each entry narrated for every eyes (`Projection.narrates`)
    # the rulings that are a seat's sealed window answer, by seq (an automatic one shares the
    # step that opened the window): others read them `without_sender`, each as its own decision
    window_rulings: tuple[int, ...] = ()
    # the entries of a seat's window answer still sealed after the step, by seq: only that
    # seat hears of them, in this step or any (`heard_by`)
    unheard: tuple[int, ...] = ()

    def heard_by(self, eyes: int) -> Entry[Any] | None:
        """The last of the step's entries `eyes` (a seat, or the public's) hear of; None: none."""
        return heard(self.entries, self.unheard, eyes)

    @property
    def window_answer(self) -> int | None:
        """The seat whose window answer alone the step is: no other eyes hear of it."""
        seats = {e.sealed_seat for e in self.entries}
        alone = len(seats) == 1 and all(e.seq in self.unheard for e in self.entries)
        return seats.pop() if alone else None


def fold_record(
    folded: PartitionMatches, record: EntryBatch[Any], narrations: Narrations | None
) -> Folded | None:
    """`record` folded into its partition's `folded` as a step, its entries shown to `narrations` as
    they fold (told once `narrations.narrated` is asked); None where none of them counted."""
    before = folded.matches.get(record.entries[0].match_id)
    hash_before = before.state_hash if before is not None else ""
    answers: list[Entry[Any]] = []

    def shown_each(match: Match | None, entry: Entry[Any]) -> None:
        if window_answer(match, [entry]) is not None:
            answers.append(entry)
        if narrations is not None:
            narrations.before(match, entry)

    counted, match = folded.fold_match(record, shown_each)
    if match is None:
        return None
    rulings = tuple(e.seq for e in answers if isinstance(e.body, Ruling))
    unheard = tuple(e.seq for e in answers if e.seq >= match.revealed_seq)
    return Folded(counted, hash_before, match, window_rulings=rulings, unheard=unheard)


class Projection(ABC):
    """One read model. The worker makes a fresh instance per fetched batch, feeds it every
    step of the batch with `take`, calls `finish`, then runs its `writes` in the statement
    that also moves the offsets; an instance is never reused. The worker folds the next batch
    while this one writes, so what `writes` needs of a match must be read by `finish`."""

    name: ClassVar[str]
    tables: ClassVar[tuple[str, ...]]  # what a reset empties
    narrates: ClassVar[bool] = False  # its decisions carry their entries narrated (`narrated`)

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
