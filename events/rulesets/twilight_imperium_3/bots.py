"""The `greedy` bot: it expands to the nearest planets it can take (those the objectives open
to it count, more), builds where it can afford to, fights only when it expects more hits than it
takes, buys the technologies objectives count, follows Imperial and Logistics while that leaves
it able to pay the objective that spends, and Trade when it collects 2 or more, takes every
trade agreement offered and approves others' (talks.py), scores the objective worth most
(aims.py), plays the action cards that pay (Good Year, Rise of a Messiah, Rally of the People)
when it has nothing to activate, the battle cards where they are offered (Into the Breach with a
fleet of 5 ships or more, Recheck on an enemy hit that would cost it a unit) and Synchronicity,
taking the card it values most, and sabotages the cards aimed at it. Every choice is one of
`legal`'s, so always accepted."""

import random
from collections.abc import Callable
from typing import Any

import msgspec

from events.kit.phases import default_decision, legal
from events.rulesets.twilight_imperium_3 import combat, tactical, talks, trade
from events.rulesets.twilight_imperium_3.action_cards import copies
from events.rulesets.twilight_imperium_3.aims import keeps_payable, planet_worth, technology_worth
from events.rulesets.twilight_imperium_3.card_decisions import NoCard, PlayCard, Sabotage
from events.rulesets.twilight_imperium_3.card_orders import aimed_at
from events.rulesets.twilight_imperium_3.commanders import commander
from events.rulesets.twilight_imperium_3.decisions import (
    Activate,
    Decline,
    EndTurn,
    Follow,
    Pass,
    Pick,
    Play,
)
from events.rulesets.twilight_imperium_3.fleets import planets_in, ships
from events.rulesets.twilight_imperium_3.forces import Holding, Space
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.movement import candidates
from events.rulesets.twilight_imperium_3.orders import (
    Bombard,
    FirePds,
    Land,
    Move,
    Produce,
    Retreat,
    Stay,
)
from events.rulesets.twilight_imperium_3.recheck import RECHECK, costs_a_unit
from events.rulesets.twilight_imperium_3.state import Game, Phase, WindowPrompt
from events.rulesets.twilight_imperium_3.steps import TABLE
from events.rulesets.twilight_imperium_3.strategy_cards import (
    IMPERIAL,
    LOGISTICS,
    TECHNOLOGY,
    TRADE,
)
from events.rulesets.twilight_imperium_3.tactic import Tactic
from events.rulesets.twilight_imperium_3.technology import gainable

Target = Callable[[Game, int, str], float]  # how much a seat wants to activate a system
TRADE_WORTH = 2  # trade goods that make Trade's secondary worth a strategy counter
CARD_WORTH = 0.5  # an action card, in ground forces, for X-89 Bacterial Weapon's price (TI-K17)
ECONOMY = ("good_year", "rise_of_a_messiah", "rally_of_the_people")  # cards greedy plays
BATTLE = ("direct_hit", "shields_holding", "morale_boost")  # and these where they are offered
BREACH_SHIPS = 5  # a fleet whose +1 pays for a dreadnought lost to its first 2 hits (TI-Q32)
ANSWERS = (
    "reparations",
    "experimental_battlestation",
    "synchronicity",
)  # and these, their first offer the best (TI-Q73, TI-Q74, TI-Q76)
TAKES = ("sabotage", *ECONOMY, *BATTLE)  # Synchronicity's card taken, the most wanted first
BUILDS = ("carrier", "ground_force", "cruiser", "destroyer", "dreadnought", "fighter")


def expected_hits(volley: combat.Volley) -> float:
    return sum((11 - min(10, max(1, die.hit_on))) / 10 for die in volley)


def _activated(game: Game, seat: int, position: str) -> Game:
    """The board as if he had activated this system: his counter on it."""
    space = game.forces.space.get(position, Space())
    space = msgspec.structs.replace(space, counters=(*space.counters, seat))
    forces = msgspec.structs.replace(game.forces, space=game.forces.space | {position: space})
    return msgspec.structs.replace(game, forces=forces)


def _carried(move: Any) -> int:
    """Units a movement brings, what it loads on the way included."""
    return sum(
        sum(g.units.values()) + sum(sum(p.units.values()) for p in g.pickups) for g in move.groups
    )


def arriving(game: Game, seat: int, position: str) -> dict[str, int]:
    """Everything of his able to reach the system, if he activated it."""
    there = _activated(game, seat, position)
    moves = candidates(there.galaxy, there.forces, commander(game, seat), position)
    best = max(moves, key=_carried)
    units: dict[str, int] = dict(game.forces.fleet(position, seat).units)
    for group in best.groups:
        for loaded in (group.units, *(p.units for p in group.pickups)):
            for unit, n in loaded.items():
                units[unit] = units.get(unit, 0) + n
    return units


