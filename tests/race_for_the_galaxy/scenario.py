"""Given / when / then for Race for the Galaxy: lay out a table by card ids, judge a decision,
settle what follows, read the result."""

import random
from collections.abc import Sequence
from typing import Any

from events.rulesets.race_for_the_galaxy import RACE_FOR_THE_GALAXY
from events.rulesets.race_for_the_galaxy.loader import load
from events.rulesets.race_for_the_galaxy.state import Game, Player
from tests.conformance.scenario import Scenario

RULES = RACE_FOR_THE_GALAXY
GIVEN = Scenario(RULES)
fold, settle, arrange = GIVEN.fold, GIVEN.settle, GIVEN.arrange
CARDS = load()


def ids(*card_ids: str) -> tuple[int, ...]:
    """Physical ids for card ids, each physical card once (a second copy for a repeat)."""
    taken: list[int] = []
    for card_id in card_ids:
        taken.append(next(i for i in CARDS.ids(card_id) if i not in taken))
    return tuple(taken)


def table(
    tableaus: Sequence[Sequence[str]],
    hands: Sequence[Sequence[str]] = (),
    step: str = "select",
    actions: Sequence[Sequence[str]] = (),
    deck: Sequence[str] = (),
    pool: int = 24,
) -> Game:
    """Given: these tableaus (start world first) and hands by card id; the rest in the deck,
    `deck` on top; seats in timing order from seat 0."""
    used: list[int] = []

    def take(names: Sequence[str]) -> tuple[int, ...]:
        found = []
        for name in names:
            found.append(next(i for i in CARDS.ids(name) if i not in used))
            used.append(found[-1])
        return tuple(found)

    players = []
    for seat, tableau in enumerate(tableaus):
        players.append(
            Player(
                tableau=take(tableau),
                hand=take(hands[seat] if seat < len(hands) else ()),
                actions=tuple(actions[seat]) if seat < len(actions) else (),
            )
        )
    top = take(deck)
    rest = tuple(i for i in range(len(CARDS.physical)) if i not in used)
    return Game(
        card_set="base",
        players=tuple(players),
        deck=top + rest,
        pool=pool,
        step=step,
        order=tuple(range(len(players))),
        round=1,
    )


def start(seats: int = 2, seed: str = "scenario") -> Game:
    game, _ = settle(fold(RULES.initial(seats, {}, random.Random(seed))))
    return game


def all_play(game: Game, *decisions: Any) -> tuple[Game, list[Any]]:
    """Each seat in turn sends its decision (None: sends nothing)."""
    happened: list[Any] = []
    for seat, decision in enumerate(decisions):
        if decision is not None:
            game, events = play(game, decision, seat)
            happened += events
    return game, happened


def names(cards: Sequence[int]) -> list[str]:
    return [CARDS.card(c).id for c in cards]


def stock(game: Game, seat: int, *world_ids: str) -> Game:
    """Given: a good (from the deck's bottom) on each of these worlds of the seat's tableau."""
    player = game.players[seat]
    worlds = [next(c for c in player.tableau if CARDS.card(c).id == w) for w in world_ids]
    deck = game.deck
    goods = tuple(zip(worlds, deck[len(deck) - len(worlds) :], strict=True))
    game = arrange(game, seat, goods=player.goods + goods)
    return arrange(game, deck=deck[: len(deck) - len(worlds)])


def on(game: Game, seat: int, card_id: str) -> int:
    """The physical id of the card `card_id` in the seat's tableau."""
    return next(c for c in game.players[seat].tableau if CARDS.card(c).id == card_id)


def rejected(game: Game, decision: Any, rule: str, seat: int = 0) -> str:
    return GIVEN.rejected(game, seat, decision, rule)


def play(game: Game, decision: Any, seat: int = 0) -> tuple[Game, list[Any]]:
    """The decision accepted, applied and settled: the new state and every event."""
    return GIVEN.play(game, seat, decision)
