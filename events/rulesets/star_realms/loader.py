"""Reading the card-set file: every field checked, every ability parsed from the card list's
notation, every refusal naming the card and the field."""

import re
from pathlib import Path
from typing import Any

from events import card_sets
from events.card_sets import CardSetError
from events.kit.card_file import Shipped, card_where, one_of, whole
from events.rulesets.star_realms.cardset import (
    DECKS,
    FACTIONS,
    SLOTS,
    STARTER_DECK,
    TYPES,
    Card,
    CardSet,
    Effect,
)
from events.rulesets.star_realms.vocabulary import KINDS, Takes, taking

BASE_SET = "base"
BASE_SET_FILE = Path(__file__).parent / "cards" / "base_set.toml"
SEATS = 2
_CARD_FIELDS = {"name", "deck", "faction", "type", "cost", "defense", "copies", "abilities"}
_SLOT = re.compile(r"^(primary|scrap|static|ally\((\w+)\))$")
_IF_BASES = re.compile(r"^if_bases\((\d+)\) (.+)$")
_CHOOSE = re.compile(r"^choose_one\((.+) or (.+)\)$")


def parse(data: dict[str, Any], key: str) -> CardSet:
    tables = card_sets.card_tables(data, {"name", "card"})
    kinds = [_card(i, t) for i, t in enumerate(tables)]
    names = [k.name for k in kinds]
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise CardSetError(f"card {twice!r}: field 'name' is used by two cards")
    explorers = [k for k in kinds if k.deck == "explorer"]
    if len(explorers) != 1:
        raise CardSetError("card set: needs exactly one card of deck 'explorer'")
    physical: list[Card] = [k for k in kinds if k.deck == "trade" for _ in range(k.copies)]
    trade_deck = tuple(range(len(physical)))
    starting = []
    for _seat in range(SEATS):
        first = len(physical)
        for name, count in STARTER_DECK:
            card = next((k for k in kinds if k.name == name and k.deck == "starter"), None)
            if card is None or card.copies != count * SEATS:
                raise CardSetError(f"card set: needs {count * SEATS} {name}s in deck 'starter'")
            physical += [card] * count
        starting.append(tuple(range(first, len(physical))))
    return CardSet(
        key=key,
        name=str(data.get("name", key)),
        kinds=tuple(kinds),
        cards=tuple(physical),
        trade_deck=trade_deck,
        starting=tuple(starting),
        explorer=explorers[0],
    )


def _card(index: int, table: Any) -> Card:
    where = card_where(index, table, _CARD_FIELDS)
    deck = one_of(where, table, "deck", DECKS)
    kind = one_of(where, table, "type", TYPES)
    faction = table.get("faction", "")
    if faction and faction not in FACTIONS.values():
        raise CardSetError(
            f"{where}: field 'faction' must be one of {', '.join(FACTIONS.values())}"
        )
    if deck == "trade" and not faction:
        raise CardSetError(f"{where}: a Trade Deck card needs a faction")
    cost = table.get("cost")
    if cost is not None and (isinstance(cost, bool) or not isinstance(cost, int) or cost < 0):
        raise CardSetError(f"{where}: field 'cost' must be a whole number of at least 0")
    if (cost is None) != (deck == "starter"):
        raise CardSetError(f"{where}: every card but the starting ones has a 'cost'")
    defense = whole(where, table, "defense", 0)
    if (defense > 0) != (kind != "ship"):
        raise CardSetError(f"{where}: field 'defense' is for bases and outposts, and they need it")
    copies = whole(where, table, "copies", 1)
    text = table.get("abilities", "")
    if not isinstance(text, str):
        raise CardSetError(f"{where}: field 'abilities' must be a string")
    slots: dict[str, Any] = {}
    for clause in filter(None, (c.strip() for c in text.split(";"))):
        head, colon, body = clause.partition(": ")
        found = _SLOT.match(head)
        if not colon or not found:
            raise CardSetError(f"{where}: {clause!r} must start with a slot ({', '.join(SLOTS)})")
        slot = head.split("(")[0]
        if slot in slots:
            raise CardSetError(f"{where}: two {slot} clauses")
        if found.group(2) is not None:
            if FACTIONS.get(found.group(2)) is None:
                raise CardSetError(f"{where}: ally({found.group(2)}) names no faction")
            slots["ally_faction"] = FACTIONS[found.group(2)]
        effects = tuple(_effect(where, e.strip()) for e in _split(body))
        statics = [e.kind in KINDS and KINDS[e.kind].static for e in effects]
        if any(statics) != (slot == "static") or (slot == "static" and not all(statics)):
            raise CardSetError(f"{where}: {clause!r}: static effects go in a static clause alone")
        slots[slot] = effects
    return Card(
        name=table["name"],
        deck=deck,
        type=kind,
        faction=faction,
        cost=cost,
        defense=defense,
        copies=copies,
        text=text,
        **slots,
    )


def _split(body: str) -> list[str]:
    """Effects split at commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(body):
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    return [*parts, body[start:]]


def _effect(where: str, text: str) -> Effect:
    if found := _IF_BASES.match(text):
        return Effect("if_bases", int(found.group(1)), (_effect(where, found.group(2)),))
    if found := _CHOOSE.match(text):
        return Effect("choose_one", 0, tuple(_effect(where, g.strip()) for g in found.groups()))
    words = text.split()
    kind = words[0] if words else ""
    number = words[-1].isdigit() and int(words[-1]) > 0
    if kind in taking(Takes.NOTHING) and len(words) == 1:
        return Effect(kind)
    if kind in taking(Takes.UP_TO) and len(words) == 3 and words[1] == "upto" and number:
        return Effect(kind, int(words[2]))
    if kind in taking(Takes.AMOUNT) and len(words) == 2 and number:
        return Effect(kind, int(words[1]))
    raise CardSetError(f"{where}: {text!r} is not an effect of the vocabulary (CARDS.md)")


BASE = Shipped(
    BASE_SET, BASE_SET_FILE, parse, f"star-realms ships the base set only ('{BASE_SET}')"
)
load = BASE.load
card_set_digest = BASE.digest