def _wins(game: Game, seat: int, position: str, units: dict[str, int]) -> bool:
    """Whether his fleet expects more hits than the ships there (none: a win)."""
    enemies = [f for f in game.forces.space.get(position, Space()).fleets if f.seat != seat]
    theirs = sum(
        expected_hits(combat.dice(ships(f.units), commander(game, f.seat))) for f in enemies
    )
    mine = expected_hits(combat.dice(ships(units), commander(game, seat)))
    return theirs == 0 or mine > theirs


def expansion(game: Game, seat: int, position: str) -> float:
    """The worth of the planets he could take there: neutral or undefended, his ground forces
    in reach and no battle he expects to lose; his own docks' systems a little for building."""
    units = arriving(game, seat, position)
    if not _wins(game, seat, position, units):
        return 0
    worth = 0.0
    if units.get("ground_force"):
        for name in planets_in(game.galaxy, position):
            held = game.forces.planets.get(name, Holding())
            if held.controller != seat and not held.units.get("ground_force"):
                worth += planet_worth(game, seat, name)
    docks = tactical.production_offers(game, seat, (position,))
    return worth + (0.5 if len(docks) > 1 and game.players[seat].command > 1 else 0)


def _card_worth(game: Game, seat: int, card: int) -> float:
    """Imperial's points first, the Technology card when a technology brings an objective
    nearer, else the lowest number (the earliest in the order of play)."""
    if card == IMPERIAL:
        return 2 - 8 * _imperium_rex_risk(game, seat) + game.bonus[card - 1] / 2
    wanted = max((technology_worth(game, seat, t) for t in gainable(game, seat)), default=0)
    if card == TECHNOLOGY and wanted:
        return 1 + wanted
    return -card / 10


def _imperium_rex_risk(game: Game, seat: int) -> float:
    """The chance that Imperial reveals Imperium Rex, for a seat it would not make the winner:
    the public deck's make-up is known (TI-S9), its order is not."""
    points = [p.points for p in game.players]
    if points[seat] >= max(points):
        return 0
    stages = [load().objectives[o].stage for o in game.revealed]
    return 1 / (4 - stages.count("II")) if stages.count("I") == 6 else 0


def _pick(game: Game, seat: int, options: list[Any]) -> Any:
    picks = [d for d in options if isinstance(d, Pick) and not d.counters]
    return _most(picks, lambda d: _card_worth(game, seat, d.card)) if picks else options[0]


def _play_worth(game: Game, seat: int, d: Play) -> float:
    return technology_worth(game, seat, d.technology) if d.technology else 0


def _action(game: Game, seat: int, target: Target, options: list[Any]) -> Any:
    plays = [d for d in options if isinstance(d, Play)]
    plays.sort(key=lambda d: -_play_worth(game, seat, d))
    wanted = [(target(game, seat, d.system), d) for d in options if isinstance(d, Activate)]
    wanted = [(w, d) for w, d in wanted if w > 0]
    if wanted and game.players[seat].command > (1 if plays else 0):
        return max(wanted, key=lambda pair: pair[0])[1]
    economy = [d for d in options if isinstance(d, PlayCard) and d.card in ECONOMY]
    if economy:
        return economy[0]
    if plays:
        return plays[0]
    return next((d for d in options if isinstance(d, Pass | EndTurn)), options[0])


def _sabotage(game: Game, seat: int, options: list[Any]) -> Any:
    """A Sabotage against a card aimed at him, none otherwise."""
    aimed = aimed_at(game, seat, game.pending[0].play)
    return next((d for d in options if isinstance(d, Sabotage) == aimed), options[-1])


def _wanted(game: Game, seat: int, d: Any) -> bool:
    """A card he plays at a window: a battle card or an answer where it is offered, Into the
    Breach for a fleet large enough, Recheck on an enemy hit that costs him a unit (TI-Q77);
    Touch of Genius copying one, where he can spare its price."""
    if not isinstance(d, PlayCard):
        return False
    card = d.copied or d.card
    if card == "into_the_breach":
        helps = sum(ships(game.forces.fleet(_tactic(game).system, seat).units).values())
        wanted = helps >= BREACH_SHIPS
    elif card == RECHECK:
        wanted = costs_a_unit(game, seat, d)
    else:
        wanted = card in BATTLE + ANSWERS
    return wanted and (not d.copied or keeps_payable(game, seat, d.paying, d.trade_goods))


def _taken(game: Game, options: list[Any]) -> Any:
    """Synchronicity's card: the one he values most (TAKES), else the deck's top card."""
    worth = {card: n for n, card in enumerate(reversed(TAKES), 1)}
    return _most(options, lambda d: worth.get(copies()[game.deck[d.place - 1]], 0))


def _tactic(game: Game) -> Tactic:
    assert game.tactic is not None, "a tactical prompt outside an action"
    return game.tactic


def _most(options: list[Any], weight: Callable[[Any], float]) -> Any:
    return max(options, key=weight)


