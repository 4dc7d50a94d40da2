"""Making the choice a pending ability asks (SR-P6): which effect, or which cards, and what
each choosing effect does with the cards chosen (its rule and prompt: `prompts.py`)."""

from collections.abc import Callable

from events.ruleset import Rejection
from events.rulesets.star_realms.acquire import acquire
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.cardset import Effect
from events.rulesets.star_realms.decisions import Choose, Select
from events.rulesets.star_realms.draw import draw
from events.rulesets.star_realms.effects import candidates, exact, most, resolve
from events.rulesets.star_realms.happenings import (
    BaseDestroyed,
    Chosen,
    Copied,
    Discarded,
    RowFilled,
    RowScrapped,
    Scrapped,
)
from events.rulesets.star_realms.state import Cards, Game

Effects = tuple[Effect, ...]
# (batch, seat, the ability's card, the cards chosen): what choosing them does, and the
# effects it brings before the rest of the ability (a copied ship's primary)
Done = Callable[[Batch, int, int, Cards], Effects]
FREE_SHIP = "acquire_free_ship_to_top"


def choose_refusal(game: Game, seat: int, decision: Choose) -> Rejection | None:
    if decision.option not in (0, 1):
        return Rejection("SR-E15", "choose the first effect (0) or the second (1)")
    return None


def choose(batch: Batch, seat: int, decision: Choose) -> None:
    pending = batch.game.turn.pending
    assert pending is not None
    batch.emit(Chosen(seat=seat, option=decision.option))
    option = pending.effects[0].options[decision.option]
    resolve(batch, seat, pending.card, (option, *pending.effects[1:]))


def select_refusal(
    rule: str, where: str, game: Game, seat: int, decision: Select
) -> Rejection | None:
    """The judge of the cards chosen for an effect judged under `rule`, whose cards come from
    `where` (said in its refusal); its prompt binds both (a closure would be made at import,
    out of the mutation tests' reach)."""
    pending = game.turn.pending
    assert pending is not None
    effect = pending.effects[0]
    cards = decision.cards
    allowed = candidates(game, seat, pending.card, effect)
    wanted = most(game, seat, effect)
    if decision.explorer and effect.kind != FREE_SHIP:
        return Rejection(rule, "this ability takes no Explorer")
    if decision.explorer and not game.explorer_left:
        return Rejection("SR-A4", "the Explorer pile is empty")
    if len(set(cards)) != len(cards) or not set(cards) <= set(allowed):
        return Rejection(rule, where)
    count = len(cards) + decision.explorer
    if effect.kind == FREE_SHIP and count != 1:
        return Rejection(rule, "choose one ship of the Trade Row, or an Explorer")
    if count > wanted or (exact(effect) and count < wanted):
        return Rejection(rule, f"choose {'exactly' if exact(effect) else 'up to'} {wanted}")
    return None


def selecting(done: Done, batch: Batch, seat: int, decision: Select) -> None:
    """The choice written, what `done` does with the cards, then the rest of the ability; its
    prompt binds `done`."""
    pending = batch.game.turn.pending
    assert pending is not None
    batch.emit(Chosen(seat=seat, cards=decision.cards, explorer=decision.explorer))
    cards = decision.cards if not decision.explorer else (batch.game.next_explorer,)
    more = done(batch, seat, pending.card, cards)
    resolve(batch, seat, pending.card, more + pending.effects[1:])


def scrap(batch: Batch, seat: int, card: int, cards: Cards) -> Effects:
    if cards:
        batch.emit(Scrapped(seat=seat, cards=cards))
    return ()


def scrap_then_draw(batch: Batch, seat: int, card: int, cards: Cards) -> Effects:
    if cards:
        batch.emit(Scrapped(seat=seat, cards=cards))
        draw(batch, seat, len(cards))
    return ()


def discard(batch: Batch, seat: int, card: int, cards: Cards) -> Effects:
    if cards:
        batch.emit(Discarded(seat=seat, cards=cards))
    return ()


def discard_then_draw(batch: Batch, seat: int, card: int, cards: Cards) -> Effects:
    if cards:
        batch.emit(Discarded(seat=seat, cards=cards))
        draw(batch, seat, len(cards))
    return ()


def scrap_trade_row(batch: Batch, seat: int, card: int, cards: Cards) -> Effects:
    slots = sorted(batch.game.row.index(c) for c in cards)
    if cards:
        batch.emit(RowScrapped(cards=cards))
    for slot in slots:
        if batch.game.trade_deck:
            batch.emit(RowFilled(slot=slot, card=batch.game.trade_deck[0]))
    return ()


def destroy_base(batch: Batch, seat: int, card: int, cards: Cards) -> Effects:
    for base in cards:
        batch.emit(BaseDestroyed(seat=1 - seat, base=base, combat=0))
    return ()


def acquire_free_ship(batch: Batch, seat: int, card: int, cards: Cards) -> Effects:
    acquire(batch, seat, cards[0], 0, top=True)
    return ()


def copy_ship(batch: Batch, seat: int, card: int, cards: Cards) -> Effects:
    if not cards:
        return ()
    batch.emit(Copied(seat=seat, card=card, ship=cards[0]))
    return batch.game.cards.card(cards[0]).primary
