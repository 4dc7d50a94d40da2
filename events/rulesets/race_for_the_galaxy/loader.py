"""Reading the card-set file: every field checked, every power and scoring line parsed from the
card list's notation, every refusal naming the card and the field."""

from pathlib import Path
from typing import Any

from events import card_sets
from events.card_sets import CardSetError
from events.kit.card_file import Shipped, card_where, one_of, whole
from events.rulesets.race_for_the_galaxy.cardset import (
    FLAGS,
    GOODS,
    MODES,
    PHASES,
    TYPES,
    Card,
    CardSet,
    Power,
    Score,
)
from events.rulesets.race_for_the_galaxy.powers_notation import power, score

BASE_GAME = "base"
BASE_GAME_FILE = Path(__file__).parent / "cards" / "base_game.toml"
_FIELDS = {"id", "name", "type", "copies", "cost", "defense", "vp", "good", "mode", "flags"}
_FIELDS |= {"start", "preset", "powers", "scoring"}


def parse(data: dict[str, Any], key: str) -> CardSet:
    tables = card_sets.card_tables(data, {"name", "card"})
    kinds = tuple(_card(i, t) for i, t in enumerate(tables))
    for field in ("id", "name"):
        values = [getattr(k, field) for k in kinds]
        if len(set(values)) != len(values):
            twice = next(v for v in values if values.count(v) > 1)
            raise CardSetError(f"card {twice!r}: field {field!r} is used by two cards")
    starts = sorted(k.start for k in kinds if k.start is not None)
    if starts != list(range(len(starts))) or len(starts) < 4:
        raise CardSetError("card set: start numbers must run 0, 1, 2 … with at least 4 worlds")
    physical = tuple(i for i, k in enumerate(kinds) for _ in range(k.copies))
    return CardSet(key=key, name=str(data.get("name", key)), kinds=kinds, physical=physical)


def _card(index: int, table: Any) -> Card:
    where = card_where(index, table, _FIELDS)
    card_id = table.get("id")
    if not isinstance(card_id, str) or not card_id.isidentifier():
        raise CardSetError(f"{where}: field 'id' must be a snake_case name")
    kind = one_of(where, table, "type", TYPES)
    defense = whole(where, table, "defense", 0)
    if "cost" in table and defense:
        raise CardSetError(f"{where}: a military world has a 'defense' and no 'cost'")
    if defense and kind != "world":
        raise CardSetError(f"{where}: only worlds have a 'defense'")
    good, mode = table.get("good", ""), table.get("mode", "")
    if good or mode:
        if kind != "world":
            raise CardSetError(f"{where}: only worlds hold goods")
        one_of(where, table, "good", GOODS)
        one_of(where, table, "mode", MODES)
    flags = table.get("flags", [])
    if not isinstance(flags, list) or any(f not in FLAGS for f in flags):
        raise CardSetError(f"{where}: field 'flags' must list some of {', '.join(FLAGS)}")
    text = table.get("powers", "")
    if not isinstance(text, str):
        raise CardSetError(f"{where}: field 'powers' must be a string")
    powers = tuple(_power(where, c.strip()) for c in text.split(";") if c.strip())
    produces = [p.good for p in powers if p.kind == "produce"]
    if (mode == "production") != bool(produces) or (produces and produces != [good]):
        raise CardSetError(f"{where}: a production world, and it alone, has 'V: produce {good}'")
    cost = whole(where, table, "cost", 0)
    scoring = _scoring(where, table.get("scoring", ""))
    if bool(scoring) != (kind == "development" and cost == 6):
        raise CardSetError(f"{where}: cost-6 developments, and they alone, have a 'scoring'")
    return Card(
        id=card_id,
        name=table["name"],
        type=kind,
        vp=whole(where, table, "vp", 0),
        cost=cost,
        defense=defense,
        copies=whole(where, table, "copies", 1),
        good=good,
        mode=mode,
        flags=tuple(flags),
        start=_optional_int(where, table, "start"),
        preset=_optional_int(where, table, "preset"),
        powers=powers,
        scoring=scoring,
        text=text,
    )


def _power(where: str, clause: str) -> Power:
    phase, colon, body = clause.partition(": ")
    if not colon or phase not in PHASES:
        raise CardSetError(f"{where}: {clause!r} must start with a phase ({', '.join(PHASES)})")
    read = power(phase, body)
    if read is None:
        raise CardSetError(f"{where}: {clause!r} is not a power of the vocabulary (§2.2)")
    return read


def _scoring(where: str, text: Any) -> tuple[Score, ...]:
    if not isinstance(text, str):
        raise CardSetError(f"{where}: field 'scoring' must be a string")
    lines = []
    for line in filter(None, (c.strip() for c in text.split(";"))):
        read = score(line)
        if read is None:
            raise CardSetError(f"{where}: {line!r} is not a scoring line of the vocabulary (§2.4)")
        lines.append(read)
    return tuple(lines)


def _optional_int(where: str, table: dict[str, Any], field: str) -> int | None:
    return whole(where, table, field, 0) if field in table else None


BASE = Shipped(BASE_GAME, BASE_GAME_FILE, parse, "race-for-the-galaxy ships the base game only")
load = BASE.load
card_set_digest = BASE.digest
