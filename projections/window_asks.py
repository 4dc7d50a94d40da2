"""What a response window asks of a seat it asks, in the game's words (`window_words`: from
what that seat may see), and what the match's clock does without an answer: kept with that
seat's window notice and its deadline row, so its notices and reminders say it with no fold
of the match, and never in the lobby's public row nor another seat's."""

from typing import Any

import msgspec

from events.clock_narration import window_default
from events.match import MatchRecord
from events.ruleset import Ruleset, window_words


def window_asks(ruleset: Ruleset, match: MatchRecord, seat: int) -> dict[str, Any]:
    """`asks` (a `WindowAsk`) and, with a clock, `default` (after "with no answer, "); {} where
    no window asks the seat."""
    words = window_words(ruleset, match.state, seat)
    if words is None:
        return {}
    told: dict[str, Any] = {"asks": msgspec.to_builtins(words)}
    if match.timing is not None:
        told["default"] = window_default(match.timing.clock, words.passing)
    return told
