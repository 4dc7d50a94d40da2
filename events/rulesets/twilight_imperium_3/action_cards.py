"""The action cards' deck and hands (TI-Q1): a copy of a card is a number, the deck shuffled at
setup, the cards drawn in the status phase and by Political, the discard pile shuffled anew
when the deck runs out, and the hand limit of 7 with its prompt to discard down."""

import random
from collections.abc import Iterator
from functools import cache
from itertools import combinations, islice

import msgspec

from events.kit import windows
from events.kit.batch import Batch
from events.kit.phases import Ask, Prompt
from events.kit.zones import shuffled
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.card_decisions import Discard
from events.rulesets.twilight_imperium_3.card_events import (
    CardsDiscarded,
    CardsDrawn,
    DeckShuffled,
)
from events.rulesets.twilight_imperium_3.content import ActionCard
from events.rulesets.twilight_imperium_3.happenings import Answered, Closed, Opened
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game, Player, WindowPrompt, order_of_play

HAND_LIMIT = 7  # TI-Q1
STATUS_DRAW = 1  # in each status phase, and 1 more with Neural Motivator (TI-Q1)
NEURAL_MOTIVATOR = "neural_motivator"
POLITICAL_DRAW = 3  # Political's primary; its secondary draws 1 (TI-Q1)
DISCARD_OFFERS = 6  # ways to discard down that `legal` offers


@cache
def copies() -> tuple[str, ...]:
    """The card id of each copy: copy n is `copies()[n]`, the content's cards in file order."""
    return tuple(c.id for c in load().action_cards.values() for _ in range(c.copies))


def card_of(copy: int) -> ActionCard:
    return load().action_cards[copies()[copy]]


def name(copy: int) -> str:
    return card_of(copy).name


def in_deck(seats: int) -> tuple[int, ...]:
    """The copies a match of `seats` plays with: not the council's nor those acting on racial
    abilities until stage 3, nor those the errata leave out at this number of players (TI-Q1)."""
    return tuple(
        n for n, card in enumerate(map(card_of, range(len(copies()))))
        if not card.council and not card.racial and seats not in card.not_at
    )  # fmt: skip


def shuffled_deck(seats: int, chance: object) -> DeckShuffled:
    return DeckShuffled(deck=shuffled(chance, in_deck(seats)))  # type: ignore[arg-type]


def draw(batch: Batch[Game], seat: int, count: int) -> None:
    """`count` cards from the top of the deck; once it runs out, the discard pile shuffled into
    a new deck first; fewer if both run out (TI-Q1)."""
    while count:
        game = batch.game
        if not game.deck and game.discard:
            batch.emit(DeckShuffled(deck=shuffled(batch.chance, game.discard)))
            game = batch.game
        taken = game.deck[:count]
        if not taken:
            return
        batch.emit(CardsDrawn(seat=seat, cards=taken))
        count -= len(taken)


def status_draws(batch: Batch[Game]) -> None:
    """Each player in order of play draws 1, 2 with Neural Motivator (TI-Q1, TI-K13)."""
    for seat in batch.game.queue:
        extra = NEURAL_MOTIVATOR in batch.game.players[seat].technologies
        draw(batch, seat, STATUS_DRAW + extra)
    over_limit(batch)


def over_limit(batch: Batch[Game]) -> None:
    """A player holding more than 7 discards down at once: the hand-limit window, in order of
    play, on top of whatever is under way (TI-Q1)."""
    game = batch.game
    if game.stack and game.stack[-1].prompt == WindowPrompt.HAND_LIMIT:
        return
    window = windows.opening(
        WindowPrompt.HAND_LIMIT,
        order_of_play(game),
        lambda seat: len(game.players[seat].hand) > HAND_LIMIT,
    )
    if window is not None:
        batch.emit(Opened(window=window))


def excess(game: Game, seat: int) -> int:
    return max(0, len(game.players[seat].hand) - HAND_LIMIT)


def chosen(game: Game, seat: int, ids: tuple[str, ...]) -> tuple[int, ...] | None:
    """The copies in the seat's hand these card ids name, one copy each, or None."""
    left = list(game.players[seat].hand)
    found = []
    for card in ids:
        copy = next((c for c in left if copies()[c] == card), None)
        if copy is None:
            return None
        left.remove(copy)
        found.append(copy)
    return tuple(found)


