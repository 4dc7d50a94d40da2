"""Applying events: no rules here, only what the event says, replacing just what changes."""

from typing import Any

import msgspec

from events.kit.evolve import dispatch
from events.kit.zones import with_player, without
from events.rulesets.star_realms.happenings import (
    AbilityUsed,
    Acquired,
    Attacked,
    BaseDestroyed,
    Chosen,
    Copied,
    DeckShuffled,
    Discarded,
    DiscardOwed,
    Drew,
    Gained,
    GameWon,
    NextShipMarked,
    Played,
    Prompted,
    RowFilled,
    RowScrapped,
    Scrapped,
    Setup,
    TurnBegan,
    TurnEnded,
)
from events.rulesets.star_realms.state import (
    Cards,
    Game,
    Pending,
    Player,
    Turn,
)

replace = msgspec.structs.replace


def _setup(_: None, e: Setup) -> Game:
    return Game(
        card_set=e.card_set,
        players=tuple(Player(deck=deck) for deck in e.decks),
        first=e.first,
        active=e.first,
        trade_deck=e.trade_deck,
        explorer_pile=e.explorer_pile,
        turn=Turn(),
    )


def _row_filled(game: Game, e: RowFilled) -> Game:
    row = (*game.row[: e.slot], e.card, *game.row[e.slot :])
    return replace(game, row=row, trade_deck=without(game.trade_deck, (e.card,)))


def _shuffled(game: Game, e: DeckShuffled) -> Game:
    p = game.players[e.seat]
    return with_player(game, e.seat, replace(p, deck=p.deck + e.order, discard=()))


def _drew(game: Game, e: Drew) -> Game:
    p = game.players[e.seat]
    return with_player(game, e.seat, replace(p, deck=p.deck[len(e.cards) :], hand=p.hand + e.cards))


def _turn(game: Game, **fields: Any) -> Game:
    return replace(game, turn=replace(game.turn, **fields))


def _turn_began(game: Game, e: TurnBegan) -> Game:
    bases = game.players[e.seat].bases
    turn = Turn(together=(bases,) if bases else ())
    return replace(game, active=e.seat, round=game.round + 1, turn=turn)


def _played(game: Game, e: Played) -> Game:
    p = game.players[e.seat]
    hand = without(p.hand, (e.card,))
    t = game.turn
    bases, ships = p.bases, t.ships
    if game.cards.card(e.card).is_base:
        bases = (*bases, e.card)
    else:
        ships = (*ships, e.card)
    game = _turn(with_player(game, e.seat, replace(p, hand=hand, bases=bases)), ships=ships)
    return _turn(game, played=(*t.played, e.card), together=_together(game))


def _together(game: Game) -> tuple[Cards, ...]:
    """The moments kept so far and this one: the seat in turn's cards in play now."""
    return (*game.turn.together, (*game.players[game.active].bases, *game.turn.ships))


def _ability_used(game: Game, e: AbilityUsed) -> Game:
    return _turn(game, used=(*game.turn.used, (e.card, e.slot)))


def _gained(game: Game, e: Gained) -> Game:
    p = game.players[e.seat]
    game = with_player(game, e.seat, replace(p, authority=p.authority + e.authority))
    return _turn(game, trade=game.turn.trade + e.trade, combat=game.turn.combat + e.combat)


def _prompted(game: Game, e: Prompted) -> Game:
    return _turn(game, pending=Pending(card=e.card, effects=e.effects))


def _chosen(game: Game, e: Chosen) -> Game:
    return _turn(game, pending=None)


def _scrapped(game: Game, e: Scrapped) -> Game:
    p = game.players[e.seat]
    p = replace(
        p,
        hand=without(p.hand, e.cards),
        discard=without(p.discard, e.cards),
        bases=without(p.bases, e.cards),
    )
    base = game.cards.explorer_base
    heap = game.scrap_heap + tuple(c for c in e.cards if c < base)
    back = sum(c >= base for c in e.cards)  # Explorers go back to their pile
    pile = None if game.explorer_pile is None else game.explorer_pile + back
    game = replace(with_player(game, e.seat, p), scrap_heap=heap, explorer_pile=pile)
    return _turn(game, ships=without(game.turn.ships, e.cards))


def _row_scrapped(game: Game, e: RowScrapped) -> Game:
    return replace(game, row=without(game.row, e.cards), scrap_heap=game.scrap_heap + e.cards)


def _discarded(game: Game, e: Discarded) -> Game:
    p = game.players[e.seat]
    p = replace(p, hand=without(p.hand, e.cards), discard=p.discard + e.cards)
    return with_player(game, e.seat, p)


def _owed(game: Game, e: DiscardOwed) -> Game:
    p = game.players[e.seat]
    return with_player(game, e.seat, replace(p, owed=e.count))


def _acquired(game: Game, e: Acquired) -> Game:
    p = game.players[e.seat]
    p = replace(p, deck=(e.card, *p.deck)) if e.top else replace(p, discard=(*p.discard, e.card))
    explorer = e.card >= game.cards.explorer_base
    pile = game.explorer_pile
    game = replace(
        with_player(game, e.seat, p),
        row=without(game.row, (e.card,)),
        explorers=game.explorers + explorer,
        explorer_pile=None if pile is None else pile - explorer,
    )
    t = game.turn
    return _turn(
        game,
        trade=t.trade - e.cost,
        next_ship_to_top=t.next_ship_to_top and not e.marker_used,
    )


def _copied(game: Game, e: Copied) -> Game:
    game = _turn(game, copies=(*game.turn.copies, (e.card, e.ship)))
    return _turn(game, together=_together(game))  # the copy's faction came with it


def _marked(game: Game, e: NextShipMarked) -> Game:
    return _turn(game, next_ship_to_top=True)


def _base_destroyed(game: Game, e: BaseDestroyed) -> Game:
    p = game.players[e.seat]
    p = replace(p, bases=without(p.bases, (e.base,)), discard=(*p.discard, e.base))
    game = with_player(game, e.seat, p)
    return _turn(game, combat=game.turn.combat - e.combat)


def _attacked(game: Game, e: Attacked) -> Game:
    p = game.players[e.seat]
    game = with_player(game, e.seat, replace(p, authority=p.authority - e.amount))
    return _turn(game, combat=game.turn.combat - e.amount)


def _turn_ended(game: Game, e: TurnEnded) -> Game:
    p = game.players[e.seat]
    p = replace(p, hand=(), discard=p.discard + game.turn.ships + p.hand)
    return replace(with_player(game, e.seat, p), turn=Turn())


def _won(game: Game, e: GameWon) -> Game:
    return replace(game, winner=e.winner)  # won by an attack: no choice waits (SR-P6)


evolve = dispatch(
    "star-realms",
    {
        Setup: _setup,
        RowFilled: _row_filled,
        DeckShuffled: _shuffled,
        Drew: _drew,
        TurnBegan: _turn_began,
        Played: _played,
        AbilityUsed: _ability_used,
        Gained: _gained,
        Prompted: _prompted,
        Chosen: _chosen,
        Scrapped: _scrapped,
        RowScrapped: _row_scrapped,
        Discarded: _discarded,
        DiscardOwed: _owed,
        Acquired: _acquired,
        Copied: _copied,
        NextShipMarked: _marked,
        BaseDestroyed: _base_destroyed,
        Attacked: _attacked,
        TurnEnded: _turn_ended,
        GameWon: _won,
    },
)
