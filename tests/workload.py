"""A deterministic stream of decisions for many race-to-21 matches, and its expected outcome.

The expectation comes from judging the same stream in memory with the service's own
`rule_on`, which is what an uninterrupted run of the service does.
"""

import random
from typing import Any

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, SeedRevealed
from events.match import PartitionMatches
from services.rules.judge import rule_on
from tests.support import decision
from tests.tiny_ruleset import Add


def race_decisions(matches: int, seed: int = 7) -> list[Decision]:
    """Creation, seats, then turns (with some out-of-turn tries), interleaved across matches."""
    rng = random.Random(seed)
    streams: list[list[Decision]] = []
    for m in range(matches):
        match_id = f"race-{seed}-{m}"
        seats = rng.choice([2, 3])
        stream = [
            decision(
                match_id,
                None,
                CreateMatch(ruleset="race-to-21", seats=seats, seed=f"seed-{m}"),
                decision_id=f"{match_id}/create",
            )
        ]
        stream += [
            decision(match_id, s, ClaimSeat(player=f"p{s}"), decision_id=f"{match_id}/claim{s}")
            for s in range(seats)
        ]
        for turn in range(12):
            seat = turn % seats if rng.random() > 0.15 else (turn + 1) % seats
            stream.append(
                decision(
                    match_id,
                    seat,
                    Add(amount=rng.randint(1, 3)),
                    decision_id=f"{match_id}/turn{turn}",
                )
            )
        streams.append(stream)
    ordered: list[Decision] = []
    while any(streams):
        stream = rng.choice([s for s in streams if s])
        ordered.append(stream.pop(0))
    return ordered


def expected_outcome(decisions: list[Decision]) -> dict[str, tuple[int, str]]:
    """match_id -> (last seq, final state hash) as an uninterrupted service would write."""
    folded = PartitionMatches()
    for offset, d in enumerate(decisions):
        rule_on(folded, encode(d), partition=0, offset=offset, now_ms=0, fresh_seed=lambda: "x")
    return {m: (r.seq, r.state_hash) for m, r in folded.matches.items()}


def outcome(entries: dict[str, list[Any]]) -> dict[str, tuple[int, str]]:
    return {m: (es[-1].seq, es[-1].state_hash) for m, es in entries.items()}


def finished(entries: list[Any]) -> bool:
    return any(isinstance(e.body, SeedRevealed) for e in entries)
