"""Judging one decision: the judge for its kind, each citing the rule it applies."""

import random
from collections.abc import Callable
from typing import Any

from events.ruleset import Accepted, Rejection, as_declared, seat_refusal
from events.rulesets.star_realms.acquire import judge_buy, judge_buy_explorer
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.choices import judge_choose, judge_select
from events.rulesets.star_realms.combat import judge_attack_base, judge_attack_player
from events.rulesets.star_realms.decisions import (
    DECISIONS,
    AttackBase,
    AttackPlayer,
    Buy,
    BuyExplorer,
    Choose,
    EndTurn,
    Play,
    PlayAll,
    Select,
    Use,
)
from events.rulesets.star_realms.play import judge_play, judge_play_all, judge_use
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.turns import judge_end_turn

Judge = Callable[[Game, int, Any, Batch], Accepted | Rejection]

_JUDGES: dict[type, Judge] = {
    Play: judge_play,
    PlayAll: judge_play_all,
    Use: judge_use,
    Buy: judge_buy,
    BuyExplorer: judge_buy_explorer,
    AttackBase: judge_attack_base,
    AttackPlayer: judge_attack_player,
    EndTurn: judge_end_turn,
}
_CHOOSING: dict[type, Judge] = {Choose: judge_choose, Select: judge_select}


def decide(game: Game, seat: int, decision: Any, chance: random.Random) -> Accepted | Rejection:
    judge = _JUDGES.get(type(decision)) or _CHOOSING.get(type(decision))
    if judge is None:
        return Rejection("SR-R1", f"Star Realms has no decision {type(decision).__name__}")
    if game.over:
        return Rejection("SR-G2", "the game is over")
    if refusal := seat_refusal(seat, len(game.players)):
        return refusal
    if seat != game.active:
        return Rejection("SR-T5", "it is not your turn")
    decision = as_declared(decision, DECISIONS)
    if isinstance(decision, Rejection):
        return decision
    choosing = type(decision) in _CHOOSING
    if game.turn.pending is not None and not choosing:
        return Rejection("SR-P6", "an ability waits for your choice first")
    if game.turn.pending is None and choosing:
        return Rejection("SR-P6", "no ability asks a choice now")
    return judge(game, seat, decision, Batch(game, chance))
