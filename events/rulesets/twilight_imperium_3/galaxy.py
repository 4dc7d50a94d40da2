"""The galaxy, while it is built and once it is: which tile lies at each position, which tiles
each player still holds, whose turn it is to place (TI-G4), which positions are open (TI-G5),
and which systems are adjacent, wormholes included (TI-G1, TI-G2)."""

import msgspec

from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.content import Layout
from events.rulesets.twilight_imperium_3.loader import load


class Placement(msgspec.Struct, frozen=True):
    seat: int
    system: str
    position: str


class Galaxy(msgspec.Struct, frozen=True):
    speaker: int  # the first player, who places first (TI-S2)
    home_systems: tuple[str, ...]  # by seat: the home system drawn, which gives the race
    home_positions: tuple[str, ...]  # by seat
    tiles: dict[str, str]  # position: system, for the tiles on the table
    hands: tuple[tuple[str, ...], ...]  # by seat: the tiles still to place, secret
    face_down: str = ""  # the position of the tile placed face down (TI-G8)
    placed: tuple[Placement, ...] = ()  # in the order they were placed

    @property
    def players(self) -> int:
        return len(self.home_systems)

    @property
    def layout(self) -> Layout:
        return load().layouts[self.players]

    @property
    def built(self) -> bool:
        """Every position in play holds a tile (before the hands are dealt, none does)."""
        return all(p in self.tiles for p in positions(self.layout))


def positions(layout: Layout) -> tuple[str, ...]:
    """The positions in play, in ring order."""
    return tuple(c for c in hexes.CODES if hexes.ring(c) < 3 or c in layout.ring_three)


def table_order(galaxy: Galaxy) -> tuple[int, ...]:
    """The seats clockwise from the speaker: players sit by their home systems (TI-S3)."""
    clockwise = sorted(range(galaxy.players), key=lambda seat: galaxy.home_positions[seat])
    first = clockwise.index(galaxy.speaker)
    return tuple(clockwise[first:] + clockwise[:first])


def placer(galaxy: Galaxy) -> int:
    """Whose turn it is to place: clockwise, then back, then clockwise again (TI-G4)."""
    lap, turn = divmod(len(galaxy.placed), galaxy.players)
    order = table_order(galaxy)
    return order[turn] if lap % 2 == 0 else order[-1 - turn]


def open_positions(galaxy: Galaxy) -> tuple[str, ...]:
    """The free positions of the innermost ring not yet complete, homes' places kept (TI-G5)."""
    free = [
        p
        for p in positions(galaxy.layout)
        if p not in galaxy.tiles and p not in galaxy.home_positions
    ]
    return tuple(p for p in free if hexes.ring(p) == hexes.ring(free[0])) if free else ()


def place(galaxy: Galaxy, placement: Placement) -> Galaxy:
    """The galaxy once this tile is placed, its homes joining once ring 2 is complete (TI-G5)."""
    hands = list(galaxy.hands)
    hand = list(hands[placement.seat])
    hand.remove(placement.system)
    hands[placement.seat] = tuple(hand)
    tiles = galaxy.tiles | {placement.position: placement.system}
    if all(p in tiles for p in positions(galaxy.layout) if hexes.ring(p) < 3):
        tiles |= dict(zip(galaxy.home_positions, galaxy.home_systems, strict=True))
    return msgspec.structs.replace(
        galaxy, tiles=tiles, hands=tuple(hands), placed=(*galaxy.placed, placement)
    )


def adjacent(galaxy: Galaxy, position: str) -> tuple[str, ...]:
    """The systems next to this one, and those sharing a kind of wormhole with it when at least
    two of that kind are on the table (TI-G1, TI-G2)."""
    systems = load().systems
    near = [p for p in hexes.neighbours(position) if p in galaxy.tiles]
    kind = systems[galaxy.tiles[position]].wormhole
    if kind:
        near += [
            p
            for p, system in galaxy.tiles.items()
            if systems[system].wormhole == kind and p != position and p not in near
        ]
    return tuple(near)
