"""Dealing the galaxy (TI-G3): the tiles set aside, removed unseen, laid face down and dealt as
hands, all from the chance source; and the "dealt" option (TI-G9), a galaxy built by random
placements that the placement judge accepts, as the players would build it."""

import random

from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.content import MECATOL_REX
from events.rulesets.twilight_imperium_3.galaxy import Galaxy, place, placer
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.placement import placements


def dealing(
    home_systems: tuple[str, ...],
    home_positions: tuple[str, ...],
    speaker: int,
    face_down_at: str,
    rng: random.Random,
) -> Galaxy:
    """The galaxy before its first placement: Mecatol Rex at the centre, with 5 players a tile
    face down at `face_down_at` (next to it, where the speaker chose), the hands dealt."""
    content = load()
    layout = content.layouts[len(home_systems)]
    pile = [
        s.id
        for s in content.systems.values()
        if s.kind != "home" and s.id != MECATOL_REX
        for _ in range(s.copies - layout.set_aside.get(s.id, 0))
    ]
    rng.shuffle(pile)
    pile = pile[layout.removed :]
    tiles = {"000": MECATOL_REX}
    if layout.face_down:
        tiles[face_down_at] = pile.pop()
    hands = tuple(tuple(pile[i :: len(home_systems)]) for i in range(len(home_systems)))
    return Galaxy(
        speaker=speaker,
        home_systems=home_systems,
        home_positions=home_positions,
        tiles=tiles,
        hands=hands,
        face_down=face_down_at if layout.face_down else "",
    )


def unbuilt(home_systems: tuple[str, ...], speaker: int, rng: random.Random) -> Galaxy:
    """The galaxy the players build (building.py): Mecatol Rex alone, no hand dealt yet, the
    seats' places drawn at random, save with 6 players, who pick sides (TI-G3)."""
    homes = [h.position for h in load().layouts[len(home_systems)].homes]
    places = ("",) * 6 if len(homes) == 6 else tuple(rng.sample(homes, len(home_systems)))
    hands = ((),) * len(home_systems)
    return Galaxy(speaker, home_systems, places, {"000": MECATOL_REX}, hands)


def deal(home_systems: tuple[str, ...], speaker: int, rng: random.Random) -> Galaxy:
    """A whole galaxy for these seats' home systems: the seats' places drawn at random (TI-G3),
    then each placement drawn among those the judge accepts, in the order of play (TI-G9)."""
    layout = load().layouts[len(home_systems)]
    places = rng.sample([h.position for h in layout.homes], len(home_systems))
    ring_one = [c for c in hexes.CODES if hexes.ring(c) == 1]
    face_down_at = rng.choice(ring_one) if layout.face_down else ""
    galaxy = dealing(home_systems, tuple(places), speaker, face_down_at, rng)
    while not galaxy.built:
        galaxy = place(galaxy, rng.choice(placements(galaxy, placer(galaxy))))
    return galaxy
