"""Disclosure's discard (TI-Q68): the hand shown to its player alone, he names the card of it
discarded, face up, as any discard."""

from collections.abc import Iterator

from events.kit import windows
from events.kit.batch import Batch
from events.kit.phases import Ask, Prompt
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.action_cards import chosen, copies
from events.rulesets.twilight_imperium_3.card_decisions import Discard
from events.rulesets.twilight_imperium_3.card_events import CardsDiscarded
from events.rulesets.twilight_imperium_3.card_windows import carry_on
from events.rulesets.twilight_imperium_3.happenings import Answered, Closed
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt


def _refusal(game: Game, seat: int, d: Discard) -> Rejection | None:
    if len(d.cards) != 1 or chosen(game, game.stack[-1].about, d.cards) is None:
        return Rejection("TI-Q68", "discard one action card of the hand shown to you")
    return None


def _discard(batch: Batch[Game], seat: int, d: Discard) -> None:
    holder = batch.game.stack[-1].about
    batch.emit(Answered(seat=seat))
    batch.emit(CardsDiscarded(seat=holder, cards=chosen(batch.game, holder, d.cards) or ()))


def _discarded(batch: Batch[Game]) -> None:
    """The card's prompt answered: the cards waiting go on (TI-Q2)."""
    batch.emit(Closed())
    carry_on(batch)


def _offers(game: Game, seat: int) -> Iterator[Discard]:
    hand = game.players[game.stack[-1].about].hand
    return (Discard(cards=(card,)) for card in dict.fromkeys(copies()[c] for c in hand))


PROMPT = Prompt(
    name=WindowPrompt.DISCLOSURE,
    asks=(
        Ask(
            Discard,
            "TI-Q68",
            "discard one of the action cards shown to you",
            "discard <card>",
            _refusal,
            _discard,
        ),
    ),
    owes=lambda game, seat: windows.owes(game.stack[-1], seat),
    follows=_discarded,
    offers=_offers,
    default=lambda game, seat: next(_offers(game, seat)),
)
