"""The effect vocabulary at work: a clause resolved left to right (SR-P7), stopping at the
first effect that asks its player a choice (SR-P6); `choices.py` takes it from there."""

from events.rulesets.star_realms.allies import factions
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.cardset import Effect
from events.rulesets.star_realms.draw import draw
from events.rulesets.star_realms.happenings import (
    DiscardOwed,
    Gained,
    NextShipMarked,
    Prompted,
)
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.vocabulary import GAINS

# Kinds the rules add to the card list's: the choice left once the draw of
# draw_then_scrap_hand is done, and the discards a seat owes (SR-E3).
SCRAP_HAND = "scrap_hand"
DISCARD = "discard"


def resolve(batch: Batch, seat: int, card: int, effects: tuple[Effect, ...]) -> None:
    gains = {kind: 0 for kind in GAINS}
    for index, effect in enumerate(effects):
        if effect.kind in GAINS:
            gains[effect.kind] += effect.amount
            continue
        if any(gains.values()):
            batch.emit(Gained(seat=seat, card=card, **gains))
            gains = {kind: 0 for kind in GAINS}
        if effect.kind == "if_bases":  # SR-E14
            bases = len(batch.game.players[seat].bases)
            held = effect.options if bases >= effect.amount else ()
            return resolve(batch, seat, card, held + effects[index + 1 :])
        if effect.kind == "draw_then_scrap_hand":  # SR-E9
            draw(batch, seat, effect.amount)
            effect = Effect(SCRAP_HAND, effect.amount)
            effects = (*effects[:index], effect, *effects[index + 1 :])
        if asks(batch.game, seat, card, effect):
            batch.emit(Prompted(seat=seat, card=card, effects=effects[index:]))
            return None
        _apply(batch, seat, effect)
    if any(gains.values()):
        batch.emit(Gained(seat=seat, card=card, **gains))
    return None


def _apply(batch: Batch, seat: int, effect: Effect) -> None:
    """An effect that asks nothing (or has nothing to choose from, and so does nothing)."""
    game = batch.game
    match effect.kind:
        case "draw":
            draw(batch, seat, effect.amount)  # SR-E2
        case "opp_discard":  # SR-E3
            other = 1 - seat
            batch.emit(DiscardOwed(seat=other, count=game.players[other].owed + effect.amount))
        case "top_deck_next_ship":  # SR-E7
            batch.emit(NextShipMarked(seat=seat))
        case "draw_per_blob_played":  # SR-E12
            draw(batch, seat, sum("Blob" in factions(game, c) for c in game.turn.played))


def candidates(game: Game, seat: int, card: int, effect: Effect) -> tuple[int, ...]:
    """The cards a choosing effect may pick from."""
    player = game.players[seat]
    cards = game.cards
    match effect.kind:
        case "scrap_hand_or_discard" | "scrap_then_draw":
            return player.hand + player.discard
        case "discard_then_draw" | "scrap_hand" | "discard":
            return player.hand
        case "scrap_trade_row":
            return game.row
        case "destroy_base":
            return targets(game, 1 - seat)
        case "acquire_free_ship_to_top":
            return tuple(c for c in game.row if cards.card(c).is_ship)
        case "copy_ship":
            return tuple(c for c in game.turn.ships if c != card)
    return ()


def targets(game: Game, owner: int) -> tuple[int, ...]:
    """The bases of `owner` that may be attacked or targeted: outposts first (SR-C3)."""
    bases = game.players[owner].bases
    outposts = tuple(b for b in bases if game.cards.card(b).is_outpost)
    return outposts or bases


def asks(game: Game, seat: int, card: int, effect: Effect) -> bool:
    if effect.kind == "choose_one":
        return True
    if effect.kind == "acquire_free_ship_to_top" and game.explorer_left:
        return True  # an Explorer may be taken though the Row has no ship
    return bool(candidates(game, seat, card, effect))


def most(game: Game, seat: int, effect: Effect) -> int:
    """How many cards the choice takes at most; the exact ones take exactly that many."""
    if effect.kind in ("acquire_free_ship_to_top", "copy_ship"):
        return 1
    if effect.kind in (SCRAP_HAND, DISCARD):
        return min(effect.amount, len(game.players[seat].hand))
    return effect.amount


def exact(effect: Effect) -> bool:
    return effect.kind in (SCRAP_HAND, DISCARD)
