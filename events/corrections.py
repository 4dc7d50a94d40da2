"""Corrections on the log (platform rules 3): a seat takes back its last decision, a seat
disputes a ruling, and the match is set back to before an entry. Nothing is deleted: a
`SetAside` entry names the range it sets aside and the fold skips that range's game events,
so the state is as if they had not happened while replays still show them.

To set a range aside without reading the log again, every fold keeps an undo window: the game
state as it was some decisions back (`Undo.base`) and the game events since, with the
decisions that caused them (`KeptDecision`). Its size is bounded (`UNDO_DECISIONS`), so a correction
reaches back that far and no further."""

from typing import Annotated, Any

import msgspec

from events.storable import Int32

UNDO_DECISIONS = 50  # decisions that moved the game, kept to go back to
Reason = Annotated[str, msgspec.Meta(min_length=1, max_length=500)]
Note = Annotated[str, msgspec.Meta(max_length=500)]


# Decisions.


class TakeBack(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="match.take_back"):
    """The seat takes back its own last decision that moved the game; the organiser, where the
    match lets it decide take-backs alone, takes back the last decision of `seat` (platform
    rules 4)."""

    seat: Int32 | msgspec.UnsetType = msgspec.UNSET  # the organiser's alone: whose decision


class AnswerTakeBack(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="match.answer_take_back"
):
    """A seat asked about another's take-back (or the organiser, where it may) accepts it or
    refuses it."""

    accept: bool


class Dispute(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="match.dispute"):
    """A seat disputes the ruling at entry `seq`: the organiser hears of it and resolves it."""

    seq: Int32
    reason: Reason


class ResolveDispute(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="match.resolve_dispute"
):
    """The organiser upholds the ruling disputed at `seq` (`roll_back` false), or corrects it
    by setting the match back to before that entry's decision."""

    seq: Int32
    roll_back: bool
    note: Note = ""


CORRECTION_DECISIONS = (TakeBack, AnswerTakeBack, Dispute, ResolveDispute)


# Entries.


class TakeBackAsked(msgspec.Struct, frozen=True, tag="match.take_back_asked"):
    """`seat` asks to take back its decision judged at `first`; `asked` must all accept (or the
    organiser decide, where the match allows it or nobody can be asked)."""

    seat: Int32
    first: Int32
    asked: list[Int32]
    why: str  # why it cannot be taken back alone


class TakeBackAnswered(msgspec.Struct, frozen=True, tag="match.take_back_answered"):
    """A seat (None: the organiser) accepted or refused the take-back `asker` asked."""

    seat: Int32 | None
    accept: bool
    asker: Int32 | None = None  # the seat told of a refusal; None in entries written before


class SetAside(msgspec.Struct, frozen=True, tag="match.set_aside"):
    """Entries `first` to `last` are set aside: the match goes on from the state before
    `first`. `shown`: the decisions in the range (by their ruling's entry) that drew chance or
    showed something hidden, which every seat has seen and no setting aside unsees."""

    first: Int32
    last: Int32
    cause: str  # "take-back" or "dispute"
    shown: list[Int32] = []


class Disputed(msgspec.Struct, frozen=True, tag="match.disputed"):
    seat: Int32
    seq: Int32
    reason: str


class DisputeResolved(msgspec.Struct, frozen=True, tag="match.dispute_resolved"):
    """The organiser upheld the ruling disputed at `seq`, or corrected it (a `SetAside`
    follows)."""

    seq: Int32
    upheld: bool
    note: str = ""


CORRECTION_ENTRIES = (TakeBackAsked, TakeBackAnswered, SetAside, Disputed, DisputeResolved)


# The undo window every fold keeps.


class KeptDecision(msgspec.Struct, array_like=True, kw_only=True):
    """A decision that moved the game, kept in the window. Mutable: its fold owns it."""

    ruling: int  # its ruling's entry: setting aside from here takes the whole decision
    seat: int | None
    drew: bool = False  # chance was drawn while judging it
    shown: bool = False  # one of its entries showed something hidden (`Ruleset.reveals`)


