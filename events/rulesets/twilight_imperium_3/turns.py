"""Whose action comes next (TI-A1, TI-A6): shared by the strategic, tactical and transfer
actions and passing."""

from events.kit.batch import Batch
from events.rulesets.twilight_imperium_3.happenings import StatusBegan, TurnBegan
from events.rulesets.twilight_imperium_3.state import Game, order_of_play, remaining


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
