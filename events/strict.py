"""Unknown fields: a decision holds nothing its types do not name. msgspec skips unknown
fields unless each Struct forbids them; this check does it for every game's decisions, nested
ones too, without asking each game to declare it. The check is built once per type from
msgspec's type info, and looks only where a Struct can be."""

from collections.abc import Callable
from typing import Any

from msgspec import inspect

# The path of the first field in a decoded JSON value its type does not name, or None.
Check = Callable[[Any, str], str | None]

_SEQUENCES = (inspect.ListType, inspect.VarTupleType, inspect.SetType, inspect.FrozenSetType)


def unknown_fields_check(info: inspect.Type) -> Check:
    """A check for values that `info`'s type decoded without error."""
    return _check(info) or _nothing


def _nothing(_value: Any, _at: str) -> None:
    return None


def _check(info: inspect.Type) -> Check | None:
    """None where no Struct can be, so nothing needs looking at."""
    if isinstance(info, inspect.Metadata):
        return _check(info.type)
    if isinstance(info, inspect.StructType):
        return _struct(info)
    if isinstance(info, inspect.UnionType):
        return _union(info)
    if isinstance(info, inspect.DictType):
        return _each(_check(info.value_type), lambda v: v.items() if isinstance(v, dict) else ())
    if isinstance(info, _SEQUENCES):
        return _each(_check(info.item_type), lambda v: enumerate(v) if isinstance(v, list) else ())
    if isinstance(info, inspect.TupleType):
        checks = [_check(t) for t in info.item_types]
        if not any(checks):
            return None

        def tuple_items(value: Any, at: str) -> str | None:
            items = zip(value, checks, strict=False) if isinstance(value, list) else ()
            for n, (item, check) in enumerate(items):
                if check is not None and (found := check(item, f"{at}[{n}]")) is not None:
                    return found
            return None

        return tuple_items
    return None


def _struct(info: inspect.StructType) -> Check:
    known = {f.encode_name for f in info.fields} | {info.tag_field}
    nested = [(f.encode_name, c) for f in info.fields if (c := _check(f.type)) is not None]

    def struct(value: Any, at: str) -> str | None:
        if not isinstance(value, dict):
            return None
        for key in value:
            if key not in known:
                return f"{at}.{key}"
        for name, check in nested:
            if name in value and (found := check(value[name], f"{at}.{name}")) is not None:
                return found
        return None

    return struct


def _union(info: inspect.UnionType) -> Check | None:
    tagged = {t.tag: _struct(t) for t in info.types if isinstance(t, inspect.StructType)}
    tag_fields = {t.tag_field for t in info.types if isinstance(t, inspect.StructType)}
    if len(tag_fields) == 1 and None not in tag_fields:  # tagged Structs: the tag picks one
        tag_field = tag_fields.pop()

        def by_tag(value: Any, at: str) -> str | None:
            if not isinstance(value, dict) or (check := tagged.get(value.get(tag_field))) is None:
                return None
            return check(value, at)

        return by_tag
    checks = [c for t in info.types if (c := _check(t)) is not None]
    if len(checks) <= 1:
        return checks[0] if checks else None

    def any_member(value: Any, at: str) -> str | None:  # each looks only at its own kind
        return next((found for check in checks if (found := check(value, at))), None)

    return any_member


def _each(check: Check | None, items: Callable[[Any], Any]) -> Check | None:
    if check is None:
        return None

    def each(value: Any, at: str) -> str | None:
        for key, item in items(value):
            if (found := check(item, f"{at}[{key!r}]")) is not None:
                return found
        return None

    return each
