"""The action cards of the strategy phase, the status phase and the trade agreements (TI-Q51 to
TI-Q61, TI-Q72, TI-Q76): for each, what its play must name and why it can do nothing otherwise,
what it does, and the plays `legal` offers. card_effects.py takes them into its EFFECTS."""

from collections.abc import Callable, Iterator

from events.kit.batch import Batch
from events.kit.windows import Window
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import trade
from events.rulesets.twilight_imperium_3.card_decisions import Lasting, PlayCard
from events.rulesets.twilight_imperium_3.card_events import (
    CounterPlaced,
    Lasted,
    PickReturned,
)
from events.rulesets.twilight_imperium_3.card_plays import Offers, alone, lasts
from events.rulesets.twilight_imperium_3.galaxy import adjacent
from events.rulesets.twilight_imperium_3.happenings import CountersGained, Opened, Picked
from events.rulesets.twilight_imperium_3.planets import controlled, holding
from events.rulesets.twilight_imperium_3.state import (
    Game,
    WindowPrompt,
    bank,
    pickable,
    picks_made,
    reinforcements,
)
from events.rulesets.twilight_imperium_3.trade_events import AgreementBroken

Refusal = Callable[[Game, int, PlayCard], Rejection | None]
CarryOut = Callable[[Batch[Game], int, PlayCard], bool | None]
Entry = tuple[str, Refusal, CarryOut, Offers]  # card_effects.Effect's fields

INITIATIVE, TRADE, TECHNOLOGY, IMPERIAL = 1, 5, 7, 8
SUMMIT_COUNTERS = 2  # Command Summit


def _anything(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    return None


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


# TI-Q76 Synchronicity; the card taken is synchronicity.py's


def _synchronicity_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not game.deck:
        return Rejection("TI-Q76", "the action deck is empty (its discard pile is not searched)")
    return None


def _synchronicity(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """The deck shown to the player alone, who then takes a card of it (TI-Q76)."""
    batch.emit(Opened(window=Window(WindowPrompt.SYNCHRONICITY, (seat,))))


PHASE_EFFECTS: dict[str, Entry] = {
    "command_summit": ("TI-Q51", _summit_refusal, _summit, alone("command_summit")),
    "grand_armada": ("TI-Q52", _anything, lasts, alone("grand_armada")),
    "productivity_spike": ("TI-Q53", _spike_refusal, lasts, _spikes),
    "scientist_assassination": (
        "TI-Q54",
        _anything,
        lasts,
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
        alone("trade_stop"),
    ),
    "strategic_shift": ("TI-Q58", _shift_refusal, lasts, _shifts),
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
        lasts,
        alone("political_stability"),
    ),
    "influence_in_the_merchants_guild": ("TI-Q72", _guild_refusal, _guild, _guilds),
    "synchronicity": (
        "TI-Q76",
        _synchronicity_refusal,
        _synchronicity,
        alone("synchronicity"),
    ),
}


def stable(game: Game) -> int:
    """The seat keeping its strategy cards for the next round, or -1 (TI-Q61)."""
    return next((last.seat for last in game.lasting if last.card == "political_stability"), -1)
