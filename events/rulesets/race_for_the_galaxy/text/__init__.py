"""Play by message: every Race for the Galaxy decision as a line of text, read and written.

`parse(game, seat, text)` gives the decision `decide` takes, or a `TextError` saying what was
expected; `render(game, seat, decision)` writes a decision so that it parses back to itself;
`help_text(game, seat)` lists the commands legal now.
"""

from events.naming import TextError
from events.rulesets.race_for_the_galaxy.text.help import help_text
from events.rulesets.race_for_the_galaxy.text.parse import parse
from events.rulesets.race_for_the_galaxy.text.render import render

__all__ = ["TextError", "help_text", "parse", "render"]
