"""What a player may decide in the game's core: setup, the strategy phase, the action phase's
strategic actions, activation and passing, and the status phase. The tactical action after
activation (movement, combat, invasion, production) brings its own decisions."""

import msgspec

from events.rulesets.twilight_imperium_3.orders import ORDERS, Order, Produce
from events.rulesets.twilight_imperium_3.trade_events import TRADE_DECISIONS

Units = dict[str, int]  # unit id: how many


class Station(msgspec.Struct, frozen=True, tag="ti.station"):
    """The starting ground forces, PDS and space dock shared among the home planets (TI-S4):
    planet name: its units."""

    planets: dict[str, Units]


class Pick(msgspec.Struct, frozen=True, tag="ti.pick"):
    """A strategy card (by number), its bonus counters taken as `counters` command counters
    and the rest as trade goods (TI-P3); of those counters, `strategy` go to the strategy
    allocation and `fleet` to the fleet supply, the rest to the command pool."""

    card: int
    counters: int = 0
    strategy: int = 0
    fleet: int = 0


class Play(msgspec.Struct, frozen=True, tag="ti.play"):
    """A strategic action: the card's primary (TI-A3). Its choices, as the card asks: Diplomacy
    names a seat (`seat`), Warfare a system to take a counter back from (`system`, "" for
    none), Technology a technology (`technology`), Trade its option (b) (`cancel`, TI-R3); of
    the counters Political and Logistics gain, `strategy` and `fleet` go to those areas, the
    rest to the command pool (TI-P3)."""

    card: int
    seat: int = -1
    system: str = ""
    technology: str = ""
    strategy: int = 0
    fleet: int = 0
    cancel: bool = False


class Warship(msgspec.Struct, frozen=True):
    """A cruiser or destroyer moved by Warfare's secondary, from a system to an adjacent one,
    with the ground forces aboard it (a cruiser with Stasis Capsules carries one, TI-A8)."""

    unit: str
    source: str
    target: str
    ground_forces: int = 0


class Follow(msgspec.Struct, frozen=True, tag="ti.follow"):
    """A played card's secondary (TI-A3), with what it asks: planets exhausted to pay
    (`paying`) and trade goods (`trade_goods`) for Logistics and Technology, the technology
    bought, planets readied by Diplomacy (`readying`), the ships moved by Warfare, the units
    built by Imperial's (`production`)."""

    paying: tuple[str, ...] = ()
    trade_goods: int = 0
    technology: str = ""
    readying: tuple[str, ...] = ()
    ships: tuple[Warship, ...] = ()
    production: Produce | None = None
    strategy: int = 0  # of the counters Logistics' secondary gains, as Play's (TI-P3)
    fleet: int = 0


class Decline(msgspec.Struct, frozen=True, tag="ti.decline"):
    """A played card's secondary not followed."""


class Activate(msgspec.Struct, frozen=True, tag="ti.activate"):
    """A tactical action: a counter from the command pool onto a system (TI-A4)."""

    system: str


class Transit(msgspec.Struct, frozen=True, tag="ti.transit"):
    """Transit Diodes' action: for a strategy counter, up to 4 ground forces from one of the
    player's planets to another (TI-K14)."""

    source: str
    target: str
    ground_forces: int


class EndTurn(msgspec.Struct, frozen=True, tag="ti.end_turn"):
    """No second tactical action after Fleet Logistics' first: the turn ends (TI-K15)."""


class Pass(msgspec.Struct, frozen=True, tag="ti.pass"):
    """No more actions this round (TI-A6)."""


class Score(msgspec.Struct, frozen=True, tag="ti.score"):
    """The status phase's claim (TI-X1): a public objective (its place among those revealed,
    from 1; 0 for none) and/or the secret one, paying with planets and trade goods where the
    objective spends."""

    objective: int = 0
    secret: bool = False
    paying: tuple[str, ...] = ()
    trade_goods: int = 0


class Redistribute(msgspec.Struct, frozen=True, tag="ti.redistribute"):
    """The counters on the race sheet once the status phase's gain is placed (TI-X5), and the
    ships removed, by system, where the new fleet supply is exceeded (TI-M8): a system beyond it
    and not named loses its cheapest."""

    strategy: int
    command: int
    fleet: int
    removing: dict[str, Units] = {}


Decision = (
    Station
    | Pick
    | Play
    | Follow
    | Decline
    | Activate
    | Transit
    | EndTurn
    | Pass
    | Score
    | Redistribute
    | Order
)
DECISIONS = (
    Station,
    Pick,
    Play,
    Follow,
    Decline,
    Activate,
    Transit,
    EndTurn,
    Pass,
    Score,
    Redistribute,
    *ORDERS,
    *TRADE_DECISIONS,
)
