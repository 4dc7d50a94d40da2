"""The action cards of the strategy phase, the status phase, the strategic action and the trade
agreements (TI-Q51 to TI-Q64, TI-Q72): for each, what its play must name and why it can do
nothing otherwise, what it does, and the plays `legal` offers. card_effects.py takes them into
its EFFECTS."""

from collections.abc import Callable, Iterator

from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import trade
from events.rulesets.twilight_imperium_3.card_decisions import Lasting, PlayCard
from events.rulesets.twilight_imperium_3.card_events import (
    CounterPlaced,
    Lasted,
    PickReturned,
    ShipsRepaired,
)
from events.rulesets.twilight_imperium_3.galaxy import adjacent
from events.rulesets.twilight_imperium_3.happenings import CountersGained, Exhausted, Picked
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.planets import controlled, holding
from events.rulesets.twilight_imperium_3.state import (
    Game,
    WindowPrompt,
    bank,
    clockwise,
    pickable,
    picks_made,
    reinforcements,
)
from events.rulesets.twilight_imperium_3.technology import gainable, one_short
from events.rulesets.twilight_imperium_3.trade_events import AgreementBroken, Given

Refusal = Callable[[Game, int, PlayCard], Rejection | None]
CarryOut = Callable[[Batch[Game], int, PlayCard], bool | None]
Offers = Callable[[Game, int], Iterator[PlayCard]]
Entry = tuple[str, Refusal, CarryOut, Offers]  # card_effects.Effect's fields

INITIATIVE, TRADE, TECHNOLOGY, IMPERIAL = 1, 5, 7, 8
SUMMIT_COUNTERS = 2  # Command Summit


