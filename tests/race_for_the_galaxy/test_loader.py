"""The loader refuses a card file the rules cannot use, naming the card and the field."""

import tomllib

import pytest

from events.rulesets.race_for_the_galaxy.loader import BASE_GAME_FILE, CardSetError, parse


def _data() -> dict:
    return tomllib.loads(BASE_GAME_FILE.read_text(encoding="utf-8"))


def _refused(data: dict) -> str:
    with pytest.raises(CardSetError) as refusal:
        parse(data, "base")
    return str(refusal.value)


def _card(data: dict, card_id: str) -> dict:
    return next(c for c in data["card"] if c["id"] == card_id)


def test_the_shipped_file_loads():
    assert len(parse(_data(), "base").kinds) == 95


def test_a_power_outside_the_vocabulary_is_refused():
    data = _data()
    _card(data, "space_marines")["powers"] = "III: military +2 twice"
    assert "'Space Marines'" in _refused(data) and "vocabulary" in _refused(data)


def test_a_production_world_needs_its_produce_power():
    data = _data()
    _card(data, "gem_world")["powers"] = "V: draw 1 if produced here"
    assert "production world" in _refused(data)


def test_a_military_world_has_no_cost():
    data = _data()
    _card(data, "rebel_base")["cost"] = 3
    assert "'Rebel Base'" in _refused(data)


def test_two_cards_with_one_id_are_refused():
    data = _data()
    _card(data, "gem_world")["id"] = "comet_zone"
    assert "'comet_zone'" in _refused(data)


def test_only_cost_6_developments_score():
    data = _data()
    _card(data, "drop_ships")["scoring"] = "+1 per world"
    assert "'Drop Ships'" in _refused(data)


def test_an_unknown_field_is_refused():
    data = _data()
    _card(data, "gem_world")["colour"] = "blue"
    assert "unknown field 'colour'" in _refused(data)
