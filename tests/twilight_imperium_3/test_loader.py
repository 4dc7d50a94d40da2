"""The loader refuses content the rules cannot use, naming the file, the entry and the field."""

import tomllib

import pytest

from events.rulesets.twilight_imperium_3.loader import CONTENT, CardSetError, parse


def _files() -> dict[str, dict]:
    return {p.name: tomllib.loads(p.read_text(encoding="utf-8")) for p in CONTENT.glob("*.toml")}


def _refused(files: dict[str, dict]) -> str:
    with pytest.raises(CardSetError) as refusal:
        parse(files)
    return str(refusal.value)


def _entry(files: dict[str, dict], name: str, table: str, key: str, value: object) -> dict:
    return next(e for e in files[name][table] if e[key] == value)


def test_the_shipped_files_load():
    assert len(parse(_files()).systems) == 37


def test_a_wrongly_typed_field_names_its_file_entry_and_field():
    files = _files()
    _entry(files, "units.toml", "unit", "id", "cruiser")["cost"] = "two"
    refusal = _refused(files)
    assert refusal.startswith("units.toml: unit 'cruiser': Expected `int`, got `str`")
    assert "`$.cost`" in refusal


def test_an_unknown_field_is_refused():
    files = _files()
    _entry(files, "systems.toml", "system", "id", "lodor")["wormholes"] = "alpha"
    assert "systems.toml: system 'lodor': Object contains unknown field `wormholes`" in _refused(
        files
    )


def test_a_value_outside_its_list_is_refused():
    files = _files()
    _entry(files, "technologies.toml", "technology", "id", "war_sun")["colour"] = "purple"
    refusal = _refused(files)
    assert refusal.startswith("technologies.toml: technology 'war_sun': Invalid enum value")
    assert "`$.colour`" in refusal


def test_a_condition_outside_the_vocabulary_is_refused():
    files = _files()
    objective = _entry(files, "objectives.toml", "objective", "id", "p1_01")
    objective["conditions"] = [{"test": "planets_anywhere", "at_least": 5}]
    refusal = _refused(files)
    assert refusal.startswith(
        "objectives.toml: objective 'p1_01': Invalid value 'planets_anywhere'"
    )


def test_a_reference_to_nothing_is_refused():
    files = _files()
    _entry(files, "races.toml", "race", "id", "sol")["technologies"] = ["warp_drive"]
    assert (
        _refused(files) == "races.toml: race 'sol': field 'technologies': 'warp_drive' is unknown"
    )


def test_two_races_may_not_share_a_home_system():
    files = _files()
    _entry(files, "races.toml", "race", "id", "sol")["home"] = "moll_primus"
    assert "each race needs a home system of its own" in _refused(files)


def test_each_race_needs_its_trade_cards():
    files = _files()
    files["trade_cards.toml"]["trade"] = files["trade_cards.toml"]["trade"][1:]
    assert "trade_cards.toml: each race needs its trade cards" in _refused(files)
    files = _files()
    _entry(files, "trade_cards.toml", "trade", "id", "sol")["values"] = [2, 2, 2]
    assert _refused(files).startswith("trade_cards.toml: trade 'sol': ")


def test_an_id_used_twice_is_refused():
    files = _files()
    files["units.toml"]["unit"].append(dict(files["units.toml"]["unit"][0]))
    assert _refused(files) == "units.toml: id 'war_sun' is used twice"


def test_a_layout_whose_tiles_do_not_fill_its_galaxy_is_refused():
    files = _files()
    _entry(files, "layouts.toml", "layout", "players", 6)["hand"] = 6
    assert _refused(files) == "layouts.toml: layout 6: 30 tiles dealt for 30 spaces, 6 each"


def test_a_home_outside_ring_three_is_refused():
    files = _files()
    _entry(files, "layouts.toml", "layout", "players", 4)["homes"][0] = {"position": "205"}
    assert "layout 4: field 'homes'" in _refused(files)
