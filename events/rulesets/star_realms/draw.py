"""Drawing and shuffling: each outcome written as an event."""

from events.kit.zones import drawn
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.happenings import DeckShuffled, Drew


def draw(batch: Batch, seat: int, count: int) -> None:
    """Draw `count` cards, shuffling the discard pile in when the draw pile runs out (SR-T4)."""
    player = batch.game.players[seat]
    taken, order = drawn(batch.chance, player.deck, player.discard, count)
    if taken:
        batch.emit(Drew(seat=seat, cards=taken))
    if order:
        batch.emit(
            DeckShuffled(seat=seat, order=order), Drew(seat=seat, cards=order[: count - len(taken)])
        )
