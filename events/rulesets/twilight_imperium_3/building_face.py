"""The galaxy build as a view shows it: whose choice it is, the free sides, the hands (the
seat's own numbered as `place 3rd at 205` counts them, shown ones in full, the others as a
count), and the board's highlights: where the next tile may go, and once play is under way the
systems a tactical or transfer action has activated."""

from collections.abc import Callable

from events.kit.words import count
from events.ruleset import Field, Section
from events.rulesets.twilight_imperium_3.building import HIDDEN, RING_ONE, chooser, sides
from events.rulesets.twilight_imperium_3.galaxy import open_positions, placer
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.placement import placements
from events.rulesets.twilight_imperium_3.state import Game, Phase

OPEN = "a tile may go here"


def _tile(system: str) -> str:
    found = load().systems[system]
    planets = ", ".join(f"{p.name} {p.resources}/{p.influence}" for p in found.planets)
    kind = found.kind.replace("_", " ") if found.special else ""
    wormhole = f"wormhole {found.wormhole}" if found.wormhole else ""
    said = "; ".join(part for part in (planets, kind, wormhole) if part)
    return f"{found.name} ({said})" if said else found.name


def building_section(view: Game, name: Callable[[int], str]) -> list[Section]:
    if view.phase != Phase.GALAXY:
        return []
    galaxy = view.galaxy
    fields = []
    turn = chooser(galaxy)
    if turn >= 0:
        fields.append(Field("To choose", name(turn)))
    if "" in galaxy.home_positions:
        fields.append(Field("Free sides", ", ".join(map(str, sides(galaxy)))))
    elif galaxy.layout.face_down and not galaxy.face_down:
        fields.append(Field("Face-down tile", f"the speaker lays it in {', '.join(RING_ONE)}"))
    for seat, hand in enumerate(galaxy.hands):
        if HIDDEN in hand:
            fields.append(Field(f"Hand of {name(seat)}", count(len(hand), "system")))
        elif hand:
            listed = "; ".join(f"{n}. {_tile(t)}" for n, t in enumerate(hand, 1))
            fields.append(Field(f"Hand of {name(seat)}", listed))
    return [Section("Galaxy build", tuple(fields))]


def highlights(view: Game) -> dict[str, str]:
    """The free sides while they are picked (TI-G3), ring 1 while the face-down tile waits
    (TI-G8), then where the next tile may go: the placer's accepted positions where its hand
    is seen, else every open position (TI-G5 to TI-G7). In play, the active system and the
    step its action has reached (TI-A2, TI-A4)."""
    galaxy = view.galaxy
    if view.tactic is not None:
        return dict.fromkeys(view.tactic.systems, f"active system: {view.tactic.step}")
    if view.phase != Phase.GALAXY:
        return {}
    if "" in galaxy.home_positions:
        homes = [h.position for h in galaxy.layout.homes]
        return {homes[n - 1]: f"side {n} is free" for n in sides(galaxy)}
    if galaxy.layout.face_down and not galaxy.face_down and "" not in galaxy.home_positions:
        return dict.fromkeys(RING_ONE, "the face-down tile may go here")
    if galaxy.built or not any(galaxy.hands):
        return {}
    seat = placer(galaxy)
    if HIDDEN in galaxy.hands[seat]:
        return dict.fromkeys(open_positions(galaxy), OPEN)
    return {p.position: OPEN for p in placements(galaxy, seat)}
