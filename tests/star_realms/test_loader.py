"""The loader refuses a card file it cannot use, naming the card and the field."""

import copy
import tomllib

import pytest

from events.rulesets.star_realms.loader import BASE_SET_FILE, CardSetError, load, parse

DATA = tomllib.loads(BASE_SET_FILE.read_text(encoding="utf-8"))


def _with(name: str, **fields):
    data = copy.deepcopy(DATA)
    card = next(c for c in data["card"] if c["name"] == name)
    card.update(fields)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_with("Cutter", abilities="primary: trade two"), "Cutter.*not an effect"),
        (_with("Cutter", abilities="bonus: trade 2"), "Cutter.*must start with a slot"),
        (_with("Cutter", abilities="primary: trade 2; primary: combat 1"), "two primary"),
        (_with("Cutter", abilities="ally(XX): trade 2"), r"ally\(XX\) names no faction"),
        (_with("Cutter", abilities="primary: ships_get_combat 1"), "static effects"),
        (_with("Cutter", colour="red"), "unknown field 'colour'"),
        (_with("Cutter", type="cruiser"), "field 'type'"),
        (_with("Blob Wheel", defense=0), "Blob Wheel.*defense"),
        (_with("Scout", copies=15), "16 Scouts"),
        (_with("Scout", cost=1), "Scout.*cost"),
        (_with("Ram", faction="Pirates"), "Ram.*faction"),
    ],
)
def test_bad_card_data_is_refused_by_name(data, message):
    with pytest.raises(CardSetError, match=message):
        parse(data, "test")


def test_only_the_base_set_is_known():
    assert load().name == "Star Realms, base set"
    with pytest.raises(CardSetError, match="base set only"):
        load("expansion")


def test_the_notation_parses_to_nested_effects():
    world = load().by_name("Blob World")
    assert [o.kind for o in world.primary[0].options] == ["combat", "draw_per_blob_played"]
    yacht = load().by_name("Embassy Yacht")
    assert yacht.primary[2].kind == "if_bases" and yacht.primary[2].options[0].amount == 2
