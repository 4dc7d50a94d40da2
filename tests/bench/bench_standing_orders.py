"""How often a seat is asked with a typical set of standing orders, against without: matches of
each game played by bots through the judge (automatic prompts answered as the rules service
answers them, platform rules 3), seat 0 leaving the orders of `TYPICAL` in one run and none in
the other, the same seeds in both. A seat is asked each time the game waits on it and neither
an automatic prompt nor one of its orders answers. BENCH_ORDER_MATCHES lowers the 100 matches.

`python -m tests.bench.bench_standing_orders` prints a line per game."""

import os
import random
from typing import Any

from events.envelope import ClaimSeat, CreateMatch, Ruling
from events.held_answers import owed, seat_state
from events.platform_rules import AUTOMATIC_SENDER
from events.ruleset import get_ruleset
from events.standing_orders import Answered, Dropped, StandingOrder, answer
from tests.random_play import PLAYERS, Table

MATCHES = 100
ORDERED = 0  # the seat that leaves orders

# game: (seats, its typical orders as (prompt, condition, answer))
TYPICAL: dict[str, tuple[int, tuple[tuple[str, str, str], ...]]] = {
    "star-realms": (2, (("main", "at the start of my turn", "play all"),)),
    "race-for-the-galaxy": (2, (("explore", "", "keep the highest-cost"),)),
    "core-worlds": (2, (("energy", "", "pass"), ("reshuffle", "", "no shuffle"))),
}


class Count:
    def __init__(self) -> None:
        self.asked = 0  # decisions the seat had to make itself
        self.by_order = 0
        self.automatic = 0
        self.dropped = 0


def play(game: str, seed: str, ordered: bool, count: Count) -> None:
    """One match, seat `ORDERED` leaving the game's typical orders if `ordered`."""
    seats, typical = TYPICAL[game]
    ruleset, rng = get_ruleset(game), random.Random(seed)
    level = ruleset.strongest_bot
    orders = [
        StandingOrder(number, prompt, text, condition)
        for number, (prompt, condition, text) in enumerate(typical, 1)
        if ordered
    ]
    table = Table(f"{game}-{seed}-{ordered}")
    table.send(None, CreateMatch(ruleset=game, seats=seats, seed=seed))
    for seat in range(seats):
        table.send(seat, ClaimSeat(player=PLAYERS[seat]))
    record = table.folded.matches[table.match_id]
    while not record.over:
        seat = owed(record, ruleset)[0]
        state = seat_state(record, ruleset, seat)
        decision: Any = None
        if seat == ORDERED:
            found = answer(ruleset, state, seat, orders, seats, rng)
            if isinstance(found, Dropped):
                orders.remove(found.order)
                count.dropped += 1
            elif isinstance(found, Answered):
                decision = found.decision
                count.by_order += 1
        if decision is None:
            decision = ruleset.default_decision(state, seat, level, rng)
            count.asked += seat == ORDERED
        entries = table.send(seat, decision)
        count.automatic += sum(
            isinstance(e.body, Ruling)
            and e.body.sender == AUTOMATIC_SENDER
            and e.body.seat == ORDERED
            for e in entries
        )
    return None


def figures(game: str, matches: int) -> dict[str, Count]:
    counts = {"without": Count(), "with": Count()}
    for i in range(matches):
        for name, ordered in (("without", False), ("with", True)):
            play(game, f"orders-{i}", ordered, counts[name])
    return counts


def main() -> dict[str, Any]:
    matches = int(os.environ.get("BENCH_ORDER_MATCHES", MATCHES))
    found = {}
    for game in TYPICAL:
        counts = figures(game, matches)
        bare, ordered = counts["without"], counts["with"]
        share = 1 - ordered.asked / bare.asked if bare.asked else 0.0
        print(
            f"{game}: seat {ORDERED} asked {bare.asked / matches:.1f} times a match without"
            f" orders, {ordered.asked / matches:.1f} with ({share:.0%} fewer; answered by orders"
            f" {ordered.by_order / matches:.1f}, dropped {ordered.dropped / matches:.2f}),"
            f" automatic {bare.automatic / matches:.1f} / {ordered.automatic / matches:.1f}"
            f" ({matches} matches each)",
            flush=True,
        )
        found[game] = {name: vars(count) for name, count in counts.items()}
    return found


if __name__ == "__main__":
    main()
