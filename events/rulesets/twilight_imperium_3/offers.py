"""What `legal` offers at each prompt (a bounded sample the judge then filters) and the `pass`
bot's defaults: the least change that still moves the game on (Imperial first when free, no
tactical action, strategic actions as soon as may be, then passing; secondaries declined)."""

from collections.abc import Iterator
from itertools import islice

from events.rulesets.twilight_imperium_3 import hexes, imperial, strategy_cards
from events.rulesets.twilight_imperium_3.decisions import (
    Activate,
    Decision,
    Decline,
    EndTurn,
    Follow,
    Pass,
    Pick,
    Play,
    Redistribute,
    Score,
    Station,
    Units,
)
from events.rulesets.twilight_imperium_3.galaxy import adjacent
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.objectives import spends
from events.rulesets.twilight_imperium_3.paying import cheapest, influence, resources
from events.rulesets.twilight_imperium_3.planets import home_planets, ready
from events.rulesets.twilight_imperium_3.setup import default_station as shared
from events.rulesets.twilight_imperium_3.state import (
    STATUS_COUNTERS,
    Game,
    pickable,
    reinforcements,
)
from events.rulesets.twilight_imperium_3.strategy_cards import (
    DIPLOMACY,
    IMPERIAL,
    INITIATIVE,
    LOGISTICS,
    TECHNOLOGY,
    TRADE,
    WARFARE,
    warship_moves,
)
from events.rulesets.twilight_imperium_3.tech_actions import transits
from events.rulesets.twilight_imperium_3.technology import gainable, price

WARSHIP_OFFERS = 6  # single moves offered for Warfare's secondary
IMPERIAL_OFFERS = 6  # orders offered for Imperial's


def default_station(game: Game, seat: int) -> Station:
    race = load().races[game.players[seat].race]
    return Station(planets=shared(race, home_planets(game.galaxy, seat)))


def stations(game: Game, seat: int) -> Iterator[Station]:
    """The default, and each planet holding the space dock and every ground force."""
    yield default_station(game, seat)
    race = load().races[game.players[seat].race]
    planets = home_planets(game.galaxy, seat)
    for first in planets[1:]:
        turned = (first, *(p for p in planets if p != first))
        yield Station(planets=shared(race, turned))
    for planet in planets:
        units: dict[str, Units] = {p: {} for p in planets}
        units[planet] = {
            u: race.units[u] for u in ("ground_force", "space_dock") if u in race.units
        }
        for n in range(race.units.get("pds", 0)):
            pds_at = planets[n % len(planets)]
            units[pds_at] = units[pds_at] | {"pds": units[pds_at].get("pds", 0) + 1}
        yield Station(planets={p: u for p, u in units.items() if u})


def picks(game: Game, seat: int) -> Iterator[Pick]:
    for card in pickable(game, seat):
        yield Pick(card=card)
        bonus = min(game.bonus[card - 1], reinforcements(game, seat))
        if bonus:
            yield Pick(card=card, counters=bonus)
            yield Pick(card=card, counters=bonus, fleet=bonus)  # TI-P3: any area


def default_pick(game: Game, seat: int) -> Pick:
    """Imperial first when free, so that a table of timed-out seats still ends (TI-P4: not
    Initiative twice running while another card is left)."""
    cards = pickable(game, seat)
    allowed = [c for c in cards if c != INITIATIVE or seat != game.initiative_last]
    return Pick(card=min(allowed or cards, key=lambda c: (c != IMPERIAL, c)))


