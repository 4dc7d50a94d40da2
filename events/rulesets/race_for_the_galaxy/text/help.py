"""`help`: the commands a seat may give now, each with examples from the game in front of it."""

from events.rulesets.race_for_the_galaxy.decisions import (
    ChooseActions,
    Consume,
    Develop,
    Discard,
    Keep,
    Settle,
    Trade,
    Windfall,
)
from events.rulesets.race_for_the_galaxy.legal import legal
from events.rulesets.race_for_the_galaxy.state import Game
from events.rulesets.race_for_the_galaxy.text.render import ACTION_WORDS, render

EXAMPLES = 3
FORMS: list[tuple[type, str]] = [
    (ChooseActions, "choose <action>[ and <action>]: " + ", ".join(ACTION_WORDS.values())),
    (Discard, "discard <cards in your hand>"),
    (Keep, "keep <explored cards>"),
    (Develop, "develop <card> paying <cards> | develop nothing"),
    (
        Settle,
        "settle <world> [paying <cards>] [discarding <tableau cards>] | pay for <military "
        "world> paying <cards> | settle nothing [discarding <tableau cards>]",
    ),
    (Trade, "sell <world holding a good>"),
    (Consume, "use <card> on <worlds> | use <card> gamble <1-7> | use <card> discarding <cards>"),
    (Windfall, "produce on <windfall world> [with <card with the power>]"),
]
NAMING = (
    "Name cards as printed, in any case, or by a unique beginning ('gem w'), or by position, "
    "counting from 1 in the zone your view lists; separate cards with commas or 'and'."
)


def help_text(game: Game, seat: int) -> str:
    if game.over:
        return "The game is over."
    options = legal(game, seat)
    if not options:
        return "Nothing for you to decide now: the others are choosing."
    lines = [f"Round {game.round}, {game.step}. You may say:"]
    for kind, form in FORMS:
        said = list(dict.fromkeys(render(game, seat, d) for d in options if type(d) is kind))
        if said:
            shown = ", ".join(f"'{s}'" for s in said[:EXAMPLES])
            lines.append(f"  {form}; e.g. {shown}")
    return "\n".join([*lines, NAMING])
