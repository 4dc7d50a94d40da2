"""What the log takes, as pure functions: strings a read model can store, bounded numbers and
nesting, a rendering of what it cannot, and decisions holding no field their types lack."""

import re

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from events import storable
from events.codec import game_codec
from events.rulesets.core_worlds.decisions import Invade, Use


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ({"a": ["x", {"b": "q\x00"}]}, "$.a[1].b holds U+0000 (at character 1)"),
        ({"k\x00": 1}, "$.'k\\x00' holds U+0000 (at character 1) as a key"),
        (["\ud800"], "$[0] holds U+D800 (at character 0)"),
        ({"n": 2**63}, "$.n does not fit in 64 bits"),
        ({"n": -(2**63) - 1}, "$.n does not fit in 64 bits"),
        ([[[[]]]], None),
        ({"ok": ["tab\tand\nnewline", -(2**63), 1.5, None, True, "é\U0010ffff"]}, None),
    ],
)
def test_a_value_the_read_models_cannot_store_is_found_with_its_path(
    value: object, found: str | None
) -> None:
    problem = storable.problem(value, "$")
    assert (str(problem) if problem else None) == found


def test_nesting_past_the_limit_is_found() -> None:
    nested: list[object] = []  # one level
    for _ in range(storable.MAX_DEPTH - 1):
        nested = [nested]
    assert storable.problem(nested, "$") is None
    assert (
        str(storable.problem([nested], "$")) == "$[0]" + "[0]" * 31 + " nests deeper than 32 levels"
    )
    keyed: dict[str, object] = {}  # the same through objects
    for _ in range(storable.MAX_DEPTH - 1):
        keyed = {"k": keyed}
    assert storable.problem(keyed, "$") is None
    assert (
        str(storable.problem({"k": keyed}, "$")) == "$" + ".k" * 32 + " nests deeper than 32 levels"
    )


def test_control_characters_are_found_only_where_refused() -> None:
    controls = re.compile(r"[\x00-\x08\x0b-\x1f]")
    assert storable.problem({"t": "a\x1b[31m"}, "$") is None
    assert str(storable.problem({"t": "a\x1b[31m"}, "$", controls)).startswith("$.t holds U+001B")


def test_what_cannot_be_stored_is_rendered_visibly() -> None:
    assert storable.rendered("a\x00b\udfffc") == "a\\u0000b\\udfffc"
    assert storable.rendered_value({"k\x00": ["\x00"]}) == {"k\\u0000": ["\\u0000"]}


@pytest.mark.parametrize(
    ("raw", "at"),
    [
        (rb'{"a":"x\u0000"}', 7),
        (rb'{"a":"\\u0000"}', None),  # an escaped backslash, then the letters u0000
        (rb'{"a":"\\\u0000"}', 8),  # an escaped backslash, then NUL
        (b'{"a":"plain"}', None),
    ],
)
def test_nul_is_found_in_json_bytes_only_where_it_decodes(raw: bytes, at: int | None) -> None:
    assert storable.nul_in_json(raw) == at
    assert ("\x00" in msgspec.json.decode(raw)["a"]) == (at is not None)


def test_a_decision_holds_no_field_its_types_do_not_name_at_any_depth() -> None:
    codec = game_codec("core-worlds")
    invade = b'{"type": "cw.invade", "world": 40, "uses": [{"card": 3, "times": 2}]}'
    assert codec.decision_body(invade) == Invade(world=40, uses=(Use(card=3, times=2),))
    for body, path in [
        (b'{"type": "cw.pass", "x": 1}', "$.x"),
        (
            b'{"type": "cw.invade", "world": 1, "uses": [{"card": 3}, {"card": 1, "z": 0}]}',
            "$.uses[1].z",
        ),
        (b'{"type": "cw.declare", "exchanges": [{"source": 1, "k": 0}]}', "$.exchanges[0].k"),
    ]:
        with pytest.raises(msgspec.ValidationError, match=re.escape(f"field - at `{path}`")):
            codec.decision_body(body)
    create = b'{"type": "match.create", "ruleset": "x", "seats": 2, "options": {"any": {"a": 1}}}'
    assert codec.decision_body(create).options == {"any": {"a": 1}}  # options are the game's


@pytest.mark.parametrize(
    "raw", [b'{"type": "cw.pass", "x": ' + b"[" * 2000 + b"]" * 2000 + b"}", b'{"type": "\xff"}']
)
def test_json_msgspec_cannot_follow_or_decode_is_a_decode_error(raw: bytes) -> None:
    with pytest.raises(msgspec.DecodeError):
        game_codec("core-worlds").decision_body(raw)


@pytest.mark.parametrize(
    ("raw", "plain"),
    [
        (b'{"type": "race.add", "amount": -1.5, "to": [null, true, "Drakon Reach"]}', True),
        (b"[" * (storable.MAX_DEPTH - 1) + b"]" * (storable.MAX_DEPTH - 1), True),
        (b"[" * storable.MAX_DEPTH + b"]" * storable.MAX_DEPTH, False),  # may nest too deep
        (b'"a\\u0000"', False),  # an escape: may be NUL
        (b'"tab\\t"', False),
        (b'"\xc3\xa9"', False),  # not ASCII: may not be UTF-8
        (b'"\xff"', False),
        (b"[1234567890123456789]", False),  # may not fit in 64 bits
        (b"[1e999]", False),  # an exponent: may not fit in a double
        (b'{"a":\n1}', False),  # a control character, if only between tokens
    ],
)
def test_plain_json_is_told_from_the_bytes_alone(raw: bytes, plain: bool) -> None:
    assert storable.plain_json(raw) is plain


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=40,
)


@given(_json_values, st.integers(min_value=0, max_value=40))
def test_what_plain_json_lets_through_decodes_to_something_storable(
    value: object, depth: int
) -> None:
    for _ in range(depth // 2):
        value = [value]
    raw = msgspec.json.encode(value)
    if storable.plain_json(raw):
        assert storable.problem(msgspec.json.decode(raw), "$") is None
