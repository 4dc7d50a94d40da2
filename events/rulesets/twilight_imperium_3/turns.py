"""Whose action comes next (TI-A1, TI-A6): shared by the strategic, tactical and transfer
actions and passing; after a tactical action, Fleet Logistics' second (TI-K15)."""

from events.kit.batch import Batch
from events.rulesets.twilight_imperium_3.happenings import SecondAction, StatusBegan, TurnBegan
from events.rulesets.twilight_imperium_3.state import Game, order_of_play, remaining

FLEET_LOGISTICS = "fleet_logistics"


def end_action(batch: Batch[Game]) -> None:
    """The turn goes to the next seat in order of play that has not passed nor been
    eliminated; once all have, the status phase (TI-A1, TI-A6, TI-X9)."""
    game = batch.game
    order = order_of_play(game)
    start = order.index(game.turn) + 1
    after = remaining(game, order[start:] + order[:start])
    going = [s for s in after if not game.players[s].passed]
    if going:
        batch.emit(TurnBegan(seat=going[0]))
    else:
        batch.emit(StatusBegan(order=remaining(game, order)))


def end_tactical(batch: Batch[Game], transfer: bool) -> None:
    """A tactical action over: with Fleet Logistics, the first of the turn is followed by the
    offer of a second while a counter is left in the command pool (TI-K15); else the turn
    ends."""
    game = batch.game
    player = game.players[game.turn]
    logistics = FLEET_LOGISTICS in player.technologies
    if logistics and not transfer and not game.second and player.command:
        batch.emit(SecondAction(seat=game.turn))
    else:
        end_action(batch)
