"""Unknown fields: a decision holds nothing its types do not name. msgspec skips unknown
fields unless each Struct forbids them; this check does it for every game's decisions, nested
ones too, without asking each game to declare it."""

from collections.abc import Iterable
from itertools import repeat
from typing import Any

from msgspec import inspect

_SEQUENCES = (inspect.ListType, inspect.VarTupleType, inspect.SetType, inspect.FrozenSetType)


def unknown_field(value: Any, info: inspect.Type, at: str = "$") -> str | None:
    """The path of the first field in `value` (a decoded JSON value that `info`'s type
    decoded without error) that the type does not name; None if there is none."""
    if isinstance(info, inspect.Metadata):
        return unknown_field(value, info.type, at)
    if isinstance(info, inspect.StructType) and isinstance(value, dict):
        return _in_struct(value, info, at)
    if isinstance(info, inspect.UnionType):
        return _first((value, t, at) for t in _members(value, info))
    if isinstance(info, inspect.DictType) and isinstance(value, dict):
        return _first((v, info.value_type, f"{at}.{k}") for k, v in value.items())
    if isinstance(info, _SEQUENCES) and isinstance(value, list):
        return _first(_numbered(value, repeat(info.item_type), at))
    if isinstance(info, inspect.TupleType) and isinstance(value, list):
        return _first(_numbered(value, info.item_types, at))
    return None


def _in_struct(value: dict[str, Any], info: inspect.StructType, at: str) -> str | None:
    fields = {f.encode_name: f.type for f in info.fields}
    for key, item in value.items():
        if key == info.tag_field:
            continue
        if key not in fields:
            return f"{at}.{key}"
        if (found := unknown_field(item, fields[key], f"{at}.{key}")) is not None:
            return found
    return None


def _members(value: Any, info: inspect.UnionType) -> list[inspect.Type]:
    """The union's members `value` was decoded as: a tagged Struct by its tag, else all."""
    tagged = [t for t in info.types if isinstance(t, inspect.StructType) and t.tag_field]
    if isinstance(value, dict) and tagged:
        return [t for t in tagged if t.tag == value.get(t.tag_field)]
    return list(info.types)


def _numbered(
    items: list[Any], types: Iterable[inspect.Type], at: str
) -> Iterable[tuple[Any, inspect.Type, str]]:
    pairs = enumerate(zip(items, types, strict=False))
    return ((item, info, f"{at}[{n}]") for n, (item, info) in pairs)


def _first(checks: Iterable[tuple[Any, inspect.Type, str]]) -> str | None:
    return next((found for v, t, at in checks if (found := unknown_field(v, t, at))), None)
