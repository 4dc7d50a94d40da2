"""Piles of cards and seats' players in an immutable state: what each game's evolve repeats."""

import random
from collections.abc import Sequence
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


def reordered(rng: random.Random, pile: Cards) -> Cards:
    """`pile` in an order dealt anew: sorted first, so that any order of it deals alike."""
    return tuple(rng.sample(sorted(pile), len(pile)))


P = TypeVar("P")


def players_resampled(
    players: Sequence[P], seat: int, rng: random.Random, own: str, hidden: Sequence[str]
) -> tuple[P, ...]:
    """The players as `seat` could believe them to be: its own pile `own` reordered, and each
    other's piles `hidden` dealt anew from the cards they hold between them, each as large as
    it was (sorted first, so that two states `seat` cannot tell apart deal alike)."""
    believed = []
    for s, player in enumerate(players):
        if s == seat:
            believed.append(
                msgspec.structs.replace(player, **{own: reordered(rng, getattr(player, own))})
            )
            continue
        piles = [getattr(player, field) for field in hidden]
        unseen = sorted(card for pile in piles for card in pile)
        rng.shuffle(unseen)
        dealt, start = {}, 0
        for field, pile in zip(hidden, piles, strict=True):
            dealt[field], start = tuple(unseen[start : start + len(pile)]), start + len(pile)
        believed.append(msgspec.structs.replace(player, **dealt))
    return tuple(believed)