class Undo(msgspec.Struct, kw_only=True):
    """The game state before the window's oldest kept decision, and the game events since."""

    base: Any = None
    # stored as "steps" in snapshots and checkpoints
    decisions: list[KeptDecision] = msgspec.field(default_factory=list, name="steps")
    events: list[tuple[int, Any]] = []  # (seq, game event), in log order
    ruling: int = 0  # the latest ruling's entry: the decision being folded
    ruling_seat: int | None = None
    ruling_drew: bool = False
    set_aside: list[tuple[int, int]] = []  # every range set aside so far

    @property
    def reach(self) -> int:
        """The earliest entry the match may be set back to before."""
        return self.decisions[0].ruling if self.decisions else self.ruling + 1

    def moved(self, seq: int, event: Any, reveals: bool) -> None:
        """A game event at `seq`, of the decision ruled at `self.ruling`."""
        if not self.decisions or self.decisions[-1].ruling != self.ruling:
            kept = KeptDecision(ruling=self.ruling, seat=self.ruling_seat, drew=self.ruling_drew)
            self.decisions.append(kept)
        self.events.append((seq, event))
        self.decisions[-1].shown = self.decisions[-1].shown or reveals

    def trimmed(self, evolve: Any) -> None:
        """Past `UNDO_DECISIONS`, the oldest decision's events fold into the base."""
        while len(self.decisions) > UNDO_DECISIONS:
            self.decisions.pop(0)
            kept = self.decisions[0].ruling
            while self.events and self.events[0][0] < kept:
                self.base = evolve(self.base, self.events.pop(0)[1])

    def state_before(self, first: int, evolve: Any) -> Any:
        """The game state as it was before entry `first` (within reach), skipping what was set
        aside already."""
        state = self.base
        for seq, event in self.events:
            if seq >= first:
                break
            state = evolve(state, event)
        return state

    def decision_at(self, seq: int) -> int:
        """Where setting the match back to before entry `seq` begins: the ruling of the decision
        whose game events reach `seq`, so no decision is set aside by half; else `seq`."""
        for kept, after in zip(self.decisions, [*self.decisions[1:], None], strict=True):
            end = after.ruling if after else seq + 1
            if kept.ruling <= seq < end and any(seq <= s < end for s, _ in self.events):
                return kept.ruling
        return seq

    def set_back(self, first: int, last: int) -> None:
        self.events = [(seq, event) for seq, event in self.events if seq < first]
        self.decisions = [kept for kept in self.decisions if kept.ruling < first]
        self.set_aside = [*self.set_aside, (first, last)]

    def within_set_aside(self, seq: int) -> bool:
        return any(first <= seq <= last for first, last in self.set_aside)

    def shown_since(self, first: int) -> list[int]:
        """The decisions from `first` on that drew chance or showed something hidden."""
        return [d.ruling for d in self.decisions if d.ruling >= first and (d.drew or d.shown)]


class TakeBackRequest(msgspec.Struct, kw_only=True):
    """A take-back waiting for answers."""

    seat: int
    first: int
    asked: list[int]
    accepted: list[int] = []


class OpenDispute(msgspec.Struct, frozen=True, array_like=True):
    seq: int
    seat: int
    reason: str


# Words.


def correction_line(body: Any, names: list[str]) -> str:
    def name(seat: int | None) -> str:
        if seat is None:
            return "the organiser"
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    match body:
        case TakeBackAsked(seat=seat, first=first, asked=asked, why=why):
            who = ", ".join(name(s) for s in asked) or "the organiser"
            return (
                f"{name(seat)} asks to take back the decision at entry {first} ({why});"
                f" {who} may accept or refuse"
            )
        case TakeBackAnswered(seat=seat, accept=accept, asker=asker):
            whose = "the" if asker is None else f"{name(asker)}'s"
            return f"{name(seat)} {'accepted' if accept else 'refused'} {whose} take-back"
        case SetAside(first=first, last=last, cause=cause, shown=shown):
            seen = (
                "; seen meanwhile and not unseen: what entries "
                + ", ".join(map(str, shown))
                + " drew or showed"
                if shown
                else "; nothing hidden was shown meanwhile"
            )
            return (
                f"entries {first} to {last} are set aside ({cause}): play goes on from before"
                f" entry {first}{seen}"
            )
        case Disputed(seat=seat, seq=seq, reason=reason):
            return f"{name(seat)} disputes the ruling at entry {seq}: {reason!r}"
        case DisputeResolved(seq=seq, upheld=upheld, note=note):
            why = f" ({note})" if note else ""
            if upheld:
                return f"the organiser upheld the ruling at entry {seq}{why}"
            return f"the organiser corrected the ruling at entry {seq}: the match is set back{why}"
    raise TypeError(f"no correction entry {body!r}")


def correction_words(decision: Any) -> str:
    match decision:
        case TakeBack(seat=int(seat)):
            return f"take back seat {seat}'s last decision"
        case TakeBack():
            return "take back their last decision"
        case AnswerTakeBack(accept=accept):
            return f"{'accept' if accept else 'refuse'} the take-back"
        case Dispute(seq=seq):
            return f"dispute the ruling at entry {seq}"
        case ResolveDispute(seq=seq, roll_back=roll_back):
            return f"{'correct' if roll_back else 'uphold'} the ruling disputed at entry {seq}"
    raise TypeError(f"no correction decision {decision!r}")
