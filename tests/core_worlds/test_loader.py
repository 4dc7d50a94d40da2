"""The card-set loader: the provisional set's structure, and a clear refusal for every bad field."""

import copy
import operator
import random
import re
import tomllib
from collections import Counter
from functools import reduce

import pytest

from events.match import ContentChanged, MatchRecord, apply
from events.ruleset import setup_error
from events.rulesets.core_worlds.cardset import ABILITY_KINDS
from events.rulesets.core_worlds.loader import (
    CARD_SETS_ENV,
    PROVISIONAL_FILE,
    CardSetError,
    digest,
    load,
    parse,
)
from tests.random_play import random_match

from .scenario import CARDS, RULES, cid

DATA = tomllib.loads(PROVISIONAL_FILE.read_text(encoding="utf-8"))


def _card(data, name):
    return next(c for c in data["card"] if c["name"] == name)


def test_provisional_set_has_the_real_structure_and_says_so():
    assert CARDS.provisional and "PROVISIONAL" in PROVISIONAL_FILE.read_text().splitlines()[0]
    assert [s.action_points for s in CARDS.sectors] == [4, 5, 5, 5, 6]
    assert [s.hand_size for s in CARDS.sectors] == [6, 6, 6, 6, 7]
    assert len(CARDS.homes) == 5 and all(len(d) == 16 for d in CARDS.starting.values())
    assert [len(d) for d in CARDS.decks] == [12, 24, 24, 24, 24, 12]
    assert Counter(CARDS.cards[c].kind for c in CARDS.decks[5]) == {"world": 6, "prestige": 6}
    decks = [Counter(CARDS.cards[c].name for c in deck) for deck in CARDS.starting.values()]
    shared = reduce(operator.and_, decks)
    heroes = [list((deck - shared).elements()) for deck in decks]
    assert sum(shared.values()) == 15 and len({hero for [hero] in heroes}) == 5
    assert all(CARDS.cards[cid(hero)].type == "Hero" for [hero] in heroes)
    named = [
        "Galactic Grunts",
        "Snub Fighter",
        "Energy Surge",
        "Hercules Bomber",
        "Heavy Repeating Assault",
        "Dreadnought Cruiser",
        "Battle Cruiser",
        "Stealth Hawk",
        "Genetic Super Soldier",
        "World Ship",
        "Queen Alais",
        "Zeus",
        "Anu",
        "Alpha Prime",
    ]
    assert set(named) <= {c.name for c in CARDS.cards}


def test_every_ability_kind_of_the_vocabulary_is_used():
    used = {a.kind for c in CARDS.cards for a in c.abilities}
    assert used == set(ABILITY_KINDS)


def test_an_operator_card_set_file_loads_without_code(tmp_path, monkeypatch):
    data = PROVISIONAL_FILE.read_text().replace('name = "Zeus"', 'name = "Jupiter"')
    (tmp_path / "other.toml").write_text(data)
    monkeypatch.setenv(CARD_SETS_ENV, str(tmp_path))
    assert RULES.options_error(2, {"card_set": "other.toml"}) is None
    other = load("other.toml")
    assert "Jupiter" in {c.name for c in other.cards}
    events = RULES.initial(2, {"card_set": "other.toml"}, random.Random("op"))
    assert events[0].card_set == "other.toml"


def test_a_card_set_is_named_never_a_path(tmp_path, monkeypatch):
    monkeypatch.setenv(CARD_SETS_ENV, str(tmp_path))
    for key in ("/etc/passwd", "../provisional.toml", "sub/set.toml"):
        assert "not a path" in RULES.options_error(2, {"card_set": key})
    monkeypatch.delenv(CARD_SETS_ENV)
    assert "no card-set folder" in RULES.options_error(2, {"card_set": "unseen.toml"})


def test_the_card_files_header_shows_an_option_the_loader_takes(tmp_path, monkeypatch):
    header = PROVISIONAL_FILE.read_text().split("\n\n")[0]
    [example] = re.findall(r'\{"card_set": "([^"]+)"\}', header)
    (tmp_path / example).write_text(PROVISIONAL_FILE.read_text())
    monkeypatch.setenv(CARD_SETS_ENV, str(tmp_path))
    assert RULES.options_error(2, {"card_set": example}) is None
    assert CARD_SETS_ENV in header


def _broken(change):
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(CardSetError) as error:
        parse(data, "test")
    return str(error.value)


def _set(name, field, value):
    return lambda d: _card(d, name).__setitem__(field, value)


