"""Reading content/*.toml: every entry typed (msgspec), every reference between files checked,
and the galaxy layouts' tile counts added up; a refusal names the file, the entry and the
field."""

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from events import card_sets, pinning
from events.card_sets import CardSetError
from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.conditions import AllUnitsOnBoard, UnitsInMecatolRex
from events.rulesets.twilight_imperium_3.content import (
    MECATOL_REX,
    TIMINGS,
    ActionCard,
    Content,
    Layout,
    Objective,
    Race,
    StrategyCard,
    System,
    Technology,
    TradeCards,
    Unit,
)

CONTENT = Path(__file__).parent / "content"
_FILES: dict[str, tuple[str, type]] = {  # file: its table name and entry type
    "units.toml": ("unit", Unit),
    "technologies.toml": ("technology", Technology),
    "systems.toml": ("system", System),
    "races.toml": ("race", Race),
    "strategy_cards.toml": ("card", StrategyCard),
    "trade_cards.toml": ("trade", TradeCards),
    "objectives.toml": ("objective", Objective),
    "layouts.toml": ("layout", Layout),
    "action_cards.toml": ("card", ActionCard),
}


@cache
def content_digest() -> str:
    """What a match pins of the content (see `events.pinning`)."""
    return pinning.content_digest(load())


@cache
def load() -> Content:
    return parse({name: card_sets.read(CONTENT / name, name) for name in _FILES})


def parse(files: dict[str, dict[str, Any]]) -> Content:
    """The content from each file's TOML, or a `CardSetError` saying what is wrong where."""
    read = {name: _entries(name, files[name]) for name in _FILES}
    content = Content(
        units=_by_id("units.toml", read["units.toml"]),
        technologies=_by_id("technologies.toml", read["technologies.toml"]),
        systems=_by_id("systems.toml", read["systems.toml"]),
        races=_by_id("races.toml", read["races.toml"]),
        strategy_cards=tuple(sorted(read["strategy_cards.toml"], key=lambda c: c.number)),
        trade_cards=_by_id("trade_cards.toml", read["trade_cards.toml"]),
        objectives=_by_id("objectives.toml", read["objectives.toml"]),
        layouts={layout.players: layout for layout in read["layouts.toml"]},
        action_cards=_by_id("action_cards.toml", read["action_cards.toml"]),
    )
    _check_references(content)
    _check_galaxy(content)
    return content


def _entries(name: str, data: dict[str, Any]) -> list[Any]:
    table, kind = _FILES[name]
    unknown = sorted(set(data) - {table})
    if unknown:
        raise CardSetError(f"{name}: unknown top-level field {unknown[0]!r}")
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        raise CardSetError(f"{name}: needs [[{table}]] tables")
    return [_entry(name, table, kind, i, entry) for i, entry in enumerate(entries)]


def _entry(name: str, table: str, kind: type, index: int, entry: Any) -> Any:
    label = next(
        (entry[k] for k in ("id", "players") if isinstance(entry, dict) and k in entry), None
    )
    where = f"{name}: {table} {label!r}" if label is not None else f"{name}: {table} #{index + 1}"
    try:
        return msgspec.convert(entry, kind)
    except msgspec.ValidationError as error:
        raise CardSetError(f"{where}: {error}") from None


def _by_id(name: str, entries: list[Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for entry in entries:
        if entry.id in found:
            raise CardSetError(f"{name}: id {entry.id!r} is used twice")
        found[entry.id] = entry
    return found


def _refuse_unknown(where: str, names: Iterable[str], known: dict[str, Any]) -> None:
    for name in names:
        if name not in known:
            raise CardSetError(f"{where}: {name!r} is unknown")


def _check_references(content: Content) -> None:
    units, techs, systems = content.units, content.technologies, content.systems
    for unit in units.values():
        required = [unit.requires] if unit.requires else []
        _refuse_unknown(f"units.toml: unit {unit.id!r}: field 'requires'", required, techs)
    for tech in techs.values():
        where = f"technologies.toml: technology {tech.id!r}: field 'requires_all' or 'requires_any'"
        _refuse_unknown(where, (*tech.requires_all, *tech.requires_any), techs)
    for race in content.races.values():
        where = f"races.toml: race {race.id!r}"
        _refuse_unknown(f"{where}: field 'units'", race.units, units)
        _refuse_unknown(f"{where}: field 'technologies'", race.technologies, techs)
        _refuse_unknown(f"{where}: field 'home'", [race.home], systems)
    if sorted(content.trade_cards) != sorted(content.races):
        raise CardSetError("trade_cards.toml: each race needs its trade cards, and each its race")
    homes = sorted(race.home for race in content.races.values())
    if homes != sorted(s.id for s in systems.values() if s.kind == "home"):
        raise CardSetError(
            "races.toml: each race needs a home system of its own, and each its race"
        )
    planets = [p.name for s in systems.values() for p in s.planets]
    if len(set(planets)) != len(planets) or MECATOL_REX not in systems:
        raise CardSetError("systems.toml: planet names must differ, and Mecatol Rex be there")
    numbers = [c.number for c in content.strategy_cards]
    if numbers != list(range(1, len(numbers) + 1)):
        raise CardSetError("strategy_cards.toml: field 'number' must run 1, 2, 3 …")
    for card in content.action_cards.values():
        if card.timing not in TIMINGS:
            raise CardSetError(f"action_cards.toml: card {card.id!r}: field 'timing' is unknown")
    for objective in content.objectives.values():
        where = f"objectives.toml: objective {objective.id!r}: field 'conditions'"
        for condition in objective.conditions:
            if isinstance(condition, AllUnitsOnBoard):
                _refuse_unknown(where, [condition.unit], units)
            if isinstance(condition, UnitsInMecatolRex):
                _refuse_unknown(where, condition.units, units)


def _check_galaxy(content: Content) -> None:
    """Each layout's tiles fill its positions exactly: the dealt hands, the homes, Mecatol Rex
    and any tile face down (TI-G3)."""
    systems = content.systems
    tiles = sum(s.copies for s in systems.values() if s.kind != "home") - 1
    for players, layout in content.layouts.items():
        where = f"layouts.toml: layout {players!r}"
        if not all(hexes.is_code(p) and hexes.ring(p) == 3 for p in layout.ring_three):
            raise CardSetError(f"{where}: field 'ring_three' must list positions 301 … 318")
        if len(layout.homes) != players or any(
            h.position not in layout.ring_three for h in layout.homes
        ):
            raise CardSetError(f"{where}: field 'homes' must give each player a position of ring 3")
        _refuse_unknown(f"{where}: field 'set_aside'", layout.set_aside, systems)
        if any(count > systems[s].copies for s, count in layout.set_aside.items()):
            raise CardSetError(f"{where}: field 'set_aside' sets aside more tiles than there are")
        dealt = tiles - sum(layout.set_aside.values()) - layout.removed - layout.face_down
        spaces = 18 + len(layout.ring_three) - players - layout.face_down
        if dealt != layout.hand * players or spaces != dealt:
            raise CardSetError(
                f"{where}: {dealt} tiles dealt for {spaces} spaces, {layout.hand} each"
            )
