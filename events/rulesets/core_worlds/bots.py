"""Bots: one changes as little as the rules allow (a seat's default when its time runs out),
one plays any legal decision at random, one plays greedily but sensibly.

All are pure: the platform hands them a state resampled for their seat and a generator.
"""

import random
from typing import Any

from events.kit.phases import default_bot, preferred
from events.ruleset import Bot
from events.rulesets.core_worlds.decisions import (
    Declare,
    Draft,
    Keep,
    Pass,
    Pick,
    Reshuffle,
)
from events.rulesets.core_worlds.legal import action_uses, declarations, deployments
from events.rulesets.core_worlds.phases import TABLE, legal, valid
from events.rulesets.core_worlds.plans import cost, invasion_plans
from events.rulesets.core_worlds.state import Game, Phase
from events.rulesets.core_worlds.worth import worth


def random_bot(game: Game, seat: int, rng: random.Random) -> Any:
    return rng.choice(legal(game, seat))


def greedy_bot(game: Game, seat: int, rng: random.Random) -> Any:
    pick = preferred(TABLE, game, seat)  # what an ask asked now prefers, first
    if pick is not None:
        return pick
    if game.phase == Phase.ACTION:
        return _turn(game, seat)
    if game.phase == Phase.ENERGY:
        return _declare(game, seat)
    cards, player = game.cards.cards, game.players[seat]
    if game.phase == Phase.SECTOR0:
        return Pick(card=max(game.central, key=lambda c: worth(cards[c])))
    if game.phase == Phase.DISCARD:
        units = [c for c in player.hand if cards[c].is_unit]
        return Keep(card=max(units, key=lambda c: worth(cards[c]))) if units else Keep()
    if game.phase == Phase.RESHUFFLE:
        return Reshuffle(shuffle=True)
    raise ValueError(f"seat {seat} has nothing to decide in the {game.phase} phase")


def _declare(game: Game, seat: int) -> Declare:
    """Every Energy Surge; exchanges only for Units it could not deploy this round anyway."""
    player, cards = game.players[seat], game.cards.cards
    surplus = max(0, sum(cards[c].is_unit for c in player.hand) - player.action_points)
    options = declarations(game, seat, valid)
    best = max(len(d.surges) for d in options)
    fitting = [
        d
        for d in options
        if len(d.surges) == best and sum(len(x.discards) for x in d.exchanges) <= surplus
    ]
    return max(fitting, key=lambda d: len(d.exchanges))


def _turn(game: Game, seat: int) -> Any:
    player, cards = game.players[seat], game.cards.cards
    plans = invasion_plans(game, seat, per_world=1)
    if plans:

        def gain(plan: Any) -> int:
            world = cards[plan[0].world]
            token = plan[0].world in game.tokened
            return 3 * world.ep + 4 * world.energy + token - cost(game, *plan) // 2

        return max(plans, key=gain)[0]
    deploys = deployments(game, seat, valid)
    if deploys and player.action_points > 1:
        most = player.action_points - 1  # keep an action point to draft or invade
        fitting = [d for d in deploys if len(d.units) <= most] or deploys
        return max(fitting, key=lambda d: sum(cards[u].fleet + cards[u].ground for u in d.units))
    drafts = [c for c in game.central if not cards[c].is_world and cards[c].draft <= player.energy]
    if drafts:
        best = max(
            drafts, key=lambda c: (worth(cards[c]) + (c in game.tokened)) / max(1, cards[c].draft)
        )
        return Draft(card=best)
    if deploys:
        return deploys[0]
    uses = action_uses(game, seat, valid)
    return uses[0] if uses else Pass()


BOTS: dict[str, Bot] = {"pass": default_bot(TABLE), "random": random_bot, "greedy": greedy_bot}
