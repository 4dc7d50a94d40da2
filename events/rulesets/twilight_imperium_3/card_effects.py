"""The "as an action" cards' effects (TI-Q3 to TI-Q24): for each, what its play must name and
why it can do nothing otherwise, what it does, and the plays `legal` offers. A card whose
timing point is not played yet has no entry: it waits in the hand (TI-Q2)."""

from collections.abc import Callable, Iterator

import msgspec

from events.kit.batch import Batch
from events.ruleset import Rejection

# strategy_cards by module: it imports the tactical action, which opens card windows
from events.rulesets.twilight_imperium_3 import action_cards, strategy_cards
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.card_events import (
    CardsTaken,
    CommandLost,
    CounterLifted,
    DiceRolled,
    FleetChanged,
    HoldingsChanged,
    TradeGoodsTaken,
)
from events.rulesets.twilight_imperium_3.card_plays import Offers, alone, lasts
from events.rulesets.twilight_imperium_3.combat import with_cargo_lost
from events.rulesets.twilight_imperium_3.commanders import commander
from events.rulesets.twilight_imperium_3.fleets import enemy_ships, plus
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.galaxy import adjacent
from events.rulesets.twilight_imperium_3.happenings import (
    Exhausted,
    TradeGoodsGained,
    WarshipsMoved,
)
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.phase_cards import PHASE_EFFECTS
from events.rulesets.twilight_imperium_3.planets import (
    all_names,
    controlled,
    holding,
    home_planets,
    in_system,
    planet,
    ready,
)
from events.rulesets.twilight_imperium_3.state import Game, bank
from events.rulesets.twilight_imperium_3.strategic_cards import STRATEGIC_EFFECTS

Refusal = Callable[[Game, int, PlayCard], Rejection | None]
CarryOut = Callable[[Batch[Game], int, PlayCard], bool | None]  # True: the card comes back
WARSHIPS = ("cruiser", "destroyer")
LUCKY_TARGETS = ("dreadnought", "cruiser", "destroyer")
SIXES = 6  # Strategic Bombardment comes back on this or more (0 counting 10)


class Effect(msgspec.Struct, frozen=True):
    rule: str
    refusal: Refusal
    carry_out: CarryOut
    offers: Offers


