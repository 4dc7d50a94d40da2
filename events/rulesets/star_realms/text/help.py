"""`help`: the commands a seat may give now (the forms its prompt declares, in `prompts.py`),
each with examples from the game in front of it."""

from events.kit import phases
from events.rulesets.star_realms.card_text import effect_text
from events.rulesets.star_realms.prompts import TABLE
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.text.render import render
from events.rulesets.star_realms.words import name

NAMING = (
    "Name cards as printed, in any case, or by a unique beginning ('blob f'), or by position, "
    "counting from 1 in the zone your view lists."
)


def help_text(game: Game, seat: int) -> str:
    return phases.text_help(
        TABLE,
        game,
        phases.legal(TABLE, game, seat),
        lambda decision: render(game, seat, decision),
        f"{_head(game)}. You may say:",
        "Nothing for you to decide now: it is your opponent's turn.",
        NAMING,
        seat,
    )


def _head(game: Game) -> str:
    turn = game.turn
    if turn.pending is None:
        return f"Your turn: {turn.trade} Trade, {turn.combat} Combat"
    source = name(game.cards, turn.pending.card) if turn.pending.card >= 0 else "Owed discards"
    return f"{source} asks: {effect_text(turn.pending.effects[0])}"
