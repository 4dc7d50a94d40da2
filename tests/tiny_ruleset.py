"""Race to 21: a tiny game for testing the platform without Core Worlds.

Seats take turns adding 1 to 3 to a shared total; whoever reaches 21 (or the match's
`target` option) wins. Each seat
is dealt one secret card at setup (shuffled from the seed), so views have something
to hide and the log has a random outcome to record.
"""

import random
from collections.abc import Sequence
from typing import Any

import msgspec

from events.ruleset import (
    Accepted,
    CardFace,
    CardInfo,
    CardList,
    Description,
    Field,
    Option,
    Rejection,
    Ruleset,
    Section,
    Standing,
    Waiting,
    as_declared,
    register,
    seat_refusal,
)

TARGET = 21
RULES = {
    "T-1": "Add 1, 2 or 3 to the total on your turn.",
    "T-2": "Seats take turns in order.",
    "T-3": "The first to bring the total to the target wins, and the race is over.",
}


class Add(msgspec.Struct, frozen=True, tag="race.add"):
    amount: int


class Roll(msgspec.Struct, frozen=True, tag="race.roll"):
    """Add what a three-sided die shows rather than choose: a decision that draws chance."""


class Dealt(msgspec.Struct, frozen=True, tag="race.dealt"):
    seats: int
    cards: list[int]  # seat i holds cards[i]
    target: int = TARGET


class Added(msgspec.Struct, frozen=True, tag="race.added"):
    seat: int
    amount: int


class TurnPassed(msgspec.Struct, frozen=True, tag="race.turn_passed"):
    to_seat: int


class Won(msgspec.Struct, frozen=True, tag="race.won"):
    seat: int


class RaceState(msgspec.Struct, frozen=True):
    seats: int
    cards: list[int]
    target: int = TARGET
    total: int = 0
    turn: int = 0
    turn_done: bool = False
    winner: int | None = None


class RaceView(msgspec.Struct, frozen=True):
    total: int
    turn: int
    winner: int | None
    my_card: int | None


def _pass(state: RaceState, seat: int, rng: random.Random) -> Add:
    return Add(amount=1)


def _random(state: RaceState, seat: int, rng: random.Random) -> Add:
    return Add(amount=rng.randint(1, 3))


def _greedy(state: RaceState, seat: int, rng: random.Random) -> Add:
    """Leave the total on 1 short of a multiple of 4 from the target, when it can."""
    return Add(amount=(state.target - state.total) % 4 or 1)


