"""A game's own functions behind the interface: found once where the kit's layout puts them
(`parts_of`), with its rules reference, and `Delegated` answers the interface methods of the
same names with them."""

import importlib
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import msgspec

from events.rules_reference import rule_words
from events.ruleset import Description, Fact, Rejection, text_read


class Parts(msgspec.Struct, frozen=True):
    """What each interface method of a game calls: its functions, its text commands (`parse`
    gives a decision or a `TextError`), and its rules reference with the prefix of its IDs."""

    evolve: Callable[[Any, Any], Any]
    view: Callable[[Any, int | None], Any]
    resample: Callable[[Any, int, random.Random], Any]
    describe: Callable[[Any, Sequence[str]], Description]
    narrate: Callable[[Any, Any, int | None, Sequence[str]], str]
    facts: Callable[[Any, Any], list[Fact]]
    parse: Callable[[Any, int, str], Any]
    render: Callable[[Any, int, Any], str]
    help_text: Callable[[Any, int], str]
    reference: Path  # RULES.md in the game's folder
    prefix: str  # its rule IDs', e.g. "CW"


MODULES = {  # where each part lives in a game's package
    "evolve": "evolve",
    "view": "view",
    "resample": "resample",
    "describe": "describe",
    "narrate": "narrate",
    "facts": "facts",
    "parse": "text",
    "render": "text",
    "help_text": "text",
}


def parts_of(package: str, prefix: str, **given: Callable[..., Any]) -> Parts:
    """The parts of the game in `package` (`evolve` in its module `evolve`, the text commands
    in `text`…, RULES.md in its folder), `given` in place of any; its rule IDs begin `prefix`."""
    found = {
        name: given.get(name) or getattr(importlib.import_module(f"{package}.{module}"), name)
        for name, module in MODULES.items()
    }
    folder = Path(importlib.import_module(package).__file__ or "").parent
    return Parts(**found, reference=folder / "RULES.md", prefix=prefix)


class Delegated:
    """A ruleset's interface methods handed to its `parts` (put it first among the bases)."""

    parts: ClassVar[Parts]

    def evolve(self, state: Any, event: Any) -> Any:
        return self.parts.evolve(state, event)

    def view(self, state: Any, seat: int | None) -> Any:
        return self.parts.view(state, seat)

    def resample(self, state: Any, seat: int, rng: random.Random) -> Any:
        return self.parts.resample(state, seat, rng)

    def describe(self, view: Any, players: Sequence[str] = ()) -> Description:
        return self.parts.describe(view, players)

    def narrate(self, before: Any, event: Any, seat: int | None, players: Sequence[str]) -> str:
        return self.parts.narrate(before, event, seat, players)

    def facts(self, state: Any, event: Any) -> list[Fact]:
        return self.parts.facts(state, event)

    def rule_text(self, rule: str) -> str:
        return rule_words(self.parts.reference, self.parts.prefix).get(rule, "")

    def rule_ids(self) -> list[str]:
        return list(rule_words(self.parts.reference, self.parts.prefix))

    def read_text(self, state: Any, seat: int, text: str) -> Any | Rejection:
        return text_read(self.parts.parse(state, seat, text))

    def write_text(self, state: Any, seat: int, decision: Any) -> str:
        return self.parts.render(state, seat, decision)

    def text_help(self, state: Any, seat: int) -> str:
        return self.parts.help_text(state, seat)
