"""Touch of Genius (COPY, TI-Q75): played at the timing of an action card in the discard pile,
as that card would be, it does what that card does once more, for 3 influence paid as it
resolves (`play Touch of Genius copying Rare Mineral paying Jord`). Its play names the card
copied (`copied`), what that card's play names, and the planets and trade goods paying; the
card windows judge its timing as the copied card's (card_windows.py)."""

from collections.abc import Iterable, Iterator

import msgspec

from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import paying
from events.rulesets.twilight_imperium_3.action_cards import copies
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.card_effects import Effect, effect_refusal
from events.rulesets.twilight_imperium_3.happenings import Exhausted, TradeGoodsGained
from events.rulesets.twilight_imperium_3.state import Game

TOUCH_OF_GENIUS = "touch_of_genius"
INFLUENCE = 3


def copied(d: PlayCard) -> PlayCard:
    """The play of the card copied, as its player would have made it."""
    return msgspec.structs.replace(d, card=d.copied, copied="", paying=(), trade_goods=0)


def discarded(game: Game) -> tuple[str, ...]:
    """The other action cards in the discard pile, each once."""
    found = dict.fromkeys(copies()[c] for c in game.discard)
    return tuple(c for c in found if c != TOUCH_OF_GENIUS)


def _payment_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    refused = paying.refusal(game, seat, d.paying, d.trade_goods, "TI-Q75")
    if refused:
        return refused
    if sum(map(paying.influence, d.paying)) + d.trade_goods < INFLUENCE:
        return Rejection("TI-Q75", f"pay {INFLUENCE} influence: planets and trade goods")
    return paying.excess_refusal(d.paying, d.trade_goods, INFLUENCE, paying.influence)


def copying(effects: dict[str, Effect]) -> Effect:
    """Touch of Genius's effect: the copied card's among `effects`, once paid for."""

    def refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
        if d.copied not in discarded(game) or d.copied not in effects:
            return Rejection("TI-Q75", "name another action card in the discard pile")
        return _payment_refusal(game, seat, d) or effect_refusal(
            effects[d.copied], game, seat, copied(d)
        )

    def carry_out(batch: Batch[Game], seat: int, d: PlayCard) -> None:
        if d.paying:
            batch.emit(Exhausted(seat=seat, planets=d.paying))
        if d.trade_goods:
            batch.emit(TradeGoodsGained(seat=seat, trade_goods=-d.trade_goods))
        # the copied card stays in the discard pile: Strategic Bombardment's 6 brings back nothing
        effects[d.copied].carry_out(batch, seat, copied(d))

    def offers(game: Game, seat: int) -> Iterator[PlayCard]:
        return iter(())  # card_windows.plays offers the copies, at the copied cards' timings

    return Effect("TI-Q75", refusal, carry_out, offers)


def paid(game: Game, seat: int, plays: Iterable[PlayCard]) -> Iterator[PlayCard]:
    """Each play of a card in the discard pile as Touch of Genius's, paid the cheapest way;
    none if he cannot pay."""
    payment = paying.cheapest(game, seat, INFLUENCE, paying.influence)
    if payment is None:
        return
    planets, trade_goods = payment
    for play in plays:
        yield msgspec.structs.replace(
            play, card=TOUCH_OF_GENIUS, copied=play.card, paying=planets, trade_goods=trade_goods
        )
