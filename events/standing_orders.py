"""Standing orders: a seat's answers to prompts that have not come yet, "when asked <prompt>
[if <condition>], answer <text>", each answer a text command of the game (or words the game
understands), alternatives tried in order ("pick Warfare; pick Trade").

They are the seat's secret, its timing too, so they are never on the match log while they
stand: the gateway keeps them (`standing_orders`, read with the seat's token alone) and the
bots worker, when the seat must act and one matches, sends its answer as the seat's decision
with its cause (`OrderCause`); the judge records the cause in the ruling, and only the seat
reads it there. An order whose answer is no longer legal is dropped and the seat told why."""

import random
from collections.abc import Iterable
from typing import Annotated, Any, Literal

import msgspec

from events.ruleset import Accepted, Rejection, Ruleset
from events.storable import Int32

Until = Literal["turn", "round", "match"]
UNTIL_WORDS = {
    "turn": "this turn (from its first answer until the game's turn moves on)",
    "round": "this round",
    "match": "the whole match",
}
ALTERNATIVE = ";"  # between answers tried in order: the first legal one is taken
MOST_ORDERS = 20  # standing at once, per seat
OrderText = Annotated[str, msgspec.Meta(max_length=200)]


class OrderCause(msgspec.Struct, frozen=True):
    """Why a decision was sent: the seat's standing order `number`, left at entry `left_at`."""

    number: Int32
    left_at: Int32


def cause_words(cause: OrderCause) -> str:
    return f"by standing order #{cause.number}, left at entry {cause.left_at}"


class StandingOrder(msgspec.Struct, frozen=True):
    number: int
    prompt: str
    answer: str
    condition: str = ""
    until: Until = "match"
    left_at: int = 0  # the match's entry when it was left (or last changed)
    left_round: int = 0  # the game's round count then (`Standing.round`)
    used_round: int | None = None  # the round count when it first answered

    @property
    def cause(self) -> OrderCause:
        return OrderCause(self.number, self.left_at)


class Answered(msgspec.Struct, frozen=True):
    order: StandingOrder
    decision: Any


class Dropped(msgspec.Struct, frozen=True):
    order: StandingOrder
    why: str


def order_error(ruleset: Ruleset, prompt: str, condition: str, answer: str) -> str | None:
    """Why a seat cannot leave this order in a match of `ruleset`, or None."""
    prompts = ruleset.prompts()
    if prompt not in prompts:
        named = ", ".join(sorted(prompts)) or "none"
        return f"{ruleset.name} asks no prompt {prompt!r}; its prompts: {named}"
    understood = ruleset.conditions(prompt)
    if condition and condition not in understood:
        known = ", ".join(repr(c) for c in understood) or "none"
        return f"{ruleset.name} understands no condition {condition!r} on {prompt}: {known}"
    if not alternatives(answer):
        return "an order needs an answer: a command of the game, as you would send it"
    return None


def alternatives(answer: str) -> list[str]:
    return [a.strip() for a in answer.split(ALTERNATIVE) if a.strip()]


def _round_of(ruleset: Ruleset, count: int, seats: int) -> int:
    """The round a round count falls in: a game counting turns has a round every `seats`."""
    return (count - 1) // max(seats, 1) if ruleset.round_word == "turn" else count


def expired(order: StandingOrder, ruleset: Ruleset, count: int, seats: int) -> bool:
    """Whether `order` has run out at the game's round count `count`."""
    if order.until == "round":
        return _round_of(ruleset, count, seats) > _round_of(ruleset, order.left_round, seats)
    if order.until == "turn":
        return order.used_round is not None and count > order.used_round
    return False


def answer(
    ruleset: Ruleset,
    state: Any,
    seat: int,
    orders: Iterable[StandingOrder],
    seats: int,
    rng: random.Random,
) -> Answered | Dropped | None:
    """The first standing order, in their numbers' order, that answers the prompt asking `seat`
    now: its decision, read on what the seat may see and legal on `state`; or the first whose
    condition holds but none of whose answers is legal (to drop); None if none answers."""
    prompt = ruleset.prompt_asking(state, seat)
    if prompt is None:
        return None
    count = ruleset.standing(state).round
    seen = None
    for order in sorted(orders, key=lambda o: o.number):
        if order.prompt != prompt or expired(order, ruleset, count, seats):
            continue
        seen = seen if seen is not None else ruleset.resample(state, seat, rng)
        why = []
        for text in alternatives(order.answer):
            decision = ruleset.order_answer(seen, seat, order.condition, text)
            if decision is None:
                break  # its condition does not hold now
            verdict = (
                decision
                if isinstance(decision, Rejection)
                else ruleset.decide(state, seat, decision, random.Random(0))
            )
            if isinstance(verdict, Accepted):
                return Answered(order, decision)
            why.append(f"{text!r}: {verdict.reason} ({verdict.rule})")
        else:
            return Dropped(order, "; ".join(why))
    return None
