"""A game's description of a view, as a terminal shows it: sections, labelled fields, numbered
card lists, aligned tables and boards as a line a cell, whatever the game."""

from collections.abc import Sequence

from events.ruleset import Board, CardFace, CardList, Cell, Description, Section, Table

INDENT = "  "


def card(position: int, face: CardFace) -> str:
    """`3 Hercules Bomber (Unit, Starfighter; draft 2, fleet 1) [energy token]`; positions
    count from 1, as commands name cards."""
    details = [face.kind] if face.kind else []
    numbers = ", ".join(f"{label} {value}" for label, value in face.numbers.items())
    details += [numbers] if numbers else []
    line = f"{position} {face.name}" + (f" ({'; '.join(details)})" if details else "")
    return line + (f" [{face.note}]" if face.note else "")


def _cards(pile: CardList) -> list[str]:
    if not pile.cards:
        return [f"{INDENT}{pile.label}: none"]
    return [f"{INDENT}{pile.label}:"] + [
        f"{INDENT * 2}{card(i, face)}" for i, face in enumerate(pile.cards, 1)
    ]


def table(shown: Table) -> list[str]:
    widths = [
        max(len(row[i]) for row in (shown.columns, *shown.rows)) for i in range(len(shown.columns))
    ]

    def line(row: tuple[str, ...]) -> str:
        return (
            f"{INDENT * 2}"
            + "  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip()
        )

    return [f"{INDENT}{shown.label}:", line(shown.columns), *(line(r) for r in shown.rows)]


def section(shown: Section) -> list[str]:
    lines = [shown.title]
    if shown.fields:
        lines.append(INDENT + " · ".join(f"{f.label}: {f.value}" for f in shown.fields))
    for pile in shown.cards:
        lines += _cards(pile)
    for found in shown.tables:
        lines += table(found)
    return lines


def cell(shown: Cell, names: Sequence[str] = ()) -> str:
    """`203 Abyz/Fria (ann): Abyz 3/0, Fria 2/0; 2 Cruiser [wormhole alpha]`."""
    owner = shown.owner
    whose = (
        f" ({names[owner] if owner < len(names) else f'seat {owner}'})" if owner is not None else ""
    )
    line = f"{shown.code} {shown.title}".rstrip() + whose
    line += f": {'; '.join(shown.lines)}" if shown.lines else ""
    line += f" [{', '.join(shown.marks)}]" if shown.marks else ""
    return line + (f" <{shown.highlight}>" if shown.highlight else "")


def board(shown: Board, names: Sequence[str] = ()) -> list[str]:
    return [f"{shown.label}:", *(f"{INDENT}{cell(c, names)}" for c in shown.cells)]


def render(description: Description, names: Sequence[str] = ()) -> list[str]:
    lines = [description.title]
    for drawn in description.boards:
        lines += board(drawn, names)
    for shown in description.sections:
        lines += section(shown)
    return lines
