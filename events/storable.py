"""What a value on the log may hold so that every read model can store it: its strings end up
in PostgreSQL text or jsonb, which take no NUL, and in UTF-8, which has no lone surrogates;
its integers in 32- or 64-bit columns. And a log kept forever keeps no more than a game or a
request can use: text up to MAX_TEXT characters, lists and objects up to MAX_ITEMS entries
(a game's decision types may bound a field tighter, with msgspec.Meta: their codec refuses
past it). The gateway refuses anything else (422), the rules service rejects a decision
holding it (SL-10) and records only a `rendered` copy of its first KiB.
"""

import re
from typing import Annotated, Any

import msgspec

UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")
MAX_DEPTH = 32  # nesting of a JSON value that comes in; no decision or request needs more
MAX_TEXT = 2_000  # characters of one string: the longest a person writes (a `say` command)
MAX_ITEMS = 256  # entries of one list or object: a whole card set is fewer

Int32 = Annotated[int, msgspec.Meta(ge=-(2**31), le=2**31 - 1)]  # a PostgreSQL integer
Int64 = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]  # a PostgreSQL bigint


class Problem(msgspec.Struct, frozen=True):
    at: str  # where, as a JSON path: `$.body.player`
    what: str

    def __str__(self) -> str:
        return f"{self.at} {self.what}"


def problem(value: Any, at: str, refuse: re.Pattern[str] = UNSTORABLE) -> Problem | None:
    """Where a decoded JSON value holds a string with a character `refuse` matches or past
    MAX_TEXT characters, an integer beyond 64 bits, a list or object past MAX_ITEMS entries, or
    nesting deeper than MAX_DEPTH, and what; None if nowhere."""
    return _walk(value, at, refuse, 0)


_PRINTABLE_BUT_BACKSLASH = re.compile(rb"[\x20-\x5b\x5d-\x7e]*")
# 2**63 has 19 digits: a number with fewer and no exponent fits in 64 bits or a double.
_BIG_NUMBER = re.compile(rb"[0-9]{19}|[0-9][eE]")


def plain_json(raw: bytes) -> bool:
    """Whether JSON text msgspec found well formed surely decodes, to a value where `problem`
    finds nothing, told without decoding it: printable ASCII without a backslash (valid UTF-8,
    no escape, so no NUL), no big number, fewer brackets than MAX_DEPTH, too short to hold
    MAX_ITEMS entries (so MAX_TEXT characters) anywhere. Most decisions' bodies are: the judge
    decodes and walks only the others."""
    return (
        len(raw) < 2 * MAX_ITEMS
        and _PRINTABLE_BUT_BACKSLASH.fullmatch(raw) is not None
        and raw.count(b"[") + raw.count(b"{") < MAX_DEPTH
        and _BIG_NUMBER.search(raw) is None
    )


def text_problem(text: str, at: str) -> Problem | None:
    """Where a string holds what no read model can store, whatever its length: for the
    envelope's own strings (a decision's id, its sender), which their writers bound."""
    return _unstorable(text, at, UNSTORABLE)


def _walk(value: Any, at: str, refuse: re.Pattern[str], depth: int) -> Problem | None:
    if isinstance(value, str):
        return _text(value, at, refuse)
    if isinstance(value, int) and not isinstance(value, bool):
        return None if -(2**63) <= value < 2**63 else Problem(at, "does not fit in 64 bits")
    if isinstance(value, dict | list) and depth >= MAX_DEPTH:
        return Problem(at, f"nests deeper than {MAX_DEPTH} levels")
    if isinstance(value, dict | list) and len(value) > MAX_ITEMS:
        return Problem(at, f"holds {len(value)} entries; at most {MAX_ITEMS}")
    if isinstance(value, dict):
        for key, item in value.items():
            found = _text(key, f"{at}.{key!r}", refuse, "as a key") or _walk(
                item, f"{at}.{key}", refuse, depth + 1
            )
            if found is not None:
                return found
    if isinstance(value, list):
        for n, item in enumerate(value):
            if (found := _walk(item, f"{at}[{n}]", refuse, depth + 1)) is not None:
                return found
    return None


def _text(text: str, at: str, refuse: re.Pattern[str], role: str = "") -> Problem | None:
    if len(text) > MAX_TEXT:
        what = f"is {len(text)} characters"
        return Problem(at, f"{what} {role}".strip() + f"; at most {MAX_TEXT}")
    return _unstorable(text, at, refuse, role)


def _unstorable(text: str, at: str, refuse: re.Pattern[str], role: str = "") -> Problem | None:
    if (found := refuse.search(text)) is None:
        return None
    what = f"holds U+{ord(found.group()):04X} (at character {found.start()})"
    return Problem(at, f"{what} {role}".strip())


# In valid JSON, a backslash not itself escaped starts an escape: this one writes NUL.
_NUL_ESCAPE = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")


def nul_in_json(raw: bytes) -> int | None:
    """Where valid JSON holds a string with NUL, as a byte offset; None if it holds none.
    msgspec refuses raw control characters and lone surrogate escapes, so of what a read
    model cannot store only NUL decodes, and only from this escape."""
    if b"\\u0000" not in raw:  # a plain search first: the pattern is slower on every byte
        return None
    found = _NUL_ESCAPE.search(raw)
    return None if found is None else found.end() - 6


def rendered(text: str) -> str:
    """`text` with each character that cannot be stored written out as \\uXXXX."""
    return UNSTORABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def rendered_value(value: Any) -> Any:
    """A decoded JSON value with every string, keys too, `rendered`."""
    if isinstance(value, str):
        return rendered(value)
    if isinstance(value, dict):
        return {rendered(k): rendered_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rendered_value(v) for v in value]
    return value
