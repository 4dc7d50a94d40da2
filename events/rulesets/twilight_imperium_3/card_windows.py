"""Playing action cards (TI-Q2): a card played is face up and waits; first a sealed Sabotage
window asks every other player holding a card, then it resolves, or a Sabotage cancels it.
A timing point opens its own sealed card window the same way (`open_card_window`): the cards
its players choose are revealed together, then each waits its Sabotage window and resolves,
in order of play (IT 1106-1115). Card effects live in card_effects.py."""

from collections.abc import Iterator

from events.kit import windows
from events.kit.batch import Batch
from events.kit.phases import Ask, Prompt
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import touch_of_genius
from events.rulesets.twilight_imperium_3.action_cards import chosen, copies
from events.rulesets.twilight_imperium_3.battlestation import EFFECTS as BATTLESTATION
from events.rulesets.twilight_imperium_3.card_decisions import (
    NoCard,
    NoSabotage,
    PlayCard,
    Sabotage,
)
from events.rulesets.twilight_imperium_3.card_effects import EFFECTS as ACTION_EFFECTS
from events.rulesets.twilight_imperium_3.card_effects import effect_refusal
from events.rulesets.twilight_imperium_3.card_events import (
    CardCancelled,
    CardChosen,
    CardPlayed,
    CardResolved,
    CardsRevealed,
)
from events.rulesets.twilight_imperium_3.combat_cards import COMBAT_EFFECTS
from events.rulesets.twilight_imperium_3.content import TIMINGS
from events.rulesets.twilight_imperium_3.happenings import Closed, Opened
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.recheck import EFFECTS as RECHECK
from events.rulesets.twilight_imperium_3.reparations import EFFECTS as REPARATIONS
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt, order_of_play
from events.rulesets.twilight_imperium_3.turns import end_action

SABOTAGE = "sabotage"
AS_AN_ACTION = "ACT"
EFFECTS = ACTION_EFFECTS | COMBAT_EFFECTS | REPARATIONS | BATTLESTATION | RECHECK
EFFECTS[touch_of_genius.TOUCH_OF_GENIUS] = touch_of_genius.copying(EFFECTS)  # TI-Q75
# TI-Q50: "any time in the strategy phase" is played at its start and at its end
ALSO = {"SP.start": ("SP",), "SP.end": ("SP",)}
# a card's own prompt asking its player: the cards waiting wait for his answer (`carry_on`)
FOLLOW_UPS = (WindowPrompt.SYNCHRONICITY, WindowPrompt.DISCLOSURE)


def played_at(card: str, *timings: str) -> bool:
    """Whether the card is played at the window of these timing points."""
    played = load().action_cards[card].timing
    return any(played == t or played in ALSO.get(t, ()) for t in timings)


def _holds(game: Game, seat: int, card: str) -> bool:
    return any(copies()[c] == card for c in game.players[seat].hand)


def play_refusal(game: Game, seat: int, d: PlayCard, *timings: str) -> Rejection | None:
    """A card of the seat's hand, of these timings, that can do something with what it names."""
    card = load().action_cards.get(d.card)
    if card is None:
        return Rejection("TI-Q2", f"there is no action card '{d.card}'")
    if not _holds(game, seat, d.card):
        return Rejection("TI-Q2", f"you hold no {card.name}")
    if (d.copied or d.paying or d.trade_goods) and d.card != touch_of_genius.TOUCH_OF_GENIUS:
        return Rejection("TI-Q75", "only Touch of Genius copies a card, and is paid for")
    if not played_at(d.copied or d.card, *timings):
        return Rejection("TI-Q2", f"{card.name} is not played now ({card.timing})")
    if d.card not in EFFECTS:
        return Rejection("TI-Q2", f"{card.name} is not played in this stage")
    return effect_refusal(EFFECTS[d.card], game, seat, d)


def action_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    return play_refusal(game, seat, d, AS_AN_ACTION)


