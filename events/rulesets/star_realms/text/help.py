"""`help`: the commands a seat may give now (the forms its prompt declares, in `prompts.py`),
each with examples from the game in front of it."""

from functools import partial

from events.kit import phases
from events.rulesets.star_realms.card_text import effect_text
from events.rulesets.star_realms.prompts import TABLE
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.text.render import render
from events.rulesets.star_realms.words import name

IDLE = "Nothing for you to decide now: it is your opponent's turn."
NAMING = (
    "Name cards as printed, in any case, or by a unique beginning ('blob f'), or by position, "
    "counting from 1 in the zone your view lists."
)


def help_text(game: Game, seat: int) -> str:
    options = phases.legal(TABLE, game, seat)
    head = f"{_head(game)}. You may say:"
    write = partial(render, game, seat)
    return phases.text_help(TABLE, game, options, write, head, IDLE, NAMING, seat)


def _head(game: Game) -> str:
    turn = game.turn
    if turn.pending is None:
        return f"Your turn: {turn.trade} Trade, {turn.combat} Combat"
    source = name(game.cards, turn.pending.card) if turn.pending.card >= 0 else "Owed discards"
    return f"{source} asks: {effect_text(turn.pending.effects[0])}"
