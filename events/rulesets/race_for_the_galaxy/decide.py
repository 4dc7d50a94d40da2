"""Judging a decision: the step must ask this seat for it, and it must be one the rules allow.
An accepted choice is sealed in the state until the step's reveal (RG-H3)."""

import random
from typing import Any

from events.ruleset import Accepted, Rejection, as_declared, seat_refusal
from events.rulesets.race_for_the_galaxy import action_cards, consume, placing, produce
from events.rulesets.race_for_the_galaxy.decisions import (
    DECISIONS,
    ChooseActions,
    Consume,
    Develop,
    Discard,
    Keep,
    Settle,
    Trade,
    Windfall,
)
from events.rulesets.race_for_the_galaxy.happenings import Chosen
from events.rulesets.race_for_the_galaxy.narrate import count
from events.rulesets.race_for_the_galaxy.powers import explore_counts
from events.rulesets.race_for_the_galaxy.state import HAND_LIMIT, Cards, Game
from events.rulesets.race_for_the_galaxy.steps import SETUP_DISCARD, asks, owes

ASKED_WORDS = {
    ChooseActions: "choose your action",
    Discard: "discard",
    Keep: "keep some of your explored cards",
    Develop: "develop",
    Settle: "settle",
    Trade: "sell a good with your Trade bonus, before any consume power",
    Consume: "use your consume powers",
    Windfall: "put goods on your windfall worlds",
}


def decide(game: Game, seat: int, decision: Any, chance: random.Random) -> Accepted | Rejection:
    decision = as_declared(decision, DECISIONS)
    if isinstance(decision, Rejection):
        return decision
    if game.over:
        return Rejection("RG-G1", "the game is over")
    if refusal := seat_refusal(seat, len(game.players)):
        return refusal
    asked, rule = asks(game, seat)
    if not owes(game, seat) and game.in_turn:
        return Rejection(
            "RG-R7", "near the game's end this Settle phase is taken in turn: not yours now"
        )
    if not owes(game, seat):
        return Rejection(rule, "nothing is asked of you now; the others are choosing")
    if not isinstance(decision, asked):
        return Rejection(rule, f"now is the time to {ASKED_WORDS[asked]}")
    refusal = _refusal(game, seat, decision)
    if refusal is not None:
        return refusal
    return Accepted(rule, [Chosen(seat=seat, choice=decision)])


def _refusal(game: Game, seat: int, d: Any) -> Rejection | None:
    player = game.players[seat]
    match d:
        case ChooseActions(actions=actions):
            return action_cards.refusal(game, actions)
        case Discard(cards=cards):
            number = SETUP_DISCARD if game.step == "setup" else len(player.hand) - HAND_LIMIT
            rule = "RG-S5" if game.step == "setup" else "RG-R5"
            return _pick(cards, player.hand, number, rule, "discard", "from your hand")
        case Keep(cards=cards):
            keep = min(explore_counts(game, seat)[1], len(player.drawn))
            return _pick(cards, player.drawn, keep, "RG-E1", "keep", "of the explored cards")
        case Develop():
            return placing.develop_refusal(game, seat, d)
        case Settle():
            return placing.settle_refusal(game, seat, d)
        case Consume():
            return consume.refusal(game, seat, d)
        case Trade(world=world):
            if player.good_on(world) is None:
                return Rejection("RG-C1", "sell a good from one of your worlds that holds one")
        case Windfall():
            return produce.refusal(game, seat, d)
    return None


def _pick(
    cards: Cards, pool: Cards, number: int, rule: str, verb: str, where: str
) -> Rejection | None:
    if len(set(cards)) != len(cards) or not set(cards) <= set(pool) or len(cards) != number:
        return Rejection(rule, f"{verb} exactly {count(number)} {where}, each once")
    return None