def _plays(game: Game, seat: int) -> Iterator[Play]:
    player = game.players[seat]
    for card in player.cards:
        if card in player.played:
            continue
        if card == DIPLOMACY:
            yield from (Play(card=card, seat=s) for s in range(game.seats) if s != seat)
        elif card == WARFARE:
            yield Play(card=card)
            on_board = sorted(p for p, s in game.forces.space.items() if seat in s.counters)
            yield from (Play(card=card, system=p) for p in on_board)
        elif card == LOGISTICS:
            yield Play(card=card)
            yield Play(card=card, strategy=1, fleet=1)
        elif card == TRADE:
            yield Play(card=card)
            yield Play(card=card, cancel=True)  # TI-R3 (b)
        elif card == TECHNOLOGY:
            techs = gainable(game, seat)
            yield from (
                (Play(card=card, technology=t) for t in techs) if techs else [Play(card=card)]
            )
        else:
            yield Play(card=card)


def _near(game: Game, seat: int) -> list[str]:
    """Systems holding the seat's ships or next to them: where a tactical action may go."""
    held = {p for p, s in game.forces.space.items() if any(f.seat == seat for f in s.fleets)}
    near = held | {a for p in held for a in adjacent(game.galaxy, p)}
    return sorted(near, key=hexes.CODES.index)


def actions(game: Game, seat: int) -> Iterator[Decision]:
    yield from _plays(game, seat)
    if game.players[seat].command:
        yield from (Activate(system=p) for p in _near(game, seat))
    yield from transits(game, seat)
    yield EndTurn() if game.second else Pass()


def default_action(game: Game, seat: int) -> Decision:
    if game.second:
        return EndTurn()  # TI-K15
    plays = _plays(game, seat)
    return next((p for p in plays if strategy_cards.play_refusal(game, seat, p) is None), Pass())


def follows(game: Game, seat: int) -> Iterator[Decision]:
    yield Decline()
    card = game.stack[-1].about
    if card == DIPLOMACY:
        yield Follow(readying=strategy_cards.readyable(game, seat)[:2])
    elif card == LOGISTICS:
        paid = cheapest(game, seat, 3, influence)
        if paid is not None:
            yield Follow(paying=paid[0], trade_goods=paid[1])
            yield Follow(paying=paid[0], trade_goods=paid[1], fleet=1)
        yield Follow(paying=ready(game.forces, seat))
    elif card == WARFARE:
        yield from (Follow(ships=(m,)) for m in islice(warship_moves(game, seat), WARSHIP_OFFERS))
    elif card == TRADE:
        yield Follow()
    elif card == IMPERIAL:
        yield from (Follow(production=o) for o in imperial.orders(game, seat)[:IMPERIAL_OFFERS])
    elif card == TECHNOLOGY:
        for tech in gainable(game, seat):
            paid = cheapest(game, seat, price(game, seat, tech), resources)
            if paid is not None:
                yield Follow(technology=tech, paying=paid[0], trade_goods=paid[1])


def scores(game: Game, seat: int) -> Iterator[Score]:
    yield Score()
    yield Score(secret=True)
    for n, objective in enumerate(game.revealed, 1):
        spend = spends(load().objectives[objective])
        if spend is None:
            yield Score(objective=n)
            yield Score(objective=n, secret=True)
        elif spend.what == "trade_goods":
            yield Score(objective=n, trade_goods=spend.amount)
        else:
            worth = resources if spend.what == "resources" else influence
            paid = cheapest(game, seat, spend.amount, worth)
            if paid is not None:
                yield Score(objective=n, paying=paid[0], trade_goods=paid[1])


def default_redistribution(game: Game, seat: int) -> Redistribute:
    """The gain into the command pool, the rest kept where it is."""
    player = game.players[seat]
    gained = min(STATUS_COUNTERS, reinforcements(game, seat))
    return Redistribute(player.strategy, player.command + gained, player.fleet)


def redistributions(game: Game, seat: int) -> Iterator[Redistribute]:
    kept = default_redistribution(game, seat)
    yield kept
    total = kept.strategy + kept.command + kept.fleet
    yield Redistribute(kept.strategy + 1, kept.command - 1, kept.fleet)
    yield Redistribute(kept.strategy, kept.command - 1, kept.fleet + 1)
    third = total // 3
    yield Redistribute(third, total - 2 * third, third)
