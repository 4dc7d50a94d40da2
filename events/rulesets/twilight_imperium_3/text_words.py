"""The words text commands share: units, planets, systems and payments, read as players write
them and written back (text.py, tactical_text.py)."""

import re

from events.naming import normal
from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.decisions import Warship
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.planets import all_names

UNIT_WORDS = {"gf": "ground_force", "sd": "space_dock", "dock": "space_dock"}


def unit_name(unit: str) -> str:
    return load().units[unit].name.lower()


def read_unit(said: str) -> str:
    plain = normal(said).removesuffix("s") if normal(said) != "pds" else "pds"
    found = UNIT_WORDS.get(plain) or next(
        (u.id for u in load().units.values() if normal(u.name) == plain), None
    )
    if found is None:
        raise ValueError(f"no unit called '{said}'")
    return found


def by_name(said: str, names: dict[str, str], kind: str) -> str:
    """The id whose name (or id) reads as `said`."""
    plain = normal(said)
    found = [i for i, n in names.items() if plain in (normal(n), normal(i))]
    if not found:
        raise ValueError(f"no {kind} called '{said.strip()}'")
    return found[0]


def planets(said: str) -> tuple[str, ...]:
    names = {n: n for n in all_names()}
    return tuple(by_name(p, names, "planet") for p in said.split(",") if p.strip())


def planet_named(said: str) -> str:
    return by_name(said, {n: n for n in all_names()}, "planet")


def read_payment(said: str) -> tuple[tuple[str, ...], int]:
    """`Jord, Nar, 2 tg`: planets and trade goods."""
    parts = [p.strip() for p in said.replace(" and ", ",").split(",") if p.strip()]
    goods = [p for p in parts if re.fullmatch(r"\d+ tg", p)]
    if len(goods) > 1:
        raise ValueError("name trade goods once")
    named = planets(",".join(p for p in parts if p not in goods))
    return named, int(goods[0].split()[0]) if goods else 0


def render_payment(planets: tuple[str, ...], goods: int) -> str:
    parts = [*planets, *([f"{goods} tg"] if goods else [])]
    return f" paying {', '.join(parts)}" if parts else ""


def system(said: str) -> str:
    if not hexes.is_code(said.strip()):
        raise ValueError(f"'{said.strip()}' is no system position: write one like 203")
    return said.strip()


def read_warship(move: str) -> Warship:
    """A cruiser's or destroyer's move as Warfare's secondary or Patrol writes it (TI-A8):
    `cruiser 204 to 205 [with 1 ground force]`."""
    match = re.fullmatch(r"(.+) (\d{3}) to (\d{3})(?: with (\d) (.+))?", move.strip())
    if match is None:
        raise ValueError("write a move as 'cruiser 204 to 205 [with 1 ground force]'")
    unit, source, target, carried, cargo = match.groups()
    if cargo is not None and read_unit(cargo) != "ground_force":
        raise ValueError("a warship moved so carries ground forces only")
    return Warship(read_unit(unit), system(source), system(target), int(carried or 0))


def warship_text(move: Warship) -> str:
    said = f"{unit_name(move.unit)} {move.source} to {move.target}"
    if move.ground_forces:
        said += f" with {move.ground_forces} {unit_name('ground_force')}"
    return said
