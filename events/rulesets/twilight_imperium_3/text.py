"""Text commands (play by message): each decision written as a player would write it, and read
back. `station Jol: 1 space dock, 1 pds; Nar: 1 pds`, `pick warfare [taking 2 counters]`,
`play diplomacy naming letnev`, `play warfare from 204`, `play trade cancelling agreements`,
`research Cybernetics` (Technology's primary, also `play technology cybernetics`), `research
Deep Space Cannon paying Abyz, Fria, 1 tg` (its secondary, also `follow <technology> paying
…`), `follow [paying Jord, Nar, 2 tg]`, `follow readying Abyz`, `follow cruiser 204 to 205 with
1 ground force, destroyer 306 to 305`, `decline`, `activate 203`, `transit 3 gf from Jord to
Abyz` (Transit Diodes), `end turn` (no second tactical action, Fleet Logistics), `pass`, `score
objective 2 and secret paying Jord`, `score nothing`, `counters 3 strategy 4 command 3 fleet`,
`counters 4 strategy 5 command 2 fleet removing 1 destroyer at 203`; trade's are
trade_words.py's, the action cards' card_words.py's."""

import re
from typing import Any

import msgspec

from events.naming import TextError, normal
from events.rulesets.twilight_imperium_3 import building_words, card_words, trade_words
from events.rulesets.twilight_imperium_3.card_decisions import CARD_DECISIONS
from events.rulesets.twilight_imperium_3.decisions import (
    Activate,
    Decline,
    EndTurn,
    Follow,
    Pass,
    Pick,
    Play,
    Redistribute,
    Score,
    Station,
    Transit,
)
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.setup import STATIONED
from events.rulesets.twilight_imperium_3.state import AREAS, Game, WindowPrompt
from events.rulesets.twilight_imperium_3.strategy_cards import TECHNOLOGY
from events.rulesets.twilight_imperium_3.tactical_text import VERBS as TACTICAL_VERBS
from events.rulesets.twilight_imperium_3.tactical_text import (
    build_text,
    read_build,
    read_units,
    units_text,
)
from events.rulesets.twilight_imperium_3.tactical_text import read as read_order
from events.rulesets.twilight_imperium_3.tactical_text import render as render_order
from events.rulesets.twilight_imperium_3.text_words import by_name as _by_name
from events.rulesets.twilight_imperium_3.text_words import planet_named as _planet
from events.rulesets.twilight_imperium_3.text_words import planets as _planets
from events.rulesets.twilight_imperium_3.text_words import read_payment as _payment
from events.rulesets.twilight_imperium_3.text_words import read_unit as _unit
from events.rulesets.twilight_imperium_3.text_words import read_warship, unit_name, warship_text
from events.rulesets.twilight_imperium_3.text_words import render_payment as _render_payment
from events.rulesets.twilight_imperium_3.text_words import system as _system

COUNT_UNIT = re.compile(r"^(\d+) (.+)$")
TRANSIT = re.compile(r"(\d{1,2}) (.+?) from (.+) to (.+)")


def _card(said: str) -> int:
    names = {str(c.number): c.name for c in load().strategy_cards}
    return int(_by_name(said, names, "strategy card"))


def _technology(said: str) -> str:
    return _by_name(said, {t.id: t.name for t in load().technologies.values()}, "technology")


def _number(said: str) -> int:
    if not re.fullmatch(r"\d{1,3}", said.strip()):
        raise ValueError(f"'{said.strip()}' is not a number")
    return int(said)


def _placing(said: str) -> tuple[str, int, int]:
    """`… placing 1 strategy 2 fleet`: the command, and the counters gained placed in the
    strategy allocation and fleet supply (the rest go to the command pool, TI-P3)."""
    command, found, placing = said.partition(" placing ")
    if not found:
        return said, 0, 0
    match = re.fullmatch(r"(?:(\d{1,2}) strategy)? ?(?:(\d{1,2}) fleet)?", placing)
    if match is None or not placing:
        raise ValueError("write 'placing <n> strategy <n> fleet'")
    return command, int(match.group(1) or 0), int(match.group(2) or 0)


def _render_placing(strategy: int, fleet: int) -> str:
    parts = [f"{strategy} strategy"] * bool(strategy) + [f"{fleet} fleet"] * bool(fleet)
    return f" placing {' '.join(parts)}" if parts else ""


def parse(game: Game, seat: int, text: str) -> Any:
    said = " ".join(text.strip().lower().split())
    try:
        said, strategy, fleet = _placing(said)
        decision = _read(game, seat, said)
        if not (strategy or fleet):
            return decision
        if not isinstance(decision, Pick | Play | Follow):
            raise ValueError("only counters gained are placed")
        return msgspec.structs.replace(decision, strategy=strategy, fleet=fleet)
    except ValueError as error:
        return TextError(str(error))


