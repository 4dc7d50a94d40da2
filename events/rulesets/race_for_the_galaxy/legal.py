"""Every decision worth offering a seat now, each one accepted; payments offered once per card
(the first cards of the hand), combinations bounded. Copies of a card are one choice: the
first copy is offered."""

import random
from collections.abc import Iterable, Iterator
from itertools import combinations, islice
from typing import Any

from msgspec.structs import replace

from events.ruleset import Accepted
from events.rulesets.race_for_the_galaxy import action_cards, consume, produce
from events.rulesets.race_for_the_galaxy.decide import decide
from events.rulesets.race_for_the_galaxy.decisions import (
    ChooseActions,
    Develop,
    Discard,
    Keep,
    Settle,
    Trade,
)
from events.rulesets.race_for_the_galaxy.placing import GIVING_UP, settle_price
from events.rulesets.race_for_the_galaxy.powers import develop_cost, explore_counts, working
from events.rulesets.race_for_the_galaxy.state import HAND_LIMIT, Game
from events.rulesets.race_for_the_galaxy.steps import SETUP_DISCARD, owes

BOUND = 40
_UNUSED = random.Random(0)  # decide draws nothing


def legal(game: Game, seat: int) -> list[Any]:
    if game.over or not owes(game, seat):
        return []
    player = game.players[seat]
    offered: list[Any]
    match game.step:
        case "select":
            offered = [ChooseActions(actions=a) for a in action_cards.choices(game)]
        case "setup" | "hand_limit":
            count = SETUP_DISCARD if game.step == "setup" else len(player.hand) - HAND_LIMIT
            picks = _distinct(game, combinations(player.hand, count))
            offered = [Discard(cards=c) for c in islice(picks, BOUND)]
        case "explore":
            keep = min(explore_counts(game, seat)[1], len(player.drawn))
            picks = _distinct(game, combinations(player.drawn, keep))
            offered = [Keep(cards=c) for c in islice(picks, BOUND)]
        case "develop":
            offered = [Develop()]
            for (card,) in _distinct(game, combinations(player.hand, 1)):
                others = [c for c in player.hand if c != card]
                cost = develop_cost(game, seat, game.cards.card(card))
                offered.append(Develop(card=card, paying=tuple(others[:cost])))
        case "settle":
            offered = [Settle(), *(Settle(discarding=(c,)) for c in _giving_up(game, seat))]
            for (card,) in _distinct(game, combinations(player.hand, 1)):
                offered += _settling(game, seat, card)
        case "consume" if consume.trade_owed(game, seat):
            offered = [Trade(world=w) for w, _ in player.goods]
        case "consume":
            offered = list(consume.options(game, seat))
        case _:
            offered = list(produce.options(game, seat))
    return [d for d in offered if isinstance(decide(game, seat, d, _UNUSED), Accepted)]


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
