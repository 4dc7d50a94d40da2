"""The pre-game Sector 0 draft (CW-V3, CW-V4)."""

from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.checks import label
from events.rulesets.core_worlds.decisions import Pick
from events.rulesets.core_worlds.happenings import Picked
from events.rulesets.core_worlds.state import Game, Phase


def picker(game: Game) -> int | None:
    """Snake order: clockwise from Destiny, the last seat twice, then back (CW-V3)."""
    if game.phase != Phase.SECTOR0 or not game.central:
        return None
    order = game.order()
    snake = order + order[::-1]
    made = sum(len(p.picks) for p in game.players)
    return snake[made] if made < len(snake) else None


def not_picking(game: Game, seat: int) -> Rejection:
    who = picker(game)
    if who is None:
        return Rejection("CW-V3", "there is no Sector 0 draft going on")
    return Rejection("CW-V3", f"seat {who} picks now (snake order from the Destiny holder)")


def judge_pick(game: Game, seat: int, decision: Pick) -> Accepted | Rejection:
    if decision.card not in game.central:
        return Rejection(
            "CW-V3", f"{label(game, decision.card)} is not among the Sector 0 cards on the table"
        )
    return Accepted("CW-V3", [Picked(seat=seat, card=decision.card)])