def _read(game: Game, seat: int, said: str) -> Any:
    verb, _, rest = said.partition(" ")
    card = card_words.read(game, said)
    if card is not None:
        return card
    if said in ("pass", "decline"):
        return Pass() if said == "pass" else Decline()
    if said == "end turn":
        return EndTurn()
    if verb in building_words.VERBS:
        return building_words.read(game, seat, said)
    if verb in trade_words.VERBS:
        return trade_words.read(game, seat, said)
    if verb == "activate":
        return Activate(system=_system(rest))
    if verb == "transit":
        return _read_transit(rest)
    if verb == "pick":
        card, _, taking = rest.partition(" taking ")
        counters = (
            _number(taking.removesuffix(" counters").removesuffix(" counter")) if taking else 0
        )
        return Pick(card=_card(card), counters=counters)
    if verb == "play":
        return _read_play(game, rest)
    if verb == "follow":
        return _read_follow(rest)
    if verb == "research":
        return _read_research(game, seat, rest)
    if verb == "score":
        return _read_score(rest)
    if verb == "counters":
        return _read_counters(rest)
    if verb == "station":
        return _read_station(rest)
    if verb in TACTICAL_VERBS:
        return read_order(game, verb, rest, said)
    raise ValueError(
        "write pick, play, research, follow, decline, activate, transit, end turn, pass, score, "
        "counters, station, side, face down, place, offer, accept, reject, approve, veto, give, "
        "break, sabotage, no sabotage, no card or discard"
    )


def _read_transit(rest: str) -> Transit:
    match = TRANSIT.fullmatch(rest)
    if match is None or _unit(match.group(2)) != "ground_force":
        raise ValueError("write 'transit <n> gf from <planet> to <planet>'")
    count, _, source, target = match.groups()
    return Transit(source=_planet(source), target=_planet(target), ground_forces=int(count))


def _read_play(game: Game, rest: str) -> Play:
    for word, field in ((" naming ", "seat"), (" from ", "system")):
        if word in f" {rest}":
            card, _, what = f" {rest}".partition(word)
            if field == "system":
                return Play(card=_card(card), system=_system(what))
            races = {str(s): p.race for s, p in enumerate(game.players)}
            return Play(card=_card(card), seat=int(_by_name(what, races, "race")))
    if rest.endswith(" cancelling agreements"):  # Trade's option (b), TI-R3
        return Play(card=_card(rest.removesuffix(" cancelling agreements")), cancel=True)
    words = rest.split(" ", 1)
    if len(words) == 2 and normal(words[0]) == "technology":
        return Play(card=7, technology=_technology(words[1]))
    return Play(card=_card(rest))


def _read_follow(rest: str) -> Follow:
    if not rest:
        return Follow()
    if rest.startswith("build "):
        return Follow(production=read_build(rest.removeprefix("build ")))
    if rest.startswith("readying "):
        return Follow(readying=_planets(rest.removeprefix("readying ")))
    if " to " in rest:
        return Follow(ships=tuple(read_warship(move) for move in rest.split(",")))
    technology, _, payment = f" {rest}".partition(" paying ")
    planets, goods = _payment(payment)
    tech = _technology(technology) if technology.strip() else ""
    return Follow(paying=planets, trade_goods=goods, technology=tech)


def _read_research(game: Game, seat: int, rest: str) -> Play | Follow:
    """Technology's secondary while the seat is asked to follow it, else its primary (TI-K2,
    TI-K3)."""
    technology, _, payment = f" {rest}".partition(" paying ")
    if not technology.strip():
        raise ValueError("write 'research <technology> [paying <planets>, <n> tg]'")
    tech = _technology(technology)
    if _following(game, seat):
        planets, goods = _payment(payment)
        return Follow(paying=planets, trade_goods=goods, technology=tech)
    if payment:
        raise ValueError("Technology's primary is free: write 'research <technology>'")
    return Play(card=TECHNOLOGY, technology=tech)


def _following(game: Game, seat: int) -> bool:
    """The seat is asked whether to follow a played card's secondary."""
    top = game.stack[-1] if game.stack else None
    return top is not None and top.prompt == WindowPrompt.SECONDARY and seat in top.asked


