"""Judging one decision: the judge for its kind, each citing the rule it applies."""

import random
from collections.abc import Callable
from typing import Any

from events.ruleset import Accepted, Rejection, as_declared, seat_refusal
from events.rulesets.core_worlds.as_action import judge_use_action
from events.rulesets.core_worlds.decisions import (
    DECISIONS,
    Declare,
    Deploy,
    Draft,
    Invade,
    Keep,
    Pass,
    Pick,
    Reshuffle,
    UseAction,
    UseSurgeToken,
)
from events.rulesets.core_worlds.deploy import judge_deploy
from events.rulesets.core_worlds.discard import judge_keep
from events.rulesets.core_worlds.draft import judge_draft
from events.rulesets.core_worlds.energy import judge_declare
from events.rulesets.core_worlds.invade import judge_invade
from events.rulesets.core_worlds.reshuffle import judge_reshuffle
from events.rulesets.core_worlds.sector0 import judge_pick
from events.rulesets.core_worlds.state import OVER, Game
from events.rulesets.core_worlds.turns import judge_pass, judge_surge_token

Judge = Callable[[Game, int, Any], Accepted | Rejection]

_JUDGES: dict[type, Judge] = {
    Pick: judge_pick,
    Declare: judge_declare,
    Draft: judge_draft,
    Deploy: judge_deploy,
    Invade: judge_invade,
    Pass: judge_pass,
    UseSurgeToken: judge_surge_token,
    Keep: judge_keep,
}
# the judges whose decisions may shuffle a deck, with the platform's random source
_SHUFFLING: dict[type, Callable[[Game, int, Any, random.Random], Accepted | Rejection]] = {
    UseAction: judge_use_action,
    Reshuffle: judge_reshuffle,
}


def decide(game: Game, seat: int, decision: Any, chance: random.Random) -> Accepted | Rejection:
    shuffling = _SHUFFLING.get(type(decision))
    judge = _JUDGES.get(type(decision))
    if judge is None and shuffling is None:
        return Rejection("CW-R", f"Core Worlds has no decision {type(decision).__name__}")
    if game.phase == OVER:
        return Rejection("CW-F1", "the game is over")
    if refusal := seat_refusal(seat, game.seats):
        return refusal
    decision = as_declared(decision, DECISIONS)
    if isinstance(decision, Rejection):
        return decision
    if shuffling is not None:
        return shuffling(game, seat, decision, chance)
    return judge(game, seat, decision)
