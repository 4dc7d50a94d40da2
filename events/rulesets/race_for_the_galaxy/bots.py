"""Bots by level; each decides on a state `resample` dealt for its seat. `random` plays any
legal decision; `greedy` takes what is worth most now: the dearest card it can place, paid
with its least worth cards, the action that gains most this round, the most VP from goods."""

import random
from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from events.kit.phases import preferred
from events.kit.zones import with_player
from events.rulesets.race_for_the_galaxy.cardset import PRICES, Card
from events.rulesets.race_for_the_galaxy.decide import legal
from events.rulesets.race_for_the_galaxy.decisions import (
    ChooseActions,
    Consume,
    Develop,
    Discard,
    Keep,
    Settle,
)
from events.rulesets.race_for_the_galaxy.powers import row
from events.rulesets.race_for_the_galaxy.state import Game
from events.rulesets.race_for_the_galaxy.steps import TABLE

EXPLORING = {"explore_5": 1.0, "explore_1_1": 1.2}


def random_bot(game: Game, seat: int, rng: random.Random) -> Any:
    return rng.choice(legal(game, seat))


def worth(card: Card) -> float:
    """What a card is worth placed: its VP, a cost-6 development's bonus guessed, its powers,
    less what it costs to place."""
    cost = card.defense if card.military else card.cost
    return card.vp + (3 if card.scoring else 0) + 0.7 * len(card.powers) - 0.4 * cost


Value = Callable[[int], float]  # a card id's worth to the deciding seat


def greedy_bot(game: Game, seat: int, rng: random.Random) -> Any:
    return play(game, seat, rng, lambda c: worth(game.cards.card(c)))


def play(game: Game, seat: int, rng: random.Random, value: Value, paid: float = 0.6) -> Any:
    """Greedy play, cards judged by `value`, each card paid for a placement by `paid`; first
    what an ask asked now prefers."""
    pick = preferred(TABLE, game, seat)
    if pick is not None:
        return pick
    options = legal(game, seat)
    first = options[0]
    hand = game.players[seat].hand
    match first:
        case ChooseActions():
            return max(options, key=lambda d: _action_gain(game, seat, d.actions, rng, value))
        case Discard(cards=picked):
            return Discard(cards=tuple(sorted(hand, key=value)[: len(picked)]))
        case Keep(cards=picked):
            drawn = game.players[seat].drawn
            return Keep(cards=tuple(sorted(drawn, key=value, reverse=True)[: len(picked)]))
        case Develop() | Settle():
            placing = [_cheapest(game, seat, d, value) for d in options if d.card is not None]
            best = max(placing, key=lambda d: value(d.card) - paid * len(d.paying), default=None)
            return best if best is not None else first
        case Consume():
            return max(options, key=lambda d: _consume_gain(game, seat, d, value))
    return rng.choice(options)


def _cheapest(game: Game, seat: int, d: Develop | Settle, value: Value) -> Develop | Settle:
    """The same placement paid with the least worth cards of the hand."""
    others = [c for c in game.players[seat].hand if c != d.card]
    others.sort(key=value)
    return replace(d, paying=tuple(others[: len(d.paying)]))


def _action_gain(
    game: Game, seat: int, actions: tuple[str, ...], rng: random.Random, value: Value
) -> float:
    player, cards = game.players[seat], game.cards
    gain = rng.random() * 0.1
    for action in actions:
        if action in EXPLORING:
            gain += EXPLORING[action] + (1.0 if len(player.hand) < 3 else 0.0)
        elif action in ("develop", "settle"):
            gain += placeable(game, seat, action, value)
        elif action == "trade" and player.goods:
            gain += max(PRICES[cards.card(w).good] for w, _ in player.goods) * 0.6
        elif action == "consume_2x":
            consuming = sum(p.vp * (p.n if p.upto else 1) for _, _, p in row(game, seat, "IV"))
            gain += 2.0 * min(consuming, len(player.goods))
        elif action == "produce":
            empty = [w for w in player.tableau if player.good_on(w) is None]
            gain += 0.9 * sum(cards.card(w).mode == "production" for w in empty)
    return gain


def placeable(game: Game, seat: int, action: str, value: Value, bonus: bool = True) -> float:
    """The worth of the best card the seat could place if this phase ran now (with its bonus)."""
    player = replace(game.players[seat], actions=(action,) if bonus else ())
    now = replace(with_player(game, seat, player), step=action)
    placing = [d.card for d in legal(now, seat) if d.card is not None]
    return max((value(c) + 2.0 for c in placing), default=0.0)


def _consume_gain(game: Game, seat: int, d: Consume, value: Value) -> float:
    power = next((p for c, i, p in row(game, seat, "IV") if (c, i) == (d.card, d.power)), None)
    if power is None:
        return 0.0
    if power.kind == "discard_for_vp":
        return sum(power.vp - 0.3 * value(c) for c in d.cards)
    if power.kind == "gamble":
        return 0.1 * (d.number == 2)
    taken = len(d.worlds)
    each = taken if power.upto else 1
    vp = taken - 1 if power.kind == "consume_all" else power.vp * each
    return vp + 0.5 * power.cards * each - 0.1 * taken


BOTS = {"random": random_bot, "greedy": greedy_bot}
