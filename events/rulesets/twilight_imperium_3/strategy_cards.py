"""The 8 strategy cards' strategic actions (TI-A3): each primary's judge and what it does, and
which secondaries a seat may follow, judged and carried out. Political draws action cards
(TI-Q1), its agenda waits for stage 3; Imperial's production is imperial.py's, Trade's
agreements trade.py's."""

from collections.abc import Callable

import msgspec

from events.kit import windows
from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import (
    action_cards,
    imperial,
    paying,
    strategic_cards,
    trade,
)
from events.rulesets.twilight_imperium_3.decisions import Follow, Play, Warship
from events.rulesets.twilight_imperium_3.fleets import (
    Commander,
    cargo_room,
    fleet_less,
    lacks_support,
    plus,
    stasis_berths,
    with_fleet,
    within,
)
from events.rulesets.twilight_imperium_3.forces import Units
from events.rulesets.twilight_imperium_3.galaxy import adjacent
from events.rulesets.twilight_imperium_3.happenings import (
    Answered,
    CounterReturned,
    CountersGained,
    Exhausted,
    ObjectiveRevealed,
    Opened,
    Played,
    TechnologyGained,
    TradeGoodsGained,
    Truce,
    WarshipsMoved,
)
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.planets import (
    home_planets,
    in_system,
    influence,
    ready,
    resources,
)
from events.rulesets.twilight_imperium_3.state import (
    Game,
    WindowPrompt,
    bank,
    clockwise,
    eliminated,
    reinforcements,
)
from events.rulesets.twilight_imperium_3.technology import (
    assassinated,
    gainable,
    price,
)
from events.rulesets.twilight_imperium_3.turns import end_action

INITIATIVE, DIPLOMACY, POLITICAL, LOGISTICS, TRADE, WARFARE, TECHNOLOGY, IMPERIAL = range(1, 9)
FOLLOWED = (DIPLOMACY, POLITICAL, LOGISTICS, TRADE, WARFARE, TECHNOLOGY, IMPERIAL)  # not Initiative
WARSHIPS = ("cruiser", "destroyer")  # Warfare's secondary moves these
INFLUENCE_PER_COUNTER = 3  # Logistics' secondary
IMPERIAL_POINTS = 2
TRADE_GOODS = 3  # Trade's primary (a)


def placing_refusal(strategy: int, fleet: int, gained: int) -> Rejection | None:
    """Each counter gained goes to an area of the player's choice (TI-P3)."""
    if strategy < 0 or fleet < 0 or strategy + fleet > gained:
        return Rejection("TI-P3", f"place the {gained} counters gained among your three areas")
    return None


def gained(game: Game, seat: int, card: int, d: Play | Follow) -> int:
    """The counters Political's or Logistics' primary gains (IT 1961-1972)."""
    return min(4 if card == LOGISTICS else 1, reinforcements(game, seat))


def name(card: int) -> str:
    return load().strategy_cards[card - 1].name


def play_refusal(game: Game, seat: int, d: Play) -> Rejection | None:
    player = game.players[seat]
    if d.card not in player.cards:
        return Rejection("TI-A3", "play a strategy card you hold")
    if d.card == INITIATIVE:
        return Rejection("TI-P4", "Initiative has no strategic action")
    if d.card in player.played:
        return Rejection("TI-A3", f"you have taken {name(d.card)}'s strategic action")
    chose = (d.seat != -1, d.system != "", d.technology != "", d.cancel)
    asks = (d.card == DIPLOMACY, d.card == WARFARE, d.card == TECHNOLOGY, d.card == TRADE)
    if any(c and not a for c, a in zip(chose, asks, strict=True)):
        return Rejection("TI-A3", f"{name(d.card)}'s primary asks no such choice")
    if d.card == DIPLOMACY and (d.seat == seat or not 0 <= d.seat < game.seats):
        return Rejection("TI-A5", "name another player for Diplomacy")
    if d.card == WARFARE and d.system and seat not in _counters_at(game, d.system):
        return Rejection("TI-A8", "take back a command counter of yours on the board")
    if d.card == TECHNOLOGY and d.technology and assassinated(game, seat):
        return Rejection("TI-Q54", "Scientist Assassination: no technology for you this round")
    techs = gainable(game, seat)
    if d.card == TECHNOLOGY and d.technology not in techs and (d.technology or techs):
        return Rejection("TI-K2", "gain a technology whose prerequisites you own")
    if (d.strategy or d.fleet) and d.card not in (POLITICAL, LOGISTICS):
        return Rejection("TI-A3", f"{name(d.card)}'s primary gains no counters to place")
    return placing_refusal(d.strategy, d.fleet, gained(game, seat, d.card, d))


