"""A game's description of a view, as a terminal shows it: sections, labelled fields, numbered
card lists and aligned tables, whatever the game."""

from events.ruleset import CardFace, CardList, Description, Section, Table

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


def render(description: Description) -> list[str]:
    lines = [description.title]
    for shown in description.sections:
        lines += section(shown)
    return lines