def _read_score(rest: str) -> Score:
    claim, _, payment = rest.partition(" paying ")
    planets, goods = _payment(payment)
    if claim == "nothing":
        return Score(paying=planets, trade_goods=goods)
    secret = claim == "secret" or claim.endswith(" and secret")
    public = claim.removesuffix(" and secret")
    objective = 0
    if public.startswith("objective "):
        objective = _number(public.removeprefix("objective "))
    elif public != "secret":
        raise ValueError("write 'score objective <n>', 'score secret' or 'score nothing'")
    return Score(objective=objective, secret=secret, paying=planets, trade_goods=goods)


def _read_counters(rest: str) -> Redistribute:
    areas, _, removals = rest.partition(" removing ")
    match = re.fullmatch(r"(\d{1,2}) strategy (\d{1,2}) command (\d{1,2}) fleet", areas)
    if match is None:
        raise ValueError("write 'counters <n> strategy <n> command <n> fleet'")
    strategy, command, fleet = map(int, match.groups())
    removing = {}
    for removal in removals.split(";") if removals else ():
        units, at, position = removal.strip().rpartition(" at ")
        if not at:
            raise ValueError("write 'removing <n> <ship> at <system>; …'")
        removing[_system(position)] = read_units(units)
    return Redistribute(strategy=strategy, command=command, fleet=fleet, removing=removing)


def _read_station(rest: str) -> Station:
    planets: dict[str, dict[str, int]] = {}
    for part in rest.split(";"):
        planet, colon, units = part.partition(":")
        if not colon:
            raise ValueError("write 'station <planet>: <n> <unit>, …; <planet>: …'")
        name = _planets(planet)
        there: dict[str, int] = {}
        for unit in units.split(","):
            match = COUNT_UNIT.match(unit.strip())
            if match is None:
                raise ValueError("write each unit as '<n> <unit>'")
            there[_unit(match.group(2))] = int(match.group(1)[:3])
        if name and there:
            planets[name[0]] = there
    return Station(planets=planets)


def render(game: Game, seat: int, decision: Any) -> str:
    if type(decision) in CARD_DECISIONS:
        return card_words.render(game, decision)
    cards = {c.number: c.name.lower() for c in load().strategy_cards}
    match decision:
        case Station(planets=planets):
            parts = [
                f"{p}: " + ", ".join(f"{u[k]} {unit_name(k)}" for k in STATIONED if k in u)
                for p, u in planets.items()
            ]
            return "station " + "; ".join(parts)
        case Pick(card=card, counters=counters):
            taking = f" taking {counters} counters" if counters else ""
            return f"pick {cards[card]}{taking}" + _render_placing(
                decision.strategy, decision.fleet
            )
        case Play(card=card, seat=other, system=system, technology=tech):
            if decision.strategy or decision.fleet:
                placing = _render_placing(decision.strategy, decision.fleet)
                return f"play {cards[card]}{placing}"
            if other != -1:
                return f"play {cards[card]} naming {game.players[other].race.replace('_', ' ')}"
            if system:
                return f"play {cards[card]} from {system}"
            if decision.cancel:
                return f"play {cards[card]} cancelling agreements"
            return f"research {_tech_name(tech)}" if tech else f"play {cards[card]}"
        case Follow():
            return _render_follow(decision)
        case Decline():
            return "decline"
        case Activate(system=system):
            return f"activate {system}"
        case Transit(source=source, target=target, ground_forces=n):
            return f"transit {n} gf from {source} to {target}"
        case EndTurn():
            return "end turn"
        case Pass():
            return "pass"
        case Score(objective=n, secret=secret, paying=planets, trade_goods=goods):
            claim = " and ".join(
                [*([f"objective {n}"] if n else []), *(["secret"] if secret else [])]
            )
            return f"score {claim or 'nothing'}" + _render_payment(planets, goods)
        case Redistribute():
            counts = (decision.strategy, decision.command, decision.fleet)
            areas = " ".join(f"{n} {a}" for n, a in zip(counts, AREAS, strict=True))
            removals = "; ".join(f"{units_text(u)} at {p}" for p, u in decision.removing.items())
            return f"counters {areas}" + (f" removing {removals}" if removals else "")
    return (
        building_words.render(decision)
        or trade_words.render(game, decision)
        or render_order(game, decision)
    )


def _tech_name(technology: str) -> str:
    return load().technologies[technology].name


def _render_follow(d: Follow) -> str:
    if d.production is not None:
        return f"follow build {build_text(d.production)}"
    if d.readying:
        return "follow readying " + ", ".join(d.readying)
    if d.ships:
        return "follow " + ", ".join(map(warship_text, d.ships))
    placing = _render_placing(d.strategy, d.fleet)
    payment = _render_payment(d.paying, d.trade_goods) + placing
    return f"research {_tech_name(d.technology)}{payment}" if d.technology else f"follow{payment}"
