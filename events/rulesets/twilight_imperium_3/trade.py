"""Trade agreements' rules over the whole game (TI-R): each card's value, who may still form an
agreement and with whom, the income a seat collects (the bank and Micro Technology included),
and what breaks agreements: war between partners, the Trade primary's option (b). The talks
and the status phase's breaking, as prompts, are talks.py's."""

from events.kit.batch import Batch
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game, bank, eliminated
from events.rulesets.twilight_imperium_3.trade_events import (
    AgreementBroken,
    AgreementsCancelled,
    IncomeCollected,
)

MICRO_TECHNOLOGY = "micro_technology"


def value(game: Game, seat: int, card: int) -> int:
    """The trade value of the seat's card `card` (1 or 2) (TI-R1)."""
    return load().trade_cards[game.players[seat].race].values[card - 1]


def may_agree(game: Game, seat: int, other: int) -> bool:
    """Two seats still in the game, each with a card at home, with no agreement nor offer
    between them (TI-R2)."""
    trade = game.trade
    return (
        seat != other
        and not eliminated(game, seat)
        and not eliminated(game, other)
        and bool(trade.home(seat))
        and bool(trade.home(other))
        and trade.between(seat, other) is None
        and trade.pending(seat, other) is None
    )


def partners_open(game: Game, seat: int) -> tuple[int, ...]:
    return tuple(s for s in range(game.seats) if may_agree(game, seat, s))


def income(game: Game, seat: int, secondary: bool) -> tuple[int, int]:
    """What the seat's agreements pay: the value of each partner's card it holds, none for an
    agreement formed this round, in the Trade action itself (TI-R4); and Micro Technology's 1
    more for each of those on the secondary (TI-K13)."""
    paying = [a for a in game.trade.of(seat) if a.round != game.round]
    goods = sum(value(game, a.partner(seat), a.given(a.partner(seat))) for a in paying)
    micro = MICRO_TECHNOLOGY in game.players[seat].technologies and secondary
    return goods, len(paying) if micro else 0


def collect(batch: Batch[Game], seat: int, secondary: bool) -> None:
    """The income from the bank, as far as it goes (TI-R4, TI-U10)."""
    goods, technology = income(batch.game, seat, secondary)
    left = bank(batch.game)
    paid = min(goods + technology, left)
    if paid:
        batch.emit(IncomeCollected(seat, paid, technology=min(technology, left)))


def war(batch: Batch[Game], seat: int, other: int) -> None:
    """A space battle or invasion combat between partners breaks their agreement (TI-R8)."""
    agreement = batch.game.trade.between(seat, other)
    if agreement is not None:
        batch.emit(AgreementBroken(seats=(seat, other), war=True))


def cancel(batch: Batch[Game], seat: int) -> None:
    """The Trade primary's option (b): every agreement in play ends (TI-R3)."""
    if batch.game.trade.agreements:
        batch.emit(AgreementsCancelled(seat=seat))
