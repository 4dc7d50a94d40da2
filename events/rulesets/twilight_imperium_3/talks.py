"""Trade as the kit's prompts: the talks the Trade primary opens (TI-R5 to TI-R7), in which
offers live (offered, accepted or rejected or withdrawn, approved or vetoed, lapsed); the status
phase's breaking of agreements (TI-R9); and gifts of trade goods, asked with every prompt
(TI-R10). Who the talks wait for: a seat an answer is owed by (an offer to it, the holder's
approval) must answer; a seat that may still offer may; with no answer owed, the Trade holder
must say when the talks close, so a clock always runs on someone."""

from collections.abc import Iterator
from typing import Any

import msgspec

from events.kit.batch import Batch
from events.kit.phases import Ask, Prompt
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import strategic, trade
from events.rulesets.twilight_imperium_3.agreements import MOST_OFFERS, Offer
from events.rulesets.twilight_imperium_3.state import (
    Game,
    WindowPrompt,
    clockwise,
    eliminated,
    order_of_play,
    remaining,
)
from events.rulesets.twilight_imperium_3.trade_events import (
    AcceptOffer,
    AgreementBroken,
    AgreementFormed,
    AgreementOffered,
    AgreementVetoed,
    ApproveAgreement,
    BreakAgreements,
    BreakingAnswered,
    BreakingClosed,
    BreakingOpened,
    CloseTalks,
    DoneTrading,
    Give,
    Given,
    OfferAccepted,
    OfferAgreement,
    OfferLapsed,
    OfferRejected,
    OfferWithdrawn,
    RejectOffer,
    TalksClosed,
    TalksOpened,
    TradingDone,
    VetoAgreement,
    WithdrawOffer,
)

TRADE = 5  # the Trade strategy card


# TI-R5: the talks and who they wait for


def open_talks(batch: Batch[Game], holder: int) -> bool:
    """The talks, from the holder clockwise, among the seats that may still form an agreement;
    False (skipped) where no two may (TI-R5)."""
    game = batch.game
    seats = tuple(s for s in clockwise(game, holder) if trade.partners_open(game, s))
    if seats:
        batch.emit(TalksOpened(holder=holder, seats=seats))
    return bool(seats)


def holder(game: Game) -> int:
    return game.stack[-1].about


def _owed(game: Game, seat: int) -> bool:
    """An answer the talks need from the seat: to an offer made to it, or the holder's to an
    accepted offer."""
    offers = game.trade.offers
    if any(o.receiver == seat and not o.answer for o in offers):
        return True
    return seat == holder(game) and any(o.answer for o in offers)


def trading(game: Game, seat: int) -> bool:
    """Still in the talks: not done, and able to withdraw its offer or to make one (TI-R7)."""
    top = game.stack[-1]
    if seat not in top.asked or seat in top.answered:
        return False
    if game.trade.own_offer(seat) is not None:
        return True
    made = game.trade.offered.count(seat)
    return made < MOST_OFFERS and bool(trade.partners_open(game, seat))