def _discard_refusal(game: Game, seat: int, d: Discard) -> Rejection | None:
    over = excess(game, seat)
    if len(d.cards) != over:
        return Rejection("TI-Q1", f"discard {over} action cards, down to {HAND_LIMIT}")
    if chosen(game, seat, d.cards) is None:
        return Rejection("TI-Q1", "discard action cards you hold")
    return None


def _discard(batch: Batch[Game], seat: int, d: Discard) -> None:
    batch.emit(Answered(seat=seat))
    batch.emit(CardsDiscarded(seat=seat, cards=chosen(batch.game, seat, d.cards) or ()))


def discards(game: Game, seat: int) -> Iterator[Discard]:
    """A few ways down to the limit: the last cards drawn first, then others."""
    names = tuple(copies()[c] for c in reversed(game.players[seat].hand))
    ways = dict.fromkeys(combinations(names, excess(game, seat)))
    return (Discard(cards=way) for way in islice(ways, DISCARD_OFFERS))


def default_discard(game: Game, seat: int) -> Discard:
    return next(discards(game, seat))


PROMPT = Prompt(
    name=WindowPrompt.HAND_LIMIT,
    asks=(
        Ask(
            Discard,
            "TI-Q1",
            "discard down to 7 action cards",
            "discard <card>[, <card> …]",
            _discard_refusal,
            _discard,
        ),
    ),
    owes=lambda game, seat: windows.owes(game.stack[-1], seat),
    follows=lambda batch: batch.emit(Closed()),
    offers=discards,
    default=default_discard,
)


UNSEEN = -1  # a card in a view where the seat may not see it


def seen_by(game: Game, seat: int | None) -> Game:
    """The cards as `seat` may see them (None: the public): the deck and the others' hands
    hidden but for their sizes and the cards `seat` has seen there, the deck shown to him alone
    while he takes a card of it (TI-Q76); the others' sealed answers and who has given one
    hidden (TI-Q1, TI-Q2)."""
    players = tuple(
        p if s == seat else _hidden(p, seat) for s, p in enumerate(game.players)
    )  # fmt: skip
    stack = tuple(windows.shown(w, seat) for w in game.stack)
    searches = seat is not None and searching(game) == seat
    deck = game.deck if searches else (UNSEEN,) * len(game.deck)
    return msgspec.structs.replace(game, players=players, stack=stack, deck=deck)


def searching(game: Game) -> int | None:
    """The seat the action deck is shown to, as he takes a card of it (TI-Q76), or None."""
    return next((w.asked[0] for w in game.stack if w.prompt == WindowPrompt.SYNCHRONICITY), None)


def _hidden(player: Player, seat: int | None) -> Player:
    known = tuple(k for k in player.known if k[0] == seat)
    shown = {card for _, card in known}
    hand = tuple(c if c in shown else UNSEEN for c in player.hand)
    return msgspec.structs.replace(player, hand=hand, known=known, answer=None)


def dealt_anew(game: Game, seat: int, rng: random.Random) -> Game:
    """The cards as `seat` could believe them: its own hand as it is, each other's hand dealt
    anew from the cards it has not seen (the deck's and the others' unknown ones), but the
    cards it has seen there, and the rest shuffled into the deck (the deck kept as it is while
    shown to it, TI-Q76); the others' sealed answers are none (TI-Q1)."""
    keeps = {
        s: [c for c in p.hand if (seat, c) in p.known] for s, p in enumerate(game.players)
    }  # fmt: skip
    searches = searching(game) == seat  # the deck shown to him as it is (TI-Q76)
    unseen = sorted(
        [
            *(() if searches else game.deck),
            *(c for s, p in enumerate(game.players) if s != seat for c in p.hand),
        ]
    )
    unseen = [c for c in unseen if not any(c in k for s, k in keeps.items() if s != seat)]
    rng.shuffle(unseen)
    dealing = iter(unseen)
    players = []
    for s, p in enumerate(game.players):
        if s == seat:
            players.append(p)
            continue
        hand = tuple(c if c in keeps[s] else next(dealing) for c in p.hand)
        known = tuple(k for k in p.known if k[0] == seat)
        players.append(msgspec.structs.replace(p, hand=hand, known=known, answer=None))
    deck = game.deck if searches else tuple(dealing)
    return msgspec.structs.replace(game, players=tuple(players), deck=deck)
