"""A game's card-set file read field by field, every refusal naming the card and the field;
and the one card set a game ships beside its code, read once."""

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from events import card_sets
from events.card_sets import CardSetError
from events.pinning import content_digest

C = TypeVar("C")


class Shipped(Generic[C]):
    """The one card set a game ships in its folder: `load` reads and checks it once (`parse`),
    refusing any other key; `digest` is what a match pins of it (see `events.pinning`)."""

    def __init__(
        self, key: str, file: Path, parse: Callable[[dict[str, Any], str], C], only: str
    ) -> None:
        self.key, self.file, self.parse, self.only = key, file, parse, only

    def load(self, key: str | None = None) -> C:
        """The card set `key` names (the one shipped when none is named), read once."""
        return self._parsed(self.key if key is None else key)

    @functools.cache  # noqa: B019 (a game's one card set, kept as long as the game)
    def digest(self) -> str:
        return content_digest(self.load())

    @functools.cache  # noqa: B019
    def _parsed(self, key: str) -> C:
        if key != self.key:
            raise CardSetError(f"card set {key!r}: {self.only}")
        return self.parse(card_sets.read(self.file, key), key)


def card_where(index: int, table: Any, fields: set[str]) -> str:
    """Where a card's refusals point (`card 'Scout'`): the `index`th card must be a table with
    a non-empty 'name' and no field but `fields`."""
    if not isinstance(table, dict) or not isinstance(table.get("name"), str) or not table["name"]:
        raise CardSetError(f"card #{index + 1}: needs a table with a non-empty 'name'")
    where = f"card {table['name']!r}"
    unknown = sorted(set(table) - fields)
    if unknown:
        raise CardSetError(f"{where}: unknown field {unknown[0]!r}")
    return where


def whole(where: str, table: dict[str, Any], field: str, default: int) -> int:
    """The field's whole number of at least 0, `default` when it is absent."""
    value = table.get(field, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CardSetError(f"{where}: field {field!r} must be a whole number of at least 0")
    return value


def one_of(where: str, table: dict[str, Any], field: str, allowed: tuple[str, ...]) -> str:
    value = table.get(field)
    if value not in allowed:
        raise CardSetError(f"{where}: field {field!r} must be one of {', '.join(allowed)}")
    return value
