"""Applying trade's events (TI-R): offers kept while the talks are open, agreements made and
broken, trade goods collected and given; the talks and the breaking as windows on the stack."""

import msgspec

from events.kit import windows
from events.kit.windows import Window
from events.kit.zones import with_player
from events.rulesets.twilight_imperium_3.agreements import Agreement, Offer, Trade
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.rulesets.twilight_imperium_3.trade_events import (
    AgreementBroken,
    AgreementFormed,
    AgreementOffered,
    AgreementsCancelled,
    AgreementVetoed,
    BreakingAnswered,
    BreakingClosed,
    BreakingOpened,
    Given,
    IncomeCollected,
    OfferAccepted,
    OfferLapsed,
    OfferRejected,
    OfferWithdrawn,
    TalksClosed,
    TalksOpened,
    TradingDone,
)

replace = msgspec.structs.replace


def _trade(game: Game, **changes: object) -> Game:
    return replace(game, trade=replace(game.trade, **changes))


def _without_offer(game: Game, offerer: int, receiver: int) -> Game:
    offers = tuple(o for o in game.trade.offers if o.seats != (offerer, receiver))
    return _trade(game, offers=offers)


def _goods(game: Game, seat: int, step: int) -> Game:
    player = game.players[seat]
    return with_player(game, seat, replace(player, trade_goods=player.trade_goods + step))


def _offered(game: Game, e: AgreementOffered) -> Game:
    offer = Offer(e.offerer, e.receiver, e.card)
    return _trade(
        game, offers=(*game.trade.offers, offer), offered=(*game.trade.offered, e.offerer)
    )


def _accepted(game: Game, e: OfferAccepted) -> Game:
    offers = tuple(
        replace(o, answer=e.card) if o.seats == (e.offerer, e.receiver) else o
        for o in game.trade.offers
    )
    return _trade(game, offers=offers)


def _formed(game: Game, e: AgreementFormed) -> Game:
    game = _without_offer(game, *e.seats)
    agreement = Agreement(e.seats, e.cards, round=game.round)
    return _trade(game, agreements=(*game.trade.agreements, agreement))


def _broken(game: Game, e: AgreementBroken) -> Game:
    kept = tuple(a for a in game.trade.agreements if set(a.seats) != set(e.seats))
    return _trade(game, agreements=kept)


def _given(game: Game, e: Given) -> Game:
    return _goods(_goods(game, e.seat, -e.trade_goods), e.to, e.trade_goods)


TRADE_ROWS = {
    TalksOpened: lambda g, e: replace(
        g,
        stack=windows.opened(g.stack, Window(WindowPrompt.TALKS, e.seats, about=e.holder)),
        trade=Trade(agreements=g.trade.agreements),
    ),
    AgreementOffered: _offered,
    OfferAccepted: _accepted,
    OfferRejected: lambda g, e: _without_offer(g, e.offerer, e.receiver),
    OfferWithdrawn: lambda g, e: _without_offer(g, e.offerer, e.receiver),
    AgreementVetoed: lambda g, e: _without_offer(g, e.offerer, e.receiver),
    OfferLapsed: lambda g, e: _without_offer(g, e.offerer, e.receiver),
    AgreementFormed: _formed,
    TradingDone: lambda g, e: replace(g, stack=windows.answered(g.stack, e.seat)),
    TalksClosed: lambda g, e: replace(
        g, stack=windows.closed(g.stack), trade=Trade(agreements=g.trade.agreements)
    ),
    AgreementBroken: _broken,
    AgreementsCancelled: lambda g, e: _trade(g, agreements=()),
    IncomeCollected: lambda g, e: _goods(g, e.seat, e.trade_goods),
    BreakingOpened: lambda g, e: replace(
        g, stack=windows.opened(g.stack, Window(WindowPrompt.BREAKING, e.seats))
    ),
    BreakingAnswered: lambda g, e: replace(g, stack=windows.answered(g.stack, e.seat)),
    BreakingClosed: lambda g, e: replace(g, stack=windows.closed(g.stack)),
    Given: _given,
}
