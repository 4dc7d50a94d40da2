"""`help`: the commands a seat may give now (the forms its step declares, in `steps.py`), each
with examples from the game in front of it."""

from events.kit import phases
from events.rulesets.race_for_the_galaxy.decide import legal
from events.rulesets.race_for_the_galaxy.state import Game
from events.rulesets.race_for_the_galaxy.steps import TABLE
from events.rulesets.race_for_the_galaxy.text.render import render

NAMING = (
    "Name cards as printed, in any case, or by a unique beginning ('gem w'), or by position, "
    "counting from 1 in the zone your view lists; separate cards with commas or 'and'."
)


def help_text(game: Game, seat: int) -> str:
    return phases.text_help(
        TABLE,
        game,
        legal(game, seat),
        lambda decision: render(game, seat, decision),
        f"Round {game.round}, {game.step}. You may say:",
        "Nothing for you to decide now: the others are choosing.",
        NAMING,
    )
