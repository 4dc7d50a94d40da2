"""A view laid out for any renderer: the round and whose turn, the players, the strategy cards,
the objectives, and the galaxy as a board whose cells show units, control and counters."""

from collections.abc import Callable, Sequence

import msgspec

from events.kit import phases
from events.kit.words import listing, who
from events.ruleset import Board, Cell, Description, Field, Section, Table
from events.rulesets.twilight_imperium_3 import board, trade_words
from events.rulesets.twilight_imperium_3.building_face import building_section, highlights
from events.rulesets.twilight_imperium_3.card_words import hands_section
from events.rulesets.twilight_imperium_3.galaxy import positions
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.planets import controlled, holding, in_system
from events.rulesets.twilight_imperium_3.state import Game, bank, reinforcements
from events.rulesets.twilight_imperium_3.steps import TABLE
from events.rulesets.twilight_imperium_3.strategy_cards import name as card_name
from events.rulesets.twilight_imperium_3.technology import requirements, standing

SHORT = {
    "war_sun": "WS",
    "dreadnought": "DN",
    "cruiser": "CR",
    "destroyer": "DD",
    "carrier": "CA",
    "fighter": "FT",
    "ground_force": "GF",
    "pds": "PDS",
    "space_dock": "SD",
}
SINGLE = ("space_dock",)  # one at most on a planet (TI-U6): shown without a count


def _units(units: dict[str, int], damaged: dict[str, int] | None = None) -> str:
    hurt = damaged or {}
    return " ".join(
        SHORT[u]
        + ("" if u in SINGLE else str(units[u]))
        + (f"({hurt[u]} damaged)" if hurt.get(u) else "")
        for u in SHORT
        if units.get(u)
    )


def describe(view: Game, players: Sequence[str] = ()) -> Description:
    def name(seat: int) -> str:
        return who(players, seat)

    waiting = phases.waiting(TABLE, view)
    state = [
        Field("Round", str(view.round)),
        Field("Phase", "over" if view.over else str(TABLE.current(view))),
        Field("Speaker", name(view.speaker)),
        Field("Bank", f"{bank(view)} tg"),
    ]
    if view.turn >= 0 and not view.over:
        state.append(Field("Turn", name(view.turn)))
    if view.winners:
        state.append(Field("Winners", listing(map(name, view.winners))))
    sections = [
        Section("Game", tuple(state)),
        *building_section(view, name),
        Section("Players", tables=(_players(view, name),)),
        trade_words.section(view, name),
        Section("Technologies", tables=(_tree(view, name),)),
        *_forces(view, name),
        Section("Strategy cards", tables=(_cards(view, name),)),
        hands_section(view, name),
        Section("Objectives", _objectives(view, name)),
    ]
    lit = highlights(view)
    cells = tuple(_cell(view, c, name, lit.get(c.code, "")) for c in board.cells(view.galaxy))
    boards = (Board("Galaxy", cells),)
    return Description("Twilight Imperium", tuple(sections), waiting, boards)


def _forces(view: Game, name: Callable[[int], str]) -> list[Section]:
    """A line for each system with units or command counters: the compact table text faces
    and mail read beside the map."""
    rows = []
    for code in positions(view.galaxy.layout):
        space = view.forces.space.get(code)
        fleets = (
            [f"{name(f.seat)} {_units(f.units, f.damaged)}" for f in space.fleets if f.units]
            if space
            else []
        )
        planets = [
            f"{n}: {name(h.controller)} {_units(h.units)}".rstrip()
            for n in in_system(view.galaxy, code)
            if (h := holding(view.forces, n)).units and h.controller is not None
        ]
        counters = listing(map(name, space.counters)) if space and space.counters else ""
        if fleets or planets or counters:
            system = load().systems[view.galaxy.tiles[code]].name
            rows.append((code, system, "; ".join(fleets), "; ".join(planets), counters))
    if not rows:
        return []
    columns = ("System", "", "Ships", "On planets", "Counters")
    return [
        Section("Systems with units", tables=(Table("Systems with units", columns, tuple(rows)),))
    ]


def _players(view: Game, name: Callable[[int], str]) -> Table:
    rows = tuple(
        (
            name(s),
            load().races[p.race].name,
            str(p.points),
            f"{p.strategy}/{p.command}/{p.fleet} ({reinforcements(view, s)} left)",
            str(p.trade_goods),
            str(len(controlled(view.forces, s))),
            ", ".join(load().technologies[t].name for t in p.technologies),
            ", ".join(
                card_name(c) + (" (played)" if c in p.played else "") for c in sorted(p.cards)
            ),
            "passed" if p.passed else "",
        )
        for s, p in enumerate(view.players)
    )
    columns = ("Player", "Race", "VP", "Counters S/C/F", "TG", "Planets", "Tech", "Cards", "")
    return Table("Players", columns, rows)


def _tree(view: Game, name: Callable[[int], str]) -> Table:
    """Every technology with its colour and prerequisites, and for each player whether he owns
    it, or what it costs him after his discounts, or that he may not gain it yet (TI-K2,
    TI-K3)."""
    rows = tuple(
        (
            t.name,
            t.colour,
            requirements(t.id),
            *(standing(view, s, t.id) for s in range(view.seats)),
        )
        for t in load().technologies.values()
    )
    columns = ("Technology", "Colour", "Requires", *map(name, range(view.seats)))
    return Table("Technologies: owned, price after discounts, or locked", columns, rows)


def _cards(view: Game, name: Callable[[int], str]) -> Table:
    rows = []
    for card in load().strategy_cards:
        held = next((s for s, p in enumerate(view.players) if card.number in p.cards), None)
        holder = name(held) if held is not None else ""
        rows.append((str(card.number), card.name, holder, str(view.bonus[card.number - 1])))
    return Table("Strategy cards", ("#", "Card", "Held by", "Bonus"), tuple(rows))


def _objectives(view: Game, name: Callable[[int], str]) -> tuple[Field, ...]:
    objectives = load().objectives
    fields = []
    for n, o in enumerate(view.revealed, 1):
        scorers = [name(s) for s, p in enumerate(view.players) if o in p.scored]
        label = objectives[o].name or objectives[o].text
        fields.append(Field(f"{n}. {label}", f"scored by {listing(scorers)}" if scorers else ""))
    fields.append(Field("Still face down", str(len(view.objectives))))
    for s, p in enumerate(view.players):
        if p.secret:
            secret = objectives[p.secret]
            said = f"{secret.name}: {secret.text}" + (" (scored)" if p.secret in p.scored else "")
            fields.append(Field(f"Secret of {name(s)}", said))
    return tuple(fields)


def _cell(view: Game, cell: Cell, name: Callable[[int], str], highlight: str) -> Cell:
    """The ships by owner first, then each planet's line with its controller and units, and
    the counters on it first among the marks: what a small hex has room for comes first."""
    space = view.forces.space.get(cell.code)
    fleets = (
        [f"{name(f.seat)} {_units(f.units, f.damaged)}" for f in space.fleets if f.units]
        if space
        else []
    )
    planets = []
    for line, planet in zip(cell.lines, in_system(view.galaxy, cell.code), strict=True):
        held = holding(view.forces, planet)
        if held.controller is not None:
            exhausted = " exhausted" if held.exhausted else ""
            line += f": {name(held.controller)}{exhausted} {_units(held.units)}".rstrip()
        planets.append(line)
    counters = (
        [f"counters: {listing(map(name, space.counters))}"] if space and space.counters else []
    )
    return msgspec.structs.replace(
        cell,
        lines=(*fleets, *planets),
        marks=(*counters, *cell.marks),
        highlight=highlight,
    )
