"""A view or state as a person reads it: a table of labelled values (card names, not ids), its
printout, and what changed between two of them."""

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from events.rulesets.core_worlds.checks import PHASE_NAMES
from events.rulesets.core_worlds.loader import load
from events.rulesets.core_worlds.state import ACTION

Value = str | tuple[str, ...]  # a pile of cards is a tuple of names, top card first
Table = dict[tuple[str, str], Value]  # (group, label) -> value; group "" is the whole table
TOP = ""


def table(shown: Any) -> Table:
    """What a replay step or a seat's view shows; None (before the game began) is empty."""
    if shown is None:
        return {}
    if isinstance(shown, dict) and {"players", "central", "phase"} <= shown.keys():
        return _core_worlds(shown)
    return dict(_flat(shown, ""))


def _card_names(shown: dict[str, Any]) -> Callable[[int], str]:
    if "cards" in shown:  # a view names the cards it shows
        known = {int(card): name for card, name in shown["cards"].items()}
        return lambda card: known.get(card, f"card {card}")
    cards = load(shown["card_set"]).cards  # a full state names its card set
    return lambda card: cards[card].name if 0 <= card < len(cards) else f"card {card}"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _seats(seats: list[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats) or "nobody"


def _core_worlds(shown: dict[str, Any]) -> Table:
    name = _card_names(shown)
    me = shown.get("seat")
    phase, tokened = shown["phase"], set(shown["tokened"])

    def pile(cards: list[int]) -> tuple[str, ...]:
        return tuple(name(c) for c in cards)

    rows: Table = {
        (TOP, "round"): f"{shown['round']} (Sector {(shown['round'] + 1) // 2})",
        (TOP, "phase"): PHASE_NAMES.get(phase, phase),
        (TOP, "Destiny"): f"seat {shown['destiny']}",
        (TOP, "to act"): _seats(shown.get("to_act", [])),
    }
    if phase == ACTION:
        rows[TOP, "turn"] = f"seat {shown['turn']}"
    rows[TOP, "Central Zone"] = tuple(
        f"{name(c)} (energy token)" if c in tokened else name(c) for c in shown["central"]
    )
    for seat, player in enumerate(shown["players"]):
        group = f"seat {seat} (you)" if seat == me else f"seat {seat}"
        hand = player.get("hand", shown.get("hand") if seat == me else None)
        discard = player.get("discard", shown.get("discard") if seat == me else None)
        rows[group, "energy"] = str(player["energy"])
        rows[group, "action points"] = str(player["action_points"])
        rows[group, "surge tokens"] = str(player["surge_tokens"])
        rows[group, "done"] = "yes" if player["done"] else "no"
        rows[group, "draw pile"] = str(
            len(player["draw"]) if "draw" in player else player["draw_size"]
        )
        rows[group, "hand"] = pile(hand) if hand is not None else _cards(player["hand_size"])
        rows[group, "discard"] = (
            pile(discard) if discard is not None else _cards(player["discard_size"])
        )
        rows[group, "Warzone"] = pile(player["warzone"])
        if player["colonists"]:
            rows[group, "colonists"] = pile(player["colonists"])
        if player["counters"]:
            rows[group, "energy tokens"] = tuple(f"{name(c)} x{n}" for c, n in player["counters"])
    if shown["scores"]:
        rows[TOP, "scores"] = ", ".join(f"seat {s['seat']} {s['total']}" for s in shown["scores"])
        rows[TOP, "winners"] = _seats(shown["winners"])
    return rows


def _flat(value: Any, path: str) -> Iterator[tuple[tuple[str, str], Value]]:
    """Any other game's JSON, one dotted label per leaf; lists of plain values are piles."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _flat(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list) and not any(isinstance(v, dict | list) for v in value):
        yield (TOP, path), tuple(str(v) for v in value)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _flat(item, f"{path}.{index}")
    else:
        yield (TOP, path or "value"), str(value)


def _numbered(pile: tuple[str, ...]) -> str:
    """Piles are numbered as commands count positions, from 1."""
    return ", ".join(f"{i} {card}" for i, card in enumerate(pile, 1)) or "empty"


def render(rows: Table) -> list[str]:
    groups: dict[str, list[tuple[str, Value]]] = {}
    for (group, label), value in rows.items():
        groups.setdefault(group, []).append((label, value))
    lines: list[str] = []
    for group, fields in groups.items():
        indent = "" if group == TOP else "  "
        if group != TOP:
            lines.append(f"{group}:")
        scalars = [f"{label}: {value}" for label, value in fields if isinstance(value, str)]
        if scalars:
            lines.append(indent + " · ".join(scalars))
        lines += [
            f"{indent}{label}: {_numbered(value)}"
            for label, value in fields
            if isinstance(value, tuple)
        ]
    return lines


def _text(value: Value | None) -> str:
    if value is None:
        return "-"
    return ", ".join(value) or "empty" if isinstance(value, tuple) else value


def _pile_change(old: tuple[str, ...], new: tuple[str, ...]) -> str:
    added, removed = Counter(new) - Counter(old), Counter(old) - Counter(new)
    parts = [f"+ {', '.join(added.elements())}"] if added else []
    parts += [f"- {', '.join(removed.elements())}"] if removed else []
    return "; ".join(parts) or "same cards, new order"


def diff(before: Table, after: Table) -> list[str]:
    """One line per value that changed, in the order the later table shows them."""
    lines = []
    for key in [*after, *(k for k in before if k not in after)]:
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        where = " ".join(part for part in key if part)
        if isinstance(old, tuple | None) and isinstance(new, tuple | None):
            lines.append(f"{where}: {_pile_change(old or (), new or ())}")
        else:
            lines.append(f"{where}: {_text(old)} -> {_text(new)}")
    return lines