def play_as_action(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """An "as an action" card: the player's whole action this turn (TI-A2, TI-Q2)."""
    _played(batch, seat, d, action=True)
    next_card(batch)


def play_now(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """A card played at a prompt of its own moment: its Sabotage window, then back to it, ahead
    of any cards waiting on that prompt (a card's own, as Synchronicity's search)."""
    _played(batch, seat, d, ahead=bool(batch.game.pending))
    next_card(batch)


def _played(
    batch: Batch[Game], seat: int, d: PlayCard, action: bool = False, ahead: bool = False
) -> None:
    found = chosen(batch.game, seat, (d.card,))
    assert found is not None
    batch.emit(CardPlayed(seat=seat, card=found[0], play=d, action=action, ahead=ahead))


def next_card(batch: Batch[Game]) -> None:
    """The first card waiting: its sealed Sabotage window, asking every other player holding a
    card (hand sizes are public: being asked tells nothing), or it resolves at once."""
    game = batch.game
    first = game.pending[0]
    order = order_of_play(game)
    window = windows.opening(
        WindowPrompt.SABOTAGE,
        (s for s in order if s != first.seat),
        lambda s: bool(game.players[s].hand),
        sealed=True,
        about=first.card,
    )
    if window is None:
        _resolve(batch)
    else:
        batch.emit(Opened(window=window))


def _resolve(batch: Batch[Game]) -> None:
    """The first card waiting does what it names; if a card resolved before it in the same
    window left it nothing to do (a counter taken from reinforcements already emptied), it
    does nothing (TI-Q2). A card that asks its player more (Synchronicity's card taken,
    Disclosure's discard) has him answer before the next card waiting (`carry_on`)."""
    first = batch.game.pending[0]
    effect = EFFECTS[first.play.card]
    returned = False
    if effect_refusal(effect, batch.game, first.seat, first.play) is None:
        returned = bool(effect.carry_out(batch, first.seat, first.play))
    batch.emit(CardResolved(returned=returned))
    _then(batch, first.action)


def carry_on(batch: Batch[Game]) -> None:
    """Once a card's own prompt is answered, the next card waiting (none is played as an
    action)."""
    _then(batch, action=False)


def _then(batch: Batch[Game], action: bool) -> None:
    """The next card waiting, or play goes on: an "as an action" card ends the turn; not while
    a card's own prompt still asks its player (a card played "any time" at it resolved)."""
    stack = batch.game.stack
    if stack and stack[-1].prompt in FOLLOW_UPS:
        return
    if batch.game.pending:
        next_card(batch)
    elif action:
        end_action(batch)


def _sabotage_refusal(game: Game, seat: int, d: Sabotage) -> Rejection | None:
    if not _holds(game, seat, SABOTAGE):
        return Rejection("TI-Q2", "you hold no Sabotage")
    return None


def _sabotage(batch: Batch[Game], seat: int, d: Sabotage) -> None:
    batch.emit(CardChosen(seat=seat, play=PlayCard(card=SABOTAGE)))


def _no_sabotage(batch: Batch[Game], seat: int, d: NoSabotage) -> None:
    batch.emit(CardChosen(seat=seat))


def _sabotages_revealed(batch: Batch[Game]) -> None:
    """All have answered: the answers shown at once; the first Sabotage in order of play
    cancels the card, the others stay in their hands (TI-Q2)."""
    game = batch.game
    answers = tuple(p.answer for p in game.players)
    saboteur = next((s for s in order_of_play(game) if answers[s] is not None), None)
    batch.emit(CardsRevealed(answers=answers))
    batch.emit(Closed())
    if saboteur is None:
        _resolve(batch)
        return
    found = chosen(batch.game, saboteur, (SABOTAGE,))
    assert found is not None
    action = batch.game.pending[0].action
    batch.emit(CardCancelled(seat=saboteur, card=found[0]))
    _then(batch, action)


def sabotages(game: Game, seat: int) -> Iterator[Sabotage | NoSabotage]:
    yield Sabotage()
    yield NoSabotage()


def card_window(game: Game, *timings: str) -> windows.Window | None:
    """The sealed card window of timing points reached at once (data §5.1), asking every player
    holding a card, so that being asked tells nothing; None, opening nothing, where no one
    holds a card he could play there."""
    if not any(next(playable(game, s, *timings), None) for s in range(game.seats)):
        return None
    return windows.opening(
        WindowPrompt.CARD,
        order_of_play(game),
        lambda s: bool(game.players[s].hand),
        sealed=True,
        about=sum(1 << TIMINGS.index(t) for t in timings),
    )


def open_card_window(batch: Batch[Game], *timings: str) -> bool:
    """The card window of these timing points opened, if anyone could play there. Once it
    closes, play goes back to the prompt beneath it."""
    window = card_window(batch.game, *timings)
    if window is not None:
        batch.emit(Opened(window=window))
    return window is not None


def timings_of(window: windows.Window) -> tuple[str, ...]:
    """The timing points a card window was opened for (its `about`, one bit a point)."""
    return tuple(t for n, t in enumerate(TIMINGS) if window.about >> n & 1)


def _window_card_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    return play_refusal(game, seat, d, *timings_of(game.stack[-1]))


def _window_card(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(CardChosen(seat=seat, play=d))


def _no_card(batch: Batch[Game], seat: int, d: NoCard) -> None:
    batch.emit(CardChosen(seat=seat))


def _cards_revealed(batch: Batch[Game]) -> None:
    """The cards chosen shown at once; each waits its turn, in order of play (IT 1106-1111)."""
    game = batch.game
    answers = tuple(p.answer for p in game.players)
    batch.emit(CardsRevealed(answers=answers))
    batch.emit(Closed())
    for seat in order_of_play(game):
        play = answers[seat]
        if play is not None:
            _played(batch, seat, play)
    if batch.game.pending:
        next_card(batch)


def plays(game: Game, seat: int, *timings: str) -> Iterator[PlayCard]:
    """The plays of each card of these timings in the seat's hand (the judge sorts them)."""
    for card in dict.fromkeys(copies()[c] for c in game.players[seat].hand):
        if played_at(card, *timings) and card in EFFECTS:
            yield from EFFECTS[card].offers(game, seat)
        if card == touch_of_genius.TOUCH_OF_GENIUS:  # TI-Q75
            for other in touch_of_genius.discarded(game):
                if played_at(other, *timings) and other in EFFECTS:
                    yield from touch_of_genius.paid(game, seat, EFFECTS[other].offers(game, seat))


def playable(game: Game, seat: int, *timings: str) -> Iterator[PlayCard]:
    return (p for p in plays(game, seat, *timings) if play_refusal(game, seat, p, *timings) is None)


def action_plays(game: Game, seat: int) -> Iterator[PlayCard]:
    return plays(game, seat, AS_AN_ACTION)


def window_cards(game: Game, seat: int) -> Iterator[PlayCard | NoCard]:
    yield from plays(game, seat, *timings_of(game.stack[-1]))
    yield NoCard()


def _sealed(prompt: WindowPrompt, *asks: Ask, **more: object) -> Prompt:
    return Prompt(
        name=prompt,
        asks=asks,
        # every responder until the window closes, so that the last answer changes nothing
        # others see of whom it waits for (a sealed answer may change until then)
        owes=lambda game, seat: seat in game.stack[-1].asked,
        answered=lambda game, seat: windows.has_answered(game.stack[-1], seat),
        together=lambda game: True,
        automatic=True,
        **more,  # type: ignore[arg-type]
    )


PROMPTS = (
    _sealed(
        WindowPrompt.SABOTAGE,
        Ask(
            Sabotage, "TI-Q2", "sabotage the card played", "sabotage", _sabotage_refusal, _sabotage
        ),
        Ask(NoSabotage, "TI-Q2", "let the card be", "no sabotage", carry_out=_no_sabotage),
        follows=_sabotages_revealed,
        offers=sabotages,
        default=lambda game, seat: NoSabotage(),
    ),
    _sealed(
        WindowPrompt.CARD,
        Ask(
            PlayCard,
            "TI-Q2",
            "play an action card",
            "play <card> [on <planet>] [at <system>] [naming <race>] [die <n>]",
            _window_card_refusal,
            _window_card,
        ),
        Ask(NoCard, "TI-Q2", "play no action card", "no card", carry_out=_no_card),
        follows=_cards_revealed,
        offers=window_cards,
        default=lambda game, seat: NoCard(),
    ),
)
