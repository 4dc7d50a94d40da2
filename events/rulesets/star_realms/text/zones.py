"""Where the cards a command names come from, and what a pending choice calls its cards."""

from events.rulesets.star_realms.allies import in_play
from events.rulesets.star_realms.cardset import Effect
from events.rulesets.star_realms.effects import candidates
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.vocabulary import KINDS

# choose_one's options by the word a player names them with
OPTION_WORDS = {
    "trade": "trade",
    "combat": "combat",
    "authority": "authority",
    "draw_per_blob_played": "draw",
    "discard_then_draw": "discard",
}
MIXED = ("scrap_hand_or_discard", "scrap_then_draw")  # hand and discard pile alike


def hand(game: Game, seat: int) -> tuple[int, ...]:
    return game.players[seat].hand


def field(game: Game, seat: int) -> tuple[int, ...]:
    return in_play(game, seat)


def pending_zone(game: Game, seat: int) -> tuple[Effect, tuple[int, ...]]:
    pending = game.turn.pending
    assert pending is not None
    effect = pending.effects[0]
    return effect, candidates(game, seat, pending.card, effect)


def option_word(effect: Effect) -> str:
    return OPTION_WORDS.get(effect.kind, effect.kind)


def verb(effect: Effect) -> str:
    """The verb a choice of cards for `effect` is written with."""
    kind = KINDS.get(effect.kind)
    return kind.verb if kind is not None and kind.verb else "select"
