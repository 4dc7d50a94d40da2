"""What players decide in trade (TI-R) and what happened: offers of trade agreements and their
answers, the Trade holder's approval, the talks closing, agreements broken, income collected
and gifts of trade goods."""

import msgspec

# Decisions


class OfferAgreement(msgspec.Struct, frozen=True, tag="ti.offer_agreement"):
    """An agreement offered to seat `to`, giving him trade card `card` (1 or 2) (TI-R5)."""

    to: int
    card: int


class AcceptOffer(msgspec.Struct, frozen=True, tag="ti.accept_offer"):
    """The offer of seat `offerer` accepted, giving him trade card `card` (TI-R2)."""

    offerer: int
    card: int


class RejectOffer(msgspec.Struct, frozen=True, tag="ti.reject_offer"):
    offerer: int


class WithdrawOffer(msgspec.Struct, frozen=True, tag="ti.withdraw_offer"):
    """The seat's own pending offer taken back."""


class ApproveAgreement(msgspec.Struct, frozen=True, tag="ti.approve_agreement"):
    """The Trade holder approves the accepted offer between the two seats (TI-R6)."""

    offerer: int
    receiver: int


class VetoAgreement(msgspec.Struct, frozen=True, tag="ti.veto_agreement"):
    offerer: int
    receiver: int


class DoneTrading(msgspec.Struct, frozen=True, tag="ti.done_trading"):
    """The seat makes no more offers in these talks; offers to it still await its answer."""


class CloseTalks(msgspec.Struct, frozen=True, tag="ti.close_talks"):
    """The Trade holder ends the talks: offers still pending lapse (TI-R5)."""


class BreakAgreements(msgspec.Struct, frozen=True, tag="ti.break_agreements"):
    """In the status phase, the agreements with these partners broken; none: all kept
    (TI-R9)."""

    partners: tuple[int, ...] = ()


class Give(msgspec.Struct, frozen=True, tag="ti.give"):
    """Trade goods given to seat `to` (TI-R10)."""

    to: int
    trade_goods: int


TRADE_DECISIONS = (
    OfferAgreement,
    AcceptOffer,
    RejectOffer,
    WithdrawOffer,
    ApproveAgreement,
    VetoAgreement,
    DoneTrading,
    CloseTalks,
    BreakAgreements,
    Give,
)


# Events


class TalksOpened(msgspec.Struct, frozen=True, tag="ti.talks_opened"):
    """The Trade primary opens the trade talks to these seats, the holder `holder` (TI-R5)."""

    holder: int
    seats: tuple[int, ...]


class AgreementOffered(msgspec.Struct, frozen=True, tag="ti.agreement_offered"):
    offerer: int
    receiver: int
    card: int


class OfferAccepted(msgspec.Struct, frozen=True, tag="ti.offer_accepted"):
    offerer: int
    receiver: int
    card: int  # the receiver's card given in return


class OfferRejected(msgspec.Struct, frozen=True, tag="ti.offer_rejected"):
    offerer: int
    receiver: int


class OfferWithdrawn(msgspec.Struct, frozen=True, tag="ti.offer_withdrawn"):
    offerer: int
    receiver: int


class AgreementVetoed(msgspec.Struct, frozen=True, tag="ti.agreement_vetoed"):
    offerer: int
    receiver: int


class OfferLapsed(msgspec.Struct, frozen=True, tag="ti.offer_lapsed"):
    """An offer still pending as the talks closed (TI-R5)."""

    offerer: int
    receiver: int


class AgreementFormed(msgspec.Struct, frozen=True, tag="ti.agreement_formed"):
    """The two seats exchange trade cards: `cards[n]` given by `seats[n]` (TI-R2, TI-R6)."""

    seats: tuple[int, int]
    cards: tuple[int, int]


class TradingDone(msgspec.Struct, frozen=True, tag="ti.trading_done"):
    seat: int


class TalksClosed(msgspec.Struct, frozen=True, tag="ti.talks_closed"):
    """The trade talks are over (TI-R5); `by` the Trade holder who closed them, -1: no one was
    left to trade."""

    by: int = -1


class AgreementBroken(msgspec.Struct, frozen=True, tag="ti.agreement_broken"):
    """The trade cards go home. `war`: a space battle or invasion between the partners
    (TI-R8); else broken by `seats[0]` in the status phase (TI-R9)."""

    seats: tuple[int, int]
    war: bool = False


class AgreementsCancelled(msgspec.Struct, frozen=True, tag="ti.agreements_cancelled"):
    """The Trade primary's option (b): every agreement ends, every trade card goes home."""

    seat: int


class IncomeCollected(msgspec.Struct, frozen=True, tag="ti.income_collected"):
    """Trade goods from the bank for the seat's agreements (TI-R4), `technology` of them for
    Micro Technology."""

    seat: int
    trade_goods: int
    technology: int = 0


class BreakingOpened(msgspec.Struct, frozen=True, tag="ti.breaking_opened"):
    """The status phase asks these seats, in order of play, whether to break agreements."""

    seats: tuple[int, ...]


class BreakingAnswered(msgspec.Struct, frozen=True, tag="ti.breaking_answered"):
    """A seat has answered, keeping its agreements with `kept` (those it broke are each an
    `AgreementBroken` before this)."""

    seat: int
    kept: tuple[int, ...] = ()


class BreakingClosed(msgspec.Struct, frozen=True, tag="ti.breaking_closed"):
    pass


class Given(msgspec.Struct, frozen=True, tag="ti.given"):
    seat: int
    to: int
    trade_goods: int


TRADE_EVENTS = (
    TalksOpened,
    AgreementOffered,
    OfferAccepted,
    OfferRejected,
    OfferWithdrawn,
    AgreementVetoed,
    OfferLapsed,
    AgreementFormed,
    TradingDone,
    TalksClosed,
    AgreementBroken,
    AgreementsCancelled,
    IncomeCollected,
    BreakingOpened,
    BreakingAnswered,
    BreakingClosed,
    Given,
)
