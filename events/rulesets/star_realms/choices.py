"""Making the choice a pending ability asks (SR-P6): which effect, or which cards."""

from events.ruleset import Accepted, Rejection
from events.rulesets.star_realms.acquire import acquire
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.cardset import Effect
from events.rulesets.star_realms.decisions import Choose, Select
from events.rulesets.star_realms.draw import draw
from events.rulesets.star_realms.effects import (
    DISCARD,
    SCRAP_HAND,
    candidates,
    exact,
    most,
    resolve,
)
from events.rulesets.star_realms.happenings import (
    BaseDestroyed,
    Chosen,
    Copied,
    Discarded,
    RowFilled,
    RowScrapped,
    Scrapped,
)
from events.rulesets.star_realms.state import Game, Pending

# the rule each choosing effect is judged under
RULES = {
    "choose_one": "SR-E15",
    "scrap_hand_or_discard": "SR-E4",
    "scrap_trade_row": "SR-E5",
    "destroy_base": "SR-E6",
    "acquire_free_ship_to_top": "SR-E8",
    SCRAP_HAND: "SR-E9",
    "discard_then_draw": "SR-E10",
    "scrap_then_draw": "SR-E11",
    "copy_ship": "SR-E13",
    DISCARD: "SR-E3",
}


def judge_choose(game: Game, seat: int, decision: Choose, batch: Batch) -> Accepted | Rejection:
    pending = game.turn.pending
    assert pending is not None
    effect = pending.effects[0]
    if effect.kind != "choose_one":
        return Rejection("SR-P6", "this ability asks for cards, not a choice of effect")
    if decision.option not in (0, 1):
        return Rejection("SR-E15", "choose the first effect (0) or the second (1)")
    batch.emit(Chosen(seat=seat, option=decision.option))
    resolve(batch, seat, pending.card, (effect.options[decision.option], *pending.effects[1:]))
    return Accepted("SR-E15", batch.events)


def judge_select(game: Game, seat: int, decision: Select, batch: Batch) -> Accepted | Rejection:
    pending = game.turn.pending
    assert pending is not None
    effect = pending.effects[0]
    if effect.kind == "choose_one":
        return Rejection("SR-P6", "this ability asks which effect you choose, not cards")
    rule = RULES[effect.kind]
    cards = decision.cards
    allowed = candidates(game, seat, pending.card, effect)
    wanted = most(game, seat, effect)
    if decision.explorer and effect.kind != "acquire_free_ship_to_top":
        return Rejection(rule, "this ability takes no Explorer")
    if decision.explorer and not game.explorer_left:
        return Rejection("SR-A4", "the Explorer pile is empty")
    if len(set(cards)) != len(cards) or not set(cards) <= set(allowed):
        return Rejection(rule, _where(effect.kind))
    count = len(cards) + decision.explorer
    if effect.kind == "acquire_free_ship_to_top" and count != 1:
        return Rejection(rule, "choose one ship of the Trade Row, or an Explorer")
    if count > wanted or (exact(effect) and count < wanted):
        return Rejection(rule, f"choose {'exactly' if exact(effect) else 'up to'} {wanted}")
    batch.emit(Chosen(seat=seat, cards=cards, explorer=decision.explorer))
    rest = _carry_out(batch, seat, pending, decision)
    resolve(batch, seat, pending.card, rest)
    return Accepted(rule, batch.events)


def _carry_out(batch: Batch, seat: int, pending: Pending, decision: Select) -> tuple[Effect, ...]:
    """The chosen effect done; the effects that follow it (a copied ship's primary first)."""
    effect, rest, cards = pending.effects[0], pending.effects[1:], decision.cards
    game = batch.game
    match effect.kind:
        case "scrap_hand_or_discard" | "scrap_hand":
            if cards:
                batch.emit(Scrapped(seat=seat, cards=cards))
        case "scrap_then_draw":
            if cards:
                batch.emit(Scrapped(seat=seat, cards=cards))
                draw(batch, seat, len(cards))
        case "discard_then_draw":
            if cards:
                batch.emit(Discarded(seat=seat, cards=cards))
                draw(batch, seat, len(cards))
        case "discard":
            if cards:
                batch.emit(Discarded(seat=seat, cards=cards))
        case "scrap_trade_row":
            slots = sorted(game.row.index(c) for c in cards)
            if cards:
                batch.emit(RowScrapped(cards=cards))
            for slot in slots:
                if batch.game.trade_deck:
                    batch.emit(RowFilled(slot=slot, card=batch.game.trade_deck[0]))
        case "destroy_base":
            for base in cards:
                batch.emit(BaseDestroyed(seat=1 - seat, base=base, combat=0))
        case "acquire_free_ship_to_top":
            card = cards[0] if cards else game.next_explorer
            acquire(batch, seat, card, 0, top=True)
        case "copy_ship":
            if cards:
                batch.emit(Copied(seat=seat, card=pending.card, ship=cards[0]))
                return game.cards.card(cards[0]).primary + rest
    return rest


def _where(kind: str) -> str:
    return {
        "scrap_hand_or_discard": "choose cards from your hand or discard pile",
        "scrap_then_draw": "choose cards from your hand or discard pile",
        "discard_then_draw": "choose cards from your hand",
        SCRAP_HAND: "choose cards from your hand",
        DISCARD: "choose cards from your hand",
        "scrap_trade_row": "choose cards of the Trade Row",
        "destroy_base": "choose a base of your opponent's; outposts first (SR-C3)",
        "acquire_free_ship_to_top": "choose a ship of the Trade Row",
        "copy_ship": "choose another ship you played this turn",
    }[kind]