def _counters_at(game: Game, system: str) -> tuple[int, ...]:
    space = game.forces.space.get(system)
    return space.counters if space else ()


def play(batch: Batch[Game], seat: int, d: Play) -> bool:
    """The primary; False if it ended the game (Imperium Rex)."""
    game = batch.game
    batch.emit(Played(seat=seat, card=d.card))
    if d.card == DIPLOMACY:
        batch.emit(Truce(seat=seat, other=d.seat))
    elif d.card in (POLITICAL, LOGISTICS):  # TI-A4, TI-A6 of the cards: counters gained
        count = gained(game, seat, d.card, d)
        if count:
            batch.emit(CountersGained(seat, count, strategy=d.strategy, fleet=d.fleet))
        if d.card == POLITICAL:
            action_cards.draw(batch, seat, action_cards.POLITICAL_DRAW)  # TI-Q1
    elif d.card == TRADE and d.cancel:
        trade.cancel(batch, seat)  # TI-R3 (b)
    elif d.card == TRADE:  # TI-R3 (a): the talks follow (talks.py)
        if bank(game):
            batch.emit(TradeGoodsGained(seat=seat, trade_goods=min(TRADE_GOODS, bank(game))))
        trade.collect(batch, seat, secondary=False)
    elif d.card == WARFARE and d.system:
        batch.emit(CounterReturned(seat=seat, system=d.system))
    elif d.card == TECHNOLOGY and d.technology:
        batch.emit(TechnologyGained(seat=seat, technology=d.technology))
    elif d.card == IMPERIAL and game.objectives:
        batch.emit(ObjectiveRevealed(objective=game.objectives[0]))
        return load().objectives[game.objectives[0]].outcome != "end"
    return True


def free(game: Game, seat: int, card: int) -> bool:
    """No strategy counter spent: Logistics', or the holder of Initiative (TI-A3)."""
    return not load().strategy_cards[card - 1].secondary_counter or INITIATIVE in (
        game.players[seat].cards
    )


def can_follow(game: Game, seat: int, card: int) -> bool:
    """Whether the secondary is open to this seat: a counter to spend and something to do."""
    if card not in FOLLOWED or (game.players[seat].strategy < 1 and not free(game, seat, card)):
        return False
    if eliminated(game, seat) or strategic_cards.paralysed(game, seat, card):  # TI-X9, TI-Q62
        return False
    if card == DIPLOMACY:
        return bool(readyable(game, seat))
    if card == POLITICAL:
        return bool(game.deck or game.discard)
    if card == LOGISTICS:
        return reinforcements(game, seat) > 0 and _means(game, seat, influence) >= 3
    if card == WARFARE:
        return bool(warship_moves(game, seat))
    if card == IMPERIAL:
        return bool(imperial.orders(game, seat))
    if card == TRADE:  # TI-R4: something to collect, and the bank not empty
        return bank(game) > 0 and sum(trade.income(game, seat, secondary=True)) > 0
    return any(price(game, seat, t) <= _means(game, seat, resources) for t in gainable(game, seat))


def _means(game: Game, seat: int, worth: Callable[[tuple[str, ...]], int]) -> int:
    """What the player's ready planets and trade goods could pay."""
    return worth(ready(game.forces, seat)) + game.players[seat].trade_goods


def readyable(game: Game, seat: int) -> tuple[str, ...]:
    home = set(home_planets(game.galaxy, seat))
    return tuple(
        n
        for n, h in sorted(game.forces.planets.items())
        if h.controller == seat and h.exhausted and n not in home
    )


def empty(game: Game, position: str) -> bool:
    """No unit of anyone's in it; a special system is never empty (IT 1233-1240)."""
    system = load().systems[game.galaxy.tiles[position]]
    space = game.forces.space.get(position)
    if system.special or (space and any(f.units for f in space.fleets)):
        return False
    return not any(
        game.forces.planets.get(n) and game.forces.planets[n].units
        for n in in_system(game.galaxy, position)
    )


