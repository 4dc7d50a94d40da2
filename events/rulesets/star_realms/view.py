"""What a seat may see: its own hand, and what is public (SR-H). Nothing else leaves."""

import msgspec

from events.rulesets.star_realms.card_text import effect_text
from events.rulesets.star_realms.state import Cards, Game


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    authority: int
    hand_size: int  # public; the contents are not (SR-H2)
    deck_size: int
    discard: Cards  # public (SR-H1)
    bases: Cards
    owed: int  # discards owed at the start of their next turn


class PendingView(msgspec.Struct, frozen=True):
    card: int  # -1: discards owed
    kind: str  # the effect asking
    amount: int
    options: tuple[str, ...] = ()  # choose_one's two effects, in words


class SeatView(msgspec.Struct, frozen=True):
    seat: int | None  # None: a spectator
    round: int
    active: int
    first: int
    players: tuple[PlayerView, ...]
    row: Cards
    trade_deck_size: int
    explorer_pile: int | None  # None: Explorers never run out
    scrap_heap: Cards
    ships: Cards  # the seat in turn's ships in play
    trade: int
    combat: int
    next_ship_to_top: bool
    copies: tuple[tuple[int, int], ...]
    used: tuple[tuple[int, str], ...]
    pending: PendingView | None
    hand: Cards  # the seat's own
    cards: dict[int, str]  # the name of every card this view shows
    winner: int | None


def view(game: Game, seat: int | None) -> SeatView:
    hand = game.players[seat].hand if seat is not None else ()
    turn = game.turn
    shown = [*game.row, *game.scrap_heap, *turn.ships, *hand]
    for p in game.players:
        shown += [*p.discard, *p.bases]
    pending = None
    if turn.pending is not None:
        effect = turn.pending.effects[0]
        pending = PendingView(
            card=turn.pending.card,
            kind=effect.kind,
            amount=effect.amount,
            options=tuple(effect_text(o) for o in effect.options),
        )
    cards = game.cards
    return SeatView(
        seat=seat,
        round=game.round,
        active=game.active,
        first=game.first,
        players=tuple(
            PlayerView(
                seat=s,
                authority=p.authority,
                hand_size=len(p.hand),
                deck_size=len(p.deck),
                discard=p.discard,
                bases=p.bases,
                owed=p.owed,
            )
            for s, p in enumerate(game.players)
        ),
        row=game.row,
        trade_deck_size=len(game.trade_deck),
        explorer_pile=game.explorer_pile,
        scrap_heap=game.scrap_heap,
        ships=turn.ships,
        trade=turn.trade,
        combat=turn.combat,
        next_ship_to_top=turn.next_ship_to_top,
        copies=turn.copies,
        used=turn.used,
        pending=pending,
        hand=hand,
        cards={c: cards.card(c).name for c in shown},
        winner=game.winner,
    )