def choose(game: Game, seat: int, target: Target, fight: bool = False) -> Any:
    """The greedy answer at the prompt play is at; `fight`: into any battle, expected or not."""
    prompt = TABLE.current(game)
    options = legal(TABLE, game, seat)
    if prompt == Phase.STRATEGY:
        return _pick(game, seat, options)
    if prompt == Phase.ACTION:
        return _action(game, seat, target, options)
    if prompt == WindowPrompt.SECONDARY:
        return _follow(game, seat, options)
    if prompt == WindowPrompt.SABOTAGE:
        return _sabotage(game, seat, options)
    if prompt == WindowPrompt.CARD:  # offered only where they help him (TI-Q25 to TI-Q27)
        return next((d for d in options if _wanted(game, seat, d)), NoCard())
    if prompt == WindowPrompt.MOVEMENT:
        t = _tactic(game)
        units = arriving(game, seat, t.system)
        if t.transfer or not (fight or _wins(game, seat, t.system, units)):
            return Move()
        return _most(options, _carried)
    if prompt == WindowPrompt.SPACE_CANNON:
        return FirePds()
    if prompt == WindowPrompt.RETREAT:
        t = _tactic(game)
        mine = game.forces.fleet(t.system, seat).units
        retreats = [d for d in options if isinstance(d, Retreat)]
        stays = fight or _wins(game, seat, t.system, mine) or not retreats
        return Stay() if stays else retreats[0]
    if prompt == WindowPrompt.LANDING:
        return _most(options, lambda d: _landed_worth(game, seat, d))
    if prompt == WindowPrompt.BOMBARDMENT:
        return _most(options, lambda d: _bombard_worth(game, seat, d))
    if prompt == WindowPrompt.PRODUCTION:
        kept = [d for d in options if keeps_payable(game, seat, d.paying, d.trade_goods)]
        return _most(kept or options, _build_worth)
    if prompt == Phase.SCORE:
        return _most(options, lambda d: _points(game, seat, d))
    if prompt == WindowPrompt.TALKS:
        return talks.greedy_talks(game, seat, options)
    if prompt == WindowPrompt.SYNCHRONICITY:
        return _taken(game, options)
    return default_decision(TABLE, game, seat)


def _follow(game: Game, seat: int, options: list[Any]) -> Any:
    """Technology for a technology objectives count; Imperial and Logistics while he can still
    pay the objective that spends."""
    card = game.stack[-1].about
    follows = [d for d in options if isinstance(d, Follow)]
    if card == TECHNOLOGY:
        wanted = [d for d in follows if technology_worth(game, seat, d.technology) > 0]
        return (
            _most(wanted, lambda d: technology_worth(game, seat, d.technology))
            if wanted
            else Decline()
        )
    if card in (IMPERIAL, LOGISTICS):
        paying = [d for d in follows if _keeps_payable_follow(game, seat, d)]
        return paying[0] if paying else Decline()
    if card == TRADE and sum(trade.income(game, seat, secondary=True)) >= TRADE_WORTH:
        return follows[0] if follows else Decline()
    return Decline()


def _keeps_payable_follow(game: Game, seat: int, d: Follow) -> bool:
    order = d.production
    if order is not None:
        return keeps_payable(game, seat, order.paying, order.trade_goods)
    return keeps_payable(game, seat, d.paying, d.trade_goods)


def _landed_worth(game: Game, seat: int, d: Land) -> float:
    worth = 0.0
    for drop in d.drops:
        held = game.forces.planets.get(drop.planet, Holding())
        value = planet_worth(game, seat, drop.planet)
        worth += value if held.controller != seat else 0.1 * sum(drop.units.values())
    return worth


def _bombard_worth(game: Game, seat: int, d: Bombard) -> float:
    """The ships bombarding; X-89 Bacterial Weapon's sure kills less half a ground force for
    each card it discards."""
    worth = 0.0
    for b in d.bombardments:
        killed = game.forces.planets[b.planet].units.get("ground_force", 0)
        price = CARD_WORTH * len(game.players[seat].hand)
        worth += killed - price if b.bacterial else sum(b.units.values())
    return worth


def _build_worth(d: Produce) -> float:
    built = {u: n for b in d.batches for u, n in b.units.items()}
    ranked = sum((len(BUILDS) - BUILDS.index(u)) * n for u, n in built.items() if u in BUILDS)
    return ranked + (5 if d.space_dock else 0) - d.trade_goods


def _points(game: Game, seat: int, d: Any) -> float:
    objectives = load().objectives
    worth = objectives[game.revealed[d.objective - 1]].vp if d.objective else 0
    worth += objectives[game.players[seat].secret].vp if d.secret else 0
    return worth - 0.01 * (len(d.paying) + d.trade_goods)


def greedy(game: Game, seat: int, rng: random.Random) -> Any:
    return choose(game, seat, expansion)
