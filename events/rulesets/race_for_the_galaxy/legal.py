"""Every decision worth offering a seat now, each one accepted; payments offered once per card
(the first cards of the hand), combinations bounded."""

import random
from itertools import combinations, islice
from typing import Any

from events.ruleset import Accepted
from events.rulesets.race_for_the_galaxy import consume
from events.rulesets.race_for_the_galaxy.decide import decide
from events.rulesets.race_for_the_galaxy.decisions import (
    ACTIONS,
    ChooseActions,
    Develop,
    Discard,
    Keep,
    Settle,
    Trade,
    Windfall,
)
from events.rulesets.race_for_the_galaxy.powers import develop_cost, explore_counts, settle_cost
from events.rulesets.race_for_the_galaxy.state import HAND_LIMIT, Game
from events.rulesets.race_for_the_galaxy.steps import SETUP_DISCARD, empty_windfalls, owes

BOUND = 40
_UNUSED = random.Random(0)  # decide draws nothing


def legal(game: Game, seat: int) -> list[Any]:
    if game.over or not owes(game, seat):
        return []
    player = game.players[seat]
    offered: list[Any]
    match game.step:
        case "select":
            offered = [ChooseActions(actions=(a,)) for a in ACTIONS]
        case "setup" | "hand_limit":
            count = SETUP_DISCARD if game.step == "setup" else len(player.hand) - HAND_LIMIT
            offered = [Discard(cards=c) for c in islice(combinations(player.hand, count), BOUND)]
        case "explore":
            keep = min(explore_counts(game, seat)[1], len(player.drawn))
            offered = [Keep(cards=c) for c in islice(combinations(player.drawn, keep), BOUND)]
        case "develop" | "settle":
            offered = [Develop() if game.step == "develop" else Settle()]
            for card in player.hand:
                offered.append(_placing(game, seat, card))
        case "consume" if consume.trade_owed(game, seat):
            offered = [Trade(world=w) for w, _ in player.goods]
        case "consume":
            offered = list(consume.options(game, seat))
        case _:
            offered = [Windfall(world=w) for w in empty_windfalls(game, seat)]
    return [d for d in offered if isinstance(decide(game, seat, d, _UNUSED), Accepted)]


def _placing(game: Game, seat: int, card: int) -> Any:
    kind = game.cards.card(card)
    others = [c for c in game.players[seat].hand if c != card]
    if game.step == "develop":
        return Develop(card=card, paying=tuple(others[: develop_cost(game, seat, kind)]))
    cost = 0 if kind.military else settle_cost(game, seat, kind)
    return Settle(card=card, paying=tuple(others[:cost]))