class RaceToTwentyOne(Ruleset):
    name = "race-to-21"
    version = "1"
    min_seats = 2
    max_seats = 4
    decision_types = (Add, Roll)
    event_types = (Dealt, Added, TurnPassed, Won)
    state_type = RaceState
    bots = {"pass": _pass, "random": _random, "greedy": _greedy}
    view_type = RaceView
    options = {"target": Option("the total that wins", TARGET)}

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        deck = list(range(1, 11))
        chance.shuffle(deck)
        return [Dealt(seats=seats, cards=deck[:seats], target=options.get("target", TARGET))]

    def options_error(self, seats: int, options: dict[str, Any]) -> str | None:
        return None if options.get("target", TARGET) > 0 else "target must be a count"

    def decide(
        self, state: RaceState, seat: int, decision: Any, chance: random.Random
    ) -> Accepted | Rejection:
        if refusal := seat_refusal(seat, state.seats):
            return refusal
        decision = as_declared(decision, self.decision_types)
        if isinstance(decision, Rejection):
            return decision
        if state.winner is not None:
            return Rejection("T-3", "the race is over")
        if seat != state.turn:
            return Rejection("T-2", f"it is seat {state.turn}'s turn, not yours")
        if isinstance(decision, Roll):
            return Accepted("T-1", [Added(seat=seat, amount=chance.randint(1, 3))])
        if not 1 <= decision.amount <= 3:
            return Rejection("T-1", f"add 1 to 3, not {decision.amount}")
        return Accepted("T-1", [Added(seat=seat, amount=decision.amount)])

    def evolve(self, state: RaceState | None, event: Any) -> RaceState:
        match event:
            case Dealt(seats=seats, cards=cards, target=target):
                return RaceState(seats=seats, cards=cards, target=target)
            case Added(amount=amount):
                return msgspec.structs.replace(state, total=state.total + amount, turn_done=True)
            case TurnPassed(to_seat=seat):
                return msgspec.structs.replace(state, turn=seat, turn_done=False)
            case Won(seat=seat):
                return msgspec.structs.replace(state, winner=seat)
        raise TypeError(f"race-to-21 has no event {event!r}")

    def react(self, state: RaceState, chance: random.Random) -> list[Any]:
        if state.winner is None and state.total >= state.target:
            return [Won(seat=state.turn)]
        if state.winner is None and state.turn_done:
            return [TurnPassed(to_seat=(state.turn + 1) % state.seats)]
        return []

    def view(self, state: RaceState, seat: int | None) -> RaceView:
        card = state.cards[seat] if seat is not None else None
        return RaceView(total=state.total, turn=state.turn, winner=state.winner, my_card=card)

    def legal(self, state: RaceState, seat: int) -> list[Any]:
        if state.winner is not None or seat != state.turn:
            return []
        return [Add(amount=n) for n in (1, 2, 3)]

    def resample(self, state: RaceState, seat: int, rng: random.Random) -> RaceState:
        unseen = [c for c in range(1, 11) if c != state.cards[seat]]
        others = iter(rng.sample(unseen, state.seats - 1))
        cards = [card if s == seat else next(others) for s, card in enumerate(state.cards)]
        return msgspec.structs.replace(state, cards=cards)

    def waiting(self, state: RaceState) -> Waiting:
        return Waiting() if state.winner is not None else Waiting(must=(state.turn,))

    def standing(self, state: RaceState) -> Standing:
        winners = () if state.winner is None else (state.winner,)
        return Standing(round=state.total, phase="race", scores=(0,) * state.seats, winners=winners)

    def is_over(self, state: RaceState) -> bool:
        return state.winner is not None

    def describe(self, view: RaceView, players: Sequence[str] = ()) -> Description:
        def who(seat: int) -> str:
            return players[seat] if seat < len(players) else f"seat {seat}"

        fields = [Field("Total", str(view.total))]
        fields.append(
            Field("Winner", who(view.winner))
            if view.winner is not None
            else Field("Turn", who(view.turn))
        )
        mine = [CardFace(id=view.my_card, name=f"card {view.my_card}")] if view.my_card else []
        race = Section("The race", tuple(fields), (CardList("Your card", tuple(mine)),))
        waiting = Waiting() if view.winner is not None else Waiting(must=(view.turn,))
        return Description(title="Race to 21", sections=(race,), waiting=waiting)

    def narrate(
        self, before: RaceState | None, event: Any, seat: int | None, players: Sequence[str]
    ) -> str:
        match event:
            case Dealt(seats=seats, cards=cards):
                yours = f"; yours is {cards[seat]}" if seat is not None else ""
                return f"Each of the {seats} seats was dealt a secret card{yours}"
            case Added(seat=adder, amount=amount):
                return f"{players[adder]} added {amount}: the total is {before.total + amount}"
            case TurnPassed(to_seat=next_seat):
                return f"{players[next_seat]}'s turn"
            case Won(seat=winner):
                return f"{players[winner]} brought the total to {before.total} and won"
            case Add(amount=amount):
                return f"add {amount}"
            case Roll():
                return "roll the die"
        raise TypeError(f"race-to-21 has no event or decision {event!r}")

    def rule_text(self, rule: str) -> str:
        return RULES.get(rule, "")

    def cards(self, options: dict[str, Any]) -> list[CardInfo]:
        """The ten numbered cards one of which each seat is dealt."""
        return [
            CardInfo(name=f"card {n}", kind="number", copies=1, numbers={"value": n})
            for n in range(1, 11)
        ]


class RaceUpToFour(RaceToTwentyOne):
    """Version 2, a rules fix kept beside the current version: T-1 reads "add 1 to 4"."""

    version = "2"

    def decide(self, state: RaceState, seat: int, decision: Any, chance: random.Random) -> Any:
        if isinstance(decision, Add) and decision.amount == 4 and seat == state.turn:
            return Accepted("T-1", [Added(seat=seat, amount=4)])
        return super().decide(state, seat, decision, chance)


register(RaceToTwentyOne())
register(RaceUpToFour(), current=False)