def roles(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats that must answer, and those that may still offer. With no answer owed, the
    holder must close the talks, or offer, while anyone may still offer."""
    owed = tuple(s for s in range(game.seats) if _owed(game, s))
    offering = tuple(s for s in range(game.seats) if trading(game, s) and s not in owed)
    if owed or not offering:
        return owed, offering
    return (holder(game),), tuple(s for s in offering if s != holder(game))


def _talks_owe(game: Game, seat: int) -> bool:
    must, may = roles(game)
    return seat in must or seat in may


def _talks_may(game: Game, seat: int) -> bool:
    return seat in roles(game)[1]


def _offer_refusal(game: Game, seat: int, d: OfferAgreement) -> Rejection | None:
    if not trading(game, seat):
        return Rejection("TI-R5", "you make no more offers in these talks")
    if game.trade.own_offer(seat) is not None:
        return Rejection("TI-R7", "your offer awaits its answer: one offer of yours at a time")
    if game.trade.offered.count(seat) >= MOST_OFFERS:
        return Rejection("TI-R7", f"you have made {MOST_OFFERS} offers in these talks")
    if d.card not in game.trade.home(seat):
        return Rejection("TI-R2", "offer a trade card of yours you have not given or promised")
    if not 0 <= d.to < game.seats or not trade.may_agree(game, seat, d.to):
        return Rejection(
            "TI-R2", "offer to a player with a card free and no agreement nor offer with you"
        )
    return None


def _offer(batch: Batch[Game], seat: int, d: OfferAgreement) -> None:
    batch.emit(AgreementOffered(offerer=seat, receiver=d.to, card=d.card))


def _offer_to(game: Game, seat: int, offerer: int) -> Offer | None:
    """The offer `offerer` made to the seat, awaiting its answer."""
    return next((o for o in game.trade.offers if o.seats == (offerer, seat) and not o.answer), None)


def _accept_refusal(game: Game, seat: int, d: AcceptOffer) -> Rejection | None:
    if _offer_to(game, seat, d.offerer) is None:
        return Rejection("TI-R5", "accept an offer made to you and not yet answered")
    if d.card not in game.trade.home(seat):
        return Rejection("TI-R2", "give a trade card of yours you have not given or promised")
    return None


def _accept(batch: Batch[Game], seat: int, d: AcceptOffer) -> None:
    offer = _offer_to(batch.game, seat, d.offerer)
    assert offer is not None, "judged"
    batch.emit(OfferAccepted(offerer=d.offerer, receiver=seat, card=d.card))
    if holder(batch.game) in offer.seats:  # TI-R6: the holder agreed as a party
        batch.emit(AgreementFormed(seats=offer.seats, cards=(offer.card, d.card)))


def _reject_refusal(game: Game, seat: int, d: RejectOffer) -> Rejection | None:
    if _offer_to(game, seat, d.offerer) is None:
        return Rejection("TI-R5", "reject an offer made to you and not yet answered")
    return None


def _reject(batch: Batch[Game], seat: int, d: RejectOffer) -> None:
    batch.emit(OfferRejected(offerer=d.offerer, receiver=seat))


def _withdraw_refusal(game: Game, seat: int, d: WithdrawOffer) -> Rejection | None:
    offer = game.trade.own_offer(seat)
    if offer is None or offer.answer:
        return Rejection("TI-R5", "withdraw an offer of yours not yet answered")
    return None


def _withdraw(batch: Batch[Game], seat: int, d: WithdrawOffer) -> None:
    offer = batch.game.trade.own_offer(seat)
    assert offer is not None, "judged"
    batch.emit(OfferWithdrawn(offerer=seat, receiver=offer.receiver))


def _accepted(game: Game, offerer: int, receiver: int) -> Offer | None:
    return next((o for o in game.trade.offers if o.seats == (offerer, receiver) and o.answer), None)


def _approval_refusal(
    game: Game, seat: int, d: ApproveAgreement | VetoAgreement
) -> Rejection | None:
    if seat != holder(game):
        return Rejection("TI-R6", "only the Trade card's holder approves or vetoes agreements")
    if _accepted(game, d.offerer, d.receiver) is None:
        return Rejection("TI-R6", "approve or veto an offer accepted and awaiting you")
    return None


def _approve(batch: Batch[Game], seat: int, d: ApproveAgreement) -> None:
    offer = _accepted(batch.game, d.offerer, d.receiver)
    assert offer is not None, "judged"
    batch.emit(AgreementFormed(seats=offer.seats, cards=(offer.card, offer.answer)))


def _veto(batch: Batch[Game], seat: int, d: VetoAgreement) -> None:
    batch.emit(AgreementVetoed(offerer=d.offerer, receiver=d.receiver))


def _done_refusal(game: Game, seat: int, d: DoneTrading) -> Rejection | None:
    top = game.stack[-1]
    if seat not in top.asked or seat in top.answered:
        return Rejection("TI-R5", "you are not trading in these talks")
    return None


def _done(batch: Batch[Game], seat: int, d: DoneTrading) -> None:
    batch.emit(TradingDone(seat=seat))


def _close_refusal(game: Game, seat: int, d: CloseTalks) -> Rejection | None:
    if seat != holder(game):
        return Rejection("TI-R5", "only the Trade card's holder closes the talks")
    return None


def _close(batch: Batch[Game], seat: int, d: CloseTalks) -> None:
    _closed(batch, by=seat)


def _closed(batch: Batch[Game], by: int = -1) -> None:
    """Offers still pending lapse; the Trade secondary follows (TI-R3, TI-R5)."""
    for offer in batch.game.trade.offers:
        batch.emit(OfferLapsed(offerer=offer.offerer, receiver=offer.receiver))
    talks_holder = holder(batch.game)
    batch.emit(TalksClosed(by=by))
    strategic.primary_done(batch, talks_holder, TRADE)


def _talks_offers(game: Game, seat: int) -> Iterator[Any]:
    """Answers to offers made to the seat, the holder's approvals, then offers to each seat
    free to agree with each card at home, withdrawing, done, closing."""
    home = game.trade.home(seat)
    for o in game.trade.offers:
        if o.receiver == seat and not o.answer:
            yield from (AcceptOffer(o.offerer, card) for card in home)
            yield RejectOffer(o.offerer)
        if seat == holder(game) and o.answer:
            yield ApproveAgreement(o.offerer, o.receiver)
            yield VetoAgreement(o.offerer, o.receiver)
    for other in trade.partners_open(game, seat):
        yield from (OfferAgreement(other, card) for card in home)
    yield WithdrawOffer()
    yield DoneTrading()
    yield CloseTalks()


def talks_default(game: Game, seat: int) -> Any:
    """An offer rejected, an agreement vetoed (no approval, no agreement), the talks closed by
    the holder they wait on, else done trading."""
    offer = next((o for o in game.trade.offers if o.receiver == seat and not o.answer), None)
    if offer is not None:
        return RejectOffer(offer.offerer)
    if seat == holder(game):
        accepted = next((o for o in game.trade.offers if o.answer), None)
        if accepted is not None:
            return VetoAgreement(accepted.offerer, accepted.receiver)
        if seat in roles(game)[0]:
            return CloseTalks()
    return DoneTrading()


# TI-R9: the status phase's breaking


def open_breaking(batch: Batch[Game]) -> None:
    """After the objectives are claimed, the seats with an agreement, in order of play."""
    game = batch.game
    seats = tuple(s for s in remaining(game, order_of_play(game)) if game.trade.of(s))
    if seats:
        batch.emit(BreakingOpened(seats=seats))


def breaker(game: Game) -> int | None:
    """The seat asked now: the next in order that has not answered and still has an
    agreement (its partner may have broken the last one)."""
    top = game.stack[-1]
    return next((s for s in top.asked if s not in top.answered and game.trade.of(s)), None)


def _break_refusal(game: Game, seat: int, d: BreakAgreements) -> Rejection | None:
    partners = set(game.trade.partners(seat))
    if len(set(d.partners)) != len(d.partners) or not set(d.partners) <= partners:
        return Rejection("TI-R9", "break only agreements of yours, each once")
    return None


def _break(batch: Batch[Game], seat: int, d: BreakAgreements) -> None:
    for partner in d.partners:
        batch.emit(AgreementBroken(seats=(seat, partner)))
    kept = tuple(p for p in batch.game.trade.partners(seat))
    batch.emit(BreakingAnswered(seat=seat, kept=kept))


def _break_offers(game: Game, seat: int) -> Iterator[BreakAgreements]:
    partners = game.trade.partners(seat)
    yield BreakAgreements()
    yield from (BreakAgreements((p,)) for p in partners)
    if len(partners) > 1:
        yield BreakAgreements(partners)


# TI-R10: gifts, asked with every prompt


def _give_refusal(game: Game, seat: int, d: Give) -> Rejection | None:
    if not 0 <= d.to < game.seats or d.to == seat or eliminated(game, d.to):
        return Rejection("TI-R10", "give trade goods to another player still in the game")
    if not 0 < d.trade_goods <= game.players[seat].trade_goods:
        return Rejection("TI-R10", f"you have {game.players[seat].trade_goods} tg to give")
    return None


def _give(batch: Batch[Game], seat: int, d: Give) -> None:
    batch.emit(Given(seat=seat, to=d.to, trade_goods=d.trade_goods))


GIFT = Ask(Give, "TI-R10", "give trade goods", "give <n> tg to <race>", _give_refusal, _give)


def with_gifts(prompt: Prompt) -> Prompt:
    """The prompt, its seats asked also free to give trade goods: a gift neither answers it
    nor ends a turn (TI-R10)."""
    asking = prompt.asking
    return msgspec.structs.replace(
        prompt,
        asks=(*prompt.asks, GIFT),
        asking=None if asking is None else lambda game, seat: (*asking(game, seat), GIFT),
    )


def gifts(game: Game, seat: int) -> tuple[Give, ...]:
    """1 tg to the next player clockwise still in the game, while the seat holds any: the gift
    `legal` offers at his turn of the action phase, one, so that random play makes gifts and
    its matches do not run long on them (TI-R10); the help's example."""
    if not game.players[seat].trade_goods or game.over:
        return ()
    others = [s for s in clockwise(game, seat)[1:] if not eliminated(game, s)]
    return (Give(to=others[0], trade_goods=1),) if others else ()


PROMPTS = (
    Prompt(
        name=WindowPrompt.TALKS,
        asks=(
            Ask(
                OfferAgreement,
                "TI-R5",
                "offer a trade agreement",
                "offer agreement to <race> with card <1|2>",
                _offer_refusal,
                _offer,
            ),
            Ask(
                AcceptOffer,
                "TI-R5",
                "accept an offer",
                "accept <race> [with card <1|2>]",
                _accept_refusal,
                _accept,
            ),
            Ask(RejectOffer, "TI-R5", "reject an offer", "reject <race>", _reject_refusal, _reject),
            Ask(
                WithdrawOffer,
                "TI-R5",
                "withdraw your offer",
                "withdraw offer",
                _withdraw_refusal,
                _withdraw,
            ),
            Ask(
                ApproveAgreement,
                "TI-R6",
                "approve an agreement",
                "approve <race>-<race>",
                _approval_refusal,
                _approve,
            ),
            Ask(
                VetoAgreement,
                "TI-R6",
                "veto an agreement",
                "veto <race>-<race>",
                _approval_refusal,
                _veto,
            ),
            Ask(DoneTrading, "TI-R5", "end your trading", "done trading", _done_refusal, _done),
            Ask(CloseTalks, "TI-R5", "close the talks", "close talks", _close_refusal, _close),
        ),
        owes=_talks_owe,
        answered=_talks_may,
        follows=_closed,
        offers=_talks_offers,
        default=talks_default,
    ),
    Prompt(
        name=WindowPrompt.BREAKING,
        asks=(
            Ask(
                BreakAgreements,
                "TI-R9",
                "break or keep your trade agreements",
                "break agreement with <race>[, <race>] | keep agreements",
                _break_refusal,
                _break,
            ),
        ),
        owes=lambda game, seat: breaker(game) == seat,
        follows=lambda batch: batch.emit(BreakingClosed()),
        offers=_break_offers,
        default=lambda game, seat: BreakAgreements(),
    ),
)


# The `greedy` bot's trade


def greedy_talks(game: Game, seat: int, options: list[Any]) -> Any:
    """Every offer accepted, giving the card worth least: an agreement only raises its income;
    as the holder, every agreement of others approved, as it gains or loses nothing by it; one
    offer of its own card worth least, to the seat whose cards at home are worth most; then
    done, or the talks closed."""
    accepts = [d for d in options if isinstance(d, AcceptOffer)]
    if accepts:
        return min(accepts, key=lambda d: (trade.value(game, seat, d.card), d.card))
    approval = next((d for d in options if isinstance(d, ApproveAgreement)), None)
    if approval is not None:
        return approval
    offers = [d for d in options if isinstance(d, OfferAgreement)]
    if offers and seat not in game.trade.offered:
        return max(
            offers, key=lambda d: (_worth_at_home(game, d.to), -trade.value(game, seat, d.card))
        )
    closing = next((d for d in options if isinstance(d, CloseTalks)), None)
    return closing if seat in roles(game)[0] and closing else talks_default(game, seat)


def _worth_at_home(game: Game, seat: int) -> int:
    return max((trade.value(game, seat, c) for c in game.trade.home(seat)), default=0)
