"""Between a strategic action's primary and its secondaries (TI-A3): the card window of
STRAT.primaryDone (and TECH.primaryDone for Technology), the action waiting under it asking no
one, then the secondaries; and the window of TRADE.secondaryDone after each Trade secondary
followed (TI-Q62, TI-Q63, TI-Q64); the cards played in Technology's secondary before buying
(TECH.beforeBuy, TI-Q65 to TI-Q67)."""

from collections.abc import Iterator

import msgspec

from events.kit import windows
from events.kit.batch import Batch
from events.kit.phases import Ask, Prompt
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import card_windows, strategy_cards
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.decisions import Follow
from events.rulesets.twilight_imperium_3.happenings import Closed, Opened
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt

TECHNOLOGY, TRADE = strategy_cards.TECHNOLOGY, strategy_cards.TRADE
BEFORE_BUY = "TECH.beforeBuy"  # in Technology's secondary, before following (TI-Q65 to TI-Q67)


def primary_done(batch: Batch[Game], seat: int, card: int) -> None:
    """The primary resolved: its card window where someone could play there, else the
    secondaries at once."""
    timings = ("STRAT.primaryDone", "TECH.primaryDone")[: 2 if card == TECHNOLOGY else 1]
    waiting = windows.Window(WindowPrompt.PRIMARY_DONE, (), about=card)
    beneath = msgspec.structs.replace(batch.game, stack=(*batch.game.stack, waiting))
    window = card_windows.card_window(beneath, *timings)  # its cards read the action waiting
    if window is None:
        strategy_cards.open_secondaries(batch, seat, card)
        return
    batch.emit(Opened(window=waiting))
    batch.emit(Opened(window=window))


def _secondaries(batch: Batch[Game]) -> None:
    card = batch.game.stack[-1].about
    batch.emit(Closed())
    strategy_cards.open_secondaries(batch, batch.game.turn, card)


def _before_buy_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    return card_windows.play_refusal(game, seat, d, BEFORE_BUY)


def _before_buy(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """Played as he follows, face up: its Sabotage window, then back to his secondary."""
    card_windows.play_now(batch, seat, d)


def before_buy_plays(game: Game, seat: int) -> Iterator[PlayCard]:
    if game.stack[-1].about == TECHNOLOGY:
        yield from card_windows.plays(game, seat, BEFORE_BUY)


BEFORE_BUYING = Ask(
    PlayCard,
    "TI-Q2",
    "play an action card before buying a technology",
    "play <card>",
    _before_buy_refusal,
    _before_buy,
)


def follow(batch: Batch[Game], seat: int, d: Follow) -> None:
    """A secondary followed; Trade's opens the window of TRADE.secondaryDone (TI-Q64)."""
    card = batch.game.stack[-1].about
    strategy_cards.follow(batch, seat, card, d)
    if card == TRADE:
        card_windows.open_card_window(batch, "TRADE.secondaryDone")


PROMPT = Prompt(
    name=WindowPrompt.PRIMARY_DONE,
    asks=(),
    owes=lambda game, seat: False,
    follows=_secondaries,
)
