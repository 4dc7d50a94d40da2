"""Applying the action cards' events: no rules here, only what each says."""

import msgspec

from events.kit import windows
from events.kit.zones import with_player, without
from events.rulesets.twilight_imperium_3.card_decisions import Pending
from events.rulesets.twilight_imperium_3.card_events import (
    CardCancelled,
    CardChosen,
    CardPlayed,
    CardResolved,
    CardsDiscarded,
    CardsDrawn,
    CardSearched,
    CardsRevealed,
    CardsShown,
    CardsTaken,
    CommandLost,
    CounterLifted,
    CounterPlaced,
    DeckShuffled,
    DiceRolled,
    FleetChanged,
    HoldingsChanged,
    Lasted,
    PickReturned,
    PicksOver,
    ShipsRepaired,
    TradeGoodsTaken,
)
from events.rulesets.twilight_imperium_3.fleets import with_fleet
from events.rulesets.twilight_imperium_3.forces import Fleet, Space
from events.rulesets.twilight_imperium_3.state import Game, Player

REPAIRED = ("dreadnought", "war_sun")  # Emergency Repairs (TI-Q69)

replace = msgspec.structs.replace


def _player(game: Game, seat: int, **changes: object) -> Game:
    return with_player(game, seat, replace(game.players[seat], **changes))


def _less(player: Player, cards: tuple[int, ...]) -> Player:
    """The player without these cards in hand, nor anyone's knowledge of them."""
    gone = set(cards)
    known = tuple(k for k in player.known if k[1] not in gone)
    return replace(player, hand=without(player.hand, cards), known=known)


def _drawn(game: Game, e: CardsDrawn) -> Game:
    game = replace(game, deck=without(game.deck, e.cards))
    return _player(game, e.seat, hand=(*game.players[e.seat].hand, *e.cards))


def _searched(game: Game, e: CardSearched) -> Game:
    game = replace(game, deck=without(game.deck, (e.card,)))
    return _player(game, e.seat, hand=(*game.players[e.seat].hand, e.card))


def _discarded(game: Game, e: CardsDiscarded) -> Game:
    game = with_player(game, e.seat, _less(game.players[e.seat], e.cards))
    return replace(game, discard=(*game.discard, *e.cards))


def _played(game: Game, e: CardPlayed) -> Game:
    game = with_player(game, e.seat, _less(game.players[e.seat], (e.card,)))
    played = Pending(e.seat, e.card, e.play, e.action)
    pending = (played, *game.pending) if e.ahead else (*game.pending, played)
    return replace(game, pending=pending)


def _chosen(game: Game, e: CardChosen) -> Game:
    game = replace(game, stack=windows.answered(game.stack, e.seat))
    return _player(game, e.seat, answer=e.play)


def _revealed(game: Game, e: CardsRevealed) -> Game:
    return replace(game, players=tuple(replace(p, answer=None) for p in game.players))


def _cancelled(game: Game, e: CardCancelled) -> Game:
    first = game.pending[0]
    game = with_player(game, e.seat, _less(game.players[e.seat], (e.card,)))
    return replace(game, pending=game.pending[1:], discard=(*game.discard, first.card, e.card))


def _resolved(game: Game, e: CardResolved) -> Game:
    first = game.pending[0]
    game = replace(game, pending=game.pending[1:])
    if e.returned:
        return _player(game, first.seat, hand=(*game.players[first.seat].hand, first.card))
    return replace(game, discard=(*game.discard, first.card))


def _taken(game: Game, e: CardsTaken) -> Game:
    game = with_player(game, e.other, _less(game.players[e.other], e.cards))
    player = game.players[e.seat]
    known = (*player.known, *((e.other, card) for card in e.cards))
    return _player(game, e.seat, hand=(*player.hand, *e.cards), known=known)


def _fleet_changed(game: Game, e: FleetChanged) -> Game:
    damaged = game.forces.fleet(e.system, e.seat).damaged
    kept = {u: min(n, e.units.get(u, 0)) for u, n in damaged.items()}
    fleet = Fleet(e.seat, e.units, {u: n for u, n in kept.items() if n})
    return replace(game, forces=with_fleet(game.forces, e.system, fleet))


def _repaired(game: Game, e: ShipsRepaired) -> Game:
    fleet = game.forces.fleet(e.system, e.seat)
    damaged = {u: n for u, n in fleet.damaged.items() if u not in REPAIRED}
    return replace(game, forces=with_fleet(game.forces, e.system, replace(fleet, damaged=damaged)))


def _shown(game: Game, e: CardsShown) -> Game:
    player = game.players[e.seat]
    known = (*player.known, *((e.to, c) for c in player.hand if (e.to, c) not in player.known))
    return _player(game, e.seat, known=known)


def _counter_lifted(game: Game, e: CounterLifted) -> Game:
    space = game.forces.space[e.system]
    counters = tuple(s for s in space.counters if s != e.seat)
    spaces = game.forces.space | {e.system: replace(space, counters=counters)}
    return replace(game, forces=replace(game.forces, space=spaces))


def _trade_goods_taken(game: Game, e: TradeGoodsTaken) -> Game:
    game = _player(game, e.other, trade_goods=0)
    return _player(game, e.seat, trade_goods=game.players[e.seat].trade_goods + e.kept)


def _pick_returned(game: Game, e: PickReturned) -> Game:
    game = _player(game, e.seat, cards=without(game.players[e.seat].cards, (e.card,)))
    return replace(game, speaker=e.speaker)


def _counter_placed(game: Game, e: CounterPlaced) -> Game:
    space = game.forces.space.get(e.system, Space())
    space = replace(space, counters=(*space.counters, e.seat))
    return replace(game, forces=replace(game.forces, space=game.forces.space | {e.system: space}))


CARD_ROWS = {
    DeckShuffled: lambda g, e: replace(g, deck=e.deck, discard=without(g.discard, e.deck)),
    CardsDrawn: _drawn,
    CardsDiscarded: _discarded,
    CardPlayed: _played,
    CardChosen: _chosen,
    CardsRevealed: _revealed,
    CardCancelled: _cancelled,
    CardResolved: _resolved,
    CardsTaken: _taken,
    Lasted: lambda g, e: replace(g, lasting=(*g.lasting, e.lasting)),
    HoldingsChanged: lambda g, e: replace(
        g, forces=replace(g.forces, planets=g.forces.planets | e.planets)
    ),
    FleetChanged: _fleet_changed,
    CommandLost: lambda g, e: _player(g, e.seat, command=g.players[e.seat].command - 1),
    CounterLifted: _counter_lifted,
    TradeGoodsTaken: _trade_goods_taken,
    DiceRolled: lambda g, e: g,
    PickReturned: _pick_returned,
    PicksOver: lambda g, e: replace(g, picks=()),
    CounterPlaced: _counter_placed,
    ShipsRepaired: _repaired,
    CardsShown: _shown,
    CardSearched: _searched,
}
