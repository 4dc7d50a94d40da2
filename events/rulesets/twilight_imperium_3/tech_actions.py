"""The actions technologies add to a turn of the action phase: Transit Diodes' move of ground
forces between the player's planets (TI-K14), and Fleet Logistics' second tactical action in
a row (TI-K15)."""

from collections.abc import Callable, Iterator
from typing import Any

from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.decisions import EndTurn, Transit
from events.rulesets.twilight_imperium_3.happenings import GroundForcesSent
from events.rulesets.twilight_imperium_3.planets import controlled, holding
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.turns import end_action

TRANSIT_DIODES = "transit_diodes"
MOST_SENT = 4  # ground forces a Transit Diodes action moves (TI-K14)

Refusal = Callable[[Game, int, Any], Rejection | None]


def second_refusal(game: Game) -> Rejection | None:
    """After Fleet Logistics' first tactical action the turn asks for a second or its end."""
    if game.second:
        return Rejection("TI-K15", "activate a system for your second tactical action, or end turn")
    return None


def first_only(refusal: Refusal | None) -> Refusal:
    """An action of the turn's first place, refused while the second waits (TI-K15)."""

    def judged(game: Game, seat: int, d: Any) -> Rejection | None:
        return second_refusal(game) or (refusal(game, seat, d) if refusal else None)

    return judged


def end_turn_refusal(game: Game, seat: int, d: EndTurn) -> Rejection | None:
    if not game.second:
        return Rejection("TI-K15", "end turn only after Fleet Logistics' first tactical action")
    return None


def end_turn(batch: Batch[Game], seat: int, d: EndTurn) -> None:
    end_action(batch)


def transit_refusal(game: Game, seat: int, d: Transit) -> Rejection | None:
    """Transit Diodes, for a counter of the strategy allocation: 1 to 4 ground forces from one
    of his planets to another of his (TI-K14)."""
    player = game.players[seat]
    if TRANSIT_DIODES not in player.technologies:
        return Rejection("TI-K14", "you do not own Transit Diodes")
    if player.strategy < 1:
        return Rejection("TI-K14", "Transit Diodes costs a counter of your strategy allocation")
    mine = controlled(game.forces, seat)
    if d.source not in mine or d.target not in mine or d.source == d.target:
        return Rejection("TI-K14", "move ground forces from a planet of yours to another of yours")
    there = holding(game.forces, d.source).units.get("ground_force", 0)
    if not 1 <= d.ground_forces <= min(MOST_SENT, there):
        return Rejection("TI-K14", f"move 1 to {min(MOST_SENT, there)} ground forces from there")
    return None


def transit(batch: Batch[Game], seat: int, d: Transit) -> None:
    batch.emit(GroundForcesSent(seat, d.source, d.target, d.ground_forces))
    end_action(batch)


def transits(game: Game, seat: int) -> Iterator[Transit]:
    """From each planet of his with ground forces, as many as may go, to each other planet."""
    if TRANSIT_DIODES not in game.players[seat].technologies:
        return
    mine = controlled(game.forces, seat)
    for source in mine:
        count = min(MOST_SENT, holding(game.forces, source).units.get("ground_force", 0))
        if count:
            yield from (Transit(source, target, count) for target in mine if target != source)
