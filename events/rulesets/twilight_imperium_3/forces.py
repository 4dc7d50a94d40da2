"""Where the units stand: each player's fleet in a system's space (ships, fighters, and the
ground forces and PDS they carry), and each planet's controller, readiness and units. Every rule
area reads and writes units through these types: the state, movement, combat, invasion and
production."""

import msgspec

Units = dict[str, int]  # unit id (content/units.toml): how many, none listed at 0


class Fleet(msgspec.Struct, frozen=True):
    """One player's units in a system's space, what they carry included (TI-M)."""

    seat: int
    units: Units
    damaged: Units = {}  # of `units`, those whose sustained damage is spent (TI-C)


class Holding(msgspec.Struct, frozen=True):
    """A planet: who controls it (None: neutral), whether its card is exhausted, and its
    controller's ground forces, PDS and space dock on it (TI-L)."""

    controller: int | None = None
    exhausted: bool = False
    units: Units = {}


class Space(msgspec.Struct, frozen=True):
    """A system in play: the fleets in its space (one per player at rest, TI-C) and the seats
    whose command counters lie in it (TI-M)."""

    fleets: tuple[Fleet, ...] = ()
    counters: tuple[int, ...] = ()


class Forces(msgspec.Struct, frozen=True):
    """Every unit on the map: by position, each system's space; by planet name, each holding."""

    space: dict[str, Space]
    planets: dict[str, Holding]

    def fleet(self, position: str, seat: int) -> Fleet:
        """This player's fleet in this system, empty if none."""
        fleets = self.space.get(position, Space()).fleets
        return next((f for f in fleets if f.seat == seat), Fleet(seat, {}))
