"""Every decision worth offering a seat at each step, for the kit's `legal` to judge (each ask
declares its own, in `steps.py`); payments offered once per card (the first cards of the hand),
combinations bounded. Copies of a card are one choice: the first copy is offered."""

from collections.abc import Iterable, Iterator
from itertools import combinations, islice

from msgspec.structs import replace

from events.rulesets.race_for_the_galaxy import action_cards
from events.rulesets.race_for_the_galaxy.decisions import (
    ChooseActions,
    Develop,
    Discard,
    Keep,
    Settle,
)
from events.rulesets.race_for_the_galaxy.placing import GIVING_UP, settle_price
from events.rulesets.race_for_the_galaxy.powers import develop_cost, explore_counts, working
from events.rulesets.race_for_the_galaxy.state import Game

BOUND = 40


def choices(game: Game, seat: int) -> list[ChooseActions]:
    return [ChooseActions(actions=a) for a in action_cards.choices(game)]


def discards(game: Game, seat: int, count: int) -> list[Discard]:
    picks = _distinct(game, combinations(game.players[seat].hand, count))
    return [Discard(cards=c) for c in islice(picks, BOUND)]


def keeps(game: Game, seat: int) -> list[Keep]:
    drawn = game.players[seat].drawn
    keep = min(explore_counts(game, seat)[1], len(drawn))
    return [Keep(cards=c) for c in islice(_distinct(game, combinations(drawn, keep)), BOUND)]


def developments(game: Game, seat: int) -> list[Develop]:
    hand = game.players[seat].hand
    offered = [Develop()]
    for (card,) in _distinct(game, combinations(hand, 1)):
        others = [c for c in hand if c != card]
        cost = develop_cost(game, seat, game.cards.card(card))
        offered.append(Develop(card=card, paying=tuple(others[:cost])))
    return offered


def settlements(game: Game, seat: int) -> list[Settle]:
    offered = [Settle(), *(Settle(discarding=(c,)) for c in _giving_up(game, seat))]
    for (card,) in _distinct(game, combinations(game.players[seat].hand, 1)):
        offered += _settling(game, seat, card)
    return offered


def _distinct(game: Game, picks: Iterable[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    """The picks told apart by their cards' names, each first as it comes."""
    seen: set[tuple[str, ...]] = set()
    for pick in picks:
        names = tuple(sorted(game.cards.card(c).name for c in pick))
        if names not in seen:
            seen.add(names)
            yield pick


def _settling(game: Game, seat: int, card: int) -> list[Settle]:
    """The world conquered or paid for plainly, and with each power that could help."""
    others = [c for c in game.players[seat].hand if c != card]
    variants = [Settle(card=card, discarding=(c,)) for c in _giving_up(game, seat)]
    variants = [Settle(card=card), *variants]
    variants += [replace(v, pay_for_military=True) for v in variants]
    world = game.cards.card(card)
    return [
        replace(v, paying=tuple(others[: settle_price(game, seat, world, v)])) for v in variants
    ]


def _giving_up(game: Game, seat: int) -> list[int]:
    """The seat's tableau cards it may discard for their power (RG-W7)."""
    return [c for c, p in working(game, seat) if p.kind in GIVING_UP]
