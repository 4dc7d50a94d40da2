"""The Discard phase: the hand goes to the discard pile but one card, and energy is lost (CW-X)."""

from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.checks import label
from events.rulesets.core_worlds.decisions import Keep
from events.rulesets.core_worlds.happenings import Kept
from events.rulesets.core_worlds.state import Game


def judge_keep(game: Game, seat: int, decision: Keep) -> Accepted | Rejection:
    player = game.players[seat]
    if decision.card is not None and decision.card not in player.hand:
        return Rejection("CW-X1", f"{label(game, decision.card)} is not in your hand")
    return Accepted("CW-X1", [Kept(seat=seat, card=decision.card)])
