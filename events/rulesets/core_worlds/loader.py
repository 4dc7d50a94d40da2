"""Reading a card-set file: every field checked, every refusal naming the card and the field."""

import os
import re
from functools import cache
from pathlib import Path
from typing import Any

from events import card_sets
from events.card_sets import CardSetError
from events.pinning import content_digest
from events.rulesets.core_worlds.cardset import (
    ABILITY_KINDS,
    DECKS,
    KINDS,
    SECTORS,
    UNIT_TYPES,
    Ability,
    Card,
    CardSet,
    Sector,
)

PROVISIONAL = "provisional"
PROVISIONAL_FILE = Path(__file__).parent / "cards" / "provisional.toml"
STARTING_DECK = 16  # per faction, Hero included (CW-S3)
CARD_SETS_ENV = "STARLEDGER_CARD_SETS"  # the operator's folder of card-set files
_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


_INT_FIELDS = ("copies", "number", "energy", "fleet", "ground", "ep", "deploy", "draft", "play")
_CARD_FIELDS = {
    "world": {
        "name",
        "kind",
        "deck",
        "copies",
        "number",
        "hero",
        "energy",
        "fleet",
        "ground",
        "ep",
        "abilities",
    },
    "unit": {
        "name",
        "kind",
        "deck",
        "type",
        "copies",
        "fleet",
        "ground",
        "ep",
        "deploy",
        "draft",
        "colonist",
        "abilities",
    },
    "tactic": {"name", "kind", "deck", "copies", "ep", "draft", "play", "abilities"},
    "prestige": {"name", "kind", "deck", "copies", "ep", "draft", "abilities"},
}
_STRENGTH = ("fleet", "ground")
# kind -> (fields it takes, fields of which at least one must be positive, card kinds it fits)
_ABILITY_RULES: dict[str, tuple[set[str], tuple[str, ...], tuple[str, ...]]] = {
    "strength": ({"fleet", "ground"}, _STRENGTH, ("unit", "tactic")),
    "pay_for_strength": ({"energy", "fleet", "ground", "times"}, _STRENGTH, ("unit", "tactic")),
    "discard_for_strength": ({"fleet", "ground", "times"}, _STRENGTH, ("unit", "tactic")),
    "choose_strength": ({"amount"}, ("amount",), ("unit", "tactic")),
    "counter_strength": ({"fleet", "ground"}, _STRENGTH, ("unit",)),
    "survives": (set(), (), ("unit",)),
    "deploy_cost": ({"per", "change"}, (), ("unit",)),
    "surge": ({"gain", "behind"}, ("gain",), ("tactic",)),
    "energy_exchange": ({"discard", "gain"}, ("gain",), ("world", "unit")),
    "action": (
        {"energy", "discard", "gain", "draw", "counter", "limit"},
        ("gain", "draw", "counter"),
        ("unit", "tactic"),
    ),
    "bonus_warzone": ({"points"}, ("points",), ("world", "unit", "prestige")),
    "bonus_per_type": ({"points", "types"}, ("points",), KINDS),
}
_COUNTABLE = (*UNIT_TYPES, "World", "Unit", "Tactic", "Prestige")


def _path(key: str) -> Path:
    """Matches name card sets, never paths: only the operator's folder is read."""
    if key == PROVISIONAL:
        return PROVISIONAL_FILE
    if not _FILE_NAME.fullmatch(key) or ".." in key:
        raise CardSetError(f"card set {key!r}: name a file of the card-set folder, not a path")
    folder = os.environ.get(CARD_SETS_ENV)
    if not folder:
        raise CardSetError(
            f"card set {key!r}: this server has no card-set folder (${CARD_SETS_ENV})"
        )
    return Path(folder) / key


@cache
def digest(key: str = PROVISIONAL) -> str:
    """The sha256 of the card set as loaded (not of its file's layout): what a match pins."""
    return content_digest(load(key))


@cache
def load(key: str = PROVISIONAL) -> CardSet:
    """The card set a match names: the provisional one, or a file in the operator's folder."""
    return parse(card_sets.read(_path(key), key), key)


