"""A sealed window whose answers are held (SL-28), through the judge, batch by batch: Twilight
Imperium 3's Sabotage window as Sol plays Good Year, asking Mentak (who holds a Sabotage) and
Jol-Nar (a Sabotage, or only a Plague: then the judge answers for him at once); and a worker's
fold of its batches, a step each, as the worker folds and narrates them."""

from collections.abc import Iterator
from typing import Any

import msgspec

from events.clock import Clock
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, EntryBatch
from events.match import PartitionMatches
from events.rulesets.twilight_imperium_3.card_decisions import NoSabotage, PlayCard
from events.rulesets.twilight_imperium_3.forces import Holding
from projections.narrating import Narrations
from projections.projection import Folded, fold_record
from services.rules.judge import rule_on
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL, arena
from tests.twilight_imperium_3.cards import holding_cards

__all__ = ["JOL_NAR", "MENTAK", "SOL", "Window", "WorkerFold"]


class Window:
    """The match, judged a decision at a time; each decision's batch kept as written."""

    def __init__(
        self,
        name: str,
        jol_nar_holds: str,
        clock: Clock | msgspec.UnsetType = msgspec.UNSET,
        seed: str = "",
    ) -> None:
        self.match_id = name
        self.folded = PartitionMatches()
        self.batches: list[list[Entry[Any]]] = []
        create = CreateMatch(ruleset="twilight-imperium-3", seats=3, seed=seed or name, clock=clock)
        self.send(None, create)
        for seat in range(3):
            self.send(seat, ClaimSeat(player=f"p{seat}"))
        state = arena(
            {}, {"Abyz": Holding(SOL), "Lodor": Holding(MENTAK, units={"ground_force": 1})}
        )
        state = holding_cards(holding_cards(state, SOL, "good_year"), MENTAK, "sabotage")
        self.arranged = holding_cards(state, JOL_NAR, jol_nar_holds)
        self.arranged_after = len(self.batches)  # the state is set before the next batch
        self.folded.matches[name].state = self.arranged
        self.send(SOL, PlayCard("good_year"))

    @property
    def entries(self) -> list[Entry[Any]]:
        return [entry for batch in self.batches for entry in batch]

    @property
    def last_seq(self) -> int:
        """The match's last numbered entry."""
        return self.folded.matches[self.match_id].seq

    def send(
        self, seat: int | None, body: Any, sent_at_ms: int = 0, decision_id: str = ""
    ) -> list[Entry[Any]]:
        """Judge one decision at `sent_at_ms`, sent on the view of the match's last entry."""
        n = len(self.batches) + 1
        decision = Decision(
            decision_id=decision_id or f"{self.match_id}:{n}",
            match_id=self.match_id,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=f"p{seat}" if seat is not None else "organiser",
            sent_at_ms=sent_at_ms,
            seen_seq=self.folded.matches[self.match_id].seq if n > 1 else None,
        )
        entries = rule_on(
            self.folded, encode(decision), partition=0, offset=n, now_ms=sent_at_ms, fresh_seed=str
        )
        assert isinstance(entries, list) and entries, entries
        self.batches.append(entries)
        return entries

    def by_hand(self, seat: int, sent_at_ms: int) -> list[Entry[Any]]:
        """`seat` answers no sabotage by hand."""
        return self.send(seat, NoSabotage(), sent_at_ms, f"{self.match_id}:answer of {seat}")


class WorkerFold:
    """A projection worker's fold of a window's batches: each call takes those not taken yet."""

    def __init__(self, window: Window) -> None:
        self.window, self.folded, self.taken = window, PartitionMatches(), 0

    def steps(self) -> Iterator[Folded]:
        window = self.window
        while self.taken < len(window.batches):
            batch = window.batches[self.taken]
            record = EntryBatch(
                writer="w", decision_partition=0, decision_offset=self.taken, entries=batch
            )
            self.taken += 1
            narrations = Narrations()
            step = fold_record(self.folded, record, narrations)
            assert step is not None
            if self.taken == window.arranged_after:  # as the judge's fold had it set then
                self.folded.matches[window.match_id].state = window.arranged
            yield msgspec.structs.replace(step, narrated=narrations.narrated(step.match))
