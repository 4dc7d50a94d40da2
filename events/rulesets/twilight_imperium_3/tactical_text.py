"""Text commands of the tactical and transfer actions, written and read back:
`transfer 203 204`, `move 2 cruiser 1 dreadnought from 301 to 203; 1 carrier from 304 via 204
to 203 with 2 ground force from Jord`, `move nothing`, `fire pds`, `fire 1 pds from Abyz at
203`, `hold fire`, `lose 2 fighter, damage 1 dreadnought`, `retreat to 204`, `stay`, `bombard
Abyz with 1 dreadnought`, `bombard Abyz with 1 war sun using x-89`, `land 3 ground force on
Abyz; 1 pds on Fria`, `build 2 cruiser 4 fighter at Jord; space dock on Nar paying Jord, Nar,
1 tg`, `build 2 cruiser at Jord to 203; 2 gf at Jord to Abyz` (Integrated Economy), `build
nothing`."""

import re

from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.forces import Units
from events.rulesets.twilight_imperium_3.invasion import Bombardment, Drop
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.movement import Group, Pickup
from events.rulesets.twilight_imperium_3.orders import (
    Bombard,
    FirePds,
    HoldFire,
    Land,
    Lose,
    Move,
    Order,
    Produce,
    Retreat,
    Stay,
    Transfer,
)
from events.rulesets.twilight_imperium_3.planets import in_system
from events.rulesets.twilight_imperium_3.production import Batch, Build
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.text_words import (
    planet_named,
    read_payment,
    read_unit,
    render_payment,
    system,
    unit_name,
)

VERBS = ("transfer", "move", "fire", "hold", "lose", "damage", "retreat", "stay")
VERBS += ("land", "bombard", "build")
X89_WORDS = " using x-89"  # X-89 Bacterial Weapon instead of the bombardment's dice (TI-K17)
GROUP = re.compile(
    r"^(?P<units>.+?) from (?P<origin>\d{3})(?: via (?P<via>[\d, ]+?))?(?: to (?P<to>\d{3}))?"
    r"(?: damaged (?P<damaged>.+?))?(?: with (?P<pickups>.+))?$"
)


def units_text(units: Units) -> str:
    return " ".join(f"{units[u]} {unit_name(u)}" for u in load().units if units.get(u))


def read_units(said: str) -> Units:
    """`2 cruiser 1 dreadnought`, `2 gf, pds`: a count (1 if none) before each unit."""
    units: Units = {}
    for token in re.split(r"\s*,\s*|\s+(?=\d)", said.strip()):
        match = re.fullmatch(r"(?:(\d{1,3}) )?(.+)", token.strip())
        if match is None or not token.strip():
            raise ValueError("write units as '<n> <unit>', e.g. '2 cruiser 1 carrier'")
        unit = read_unit(match.group(2))
        units[unit] = units.get(unit, 0) + int(match.group(1) or 1)
    return units


def _destination(game: Game, origin: str) -> str:
    t = game.tactic
    if t is None:
        return ""
    if t.transfer:
        return t.transfer if origin == t.system else t.system
    return t.system


def _position_of(game: Game, planet: str) -> str:
    return next((p for p in game.galaxy.tiles if planet in in_system(game.galaxy, p)), "")


def read(game: Game, verb: str, rest: str, said: str) -> Order:
    if verb == "transfer":
        codes = rest.replace(" and ", " ").replace(",", " ").split()
        if len(codes) != 2:
            raise ValueError("write 'transfer <system> <system>', e.g. 'transfer 203 204'")
        return Transfer(system(codes[0]), system(codes[1]))
    if verb == "move":
        return (
            Move() if rest == "nothing" else Move(tuple(_group(game, g) for g in rest.split(";")))
        )
    if said in ("hold fire", "stay"):
        return {"hold fire": HoldFire(), "stay": Stay()}[said]
    if verb == "fire":
        return _fire(rest)
    if verb in ("lose", "damage"):
        return _lose(said)
    if verb == "retreat" and rest.startswith("to "):
        return Retreat(to=system(rest.removeprefix("to ")))
    if verb == "land":
        return Land() if rest == "nothing" else Land(tuple(_drop(d) for d in rest.split(";")))
    if verb == "bombard":
        if rest == "nothing":
            return Bombard()
        return Bombard(tuple(_bombardment(b) for b in rest.split(";")))
    if verb == "build":
        return read_build(rest)
    raise ValueError(
        "write 'fire pds', 'hold fire', 'retreat to <system>', 'stay', or a move, loss, "
        "landing, bombardment or build"
    )


def _group(game: Game, said: str) -> Group:
    match = GROUP.match(said.strip())
    if match is None:
        raise ValueError("write a group as '<n> <unit> … from <system> [via <system>, …]'")
    origin = system(match["origin"])
    if match["to"] and match["to"] != _destination(game, origin):
        raise ValueError(f"ships move into {_destination(game, origin) or 'the system activated'}")
    via = tuple(system(v) for v in re.split(r"[,\s]+", match["via"] or "") if v)
    damaged = read_units(match["damaged"]) if match["damaged"] else {}
    pickups = tuple(_pickup(game, p) for p in (match["pickups"] or "").split(" and ") if p)
    return Group(origin, read_units(match["units"]), via, damaged, pickups)


