"""What happens on its own while the seat in turn decides: the end of the game (SR-G1), and
abilities that only gain, used for the player (SR-P5)."""

from events.rulesets.star_realms.allies import clause, in_play, usable
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.happenings import GameWon
from events.rulesets.star_realms.play import use_ability
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.vocabulary import GAINS


def won(batch: Batch) -> bool:
    """A seat with no Authority left has lost (SR-G1)."""
    for seat, player in enumerate(batch.game.players):
        if player.authority <= 0:
            batch.emit(GameWon(winner=1 - seat))
            return True
    return False


def gains_for_the_player(batch: Batch) -> None:
    if won(batch):
        return
    game = batch.game
    for card, slot in gains_only(game):
        use_ability(batch, game.active, card, slot)


def gains_only(game: Game) -> list[tuple[int, str]]:
    """The usable primary and ally abilities of the seat in turn that only gain (SR-P5)."""
    return [
        (card, slot)
        for card in in_play(game, game.active)
        for slot in ("primary", "ally")
        if usable(game, card, slot) and all(e.kind in GAINS for e in clause(game, card, slot))
    ]
