"""Decisions no player should get accepted, built from a game's decision types alone (msgspec's
type info): values of the wrong type (a string where a number belongs, None, a list where a
card goes), and well-typed ones the rules must refuse (unknown ids, negative numbers, huge
lists)."""

from typing import Any

import msgspec
from hypothesis import strategies as st
from msgspec import inspect

HUGE = 5_000  # items in a huge list; its JSON stays under the 64 KiB decision limit
INTS = (-1, -(2**31), 2**31 - 1, 10**6, 2**63 - 1)
STRINGS = ("", "no such thing", "x" * 1_000)
WRONG = (None, "3", 1.5, [1], {"a": 1}, True)  # one of these is the wrong type for any field
_SEQUENCES = (inspect.ListType, inspect.VarTupleType, inspect.SetType, inspect.FrozenSetType)
_BUILT = {
    inspect.ListType: list,
    inspect.VarTupleType: tuple,
    inspect.SetType: set,
    inspect.FrozenSetType: frozenset,
}


def mistyped(decision: Any) -> bool:
    """Whether a decision built in code is no Struct or has a field of a type it does not
    declare (JSON decoding would have refused it)."""
    if not isinstance(decision, msgspec.Struct):
        return True
    try:
        msgspec.convert(msgspec.to_builtins(decision), type(decision))
    except (msgspec.ValidationError, TypeError):
        return True
    return False


def _seq(info: Any, items: list[Any]) -> Any:
    return _BUILT[type(info)](items)


def plain(info: inspect.Type) -> Any:
    """A small well-typed value: what a variant starts from."""
    match info:
        case inspect.Metadata():
            return plain(info.type)
        case inspect.IntType():
            return 0 if info.ge is None and info.gt is None else (info.ge or info.gt + 1)
        case inspect.StrType():
            return ""
        case inspect.BoolType():
            return False
        case inspect.FloatType():
            return 0.0
        case inspect.LiteralType():
            return info.values[0]
        case inspect.EnumType():
            return next(iter(info.cls))
        case inspect.UnionType():
            kinds = [t for t in info.types if not isinstance(t, inspect.NoneType)]
            return None if len(kinds) < len(info.types) else plain(kinds[0])
        case inspect.TupleType():
            return tuple(plain(t) for t in info.item_types)
        case inspect.StructType():
            return info.cls(**{f.name: plain(f.type) for f in info.fields if f.required})
        case inspect.DictType():
            return {}
    if isinstance(info, _SEQUENCES):
        return _seq(info, [])
    return None


def odd(info: inspect.Type, depth: int = 0) -> list[Any]:
    """Values for a field of type `info` that no rule should take: wrong types, and numbers,
    strings and lists out of any range, nested Structs with one field odd."""
    if isinstance(info, inspect.Metadata):
        return odd(info.type, depth)
    found: list[Any] = list(WRONG)
    if isinstance(info, inspect.IntType):
        found += INTS
    elif isinstance(info, inspect.StrType):
        found += STRINGS
    elif isinstance(info, _SEQUENCES):
        item = info.item_type
        found += [_seq(info, [plain(item)] * HUGE), _seq(info, list(range(HUGE)))]
        found += [_seq(info, [value]) for value in odd(item, depth + 1)[:12]]
    elif isinstance(info, inspect.TupleType):
        found += [tuple(plain(t) for t in info.item_types[:-1])]  # one short
    elif isinstance(info, inspect.UnionType):
        found += [v for t in info.types for v in odd(t, depth + 1)[len(WRONG) :]]
    elif isinstance(info, inspect.StructType) and depth < 3:
        found += variants(info, depth + 1)
    return found


def variants(info: inspect.StructType, depth: int = 0) -> list[Any]:
    """The plain Struct with one field odd, for each field in turn."""
    base = plain(info)
    return [
        msgspec.structs.replace(base, **{f.name: value})
        for f in info.fields
        for value in odd(f.type, depth)
    ]


def hostile_decisions(decision_types: tuple[type, ...]) -> list[Any]:
    """Every decision type with each field odd in turn, and decisions that are no decision."""
    made: list[Any] = [None, "pass", 3, {"type": "no such decision"}]
    for kind in decision_types:
        made += variants(inspect.type_info(kind))
    return made


def _typed(info: inspect.Type, depth: int) -> st.SearchStrategy[Any]:
    """Well-typed values, from the smallest to ids no card set has."""
    match info:
        case inspect.Metadata():
            return _typed(info.type, depth)
        case inspect.IntType():
            return st.one_of(st.integers(-3, 200), st.integers(-(2**63), 2**63 - 1))
        case inspect.StrType():
            return st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=12)
        case inspect.BoolType():
            return st.booleans()
        case inspect.FloatType():
            return st.floats(allow_nan=False, allow_infinity=False)
        case inspect.NoneType():
            return st.none()
        case inspect.LiteralType():
            return st.sampled_from(info.values)
        case inspect.EnumType():
            return st.sampled_from(list(info.cls))
        case inspect.UnionType():
            return st.one_of([_field(t, depth) for t in info.types])
        case inspect.TupleType():
            return st.tuples(*(_field(t, depth) for t in info.item_types))
        case inspect.StructType() if depth < 4:
            fields = {f.name: _field(f.type, depth + 1) for f in info.fields}
            return st.builds(info.cls, **fields)
    if isinstance(info, _SEQUENCES):
        items = st.lists(_field(info.item_type, depth + 1), max_size=8)
        return items.map(_BUILT[type(info)])
    return st.just(plain(info))


def _field(info: inspect.Type, depth: int) -> st.SearchStrategy[Any]:
    """Mostly well-typed, now and then of a wrong type."""
    return st.one_of(_typed(info, depth), st.sampled_from(WRONG)) if depth else _typed(info, 0)


def decisions(decision_types: tuple[type, ...]) -> st.SearchStrategy[Any]:
    """Decisions of the game's types with fields drawn at random, typed or not."""
    return st.one_of([_typed(inspect.type_info(kind), 0) for kind in decision_types])


def near(decision: Any) -> st.SearchStrategy[Any]:
    """A decision with one field changed: odd, or another value of its type."""
    fields = inspect.type_info(type(decision)).fields
    if not fields:
        return st.just(decision)

    def changed(field: inspect.Field) -> st.SearchStrategy[Any]:
        values = st.one_of(st.sampled_from(odd(field.type)), _typed(field.type, 1))
        return values.map(lambda value: msgspec.structs.replace(decision, **{field.name: value}))

    return st.sampled_from(fields).flatmap(changed)