def _ability(name, field, value, index=0):
    return lambda d: _card(d, name)["abilities"][index].__setitem__(field, value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            _set("Battle Cruiser", "deploy", "seven"),
            "card 'Battle Cruiser': field 'deploy' must be a whole number of at least 0, "
            "not 'seven'",
        ),
        (_set("Battle Cruiser", "draft", -1), "card 'Battle Cruiser': field 'draft'"),
        (_set("Battle Cruiser", "fleet", True), "card 'Battle Cruiser': field 'fleet'"),
        (_set("Battle Cruiser", "kind", "ship"), "card 'Battle Cruiser': field 'kind' must be one"),
        (_set("Battle Cruiser", "type", "Frigate"), "card 'Battle Cruiser': field 'type'"),
        (_set("Battle Cruiser", "deck", "VI"), "card 'Battle Cruiser': field 'deck'"),
        (_set("Battle Cruiser", "copies", 0), "card 'Battle Cruiser': field 'copies'"),
        (_set("Battle Cruiser", "colour", "red"), "card 'Battle Cruiser': unknown field 'colour'"),
        (_set("Battle Cruiser", "energy", 2), "card 'Battle Cruiser': unknown field 'energy'"),
        (_set("Battle Cruiser", "colonist", "yes"), "card 'Battle Cruiser': field 'colonist'"),
        (_set("Battle Cruiser", "abilities", "fly"), "card 'Battle Cruiser': field 'abilities'"),
        (_set("Mireth", "number", 3), "card 'Mireth': field 'number' belongs to Home Worlds"),
        (_set("Alpha Prime", "hero", "Nobody"), "card 'Alpha Prime': field 'hero' names 'Nobody'"),
        (_set("Alpha Prime", "number", 2), "Home World field 'number' must differ"),
        (_set("Commander Rhee", "type", "Infantry"), "card 'Commander Rhee': field 'type'"),
        (_set("Mireth", "name", "Zeus"), "card 'Zeus': field 'name' is used by two cards"),
        (_set("Mireth", "name", ""), "card #"),
        (_ability("Hercules Bomber", "kind", "fly"), "card 'Hercules Bomber', ability 1: field"),
        (
            _ability("Hercules Bomber", "energy", 0),
            "card 'Hercules Bomber', ability 1 (pay_for_strength): field 'energy' must be "
            "at least 1",
        ),
        (_ability("Hercules Bomber", "times", 0), "ability 1 (pay_for_strength): field 'times'"),
        (
            _ability("Hercules Bomber", "gain", 1),
            "card 'Hercules Bomber', ability 1 (pay_for_strength): unknown field 'gain'",
        ),
        (_ability("Stealth Hawk", "amount", 0), "ability 1 (choose_strength): field 'amount'"),
        (_ability("Dreadnought Cruiser", "per", "Boat"), "ability 1 (deploy_cost): field 'per'"),
        (_ability("Dreadnought Cruiser", "change", 0), "(deploy_cost): field 'change'"),
        (
            _ability("Zeus", "types", ["Dragons"]),
            "card 'Zeus', ability 1 (bonus_per_type): field 'types'",
        ),
        (_ability("Genetic Super Soldier", "limit", 0), "(action): field 'limit'"),
        (_ability("Energy Surge", "gain", 0), "card 'Energy Surge', ability 1 (surge): field"),
        (
            _set("Galactic Grunts", "abilities", [{"kind": "surge", "gain": 1}]),
            "card 'Galactic Grunts', ability 1 (surge): a unit cannot have this ability",
        ),
        (_set("Galactic Grunts", "copies", 6), "deck 'start' number 16"),
        (
            lambda d: d.__setitem__("sector0_removes", ["Battle Cruiser"]),
            "field 'sector0_removes' names 'Battle Cruiser'",
        ),
        (lambda d: d["sector"].pop(), "needs exactly 5 [[sector]] tables"),
        (
            lambda d: d["sector"][1].__setitem__("action_points", 0),
            "sector 2: field 'action_points'",
        ),
        (lambda d: d["sector"][2].__setitem__("number", 4), "sector 3: field 'number'"),
        (lambda d: d.__setitem__("provisional", "maybe"), "field 'provisional'"),
        (lambda d: d.__setitem__("extra", 1), "unknown top-level field 'extra'"),
        (lambda d: d.__setitem__("card", []), "needs [[card]] tables"),
    ],
)
def test_a_malformed_field_is_refused_naming_the_card_and_the_field(change, message):
    assert message in _broken(change)


def test_unreadable_or_invalid_files_are_refused(tmp_path, monkeypatch):
    monkeypatch.setenv(CARD_SETS_ENV, str(tmp_path))
    assert "cannot be read" in RULES.options_error(2, {"card_set": "none.toml"})
    (tmp_path / "bad.toml").write_text("name = ")
    assert "is not valid TOML" in RULES.options_error(2, {"card_set": "bad.toml"})
    assert "no option 'colour'" in setup_error(RULES, 2, {"colour": "red"})


def test_a_match_pins_its_card_set_and_refuses_to_fold_once_it_changed(tmp_path, monkeypatch):
    monkeypatch.setenv(CARD_SETS_ENV, str(tmp_path))
    pinned = tmp_path / "pinned.toml"
    pinned.write_text(PROVISIONAL_FILE.read_text())
    entries = random_match("core-worlds", 2, "pin", {"card_set": "pinned.toml"})[:40]
    created = entries[0].body
    assert created.content_digest == digest("pinned.toml") != ""
    pinned.write_text(PROVISIONAL_FILE.read_text() + "\n# a comment changes nothing\n")
    _reloaded()
    assert _fold(entries).seq == entries[-1].seq
    pinned.write_text(PROVISIONAL_FILE.read_text().replace('name = "Zeus"', 'name = "Jupiter"'))
    _reloaded()
    with pytest.raises(ContentChanged, match="restore that card set"):
        _fold(entries)


def _reloaded() -> None:
    """As a restarted process would read the card-set folder."""
    load.cache_clear()
    digest.cache_clear()


def _fold(entries: list) -> MatchRecord:
    record = None
    for entry in entries:
        record = apply(record, entry)
    return record
