"""Acquiring cards: from the Trade Row or the Explorer pile, for Trade or free (SR-A)."""

from events.ruleset import Rejection
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.decisions import Buy, BuyExplorer
from events.rulesets.star_realms.happenings import Acquired, RowFilled
from events.rulesets.star_realms.state import Game


def acquire(batch: Batch, seat: int, card: int, cost: int, top: bool) -> None:
    """The card to the discard pile or, where allowed, the top of the draw pile; the Trade
    Row refilled at once (SR-A2, SR-A3, SR-E7)."""
    game = batch.game
    ship = game.cards.card(card).is_ship
    marker = game.turn.next_ship_to_top and ship
    slot = game.row.index(card) if card in game.row else None
    batch.emit(Acquired(seat=seat, card=card, cost=cost, top=top, marker_used=marker))
    if slot is not None and batch.game.trade_deck:
        batch.emit(RowFilled(slot=slot, card=batch.game.trade_deck[0]))


def may_top(game: Game, card: int) -> bool:
    return game.turn.next_ship_to_top and game.cards.card(card).is_ship


def buy_refusal(game: Game, seat: int, decision: Buy) -> Rejection | None:
    card = decision.card
    if card not in game.row:
        return Rejection("SR-A3", "that card is not in the Trade Row")
    return _payment_refusal(game, card, decision.top)


def buy(batch: Batch, seat: int, decision: Buy) -> None:
    _pay(batch, seat, decision.card, decision.top)


def buy_explorer_refusal(game: Game, seat: int, decision: BuyExplorer) -> Rejection | None:
    if not game.explorer_left:
        return Rejection("SR-A4", "the Explorer pile is empty")
    return _payment_refusal(game, game.next_explorer, decision.top)


def buy_explorer(batch: Batch, seat: int, decision: BuyExplorer) -> None:
    _pay(batch, seat, batch.game.next_explorer, decision.top)


def _pay(batch: Batch, seat: int, card: int, top: bool) -> None:
    acquire(batch, seat, card, batch.game.cards.card(card).cost or 0, top)


def _payment_refusal(game: Game, card: int, top: bool) -> Rejection | None:
    found = game.cards.card(card)
    cost = found.cost or 0
    if cost > game.turn.trade:
        return Rejection("SR-A1", f"{found.name} costs {cost} Trade; you have {game.turn.trade}")
    if top and not may_top(game, card):
        return Rejection("SR-E7", "only the next ship after a top-deck ability may go on top")
    return None
