"""What many action cards share: the play that names nothing, and an effect that lasts the
round (kept in `Game.lasting`, read where its rule is judged, cleared in the status phase)."""

from collections.abc import Callable, Iterator

from events.kit.batch import Batch
from events.rulesets.twilight_imperium_3.card_decisions import Lasting, PlayCard
from events.rulesets.twilight_imperium_3.card_events import Lasted
from events.rulesets.twilight_imperium_3.state import Game

Offers = Callable[[Game, int], Iterator[PlayCard]]


def alone(card: str) -> Offers:
    """The card's one play, naming nothing."""

    def offers(game: Game, seat: int) -> Iterator[PlayCard]:
        yield PlayCard(card)

    return offers


def lasts(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """The card's effect kept for the round, with what its play named."""
    named = Lasting(d.card, seat, d.seat, d.planet, d.system, d.strategy)
    batch.emit(Lasted(lasting=named))