def _warship_routes(game: Game, seat: int) -> tuple[Warship, ...]:
    """A cruiser or destroyer into an adjacent empty system outside the home systems, within
    fleet supply, each once, carrying nothing."""
    homes = set(game.galaxy.home_positions)
    if game.players[seat].fleet < 1:  # an empty system's first ship already exceeds it (TI-M8)
        return ()
    return tuple(
        Warship(unit, source, target)
        for source, space in sorted(game.forces.space.items())
        for unit in WARSHIPS
        if game.forces.fleet(source, seat).units.get(unit, 0)
        for target in sorted(adjacent(game.galaxy, source))
        if target not in homes and empty(game, target)
    )


def warship_moves(game: Game, seat: int) -> tuple[Warship, ...]:
    """Every single move Warfare's secondary allows: a route, carrying nothing or, for a
    cruiser with Stasis Capsules, the ground force aboard it; each leaving what stays behind
    aboard and supported (TI-A8, TI-M6, TI-M9)."""
    routes = _warship_routes(game, seat)
    both = (r for route in routes for r in (route, msgspec.structs.replace(route, ground_forces=1)))
    return tuple(m for m in both if _cargo_refusal(game, seat, (m,)) is None)


def _cargo_refusal(game: Game, seat: int, ships: tuple[Warship, ...]) -> Rejection | None:
    """What these ships carry, and what they leave behind: ground forces never stay in space
    without room aboard, and fighters keep their support (TI-M6, TI-M9; IT 1362, 1503)."""
    player = game.players[seat]
    commander = Commander(seat, frozenset(player.technologies), player.fleet)
    if any(s.ground_forces > stasis_berths({s.unit: 1}, commander) for s in ships):
        return Rejection("TI-M6", "only a cruiser with Stasis Capsules carries a ground force, one")
    taken: dict[str, Units] = {}
    for ship in ships:
        moved = {ship.unit: 1, "ground_force": ship.ground_forces}
        taken[ship.source] = plus(taken.get(ship.source, {}), moved)
    for source, units in sorted(taken.items()):
        fleet = game.forces.fleet(source, seat)
        if not within(units, fleet.units):
            return Rejection("TI-M6", f"you have not that many units aboard at {source}")
        forces = with_fleet(game.forces, source, fleet_less(fleet, units, {}))
        if cargo_room(forces.fleet(source, seat).units, commander) < 0:
            return Rejection(
                "TI-M6", f"the ground forces left at {source} would have no room aboard"
            )
        if lacks_support(forces, game.galaxy, source, commander):
            return Rejection("TI-M9", f"your fighters at {source} would lack support")
    return None


def follow_refusal(game: Game, seat: int, card: int, d: Follow) -> Rejection | None:
    if not free(game, seat, card) and game.players[seat].strategy < 1:
        return Rejection("TI-A3", "following costs a counter from your strategy allocation")
    if strategic_cards.paralysed(game, seat, card):
        return Rejection("TI-Q62", f"Policy Paralysis: you may not follow {name(card)}")
    chose = (bool(d.paying or d.trade_goods), bool(d.technology), bool(d.readying), bool(d.ships))
    chose += (d.production is not None,)
    asks = (card in (LOGISTICS, TECHNOLOGY), card == TECHNOLOGY, card == DIPLOMACY, card == WARFARE)
    asks += (card == IMPERIAL,)
    if any(c and not a for c, a in zip(chose, asks, strict=True)):
        return Rejection("TI-A3", f"{name(card)}'s secondary asks no such choice")
    if card == IMPERIAL:
        if d.production is None:
            return Rejection("TI-A9", "name what Imperial's secondary builds, and where")
        return imperial.refusal(game, seat, d.production)
    refusal = paying.refusal(game, seat, d.paying, d.trade_goods, "TI-A3")
    if refusal is not None:
        return refusal
    if card == DIPLOMACY:
        wanted = set(d.readying)
        if not 0 < len(d.readying) <= 2 or len(wanted) != len(d.readying):
            return Rejection("TI-A5", "ready 1 or 2 planets, each once")
        if not wanted <= set(readyable(game, seat)):
            return Rejection("TI-A5", "ready exhausted planets of yours outside your home system")
    if card == LOGISTICS and influence(d.paying) + d.trade_goods < INFLUENCE_PER_COUNTER:
        return Rejection("TI-A7", "spend at least 3 influence for a command counter")
    if (d.strategy or d.fleet) and card != LOGISTICS:
        return Rejection("TI-A3", f"{name(card)}'s secondary gains no counters to place")
    if card == LOGISTICS:
        return placing_refusal(d.strategy, d.fleet, _bought(game, seat, d))
    if card == TECHNOLOGY:
        if assassinated(game, seat):
            return Rejection("TI-Q54", "Scientist Assassination: no technology for you this round")
        if d.technology not in gainable(game, seat):
            return Rejection("TI-K2", "buy a technology whose prerequisites you own")
        cost = price(game, seat, d.technology)
        if resources(d.paying) + d.trade_goods < cost:
            return Rejection("TI-K3", f"{load().technologies[d.technology].name} costs {cost}")
        return paying.excess_refusal(d.paying, d.trade_goods, cost, paying.resources)
    if card == WARFARE:
        return warfare_refusal(game, seat, d.ships)
    return None


