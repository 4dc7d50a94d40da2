"""Play by message: every Core Worlds decision as a line of text, read and written.

`parse(game, seat, text)` gives the decision `decide` takes, or a `TextError` saying what was
expected; `render(game, seat, decision)` writes a decision so that it parses back to itself;
`help_text(game, seat)` lists the commands legal now.
"""

from events.naming import TextError
from events.rulesets.core_worlds.text.help import help_text
from events.rulesets.core_worlds.text.parse import parse
from events.rulesets.core_worlds.text.render import render

__all__ = ["TextError", "help_text", "parse", "render"]
