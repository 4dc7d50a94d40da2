"""The end (TI-X7, TI-X8): ten points, an objective that wins outright, or Imperium Rex with
the rulebook's tie-breaks."""

from events.kit.batch import Batch
from events.rulesets.twilight_imperium_3.happenings import GameEnded
from events.rulesets.twilight_imperium_3.planets import controlled
from events.rulesets.twilight_imperium_3.state import VICTORY, Game, remaining


def reached(batch: Batch[Game], seat: int) -> bool:
    """Ends the game if the seat has reached ten points: the first to get there wins."""
    if batch.game.players[seat].points < VICTORY:
        return False
    batch.emit(GameEnded(winners=(seat,), reason="ten victory points"))
    return True


def imperium_rex(batch: Batch[Game]) -> None:
    """Most points; then most objectives, planets, counters in the command pool, counters on the
    race sheet; still tied, all of them win (TI-X8)."""
    game = batch.game

    def rank(seat: int) -> tuple[int, ...]:
        player = game.players[seat]
        planets = len(controlled(game.forces, seat))
        return player.points, len(player.scored), planets, player.command, player.sheet

    seats = remaining(game, tuple(range(game.seats)))  # TI-X9
    best = max(rank(s) for s in seats)
    winners = tuple(s for s in seats if rank(s) == best)
    batch.emit(GameEnded(winners=winners, reason="Imperium Rex"))
