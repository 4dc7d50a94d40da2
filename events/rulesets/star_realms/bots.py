"""Bots: one changes as little as the rules allow (a seat's default when its time runs out),
one plays any legal decision at random, one plays greedily, and one by a plan that thins its
deck, keeps to its factions and counts lethal damage.

All are pure: the platform hands them a state resampled for their seat and a generator.
"""

import random
from collections import Counter
from typing import Any

from events.kit.phases import preferred
from events.ruleset import Bot
from events.rulesets.star_realms.allies import clause
from events.rulesets.star_realms.decisions import (
    AttackBase,
    Buy,
    BuyExplorer,
    Choose,
    EndTurn,
    Play,
    Select,
    Use,
)
from events.rulesets.star_realms.legal import choice_offers, turn_offers
from events.rulesets.star_realms.prompts import TABLE
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.worth import effect_worth, worth

STARTERS = ("Scout", "Viper")


def pass_bot(game: Game, seat: int, rng: random.Random) -> Any:
    """Play the hand and hit with all its Combat, buying and using nothing; where a choice
    waits, the first effect or the fewest cards. The least a seat may do and still let the
    match end: two seats that only ended their turns would play forever."""
    pending = game.turn.pending
    if pending is not None:
        if pending.effects[0].kind == "choose_one":
            return Choose(option=0)
        return min(choice_offers(game, seat), key=lambda s: len(s.cards) + s.explorer)
    options = turn_offers(game, seat)
    plays = [d for d in options if isinstance(d, Play)]
    return plays[0] if plays else _attack(game, seat, options) or EndTurn()


def random_bot(game: Game, seat: int, rng: random.Random) -> Any:
    return rng.choice(TABLE.prompt(game).offers(game, seat))


def greedy_bot(game: Game, seat: int, rng: random.Random) -> Any:
    """Play everything, use every ability but scrap ones, buy the dearest card it can, hit
    the opponent with everything."""
    if game.turn.pending is not None:
        return _choose(game, seat, plan=False)
    options = turn_offers(game, seat)
    for kind in (Play, Use):
        found = [d for d in options if type(d) is kind and getattr(d, "slot", "") != "scrap"]
        if found:
            return found[0]
    buys = [d for d in options if isinstance(d, Buy | BuyExplorer)]
    if buys:
        return max(buys, key=lambda d: (_cost(game, d), d.top))
    return _attack(game, seat, options) or EndTurn()


def planner_bot(game: Game, seat: int, rng: random.Random) -> Any:
    """Play everything, use abilities that pay now, buy for its factions and the long run,
    scrap starting cards, scrap ships for Combat only when that kills."""
    if game.turn.pending is not None:
        return _choose(game, seat, plan=True)
    options = turn_offers(game, seat)
    plays = [d for d in options if isinstance(d, Play)]
    if plays:  # bases first, so ships played after them count them
        return max(plays, key=lambda d: game.cards.card(d.card).is_base)
    uses = [d for d in options if isinstance(d, Use) and d.slot != "scrap"]
    if uses:
        return uses[0]
    if (lethal := _lethal_scrap(game, seat, options)) is not None:
        return lethal
    buys = [d for d in options if isinstance(d, Buy | BuyExplorer)]
    if buys:
        best = max(buys, key=lambda d: _buy_score(game, seat, d))
        if _buy_score(game, seat, best) > 0:
            return best
    return _attack(game, seat, options, plan=True) or EndTurn()


def _cost(game: Game, d: Buy | BuyExplorer) -> int:
    card = game.cards.explorer if isinstance(d, BuyExplorer) else game.cards.card(d.card)
    return card.cost or 0


def _owned(game: Game, seat: int) -> list[int]:
    p = game.players[seat]
    ships = game.turn.ships if seat == game.active else ()
    return [*p.deck, *p.hand, *p.discard, *p.bases, *ships]


def _buy_score(game: Game, seat: int, d: Buy | BuyExplorer) -> float:
    cards = game.cards
    card = cards.explorer if isinstance(d, BuyExplorer) else cards.card(d.card)
    owned = _owned(game, seat)
    factions = Counter(cards.card(c).faction for c in owned)
    size = len(owned)
    score = worth(card) + 0.35 * factions[card.faction] * bool(card.faction)
    if card.name == "Explorer":
        score -= 0.15 * size  # a weak card once the deck has better
    return score + 0.5 * d.top


def _attack(game: Game, seat: int, options: list[Any], plan: bool = False) -> Any:
    cards = game.cards
    bases = [d for d in options if isinstance(d, AttackBase)]
    hit = preferred(TABLE, game, seat)  # all the Combat at the opponent, where it is open
    other = game.players[1 - seat]
    if hit is not None and (not plan or not bases or hit.amount >= other.authority):
        return hit
    if bases:
        if plan:
            return max(bases, key=lambda d: worth(cards.card(d.base)) / cards.card(d.base).defense)
        return max(bases, key=lambda d: cards.card(d.base).defense)
    return None


def _lethal_scrap(game: Game, seat: int, options: list[Any]) -> Any:
    """Scrap abilities that give Combat, used when the total kills this turn."""
    other = 1 - seat
    if any(game.cards.card(b).is_outpost for b in game.players[other].bases):
        return None
    scraps = [
        d for d in options if isinstance(d, Use) and d.slot == "scrap" and _combat(game, d) > 0
    ]
    extra = sum(_combat(game, d) for d in scraps)
    if scraps and game.turn.combat + extra >= game.players[other].authority:
        return scraps[0]
    return None


def _combat(game: Game, d: Use) -> int:
    return sum(e.amount for e in clause(game, d.card, d.slot) if e.kind == "combat")


def _choose(game: Game, seat: int, plan: bool) -> Any:
    pending = game.turn.pending
    assert pending is not None
    effect = pending.effects[0]
    cards = game.cards
    if effect.kind == "choose_one":
        late = game.round > 12 or game.players[1 - seat].authority < 25
        weights = {"trade": 0.7 if late and plan else 1.2, "combat": 1.0}

        def value(option: int) -> float:
            chosen = effect.options[option]
            return effect_worth(chosen) * weights.get(chosen.kind, 1.0)

        return Choose(option=max((0, 1), key=value))
    options = choice_offers(game, seat)
    player = game.players[seat]

    def score(s: Select) -> float:
        picked = [cards.card(c) for c in s.cards]
        if effect.kind in ("scrap_hand_or_discard", "scrap_then_draw", "scrap_hand"):
            starters = sum(c.name in STARTERS for c in picked)
            if not plan:
                return starters - 2 * (len(picked) - starters)
            in_hand = sum(c in player.hand for c in s.cards)
            return 2 * starters - 3 * (len(picked) - starters) - 0.5 * in_hand
        if effect.kind in ("discard", "discard_then_draw"):
            return -sum(worth(c) for c in picked) + (len(picked) if effect.kind != "discard" else 0)
        if effect.kind == "acquire_free_ship_to_top":
            return cards.explorer.cost or 0 if s.explorer else sum(c.cost or 0 for c in picked)
        if effect.kind == "scrap_trade_row":
            return 0.0
        return sum(worth(c) for c in picked)  # destroy a base, copy a ship

    return max(options, key=score)


BOTS: dict[str, Bot] = {
    "pass": pass_bot,
    "random": random_bot,
    "greedy": greedy_bot,
    "planner": planner_bot,
}
