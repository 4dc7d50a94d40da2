"""How a phase declares a decision: judged and written by its verdict, and refused with its
phase's words when sent in another phase, whoever sends it (CW-R)."""

from collections.abc import Callable
from typing import Any

from events.kit.phases import Ask, Verdict
from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.state import PHASE_NAMES, Game, Phase


def unshuffled(judge: Callable[[Game, int, Any], Accepted | Rejection]) -> Verdict:
    """A judge whose outcome draws no card: the platform's chance unused."""
    return lambda game, seat, decision, chance: judge(game, seat, decision)


def ask(
    decision: type, rule: str, doing: str, phase: Phase, form: str, verdict: Verdict, **more: Any
) -> Ask:
    """A decision of one phase; sent in another, refused as out of its phase (CW-R)."""

    def untimely(game: Game) -> Rejection:
        now = PHASE_NAMES[game.phase]
        return Rejection("CW-R", f"{doing} happens in the {PHASE_NAMES[phase]}; this is the {now}")

    return Ask(decision, rule, doing, form, verdict=verdict, untimely=untimely, **more)
