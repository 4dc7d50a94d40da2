"""Reading names as players write them, shared by every game's text commands: any case, any
accents, a unique beginning or a later word's beginning, and "did you mean" for a near miss."""

import difflib
import functools
import re
import unicodedata

import msgspec

POSITION = re.compile(r"[0-9]+")  # ASCII only: int() of other digits would fail


class TextError(msgspec.Struct, frozen=True):
    """Why a message could not be read, in a player's words."""

    message: str


class Unreadable(Exception):
    """Raised deep in the reading, turned into a TextError at the edge."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


_SEPARATORS = re.compile(r"[-_/]")
_PUNCTUATION = re.compile(r"[^\w\s]")


def normal(text: str) -> str:
    """Compared form of a name: no accents, no case, no punctuation, single spaces."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = _SEPARATORS.sub(" ", plain.casefold())
    return " ".join(_PUNCTUATION.sub("", plain).split())


@functools.lru_cache(maxsize=4096)
def _normal_name(name: str) -> str:
    """`normal` of a name the game offers (a card's, a player's): the same few hundred are
    compared again for every view a game writes its text commands into."""
    return normal(name)


def matching(query: str, candidates: list[str]) -> list[str]:
    """The names a normal `query` picks: exact beats a beginning, which beats a later word's
    beginning ('hawk': Stealth Hawk)."""
    named = [(n, _normal_name(n)) for n in candidates]
    exact = [n for n, plain in named if plain == query]
    prefix = [n for n, plain in named if plain.startswith(query)]
    return exact or prefix or [n for n, plain in named if f" {query}" in f" {plain}"[1:]]


def suggest(query: str, options: list[str]) -> str | None:
    """The option `query` most likely misspells, if one is close."""
    close = difflib.get_close_matches(normal(query), [normal(o) for o in options], n=1, cutoff=0.6)
    return next((o for o in options if close and normal(o) == close[0]), None)
