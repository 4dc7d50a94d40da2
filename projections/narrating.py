"""Each entry in a line for every seat and for the public, told as the worker folds it
on the match as it was just before the entry: the words `events.narration` gives, once,
where the match's state is held anyway, so no reader folds a match to tell it.

What is told here is whole: which of these lines each reader may read, and when, is
`projections.secrecy.lines`'s to decide."""

from typing import Any

import msgspec

from events.envelope import Entry, Ruling, is_platform_entry
from events.match import EndedMatch, Match, MatchRecord
from events.narration import Narrator
from events.ruleset import get_ruleset
from projections.secrecy import SealedRuling, shown, without_order


class NarratedEntry(msgspec.Struct, frozen=True):
    """One entry narrated for every eyes, before anyone decides who reads which line."""

    seq: int
    public: str  # the line for the public's eyes
    seats: list[str]  # the line for each seat's eyes
    sealed: str  # the line for eyes a sealed choice is kept from ("": the entry is none)
    sealed_for: int | None  # the seat whose sealed choice the entry is
    round: int | None  # the game's round after the entry
    decided_by: int | None  # the seat whose decision this ruling judged
    # the deciding seat's line without the standing order that answered for it ("": none)
    orderless: str = ""


class Narrations:
    """Hooked into a fold (`PartitionMatches.fold_match`'s `before`) for one record:
    tells each entry that counts, then `narrated` gives them, once the record is folded."""

    def __init__(self) -> None:
        self._lines: list[tuple[Entry[Any], list[str], str, str, str]] = []
        self._rounds: list[int | None] = []
        self._moved = True  # the last entry told may have moved the round: a game's own event

    def before(self, match: Match | None, entry: Entry[Any]) -> None:
        if self._lines:
            self._rounds.append(self._round(match))
        self._moved = not self._rounds or not is_platform_entry(entry.body)
        if isinstance(match, EndedMatch):
            line = _late(entry)
            self._lines.append((entry, [], line, "", ""))
            return
        seats = match.seats if match is not None else 0
        public = Narrator(None, match)
        sealed = public.line(entry, sealed=True) if entry.sealed_seat is not None else ""
        mine = [Narrator(seat, match).line(entry) for seat in range(seats)]
        self._lines.append((entry, mine, public.line(entry), sealed, _orderless(match, entry)))

    def narrated(self, match: Match) -> list[NarratedEntry]:
        """The entries told, `match` being theirs after the last."""
        rounds = [*self._rounds, self._round(match)] if self._lines else []
        return [
            NarratedEntry(
                entry.seq,
                public,
                mine,
                sealed,
                entry.sealed_seat,
                round_,
                _decided_by(entry),
                orderless,
            )
            for (entry, mine, public, sealed, orderless), round_ in zip(
                self._lines, rounds, strict=True
            )
        ]

    def _round(self, match: Match | None) -> int | None:
        """The game's round in `match`, after the last entry told: asked of the game only
        after its own events, since the platform's leave its state as it was."""
        if not self._moved:
            return self._rounds[-1]
        if not isinstance(match, MatchRecord) or match.state is None:
            return None
        return get_ruleset(match.ruleset).standing(match.state).round


def _orderless(match: Match | None, entry: Entry[Any]) -> str:
    """The deciding seat's line of a ruling a standing order answered, without the order."""
    body = entry.body
    if not isinstance(body, Ruling) or not body.order or body.seat is None:
        return ""
    return Narrator(body.seat, match).line(without_order(entry))


def _decided_by(entry: Entry[Any]) -> int | None:
    """The seat whose decision a ruling judged, as anyone may know it (not a private or
    unsigned message's writer)."""
    body = shown(entry, 0)
    return body.seat if isinstance(body, Ruling | SealedRuling) else None


def _late(entry: Entry[Any]) -> str:
    """An entry after its match ended (only a late decision's ruling, SL-7), told from the
    ruling alone: the fold keeps no state, nor names, of an ended match."""
    body = entry.body
    if not isinstance(body, Ruling):
        return "an entry after the end"
    who = body.sender or (f"seat {body.seat}" if body.seat is not None else "someone")
    return f"{who} sent a decision after the match ended: rejected ({body.rule})"
