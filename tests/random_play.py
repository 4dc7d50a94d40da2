"""Whole matches of any registered game, played at random through the judge as the rules
service judges them: every legal choice may come up, and now and then a decision the rules
refuse (another seat's move, a body no game knows), so logs hold rejections too."""

import random
from typing import Any

import msgspec

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry
from events.held_answers import owed, seat_state
from events.match import PartitionMatches
from events.ruleset import get_ruleset
from services.rules.judge import rule_on

PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal")  # up to 8 seats
REFUSED_NOW_AND_THEN = 0.03


class Table:
    def __init__(self, match_id: str, version: str | None = None) -> None:
        self.match_id, self.version = match_id, version  # the game's version a create pins
        self.folded = PartitionMatches()
        self.entries: list[Entry[Any]] = []

    def send(
        self, seat: int | None, body: Any, decision_id: str | None = None, sender: str = ""
    ) -> list[Entry[Any]]:
        """Judge one decision; its entries (none when it repeats one judged before)."""
        sent = len(self.entries) + 1
        decision = Decision(
            decision_id=decision_id or f"{self.match_id}:{sent}",
            match_id=self.match_id,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=sender or (PLAYERS[seat] if seat is not None else "organiser"),
        )
        outcome = rule_on(
            self.folded,
            encode(decision),
            partition=0,
            offset=sent,
            now_ms=0,
            fresh_seed=str,
            version=self.version,
        )
        assert outcome is None or isinstance(outcome, list), outcome
        self.entries.extend(outcome or [])
        return outcome or []


def random_match(
    game: str, seats: int, seed: str, options: dict[str, Any] | None = None
) -> list[Entry[Any]]:
    """Every entry of one match, each seat choosing at random among its legal decisions."""
    table = Table(f"{game}-{seats}-{seed}")
    table.send(None, CreateMatch(ruleset=game, seats=seats, options=options or {}, seed=seed))
    for seat in range(seats):
        table.send(seat, ClaimSeat(player=PLAYERS[seat]))
    ruleset, rng = get_ruleset(game), random.Random(seed)
    record = table.folded.matches[table.match_id]
    while not record.over:
        seat = rng.choice(owed(record, ruleset))
        choice = rng.choice(ruleset.legal(seat_state(record, ruleset, seat), seat))
        if rng.random() < REFUSED_NOW_AND_THEN:
            table.send((seat + 1) % seats, choice)
            table.send(seat, {"type": "no such decision"})
        table.send(seat, choice)
    return table.entries