def parse(data: dict[str, Any], key: str) -> CardSet:
    tables = card_sets.card_tables(
        data, {"name", "provisional", "sector0_removes", "sector", "card"}
    )
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise CardSetError("card set: field 'name' must be a non-empty string")
    provisional = data.get("provisional", False)
    if not isinstance(provisional, bool):
        raise CardSetError("card set: field 'provisional' must be true or false")
    sectors = _sectors(data.get("sector"))
    cards = [_card(i, table) for i, table in enumerate(tables)]
    removes = data.get("sector0_removes", [])
    if not isinstance(removes, list) or not all(isinstance(r, str) for r in removes):
        raise CardSetError("card set: field 'sector0_removes' must be a list of card names")
    return _build(key, name, provisional, sectors, cards, tuple(removes))


def _sectors(tables: Any) -> tuple[Sector, ...]:
    if not isinstance(tables, list) or len(tables) != SECTORS:
        raise CardSetError(f"card set: needs exactly {SECTORS} [[sector]] tables")
    sectors = []
    for number, table in enumerate(tables, start=1):
        where = f"sector {number}"
        _only(where, table, {"number", "name", "action_points", "hand_size"})
        if table.get("number") != number:
            raise CardSetError(f"{where}: field 'number' must be {number} (sectors in order)")
        sectors.append(
            Sector(
                number=number,
                name=_text(where, table, "name", required=True),
                action_points=_int(where, table, "action_points", 1, required=True),
                hand_size=_int(where, table, "hand_size", 1, required=True),
            )
        )
    return tuple(sectors)


def _card(index: int, table: Any) -> Card:
    if not isinstance(table, dict):
        raise CardSetError(f"card #{index + 1}: must be a table")
    name = table.get("name")
    if not isinstance(name, str) or not name:
        raise CardSetError(f"card #{index + 1}: field 'name' must be a non-empty string")
    where = f"card {name!r}"
    kind = _choice(where, table, "kind", KINDS)
    _only(where, table, _CARD_FIELDS[kind])
    deck = _choice(where, table, "deck", ("home", "start", "hero", *DECKS))
    fields: dict[str, Any] = {f: _int(where, table, f, 0) for f in _INT_FIELDS if f in table}
    if fields.get("copies", 1) < 1:
        raise CardSetError(f"{where}: field 'copies' must be at least 1")
    if kind == "unit":
        fields["type"] = _choice(where, table, "type", UNIT_TYPES)
    if "colonist" in table:
        if not isinstance(table["colonist"], bool):
            raise CardSetError(f"{where}: field 'colonist' must be true or false")
        fields["colonist"] = table["colonist"]
    if deck == "home":
        if kind != "world":
            raise CardSetError(f"{where}: field 'deck' is 'home' but the card is not a world")
        fields["number"] = _int(where, table, "number", 1, required=True)
        fields["hero"] = _text(where, table, "hero", required=True)
    elif "number" in table or "hero" in table:
        field = "number" if "number" in table else "hero"
        raise CardSetError(f"{where}: field {field!r} belongs to Home Worlds only")
    if deck == "hero" and fields.get("type") != "Hero":
        raise CardSetError(f"{where}: field 'type' must be 'Hero' for a card in deck 'hero'")
    abilities = table.get("abilities", [])
    if not isinstance(abilities, list):
        raise CardSetError(f"{where}: field 'abilities' must be a list of tables")
    fields["abilities"] = tuple(_ability(where, kind, i, a) for i, a in enumerate(abilities))
    return Card(name=name, kind=kind, deck=deck, **fields)


def _ability(card: str, card_kind: str, index: int, table: Any) -> Ability:
    where = f"{card}, ability {index + 1}"
    if not isinstance(table, dict):
        raise CardSetError(f"{where}: must be a table")
    kind = _choice(where, table, "kind", ABILITY_KINDS)
    where = f"{card}, ability {index + 1} ({kind})"
    takes, positive, fits = _ABILITY_RULES[kind]
    if card_kind not in fits:
        raise CardSetError(
            f"{where}: a {card_kind} cannot have this ability (it fits: {', '.join(fits)})"
        )
    _only(where, table, takes | {"kind"})
    fields: dict[str, Any] = {}
    for field in sorted(takes - {"per", "types"}):
        if field in table:
            fields[field] = _int(where, table, field, -99 if field == "change" else 0)
    if positive and not any(fields.get(f, 0) > 0 for f in positive):
        raise CardSetError(f"{where}: field {' or '.join(map(repr, positive))} must be positive")
    if kind in ("pay_for_strength",) and fields.get("energy", 0) < 1:
        raise CardSetError(f"{where}: field 'energy' must be at least 1")
    if "times" in fields and fields["times"] < 1:
        raise CardSetError(f"{where}: field 'times' must be at least 1")
    if fields.get("counter", 0) > fields.get("limit", 0):
        raise CardSetError(f"{where}: field 'limit' must be at least field 'counter'")
    if kind == "deploy_cost":
        fields["per"] = _choice(where, table, "per", UNIT_TYPES)
        if fields.get("change", 0) == 0:
            raise CardSetError(f"{where}: field 'change' must be a non-zero whole number")
    if kind == "bonus_per_type":
        types = table.get("types")
        if not isinstance(types, list) or not types or any(t not in _COUNTABLE for t in types):
            raise CardSetError(f"{where}: field 'types' must list some of: {', '.join(_COUNTABLE)}")
        fields["types"] = tuple(types)
    return Ability(kind=kind, **fields)


