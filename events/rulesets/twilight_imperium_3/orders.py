"""What a player decides in a tactical or transfer action once it has begun: his movement, PDS
fire, casualties, a retreat, bombardment, landing and production; and the transfer action
itself (TI-A2)."""

import msgspec

from events.rulesets.twilight_imperium_3.forces import Units
from events.rulesets.twilight_imperium_3.invasion import Bombardment, Drop
from events.rulesets.twilight_imperium_3.movement import Group
from events.rulesets.twilight_imperium_3.production import Batch


class Transfer(msgspec.Struct, frozen=True, tag="ti.transfer"):
    """A transfer action: two adjacent systems holding the player's units and no one else's,
    the first activated from the command pool, the second from reinforcements (TI-A2)."""

    first: str
    second: str


class Move(msgspec.Struct, frozen=True, tag="ti.move"):
    """The movement step: groups of ships into the activated system (in a transfer, each into
    the other system); none is moving nothing (TI-M2)."""

    groups: tuple[Group, ...] = ()


class FirePds(msgspec.Struct, frozen=True, tag="ti.fire_pds"):
    """PDS in range fire (TI-C1): `pds`, how many from each planet, none named being every one
    that has not fired yet; `at`: which system of a transfer ("" the one fired into now)."""

    at: str = ""
    pds: Units = {}


class HoldFire(msgspec.Struct, frozen=True, tag="ti.hold_fire"):
    pass


class Lose(msgspec.Struct, frozen=True, tag="ti.lose"):
    """Casualties for the hits scored on the player's ships (TI-C5, TI-C6)."""

    destroyed: Units = {}
    damaged: Units = {}


class Retreat(msgspec.Struct, frozen=True, tag="ti.retreat"):
    """A retreat announced, to be made at the end of the round (TI-C7, TI-C8)."""

    to: str


class Stay(msgspec.Struct, frozen=True, tag="ti.stay"):
    pass


class Land(msgspec.Struct, frozen=True, tag="ti.land"):
    """The landing step: none is landing nothing (TI-L1)."""

    drops: tuple[Drop, ...] = ()


class Bombard(msgspec.Struct, frozen=True, tag="ti.bombard"):
    """Bombardment before invasion combat: none is bombarding nothing (TI-L4)."""

    bombardments: tuple[Bombardment, ...] = ()


class Produce(msgspec.Struct, frozen=True, tag="ti.produce"):
    """The production step at the space docks of one system: none is building nothing (TI-U1)."""

    batches: tuple[Batch, ...] = ()
    space_dock: str = ""
    paying: tuple[str, ...] = ()
    trade_goods: int = 0


Order = Transfer | Move | FirePds | HoldFire | Lose | Retreat | Stay | Land | Bombard | Produce
ORDERS = (Transfer, Move, FirePds, HoldFire, Lose, Retreat, Stay, Land, Bombard, Produce)
