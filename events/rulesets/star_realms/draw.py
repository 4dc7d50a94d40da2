"""Drawing and shuffling: each outcome written as an event."""

from events.kit.zones import shuffled
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.happenings import DeckShuffled, Drew


def draw(batch: Batch, seat: int, count: int) -> None:
    """Draw `count` cards, shuffling the discard pile in when the draw pile runs out (SR-T4)."""
    player = batch.game.players[seat]
    taken = player.deck[:count]
    if taken:
        batch.emit(Drew(seat=seat, cards=taken))
    short = count - len(taken)
    if short > 0 and player.discard:
        order = shuffled(batch.chance, player.discard)
        batch.emit(DeckShuffled(seat=seat, order=order), Drew(seat=seat, cards=order[:short]))