def _lasting(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    lasting = Lasting(d.card, seat, other=d.seat, planet=d.planet, strategy=d.strategy)
    batch.emit(Lasted(lasting=lasting))


def _anything(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    return None


def _alone(card: str) -> Offers:
    def offers(game: Game, seat: int) -> Iterator[PlayCard]:
        yield PlayCard(card)

    return offers


def _others(card: str) -> Offers:
    def offers(game: Game, seat: int) -> Iterator[PlayCard]:
        return (PlayCard(card, seat=s) for s in range(game.seats) if s != seat)

    return offers


# TI-Q51 Command Summit


def _summit_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if reinforcements(game, seat) < 1:
        return Rejection("TI-Q51", "you have no command counter left in your reinforcements")
    return None


def _summit(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    gained = min(SUMMIT_COUNTERS, reinforcements(batch.game, seat))
    batch.emit(CountersGained(seat=seat, counters=gained))


# TI-Q53 Productivity Spike


def _spike_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    h = holding(game.forces, d.planet)
    if h.controller != seat or not h.units.get("space_dock"):
        return Rejection("TI-Q53", "name a planet of yours with a space dock")
    return None


def _spikes(game: Game, seat: int) -> Iterator[PlayCard]:
    for name in controlled(game.forces, seat):
        if holding(game.forces, name).units.get("space_dock"):
            yield PlayCard("productivity_spike", planet=name)


# TI-Q55 Signal Jamming


def _jamming_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or d.system not in game.galaxy.tiles or d.system in game.galaxy.home_positions:
        return Rejection("TI-Q55", "name another player and a system outside the home systems")
    space = game.forces.space.get(d.system)
    if space is not None and d.seat in space.counters:
        return Rejection("TI-Q55", "his command counter lies there already")
    if reinforcements(game, d.seat) < 1:
        return Rejection("TI-Q55", "he has no command counter in his reinforcements")
    return None


def _jammings(game: Game, seat: int) -> Iterator[PlayCard]:
    """Next to each other player's home system, where he would go first."""
    homes = game.galaxy.home_positions
    for other in range(game.seats):
        if other != seat:
            for position in sorted(adjacent(game.galaxy, homes[other])):
                if position not in homes:
                    yield PlayCard("signal_jamming", seat=other, system=position)


# TI-Q57 Trade Stop


def _trade_stop_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not game.trade.agreements:
        return Rejection("TI-Q57", "no trade agreement is in play")
    return None


# TI-Q58 Strategic Shift


def _shift_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.strategy not in pickable(game, seat):
        return Rejection("TI-Q58", "name a strategy card still to be picked")
    return None


def _shifts(game: Game, seat: int) -> Iterator[PlayCard]:
    return (PlayCard("strategic_shift", strategy=c) for c in pickable(game, seat))


# TI-Q59 Public Disgrace


def _last_picker(game: Game) -> int:
    made = picks_made(game)
    return game.picks[made - 1] if 0 < made <= len(game.picks) else -1


def _disgrace_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or d.seat != _last_picker(game):
        return Rejection("TI-Q59", "name the player who has just picked")
    if not pickable(game, d.seat):
        return Rejection("TI-Q59", "he would have no other card to pick")
    return None


def _disgrace(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """His card back, its bonus spent; the speaker token back to who began the phase with it
    if the card was Initiative (TI-Q59)."""
    game = batch.game
    card = game.players[d.seat].cards[-1]
    speaker = game.picks[0] if card == INITIATIVE else game.speaker
    batch.emit(PickReturned(seat=d.seat, card=card, speaker=speaker))
    batch.emit(Lasted(lasting=Lasting(d.card, seat, other=d.seat, strategy=card)))


def _disgraces(game: Game, seat: int) -> Iterator[PlayCard]:
    picker = _last_picker(game)
    if picker not in (-1, seat):
        yield PlayCard("public_disgrace", seat=picker)


# TI-Q60 Strategic Flexibility


def _given(game: Game, seat: int, d: PlayCard) -> int:
    """The card given up: the one named, or the only one he holds."""
    cards = game.players[seat].cards
    return d.giving or (cards[0] if len(cards) == 1 else 0)


def _flexibility_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    given = _given(game, seat, d)
    if given not in game.players[seat].cards or given == INITIATIVE:
        return Rejection("TI-Q60", "give up a strategy card of yours other than Initiative")
    if d.strategy not in pickable(game, seat) or d.strategy == INITIATIVE:
        return Rejection("TI-Q60", "take a strategy card no one picked, other than Initiative")
    return None


def _flexibility(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """A pick in all but its order: the card taken brings its bonus as trade goods (TI-Q60)."""
    game = batch.game
    given = _given(game, seat, d)
    batch.emit(PickReturned(seat=seat, card=given, speaker=game.speaker))
    goods = min(game.bonus[d.strategy - 1], bank(game))
    batch.emit(Picked(seat=seat, card=d.strategy, trade_goods=goods))


def _flexibilities(game: Game, seat: int) -> Iterator[PlayCard]:
    for given in game.players[seat].cards:
        for taken in pickable(game, seat):
            if INITIATIVE not in (given, taken):
                yield PlayCard("strategic_flexibility", strategy=taken, giving=given)


# TI-Q61 Political Stability


def _stability_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    cards = game.players[seat].cards
    if not cards or INITIATIVE in cards or IMPERIAL in cards:
        return Rejection("TI-Q61", "keep strategy cards you hold, neither Initiative nor Imperial")
    return None


# TI-Q72 Influence in the Merchants' Guild


def _guild_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or d.partner == -1 or game.trade.between(d.seat, d.partner) is None:
        return Rejection("TI-Q72", "name two players with a trade agreement between them")
    return None


def _guild(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(AgreementBroken(seats=(d.seat, d.partner)))


def _guilds(game: Game, seat: int) -> Iterator[PlayCard]:
    for agreement in game.trade.agreements:
        one, other = agreement.seats
        if one == seat:
            one, other = other, one
        yield PlayCard("influence_in_the_merchants_guild", seat=one, partner=other)


# TI-Q62 Policy Paralysis, TI-Q63 Tech Bubble: the strategic action waiting under their window


def _strategic(game: Game) -> int:
    """The strategy card whose primary has just resolved, or 0."""
    waiting = (w for w in reversed(game.stack) if w.prompt == WindowPrompt.PRIMARY_DONE)
    return next((w.about for w in waiting), 0)


def _paralysis_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not _strategic(game) or d.seat in (-1, seat, game.turn) or not 0 <= d.seat < game.seats:
        return Rejection("TI-Q62", "name an opponent who could follow the secondary")
    return None


def _paralyses(game: Game, seat: int) -> Iterator[PlayCard]:
    return (PlayCard("policy_paralysis", seat=s) for s in clockwise(game, game.turn)[1:])


def _paralysis(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    lasting = Lasting(d.card, seat, other=d.seat, strategy=_strategic(batch.game))
    batch.emit(Lasted(lasting=lasting))


def _bubble_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if _strategic(game) != TECHNOLOGY or seat != game.turn:
        return Rejection("TI-Q63", "only the player of Technology, after its primary")
    if game.players[seat].strategy < 1:
        return Rejection("TI-Q63", "you have no counter in your strategy allocation to spend")
    return None


def _bubble(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(Lasted(lasting=Lasting(d.card, seat, strategy=TECHNOLOGY)))


# TI-Q64 Ruinous Tariffs


def _trade_follower(game: Game) -> int:
    """Who has just followed Trade's secondary, or -1."""
    trade_windows = (
        w for w in reversed(game.stack) if w.prompt == WindowPrompt.SECONDARY and w.about == TRADE
    )
    found = next(trade_windows, None)
    return found.answered[-1] if found is not None and found.answered else -1


def _tariffs_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or d.seat == seat or d.seat != _trade_follower(game):
        return Rejection("TI-Q64", "name the player who has just followed Trade's secondary")
    if game.trade.between(seat, d.seat) is None:
        return Rejection("TI-Q64", "he must be your trade partner")
    if not game.players[d.seat].trade_goods:
        return Rejection("TI-Q64", "he has no trade goods")
    return None


def _tariffs(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    goods = batch.game.players[d.seat].trade_goods
    batch.emit(Given(seat=d.seat, to=seat, trade_goods=(goods + 1) // 2))


def _tariffed(game: Game, seat: int) -> Iterator[PlayCard]:
    follower = _trade_follower(game)
    if follower not in (-1, seat):
        yield PlayCard("ruinous_tariffs", seat=follower)


# TI-Q65 Corporate Sponsorship, TI-Q66 Focused Research, TI-Q67 Opening the Black Box: played
# in Technology's secondary before buying (strategic.py), lasting to the purchase


def _buying(rule: str, could: Callable[[Game, int, str], bool], what: str) -> Refusal:
    def refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
        buying = game.stack and game.stack[-1].prompt == WindowPrompt.SECONDARY
        if not buying or game.stack[-1].about != TECHNOLOGY:
            return Rejection(rule, "play it as you follow Technology's secondary")
        if not any(could(game, seat, t) for t in load().technologies):
            return Rejection(rule, f"there is no {what} for you to buy")
        return None

    return refusal


def _of_colour(colour: str) -> Callable[[Game, int, str], bool]:
    return lambda game, seat, t: (
        load().technologies[t].colour == colour and t in gainable(game, seat)
    )


def _waivable(game: Game, seat: int, technology: str) -> bool:
    owned = set(game.players[seat].technologies)
    found = load().technologies[technology]
    return (
        technology not in gainable(game, seat)
        and not found.later
        and (technology not in owned and one_short(owned, technology))
    )


# TI-Q70 Master of Trade, played "any time" (any_time.py)

MASTER_AGREEMENTS = 2


def _readied(d: PlayCard) -> tuple[str, ...]:
    return tuple(p for p in (d.planet, d.target) if p)


def _master_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if len(game.trade.of(seat)) < MASTER_AGREEMENTS:
        return Rejection("TI-Q70", "you need two trade agreements in force")
    named = _readied(d)
    exhausted = set(_exhausted(game, seat))
    if not named or len(set(named)) != len(named) or not set(named) <= exhausted:
        return Rejection("TI-Q70", "name one or two exhausted planets of yours")
    return None


def _exhausted(game: Game, seat: int) -> tuple[str, ...]:
    return tuple(
        n for n in sorted(controlled(game.forces, seat)) if game.forces.planets[n].exhausted
    )


def _masters(game: Game, seat: int) -> Iterator[PlayCard]:
    tired = _exhausted(game, seat)
    if tired:
        yield PlayCard("master_of_trade", planet=tired[0], target=tired[1] if tired[1:] else "")


# TI-Q69 Emergency Repairs, played "any time" (any_time.py)


def _damaged(game: Game, seat: int) -> Iterator[str]:
    for position in sorted(game.forces.space):
        damaged = game.forces.fleet(position, seat).damaged
        if damaged.get("dreadnought") or damaged.get("war_sun"):
            yield position


def _repairs_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.system not in set(_damaged(game, seat)):
        return Rejection(
            "TI-Q69", "name a system holding a damaged dreadnought or war sun of yours"
        )
    return None


PHASE_EFFECTS: dict[str, Entry] = {
    "command_summit": ("TI-Q51", _summit_refusal, _summit, _alone("command_summit")),
    "grand_armada": ("TI-Q52", _anything, _lasting, _alone("grand_armada")),
    "productivity_spike": ("TI-Q53", _spike_refusal, _lasting, _spikes),
    "scientist_assassination": (
        "TI-Q54",
        _anything,
        _lasting,
        _others("scientist_assassination"),
    ),
    "signal_jamming": (
        "TI-Q55",
        _jamming_refusal,
        lambda b, s, d: b.emit(CounterPlaced(seat=d.seat, system=d.system)),
        _jammings,
    ),
    "trade_stop": (
        "TI-Q57",
        _trade_stop_refusal,
        lambda b, s, d: trade.cancel(b, s),
        _alone("trade_stop"),
    ),
    "strategic_shift": ("TI-Q58", _shift_refusal, _lasting, _shifts),
    "public_disgrace": ("TI-Q59", _disgrace_refusal, _disgrace, _disgraces),
    "strategic_flexibility": (
        "TI-Q60",
        _flexibility_refusal,
        _flexibility,
        _flexibilities,
    ),
    "political_stability": (
        "TI-Q61",
        _stability_refusal,
        _lasting,
        _alone("political_stability"),
    ),
    "influence_in_the_merchants_guild": ("TI-Q72", _guild_refusal, _guild, _guilds),
    "policy_paralysis": ("TI-Q62", _paralysis_refusal, _paralysis, _paralyses),
    "tech_bubble": ("TI-Q63", _bubble_refusal, _bubble, _alone("tech_bubble")),
    "ruinous_tariffs": ("TI-Q64", _tariffs_refusal, _tariffs, _tariffed),
    "emergency_repairs": (
        "TI-Q69",
        _repairs_refusal,
        lambda b, s, d: b.emit(ShipsRepaired(seat=s, system=d.system)),
        lambda g, s: (PlayCard("emergency_repairs", system=p) for p in _damaged(g, s)),
    ),
    "master_of_trade": (
        "TI-Q70",
        _master_refusal,
        lambda b, s, d: b.emit(Exhausted(seat=s, planets=_readied(d), ready=True)),
        _masters,
    ),
    "corporate_sponsorship": (
        "TI-Q65",
        _buying("TI-Q65", _of_colour("green"), "green technology"),
        _lasting,
        _alone("corporate_sponsorship"),
    ),
    "focused_research": (
        "TI-Q66",
        _buying("TI-Q66", _waivable, "technology a prerequisite short"),
        _lasting,
        _alone("focused_research"),
    ),
    "opening_the_black_box": (
        "TI-Q67",
        _buying("TI-Q67", _of_colour("red"), "red technology"),
        _lasting,
        _alone("opening_the_black_box"),
    ),
}


def paralysed(game: Game, seat: int, card: int) -> bool:
    """Policy Paralysis bars him from this card's secondary (TI-Q62)."""
    return any(
        last.card == "policy_paralysis" and last.other == seat and last.strategy == card
        for last in game.lasting
    )


def bubbled(game: Game, seat: int) -> bool:
    """Tech Bubble: he follows his own Technology's secondary too (TI-Q63)."""
    return any(last.card == "tech_bubble" and last.seat == seat for last in game.lasting)


def stable(game: Game) -> int:
    """The seat keeping its strategy cards for the next round, or -1 (TI-Q61)."""
    return next((last.seat for last in game.lasting if last.card == "political_stability"), -1)
