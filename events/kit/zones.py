"""Piles of cards and seats' players in an immutable state: what each game's evolve repeats."""

import random
from typing import Any, Protocol, TypeVar

import msgspec

Cards = tuple[int, ...]  # card ids; piles list their top card first


class Seated(Protocol):
    players: tuple[Any, ...]


G = TypeVar("G", bound=Seated)


def with_player(game: G, seat: int, player: Any) -> G:
    """`game` with the seat's player replaced."""
    players = game.players
    return msgspec.structs.replace(game, players=(*players[:seat], player, *players[seat + 1 :]))


def without(pile: Cards, cards: Cards | list[int]) -> Cards:
    gone = set(cards)
    return tuple(c for c in pile if c not in gone)


def shuffled(chance: random.Random, cards: Cards) -> Cards:
    order = list(cards)
    chance.shuffle(order)
    return tuple(order)


def drawn(chance: random.Random, deck: Cards, discard: Cards, count: int) -> tuple[Cards, Cards]:
    """A draw of `count` from the top of `deck`: the cards it takes there, and once the deck
    runs short the discard pile shuffled (its new order, the rest drawn from its top), else ()."""
    taken = deck[:count]
    short = count - len(taken)
    return taken, shuffled(chance, discard) if short > 0 and discard else ()
