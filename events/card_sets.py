"""What every game's card-set file shares: TOML read in full, a few top-level fields, and its
cards as `[[card]]` tables; refusals name the set and what is wrong."""

import tomllib
from pathlib import Path
from typing import Any


class CardSetError(ValueError):
    """A card-set file the rules cannot use."""


def read(path: Path, key: str) -> dict[str, Any]:
    """The file's TOML, or why it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise CardSetError(f"card set {key!r} cannot be read: {error.strerror}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CardSetError(f"card set {key!r} is not valid TOML: {error}") from None


def card_tables(data: dict[str, Any], top_level: set[str]) -> list[Any]:
    """The `[[card]]` tables, once the top level holds no field but `top_level`."""
    unknown = set(data) - top_level
    if unknown:
        raise CardSetError(f"card set: unknown top-level field {sorted(unknown)[0]!r}")
    tables = data.get("card")
    if not isinstance(tables, list) or not tables:
        raise CardSetError("card set: needs [[card]] tables")
    return tables