def warfare_refusal(game: Game, seat: int, ships: tuple[Warship, ...]) -> Rejection | None:
    allowed = set(_warship_routes(game, seat))
    routes = {msgspec.structs.replace(s, ground_forces=0) for s in ships}
    if not 0 < len(ships) <= 2 or not routes <= allowed:
        return Rejection(
            "TI-A8",
            "move 1 or 2 cruisers or destroyers each into an adjacent empty system outside "
            "the home systems",
        )
    for ship in ships:
        moving = sum(s.unit == ship.unit and s.source == ship.source for s in ships)
        if game.forces.fleet(ship.source, seat).units.get(ship.unit, 0) < moving:
            return Rejection("TI-A8", f"you have too few of those ships in {ship.source}")
    if refused := _cargo_refusal(game, seat, ships):
        return refused
    fleet_supply = game.players[seat].fleet
    if any(sum(s.target == ship.target for s in ships) > fleet_supply for ship in ships):
        return Rejection("TI-M8", f"your fleet supply of {fleet_supply} allows no more ships there")
    counters = {s.target for s in ships if seat not in _counters_at(game, s.target)}
    if len(counters) > reinforcements(game, seat):
        return Rejection("TI-A8", "you have no command counter left to place")
    return None


def _bought(game: Game, seat: int, d: Follow) -> int:
    """The counters Logistics' secondary gains: one for every 3 influence spent (TI-A7)."""
    bought = (influence(d.paying) + d.trade_goods) // INFLUENCE_PER_COUNTER
    return min(bought, reinforcements(game, seat))


def follow(batch: Batch[Game], seat: int, card: int, d: Follow) -> None:
    game = batch.game
    batch.emit(Answered(seat=seat, followed=True, free=free(game, seat, card)))
    if d.paying:
        batch.emit(Exhausted(seat=seat, planets=d.paying))
    if d.trade_goods:
        batch.emit(TradeGoodsGained(seat=seat, trade_goods=-d.trade_goods))
    if card == DIPLOMACY:
        batch.emit(Exhausted(seat=seat, planets=d.readying, ready=True))
    elif card == LOGISTICS:
        batch.emit(CountersGained(seat, _bought(game, seat, d), strategy=d.strategy, fleet=d.fleet))
    elif card == TECHNOLOGY:
        batch.emit(TechnologyGained(seat=seat, technology=d.technology))
    elif card == WARFARE:
        batch.emit(WarshipsMoved(seat=seat, ships=d.ships))
    elif card == IMPERIAL and d.production is not None:
        imperial.produce(batch, seat, d.production)
    elif card == TRADE:
        trade.collect(batch, seat, secondary=True)
    elif card == POLITICAL:
        action_cards.draw(batch, seat, 1)  # TI-Q1
        action_cards.over_limit(batch)


def open_secondaries(batch: Batch[Game], seat: int, card: int) -> None:
    """The card's secondary offered clockwise from the active seat's left, to those who could
    follow it (TI-A3), and first to the active seat under Tech Bubble (TI-Q63); with none, the
    action is over."""
    game = batch.game
    bubble = card == TECHNOLOGY and strategic_cards.bubbled(game, seat)
    window = windows.opening(
        WindowPrompt.SECONDARY,
        clockwise(game, seat)[int(not bubble) :],
        lambda s: can_follow(game, s, card),
        about=card,
    )
    if window is None:
        end_action(batch)
    else:
        batch.emit(Opened(window=window))
