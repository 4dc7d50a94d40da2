"""The shape of a command's text: lists of cards, clauses after keywords, ability suffixes."""

import re
from typing import NamedTuple

from events.naming import Unreadable, normal

MOST_TIMES = 99  # "up to N" abilities are small; this keeps numbers encodable
CHOICES = ("fleet", "ground")

_SEPARATOR = re.compile(r",|\band\b", re.IGNORECASE | re.ASCII)
_NUMBERS = re.compile(r"[0-9]+(?:\s+[0-9]+)+")
_DISCARDING = re.compile(r"\b(?:discarding|discard)\b", re.IGNORECASE | re.ASCII)
_DECLARATIONS = re.compile(r";|\band\b(?=\s+(?:play|explore|use)\b)", re.IGNORECASE | re.ASCII)
_CLAUSES = {
    "with": "units",
    "playing": "tactics",
    "play": "tactics",
    "using": "uses",
    "use": "uses",
    "colonising": "colonist",
    "colonizing": "colonist",
    "colonise": "colonist",
    "colonize": "colonist",
}
_INVASION = re.compile(rf"\b({'|'.join(_CLAUSES)})\b", re.IGNORECASE | re.ASCII)
_TIMES = re.compile(r"\s+x\s*([0-9]+)\s*$", re.IGNORECASE | re.ASCII)
_CHOICE = re.compile(r"\s*:\s*([^:#]*)$")
_ABILITY = re.compile(r"\s*#\s*([0-9]+)\s*$")


class Spec(NamedTuple):
    """One card named with what to do with it: `Stealth Hawk:fleet`, `Omega Bomber x2`, `X#2`."""

    ref: str
    ability: int | None  # 0-based; None: the card's first ability of the kind the command uses
    choice: str
    times: int


def items(text: str) -> list[str]:
    """`A, B and C`, or positions `3 5 7`."""
    found: list[str] = []
    for piece in _SEPARATOR.split(text):
        piece = piece.strip()
        if _NUMBERS.fullmatch(piece):
            found += piece.split()
        elif piece:
            found.append(piece)
    return found


def discarding(text: str) -> tuple[str, list[str]]:
    """`<before> discarding <cards>`: the text before, and the cards."""
    parts = _DISCARDING.split(text)
    if len(parts) > 2:
        raise Unreadable("say 'discarding' once per card that discards")
    return parts[0], items(parts[1]) if len(parts) == 2 else []


def declarations(text: str) -> list[str]:
    """Energy-phase clauses: `play Energy Surge; explore discard 2 9`."""
    return [c.strip() for c in _DECLARATIONS.split(text) if c.strip()]


def invasion(text: str) -> tuple[str, list[tuple[str, str]]]:
    """`<World> with ... playing ... using ... colonise ...`: the World and (part, text) pairs,
    the part being units, tactics, uses or colonist."""
    world, *rest = _INVASION.split(text)
    clauses = [(_CLAUSES[k.lower()], t.strip()) for k, t in zip(rest[::2], rest[1::2], strict=True)]
    return world.strip(), clauses


def spec(item: str) -> Spec:
    ability, choice, times = None, "", 1
    while True:
        if (m := _TIMES.search(item)) and times == 1:
            times = int(m.group(1))
            if not 1 <= times <= MOST_TIMES:
                raise Unreadable(f"'x{m.group(1)}': an ability is used 1 to {MOST_TIMES} times")
        elif (m := _CHOICE.search(item)) and not choice:
            choice = _choice(m.group(1))
        elif (m := _ABILITY.search(item)) and ability is None:
            if not 1 <= int(m.group(1)) <= MOST_TIMES:
                raise Unreadable(f"'#{m.group(1)}': abilities count from 1, in the card's text")
            ability = int(m.group(1)) - 1
        else:
            return Spec(item.strip(), ability, choice, times)
        item = item[: m.start()]


def _choice(text: str) -> str:
    word = normal(text)
    found = [c for c in CHOICES if word and c.startswith(word)]
    if not found:
        raise Unreadable(f"after ':' write fleet or ground, not '{text.strip()}'")
    return found[0]