def _pickup(game: Game, said: str) -> Pickup:
    units, found, where = said.strip().rpartition(" from ")
    if not found:
        raise ValueError("write what is loaded as '<n> <unit> from <planet or system>'")
    if hexes.is_code(where.strip()):
        return Pickup(system(where), read_units(units))
    planet = planet_named(where)
    return Pickup(_position_of(game, planet), read_units(units), planet)


def _fire(rest: str) -> FirePds:
    """`pds`, `pds at 203`, `2 pds from Abyz, 1 pds from Fria at 203`."""
    match = re.fullmatch(r"(.+?)(?: at (\d{3}))?", rest.strip())
    assert match is not None  # the pattern matches any text
    at = system(match[2]) if match[2] else ""
    if match[1] == "pds":
        return FirePds(at)
    pds: dict[str, int] = {}
    for part in match[1].split(","):
        fired = re.fullmatch(r"(?:(\d) )?pds from (.+)", part.strip())
        if fired is None:
            raise ValueError("write 'fire pds' or 'fire <n> pds from <planet>, …'")
        planet = planet_named(fired[2])
        pds[planet] = pds.get(planet, 0) + int(fired[1] or 1)
    return FirePds(at, pds)


def _lose(said: str) -> Lose:
    if said == "lose nothing":
        return Lose()
    lost, _, damaged = said.removeprefix("lose ").partition("damage ")
    lost = lost.strip().removesuffix(",").strip()
    destroyed = read_units(lost) if said.startswith("lose ") and lost else {}
    return Lose(destroyed, read_units(damaged) if damaged.strip() else {})


def _drop(said: str) -> Drop:
    units, found, planet = said.strip().rpartition(" on ")
    if not found:
        raise ValueError("write a landing as '<n> <unit> on <planet>'")
    return Drop(planet_named(planet), read_units(units))


def _bombardment(said: str) -> Bombardment:
    planet, found, units = said.strip().partition(" with ")
    if not found:
        raise ValueError("write a bombardment as '<planet> with <n> <unit> [using x-89]'")
    units, bacterial, _ = units.partition(X89_WORDS)  # TI-K17
    return Bombardment(planet_named(planet), read_units(units), bool(bacterial))


def read_build(rest: str) -> Produce:
    order, _, payment = rest.partition(" paying ")
    planets, goods = read_payment(payment)
    if order.strip() == "nothing":
        return Produce(paying=planets, trade_goods=goods)
    batches, dock = [], ""
    for part in order.split(";"):
        part = part.strip()
        if part.startswith("space dock on "):
            dock = planet_named(part.removeprefix("space dock on "))
            continue
        units, found, planet = part.rpartition(" at ")
        if not found:
            raise ValueError(
                "write a build as '<n> <unit> at <planet> [to <system or planet>]' or "
                "'space dock on <planet>'"
            )
        planet, _, to = planet.partition(" to ")  # Integrated Economy's place (TI-K16)
        to = system(to) if hexes.is_code(to.strip()) else planet_named(to) if to else ""
        batches.append(Batch(planet_named(planet), read_units(units), to))
    return Produce(tuple(batches), dock, planets, goods)


def render(game: Game, order: Order) -> str:
    match order:
        case Transfer(first=first, second=second):
            return f"transfer {first} {second}"
        case Move(groups=groups):
            said = "; ".join(_group_text(game, g) for g in groups)
            return f"move {said or 'nothing'}"
        case FirePds(at=at, pds=pds):
            sites = ", ".join(f"{n} pds from {p}" for p, n in pds.items()) or "pds"
            return f"fire {sites}" + (f" at {at}" if at else "")
        case HoldFire():
            return "hold fire"
        case Lose(destroyed=destroyed, damaged=damaged):
            parts = [*([f"lose {units_text(destroyed)}"] if destroyed else [])]
            parts += [f"damage {units_text(damaged)}"] if damaged else []
            return ", ".join(parts) or "lose nothing"
        case Retreat(to=to):
            return f"retreat to {to}"
        case Stay():
            return "stay"
        case Land(drops=drops):
            said = "; ".join(f"{units_text(d.units)} on {d.planet}" for d in drops)
            return f"land {said or 'nothing'}"
        case Bombard(bombardments=bombardments):
            said = "; ".join(
                f"{b.planet} with {units_text(b.units)}{X89_WORDS if b.bacterial else ''}"
                for b in bombardments
            )
            return f"bombard {said or 'nothing'}"
        case Produce():
            return f"build {build_text(order)}"
    return ""


def build_text(order: Produce | Build) -> str:
    parts = [
        f"{units_text(b.units)} at {b.dock}" + (f" to {b.to}" if b.to else "")
        for b in order.batches
    ]
    parts += [f"space dock on {order.space_dock}"] if order.space_dock else []
    return ("; ".join(parts) or "nothing") + render_payment(order.paying, order.trade_goods)


def _group_text(game: Game, group: Group) -> str:
    said = f"{units_text(group.units)} from {group.origin}"
    said += f" via {', '.join(group.via)}" if group.via else ""
    to = _destination(game, group.origin)
    said += f" to {to}" if to else ""
    said += f" damaged {units_text(group.damaged)}" if any(group.damaged.values()) else ""
    if group.pickups:
        said += " with " + " and ".join(
            f"{units_text(p.units)} from {p.planet or p.position}" for p in group.pickups
        )
    return said