def _build(
    key: str,
    name: str,
    provisional: bool,
    sectors: tuple[Sector, ...],
    cards: list[Card],
    removes: tuple[str, ...],
) -> CardSet:
    by_name: dict[str, Card] = {}
    for card in cards:
        if card.name in by_name:
            raise CardSetError(f"card {card.name!r}: field 'name' is used by two cards")
        by_name[card.name] = card
    homes = sorted((c for c in cards if c.deck == "home"), key=lambda c: c.number)
    if len(homes) < 2:
        raise CardSetError("card set: needs at least 2 Home Worlds (deck 'home')")
    if len({h.number for h in homes}) != len(homes):
        raise CardSetError("card set: Home World field 'number' must differ between worlds")
    start = [c for c in cards if c.deck == "start" for _ in range(c.copies)]
    if len(start) != STARTING_DECK - 1:
        raise CardSetError(
            f"card set: the cards of deck 'start' number {len(start)} with "
            f"copies; a starting deck is {STARTING_DECK - 1} of them and a Hero"
        )
    for card in removes:
        if card not in {c.name for c in start}:
            raise CardSetError(
                f"card set: field 'sector0_removes' names {card!r}, which is not in deck 'start'"
            )
    physical: list[Card] = []
    home_ids = []
    for home in homes:
        home_ids.append(len(physical))
        physical.append(home)
    starting: dict[int, tuple[int, ...]] = {}
    for home_id, home in zip(home_ids, homes, strict=True):
        hero = by_name.get(home.hero)
        if hero is None or hero.deck != "hero":
            raise CardSetError(
                f"card {home.name!r}: field 'hero' names {home.hero!r}, which is "
                f"not a card of deck 'hero'"
            )
        starting[home_id] = tuple(range(len(physical), len(physical) + STARTING_DECK))
        physical.extend([*start, hero])
    decks = []
    for deck in DECKS:
        first = len(physical)
        physical.extend(c for c in cards if c.deck == deck for _ in range(c.copies))
        decks.append(tuple(range(first, len(physical))))
    return CardSet(
        key=key,
        name=name,
        provisional=provisional,
        sectors=sectors,
        cards=tuple(physical),
        homes=tuple(home_ids),
        starting=starting,
        decks=tuple(decks),
        sector0_removes=removes,
    )


def _only(where: str, table: Any, allowed: set[str]) -> None:
    if not isinstance(table, dict):
        raise CardSetError(f"{where}: must be a table")
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise CardSetError(f"{where}: unknown field {unknown[0]!r}")


def _int(where: str, table: dict[str, Any], field: str, least: int, required: bool = False) -> int:
    if field not in table:
        if required:
            raise CardSetError(f"{where}: field {field!r} is missing")
        return 0
    value = table[field]
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise CardSetError(
            f"{where}: field {field!r} must be a whole number of at least {least}, not {value!r}"
        )
    return value


def _text(where: str, table: dict[str, Any], field: str, required: bool = False) -> str:
    value = table.get(field, "")
    if not isinstance(value, str) or (required and not value):
        raise CardSetError(f"{where}: field {field!r} must be a non-empty string")
    return value


def _choice(where: str, table: dict[str, Any], field: str, allowed: tuple[str, ...]) -> str:
    value = table.get(field)
    if value not in allowed:
        raise CardSetError(
            f"{where}: field {field!r} must be one of {', '.join(allowed)}; not {value!r}"
        )
    return value