def effect_refusal(effect: Effect, game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat != -1 and not (0 <= d.seat < game.seats and d.seat != seat):
        return Rejection(effect.rule, "name another player")
    return effect.refusal(game, seat, d)


# where things are


def system_of(game: Game, name: str) -> str | None:
    return next((p for p in game.galaxy.tiles if name in in_system(game.galaxy, p)), None)


def _home(game: Game, position: str | None) -> bool:
    return position in game.galaxy.home_positions


def _others(game: Game, seat: int) -> Iterator[int]:
    return (s for s in range(game.seats) if s != seat)


def _pieces_left(game: Game, seat: int, unit: str) -> int:
    """A card places only the player's own pieces, no shared token (TI-Q2)."""
    forces = game.forces
    used = sum(
        f.units.get(unit, 0) for s in forces.space.values() for f in s.fleets if f.seat == seat
    )
    used += sum(h.units.get(unit, 0) for h in forces.planets.values() if h.controller == seat)
    return load().units[unit].pieces - used


def _with_units(h: Holding, units: dict[str, int], **changes: object) -> Holding:
    return msgspec.structs.replace(h, units={u: n for u, n in units.items() if n}, **changes)


def _route(game: Game, seat: int, source: str, target: str) -> bool:
    """A way of adjacent systems, wormholes included, none holding enemy ships (TI-Q10)."""
    seen, frontier = {source}, [source]
    while frontier:
        here = frontier.pop()
        if here == target:
            return True
        for near in adjacent(game.galaxy, here):
            if near not in seen and not enemy_ships(game.forces, near, seat):
                seen.add(near)
                frontier.append(near)
    return False


def _planet_refusal(rule: str, d: PlayCard) -> Rejection | None:
    if d.planet not in all_names():
        return Rejection(rule, "name a planet")
    return None


# TI-Q3 Armistice


def _armistice_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or holding(game.forces, d.planet).controller != seat:
        return Rejection("TI-Q3", "name another player and a planet of yours")
    return None


def _armistices(game: Game, seat: int) -> Iterator[PlayCard]:
    for other in _others(game, seat):
        for name in controlled(game.forces, seat)[:2]:
            yield PlayCard("armistice", seat=other, planet=name)


# TI-Q4 Civil Defense


def _civil_defense_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    h = holding(game.forces, d.planet)
    if h.controller != seat or h.units.get("pds"):
        return Rejection("TI-Q4", "name a planet of yours without PDS")
    if _pieces_left(game, seat, "pds") < 1:
        return Rejection("TI-U5", "all your PDS are in play")
    return None


def _civil_defense(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    h = holding(batch.game.forces, d.planet)
    placed = min(2, _pieces_left(batch.game, seat, "pds"))
    batch.emit(HoldingsChanged(planets={d.planet: _with_units(h, plus(h.units, {"pds": placed}))}))


def _civil_defenses(game: Game, seat: int) -> Iterator[PlayCard]:
    return (PlayCard("civil_defense", planet=n) for n in controlled(game.forces, seat))


# TI-Q5 Diplomatic Immunity


def _immunity_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not any(game.forces.fleet(d.system, seat).units.values()) if d.system else True:
        return Rejection("TI-Q5", "name a system holding a ship of yours")
    return None


def _immunities(game: Game, seat: int) -> Iterator[PlayCard]:
    for position, space in sorted(game.forces.space.items()):
        if any(f.seat == seat and f.units for f in space.fleets):
            yield PlayCard("diplomatic_immunity", system=position)


# TI-Q6 Ghost Ship


def _ghost_ship_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    tile = game.galaxy.tiles.get(d.system)
    if tile is None or not load().systems[tile].wormhole:
        return Rejection("TI-Q6", "name a system with a wormhole")
    if enemy_ships(game.forces, d.system, seat):
        return Rejection("TI-Q6", "no enemy ship may be there")
    if _pieces_left(game, seat, "destroyer") < 1:
        return Rejection("TI-U5", "all your destroyers are in play")
    return None


def _ship_placed(batch: Batch[Game], seat: int, position: str, unit: str) -> None:
    units = plus(batch.game.forces.fleet(position, seat).units, {unit: 1})
    batch.emit(FleetChanged(seat=seat, system=position, units=units))


def _ghost_ships(game: Game, seat: int) -> Iterator[PlayCard]:
    systems = load().systems
    for position, tile in sorted(game.galaxy.tiles.items()):
        if systems[tile].wormhole:
            yield PlayCard("ghost_ship", system=position)


# TI-Q7 Good Year


def _good_year_planets(game: Game, seat: int) -> int:
    home = set(home_planets(game.galaxy, seat))
    return sum(n not in home for n in controlled(game.forces, seat))


def _good_year_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not _good_year_planets(game, seat) or not bank(game):
        return Rejection(
            "TI-Q7", "you hold no planet outside your home system, or the bank is empty"
        )
    return None


def _good_year(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    gained = min(_good_year_planets(batch.game, seat), bank(batch.game))
    batch.emit(TradeGoodsGained(seat=seat, trade_goods=gained))


# TI-Q8 Insubordination


def _insubordination_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or game.players[d.seat].command < 1:
        return Rejection("TI-Q8", "name another player with a counter in his command pool")
    return None


# TI-Q9 Local Unrest


def _unrest_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    h = holding(game.forces, d.planet)
    if h.controller in (None, seat) or _home(game, system_of(game, d.planet)):
        return Rejection("TI-Q9", "name another player's planet outside the home systems")
    return None


def _unrest(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    h = holding(batch.game.forces, d.planet)
    assert h.controller is not None
    if not h.exhausted:
        batch.emit(Exhausted(seat=h.controller, planets=(d.planet,)))
    left = max(0, h.units.get("ground_force", 0) - 1)
    # with no ground force left, neutral: his PDS and space dock go with it (TI-Q9)
    after = _with_units(h, h.units | {"ground_force": left}, exhausted=True) if left else Holding()
    batch.emit(HoldingsChanged(planets={d.planet: after}))


def _unrests(game: Game, seat: int) -> Iterator[PlayCard]:
    for name, h in sorted(game.forces.planets.items()):
        if h.controller not in (None, seat):
            yield PlayCard("local_unrest", planet=name)


# TI-Q10 Lucky Shot


def _lucky_shot_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not any(
        holding(game.forces, n).controller == seat for n in in_system(game.galaxy, d.system)
    ):
        return Rejection("TI-Q10", "name a system holding a planet of yours")
    if d.seat == -1 or d.unit not in LUCKY_TARGETS:
        return Rejection("TI-Q10", "name another player and a dreadnought, cruiser or destroyer")
    if not game.forces.fleet(d.system, d.seat).units.get(d.unit):
        return Rejection("TI-Q10", "he has no such ship there")
    return None


def _lucky_shot(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    fleet = batch.game.forces.fleet(d.system, d.seat)
    damaged = {d.unit: 1} if fleet.damaged.get(d.unit, 0) >= fleet.units[d.unit] else {}
    lost = with_cargo_lost(fleet, {d.unit: 1}, damaged, commander(batch.game, d.seat))
    units = {u: n - lost.destroyed.get(u, 0) for u, n in fleet.units.items()}
    batch.emit(
        FleetChanged(seat=d.seat, system=d.system, units={u: n for u, n in units.items() if n})
    )


def _lucky_shots(game: Game, seat: int) -> Iterator[PlayCard]:
    for position in sorted(game.galaxy.tiles):
        if any(
            holding(game.forces, n).controller == seat for n in in_system(game.galaxy, position)
        ):
            space = game.forces.space.get(position)
            for fleet in space.fleets if space else ():
                for unit in LUCKY_TARGETS:
                    if fleet.seat != seat and fleet.units.get(unit):
                        yield PlayCard("lucky_shot", seat=fleet.seat, system=position, unit=unit)


# TI-Q11 Massive Transport and Transport


def _transport_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    rule = "TI-Q11"
    source, target = holding(game.forces, d.planet), holding(game.forces, d.target)
    if source.controller != seat or target.controller != seat or d.planet == d.target:
        return Rejection(rule, "from a planet of yours to another of yours")
    if d.card == "massive_transport":
        if d.count or not source.units.get("space_dock") or target.units.get("space_dock"):
            return Rejection(rule, "move your space dock to a planet of yours without one")
    elif not 1 <= d.count <= min(3, source.units.get("ground_force", 0)):
        return Rejection(rule, "move 1 to 3 of your ground forces there")
    one, other = system_of(game, d.planet), system_of(game, d.target)
    if one is None or other is None or not _route(game, seat, one, other):
        return Rejection(rule, "no way there is free of enemy ships")
    return None


def _transport(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    moved = {"space_dock": 1} if d.card == "massive_transport" else {"ground_force": d.count}
    source, target = holding(batch.game.forces, d.planet), holding(batch.game.forces, d.target)
    left = {u: n - moved.get(u, 0) for u, n in source.units.items()}
    planets = {
        d.planet: _with_units(source, left),
        d.target: _with_units(target, plus(target.units, moved)),
    }
    batch.emit(HoldingsChanged(planets=planets))


def _transports(card: str) -> Offers:
    def offers(game: Game, seat: int) -> Iterator[PlayCard]:
        mine = controlled(game.forces, seat)
        for source in mine:
            units = holding(game.forces, source).units
            count = 0 if card == "massive_transport" else min(3, units.get("ground_force", 0))
            for target in mine:
                yield PlayCard(card, planet=source, target=target, count=count)

    return offers


# TI-Q12 Patrol


def _patrol_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    for ship in d.ships:
        space = game.forces.space.get(ship.source)
        if space is None or seat not in space.counters:
            return Rejection("TI-Q12", "ships leave a system you have activated")
    return strategy_cards.warfare_refusal(game, seat, d.ships)


def _patrol(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(WarshipsMoved(seat=seat, ships=d.ships))


def _patrols(game: Game, seat: int) -> Iterator[PlayCard]:
    for ship in strategy_cards.warship_moves(game, seat):
        yield PlayCard("patrol", ships=(ship,))


# TI-Q13 Plague


def _plague_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    h = holding(game.forces, d.planet)
    if h.controller in (None, seat) or not h.units.get("ground_force"):
        return Rejection("TI-Q13", "name another player's planet holding ground forces")
    return None


def _plague(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    h = holding(batch.game.forces, d.planet)
    dice = tuple(batch.chance.randrange(10) for _ in range(h.units["ground_force"]))
    hits = sum(die % 2 == 0 for die in dice)  # 0 is a 10: even
    batch.emit(DiceRolled(seat=seat, dice=dice, hits=hits))
    if hits:
        units = h.units | {"ground_force": h.units["ground_force"] - hits}
        batch.emit(HoldingsChanged(planets={d.planet: _with_units(h, units)}))


def _plagues(game: Game, seat: int) -> Iterator[PlayCard]:
    for name, h in sorted(game.forces.planets.items()):
        if h.controller not in (None, seat) and h.units.get("ground_force"):
            yield PlayCard("plague", planet=name)


# TI-Q14 Privateers


def _privateers_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or not game.players[d.seat].trade_goods:
        return Rejection("TI-Q14", "name another player holding trade goods")
    return None


def _privateers(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    kept = batch.game.players[d.seat].trade_goods // 2
    batch.emit(TradeGoodsTaken(seat=seat, other=d.seat, kept=kept))


def _naming(card: str) -> Offers:
    def offers(game: Game, seat: int) -> Iterator[PlayCard]:
        return (PlayCard(card, seat=other) for other in _others(game, seat))

    return offers


# TI-Q15 Rally of the People


def _rally_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if _pieces_left(game, seat, "dreadnought") < 1:
        return Rejection("TI-U5", "all your dreadnoughts are in play")
    return None


# TI-Q16 Rise of a Messiah


def _messiah_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not controlled(game.forces, seat) or _pieces_left(game, seat, "ground_force") < 1:
        return Rejection("TI-Q16", "you have no planet, or no ground force left to place")
    return None


def _messiah(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    left = _pieces_left(batch.game, seat, "ground_force")
    planets = {}
    for name in controlled(batch.game.forces, seat)[:left]:
        h = holding(batch.game.forces, name)
        planets[name] = _with_units(h, plus(h.units, {"ground_force": 1}))
    batch.emit(HoldingsChanged(planets=planets))


# TI-Q17 Secret Industrial Agent and Spacedock Accident


def _dock_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    h = holding(game.forces, d.planet)
    if h.controller in (None, seat) or not h.units.get("space_dock"):
        return Rejection("TI-Q17", "name another player's planet with a space dock")
    if _home(game, system_of(game, d.planet)):
        return Rejection("TI-Q17", "not in a home system")
    return None


def _agent(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    h = holding(batch.game.forces, d.planet)
    units = h.units | {"space_dock": 0}
    batch.emit(HoldingsChanged(planets={d.planet: _with_units(h, units)}))


def _docks(card: str) -> Offers:
    def offers(game: Game, seat: int) -> Iterator[PlayCard]:
        for name, h in sorted(game.forces.planets.items()):
            if h.controller not in (None, seat) and h.units.get("space_dock"):
                yield PlayCard(card, planet=name)

    return offers


# TI-Q18 Stellar Criminals


def _criminals_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or len(ready(game.forces, d.seat)) < 2:
        return Rejection("TI-Q18", "name another player with two ready planets or more")
    return None


def _criminals(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """He exhausts the half worth least to him (TI-Q18)."""
    mine = ready(batch.game.forces, d.seat)
    cheapest = sorted(mine, key=lambda n: (planet(n).resources + planet(n).influence, n))
    batch.emit(Exhausted(seat=d.seat, planets=tuple(cheapest[: len(mine) // 2])))


# TI-Q19 Strategic Bombardment


def _bombarded(game: Game, seat: int, position: str) -> dict[int, tuple[str, ...]]:
    found: dict[int, tuple[str, ...]] = {}
    for name in in_system(game.galaxy, position):
        h = holding(game.forces, name)
        if h.controller not in (None, seat) and not h.exhausted:
            found[h.controller] = (*found.get(h.controller, ()), name)  # type: ignore[index]
    return found


def _bombardment_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not d.system or not game.forces.fleet(d.system, seat).units.get("war_sun"):
        return Rejection("TI-Q19", "name a system holding your war sun")
    if not _bombarded(game, seat, d.system):
        return Rejection("TI-Q19", "no ready planet of another player there")
    return None


def _bombardment(batch: Batch[Game], seat: int, d: PlayCard) -> bool:
    for other, names in _bombarded(batch.game, seat, d.system).items():
        batch.emit(Exhausted(seat=other, planets=names))
    die = batch.chance.randrange(10)
    batch.emit(DiceRolled(seat=seat, dice=(die,), hits=int(die == 0 or die >= SIXES)))
    return die == 0 or die >= SIXES


def _bombardments(game: Game, seat: int) -> Iterator[PlayCard]:
    for position in sorted(game.forces.space):
        if game.forces.fleet(position, seat).units.get("war_sun"):
            yield PlayCard("strategic_bombardment", system=position)


# TI-Q20 Successful Spy


def _spy_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or not game.players[d.seat].hand:
        return Rejection("TI-Q20", "name another player holding action cards")
    return None


def _spy(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    hand = batch.game.players[d.seat].hand
    taken = tuple(batch.chance.sample(sorted(hand), min(2, len(hand))))
    batch.emit(CardsTaken(seat=seat, other=d.seat, cards=taken))
    action_cards.over_limit(batch)


# TI-Q21 Unexpected Action


def _unexpected_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    space = game.forces.space.get(d.system)
    if space is None or seat not in space.counters:
        return Rejection("TI-Q21", "name a system holding your command counter")
    return None


def _unexpected(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(CounterLifted(seat=seat, system=d.system))


def _counters(game: Game, seat: int) -> Iterator[PlayCard]:
    for position, space in sorted(game.forces.space.items()):
        if seat in space.counters:
            yield PlayCard("unexpected_action", system=position)


# TI-Q22 Uprising


def _uprising_targets(game: Game, position: str) -> dict[int, tuple[str, ...]]:
    return _bombarded(game, -1, position)


def _uprising_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.system not in game.galaxy.tiles or _home(game, d.system):
        return Rejection("TI-Q22", "name a system outside the home systems")
    if not _uprising_targets(game, d.system):
        return Rejection("TI-Q22", "no ready planet there")
    return None


def _uprising(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    for other, names in _uprising_targets(batch.game, d.system).items():
        batch.emit(Exhausted(seat=other, planets=names))


def _uprisings(game: Game, seat: int) -> Iterator[PlayCard]:
    for position in sorted(game.galaxy.tiles):
        if not _home(game, position) and _uprising_targets(game, position):
            yield PlayCard("uprising", system=position)


# TI-Q23 Voluntary Annexation


def _annexation_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    position = system_of(game, d.planet)
    if position is None or holding(game.forces, d.planet).controller is not None:
        return Rejection("TI-Q23", "name a neutral planet")
    near = adjacent(game.galaxy, position)
    if not any(
        holding(game.forces, n).controller == seat for p in near for n in in_system(game.galaxy, p)
    ):
        return Rejection("TI-Q23", "it lies next to no system holding a planet of yours")
    if _pieces_left(game, seat, "ground_force") < 3:
        return Rejection("TI-U5", "you have not 3 ground forces left to place")
    return None


def _annexation(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    after = Holding(controller=seat, exhausted=True, units={"ground_force": 3})
    batch.emit(HoldingsChanged(planets={d.planet: after}))


def _annexations(game: Game, seat: int) -> Iterator[PlayCard]:
    for position in sorted(game.galaxy.tiles):
        for name in in_system(game.galaxy, position):
            if holding(game.forces, name).controller is None:
                yield PlayCard("voluntary_annexation", planet=name)


# TI-Q24 War Footing


def _war_footing_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.system not in game.galaxy.tiles:
        return Rejection("TI-Q24", "name a system")
    return None


def _footings(game: Game, seat: int) -> Iterator[PlayCard]:
    for position, space in sorted(game.forces.space.items()):
        if any(f.seat == seat and f.units for f in space.fleets):
            yield PlayCard("war_footing", system=position)


def _home_ship(unit: str) -> CarryOut:
    def carry_out(batch: Batch[Game], seat: int, d: PlayCard) -> None:
        _ship_placed(batch, seat, batch.game.galaxy.home_positions[seat], unit)

    return carry_out


EFFECTS: dict[str, Effect] = {
    "armistice": Effect("TI-Q3", _armistice_refusal, lasts, _armistices),
    "civil_defense": Effect("TI-Q4", _civil_defense_refusal, _civil_defense, _civil_defenses),
    "diplomatic_immunity": Effect("TI-Q5", _immunity_refusal, lasts, _immunities),
    "ghost_ship": Effect(
        "TI-Q6",
        _ghost_ship_refusal,
        lambda b, s, d: _ship_placed(b, s, d.system, "destroyer"),
        _ghost_ships,
    ),
    "good_year": Effect("TI-Q7", _good_year_refusal, _good_year, alone("good_year")),
    "insubordination": Effect(
        "TI-Q8",
        _insubordination_refusal,
        lambda b, s, d: b.emit(CommandLost(seat=d.seat)),
        _naming("insubordination"),
    ),
    "local_unrest": Effect("TI-Q9", _unrest_refusal, _unrest, _unrests),
    "lucky_shot": Effect("TI-Q10", _lucky_shot_refusal, _lucky_shot, _lucky_shots),
    "massive_transport": Effect(
        "TI-Q11", _transport_refusal, _transport, _transports("massive_transport")
    ),
    "transport": Effect("TI-Q11", _transport_refusal, _transport, _transports("transport")),
    "patrol": Effect("TI-Q12", _patrol_refusal, _patrol, _patrols),
    "plague": Effect("TI-Q13", _plague_refusal, _plague, _plagues),
    "privateers": Effect("TI-Q14", _privateers_refusal, _privateers, _naming("privateers")),
    "rally_of_the_people": Effect(
        "TI-Q15", _rally_refusal, _home_ship("dreadnought"), alone("rally_of_the_people")
    ),
    "rise_of_a_messiah": Effect("TI-Q16", _messiah_refusal, _messiah, alone("rise_of_a_messiah")),
    "secret_industrial_agent": Effect(
        "TI-Q17", _dock_refusal, _agent, _docks("secret_industrial_agent")
    ),
    "spacedock_accident": Effect("TI-Q17", _dock_refusal, lasts, _docks("spacedock_accident")),
    "stellar_criminals": Effect(
        "TI-Q18", _criminals_refusal, _criminals, _naming("stellar_criminals")
    ),
    "strategic_bombardment": Effect("TI-Q19", _bombardment_refusal, _bombardment, _bombardments),
    "successful_spy": Effect("TI-Q20", _spy_refusal, _spy, _naming("successful_spy")),
    "unexpected_action": Effect("TI-Q21", _unexpected_refusal, _unexpected, _counters),
    "uprising": Effect("TI-Q22", _uprising_refusal, _uprising, _uprisings),
    "voluntary_annexation": Effect("TI-Q23", _annexation_refusal, _annexation, _annexations),
    "war_footing": Effect("TI-Q24", _war_footing_refusal, lasts, _footings),
}
EFFECTS |= {card: Effect(*entry) for card, entry in PHASE_EFFECTS.items()}  # TI-Q51 on
EFFECTS |= {card: Effect(*entry) for card, entry in STRATEGIC_EFFECTS.items()}  # TI-Q62 on
