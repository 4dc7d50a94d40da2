"""The kit's batch of events, with the deck's outcomes: draws and goods, reshuffling the discard
pile as the deck runs out."""

from typing import Any

from events.kit import batch
from events.rulesets.race_for_the_galaxy.evolve import evolve
from events.rulesets.race_for_the_galaxy.happenings import Drew, Gambled, GoodPlaced, Reshuffled
from events.rulesets.race_for_the_galaxy.state import Game

TAKING = (Drew, GoodPlaced, Gambled)  # events that take cards from the deck


class Batch(batch.Batch[Game]):
    evolve = staticmethod(evolve)

    def emit(self, *events: Any) -> None:
        for event in events:
            super().emit(event)
            if isinstance(event, TAKING) and not self.game.deck:
                self._reshuffle()  # at once, before anything else is discarded (RG-K4)

    def draw(self, seat: int, count: int, explored: bool = False) -> None:
        """Draw `count`; a deck that ran out with no discard pile to shuffle is refilled from the
        discards made since (RG-K4); with both empty the rest of the draw is lost (ruling)."""
        while count > 0:
            taken = self.game.deck[:count]
            if taken:
                self.emit(Drew(seat=seat, cards=taken, explored=explored))
                count -= len(taken)
            elif not self._reshuffle():
                return

    def place_good(self, seat: int, world: int) -> None:
        card = self.top()
        if card is not None:
            self.emit(GoodPlaced(seat=seat, world=world, card=card))

    def top(self) -> int | None:
        """The deck's top card, reshuffling first if the deck is empty; None if no card is left."""
        return self.game.deck[0] if self.game.deck or self._reshuffle() else None

    def _reshuffle(self) -> bool:
        if not self.game.discard:
            return False
        order = list(self.game.discard)
        self.chance.shuffle(order)
        self.emit(Reshuffled(order=tuple(order)))
        return True
