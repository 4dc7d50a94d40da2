"""What one entry changed, read from the same eyes' described views before and after it: the
fields that moved and the cards that came or went, section by section, for any game."""

from collections import Counter

from events.ruleset import Description, Section


def _fields(section: Section) -> dict[str, str]:
    return {field.label: field.value for field in section.fields}


def _piles(section: Section) -> dict[str, Counter[str]]:
    return {pile.label: Counter(card.name for card in pile.cards) for pile in section.cards}


def _names(counted: Counter[str]) -> str:
    return ", ".join(name if n == 1 else f"{name} x{n}" for name, n in sorted(counted.items()))


def _section(title: str, old: Section | None, new: Section) -> list[str]:
    had, has = _fields(old) if old else {}, _fields(new)
    lines = [
        f"{title}, {label}: {had[label]} → {value}"
        if label in had
        else f"{title}, {label}: {value}"
        for label, value in has.items()
        if had.get(label) != value
    ]
    piles_had = _piles(old) if old else {}
    for label, cards in _piles(new).items():
        before = piles_had.get(label, Counter())
        if came := cards - before:
            lines.append(f"{title}, {label}: + {_names(came)}")
        if went := before - cards:
            lines.append(f"{title}, {label}: - {_names(went)}")
    return lines


def changed(before: Description | None, after: Description | None) -> list[str]:
    """A line per field or card pile that differs; [] when nothing the eyes see moved."""
    if after is None:
        return []
    old = {section.title: section for section in before.sections} if before else {}
    return [line for s in after.sections for line in _section(s.title, old.get(s.title), s)]
