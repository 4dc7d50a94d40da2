"""The galaxy build in words: its text commands (`side 4`, `face down at 103`, `place Abyz at
102`, `place 3rd at 205`: a tile of the hand by its system's name, a planet's, or its place
in the hand as the view lists it) and a line for each of its events."""

import re
from collections.abc import Callable
from typing import Any

from events.kit.words import count, listing
from events.naming import matching, normal
from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.building import (
    Dealt,
    FaceDownLaid,
    GalaxyBuilt,
    HandShown,
    LayFaceDown,
    PickSide,
    Place,
    Placed,
    SidePicked,
)
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game

VERBS = ("side", "face", "place")
ORDINAL = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")


def system_name(system: str) -> str:
    return load().systems[system].name


def _position(said: str) -> str:
    if not hexes.is_code(said.strip()):
        raise ValueError(f"'{said.strip()}' is no position: write one like 203")
    return said.strip()


def _tile(game: Game, seat: int, said: str) -> str:
    """A tile of the seat's hand: by its place in the hand, or its system's or a planet's name."""
    hand = game.galaxy.hands[seat]
    if found := ORDINAL.fullmatch(said):
        place = int(found.group(1))
        if not 0 < place <= len(hand):
            raise ValueError(f"your hand holds {count(len(hand), 'system')}")
        return hand[place - 1]
    names = {
        name: tile
        for tile in hand
        for name in (system_name(tile), *(p.name for p in load().systems[tile].planets))
    }
    found_names = {names[n] for n in matching(normal(said), list(names))}
    if len(found_names) != 1:
        held = listing(sorted({system_name(t) for t in hand}))
        raise ValueError(f"name one system of your hand ({held}), or its place in it")
    return found_names.pop()


def read(game: Game, seat: int, said: str) -> Any:
    verb, _, rest = said.partition(" ")
    if verb == "side":
        if not re.fullmatch(r"\d", rest):
            raise ValueError("write 'side <1-6>'")
        return PickSide(side=int(rest))
    if verb == "face":
        if not rest.startswith("down at "):
            raise ValueError("write 'face down at <101-106>'")
        return LayFaceDown(position=_position(rest.removeprefix("down at ")))
    tile, at, position = rest.rpartition(" at ")
    if not at:
        raise ValueError("write 'place <system> at <position>'")
    return Place(system=_tile(game, seat, tile), position=_position(position))


def render(decision: Any) -> str:
    match decision:
        case PickSide(side=side):
            return f"side {side}"
        case LayFaceDown(position=position):
            return f"face down at {position}"
        case Place(system=system, position=position):
            return f"place {system_name(system)} at {position}"
    return ""


def narrate(before: Game, event: Any, seat: int | None, name: Callable[[int], str]) -> str:
    match event:
        case SidePicked(seat=s, position=position):
            side = [h.position for h in before.galaxy.layout.homes].index(position) + 1
            return f"{name(s)} picks side {side}: the home system will lie at {position}"
        case FaceDownLaid(seat=s, position=position):
            return f"{name(s)} lays a system face down at {position}"
        case Dealt(hands=hands):
            mine = f": you hold {_systems(hands[seat])}" if seat is not None else ""
            return f"the systems are dealt, {count(len(hands[0]), 'system')} each{mine}"
        case Placed(seat=s, system=system, position=position):
            return f"{name(s)} places {system_name(system)} at {position}"
        case HandShown(seat=s, hand=hand):
            return f"{name(s)} holds no system with planets and shows the hand: {_systems(hand)}"
        case GalaxyBuilt(face_down=tile):
            turned = (
                f"; the system face down at {before.galaxy.face_down} is {system_name(tile)}"
                if tile
                else ""
            )
            return f"the galaxy is built{turned}; the starting units take their places"
    raise TypeError(f"twilight-imperium-3 has no galaxy event {event!r}")


def _systems(hand: tuple[str, ...]) -> str:
    return listing(map(system_name, hand))
