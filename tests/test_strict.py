"""The unknown-field check names the first field a decision's types do not name, at any depth:
inside Structs, lists, sets, dicts, tuples, tagged and untagged unions, annotated types, and
optional ones left null; and says nothing of values its types would take."""

from typing import Annotated

import msgspec
import pytest
from msgspec import inspect

from events.strict import unknown_fields_check


class Card(msgspec.Struct):
    name: str
    cost: int = 0


class Play(msgspec.Struct, tag="play"):
    card: Card


class Pass(msgspec.Struct, tag="pass"):
    why: str = ""


class Plan(msgspec.Struct):
    moves: list[Play | Pass]
    spares: dict[str, Card] = {}
    pair: tuple[int, Card] = (0, Card("none"))
    sized: Annotated[list[Card], msgspec.Meta(max_length=3)] = []
    either: Card | None = None
    free: list[int] = []
    noted: Annotated[Card, msgspec.Meta(description="a card, described")] | None = None
    maybe: list[Card] | None = None
    maybe_pair: tuple[int, Card] | None = None


def _first_unknown(value: object) -> str | None:
    check = unknown_fields_check(inspect.type_info(Plan))
    msgspec.convert(value, Plan)  # only values the types take are ever checked
    return check(value, "body")


CLEAN = {
    "moves": [{"type": "play", "card": {"name": "Scout"}}, {"type": "pass"}],
    "spares": {"a": {"name": "Viper", "cost": 1}},
    "pair": [1, {"name": "Scout"}],
    "sized": [{"name": "Scout"}],
    "either": {"name": "Scout"},
    "free": [1, 2],
    "noted": {"name": "Scout"},
    "maybe": None,
    "maybe_pair": None,
}


def test_a_value_its_types_name_throughout_has_no_unknown_field() -> None:
    assert _first_unknown(CLEAN) is None
    assert _first_unknown({"moves": []}) is None


@pytest.mark.parametrize(
    ("changed", "path"),
    [
        ({"extra": 1}, "body.extra"),
        ({"moves": [{"type": "pass", "who": 1}]}, "body.moves[0].who"),
        (
            {"moves": [{"type": "pass"}, {"type": "play", "card": {"name": "S", "x": 1}}]},
            "body.moves[1].card.x",
        ),
        ({"spares": {"a": {"name": "V", "colour": "red"}}}, "body.spares['a'].colour"),
        ({"pair": [1, {"name": "S", "y": 2}]}, "body.pair[1].y"),
        ({"sized": [{"name": "S"}, {"name": "T", "z": 3}]}, "body.sized[1].z"),
        ({"either": {"name": "S", "w": 4}}, "body.either.w"),
        ({"noted": {"name": "S", "v": 5}}, "body.noted.v"),
        ({"maybe": [{"name": "S"}, {"name": "T", "u": 6}]}, "body.maybe[1].u"),
        ({"maybe_pair": [1, {"name": "S", "t": 7}]}, "body.maybe_pair[1].t"),
    ],
)
def test_the_first_unknown_field_is_named_by_its_path(changed: dict, path: str) -> None:
    assert _first_unknown(CLEAN | changed) == path


def test_known_fields_are_checked_after_unknown_keys_at_the_same_level() -> None:
    both = CLEAN | {"extra": 1, "either": {"name": "S", "w": 4}}
    assert _first_unknown(both) == "body.extra"


def test_types_where_no_struct_can_be_need_no_look() -> None:
    assert unknown_fields_check(inspect.type_info(list[int]))([1, 2], "body") is None
    assert unknown_fields_check(inspect.type_info(int | str))("x", "body") is None
    card_or_int = unknown_fields_check(inspect.type_info(Card | int))
    assert card_or_int(3, "body") is None
    assert card_or_int({"name": "S", "q": 1}, "body") == "body.q"


def test_an_untagged_union_checks_each_member_on_its_own_kind() -> None:
    cards = unknown_fields_check(inspect.type_info(dict[str, Card] | list[Card]))
    assert cards({"a": {"name": "S", "q": 1}}, "body") == "body['a'].q"
    assert cards([{"name": "S"}, {"name": "T", "r": 2}], "body") == "body[1].r"
    assert cards([{"name": "S"}], "body") is None
