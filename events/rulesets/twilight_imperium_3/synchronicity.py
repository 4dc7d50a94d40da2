"""Synchronicity's card taken (TI-Q76): the action deck shown to its player alone, who names a
card of it by its place (`take 12`), so that nothing he writes names it to anyone who has not
seen the deck; the card comes to his hand, the others knowing only that one came, and the deck
is shuffled."""

from collections.abc import Iterator

from events.kit import windows
from events.kit.batch import Batch
from events.kit.phases import Ask, Prompt
from events.kit.zones import shuffled
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.action_cards import copies
from events.rulesets.twilight_imperium_3.card_decisions import TakeCard
from events.rulesets.twilight_imperium_3.card_events import CardSearched, DeckShuffled
from events.rulesets.twilight_imperium_3.card_windows import carry_on
from events.rulesets.twilight_imperium_3.happenings import Closed
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt


def _refusal(game: Game, seat: int, d: TakeCard) -> Rejection | None:
    if not 1 <= d.place <= len(game.deck):
        return Rejection("TI-Q76", f"take a card of the deck shown to you, 1 to {len(game.deck)}")
    return None


def _take(batch: Batch[Game], seat: int, d: TakeCard) -> None:
    """The card to his hand, the rest shuffled; then the next card waiting (TI-Q76)."""
    card = batch.game.deck[d.place - 1]
    batch.emit(CardSearched(seat=seat, card=card))
    batch.emit(DeckShuffled(deck=shuffled(batch.chance, batch.game.deck)))
    batch.emit(Closed())
    carry_on(batch)


def offers(game: Game, seat: int) -> Iterator[TakeCard]:
    """Each card of the deck once, at its first place from the top."""
    first = {copies()[c]: n for n, c in reversed(tuple(enumerate(game.deck, 1)))}
    return (TakeCard(place=n) for n in sorted(first.values()))


PROMPT = Prompt(
    name=WindowPrompt.SYNCHRONICITY,
    asks=(
        Ask(
            TakeCard,
            "TI-Q76",
            "take a card of the action deck shown to you, by its place",
            "take <place>",
            _refusal,
            _take,
        ),
    ),
    owes=lambda game, seat: windows.owes(game.stack[-1], seat),
    offers=offers,
    default=lambda game, seat: TakeCard(place=1),  # the top card, as a draw would bring
)
