"""What happened: the events of a Twilight Imperium 3 match-log. Every random outcome (races,
the speaker, the galaxy dealt, the objective decks) is written here."""

import msgspec

from events.kit.windows import Window
from events.rulesets.twilight_imperium_3.card_events import CARD_EVENTS
from events.rulesets.twilight_imperium_3.decisions import Units, Warship
from events.rulesets.twilight_imperium_3.forces import Forces
from events.rulesets.twilight_imperium_3.galaxy import Galaxy
from events.rulesets.twilight_imperium_3.tactical_events import TACTICAL_EVENTS
from events.rulesets.twilight_imperium_3.trade_events import TRADE_EVENTS


class Setup(msgspec.Struct, frozen=True, tag="ti.setup"):
    """Creates the game (TI-S1 to TI-S10): races by seat, the speaker, the galaxy, the units
    placed (ships in the home systems, a single home planet's units on it), each seat's
    counters and trade goods, the public deck and the secret objectives."""

    races: tuple[str, ...]
    speaker: int
    galaxy: Galaxy
    forces: Forces
    counters: tuple[tuple[int, int, int], ...]  # per seat: strategy, command, fleet
    trade_goods: tuple[int, ...]
    technologies: tuple[tuple[str, ...], ...]
    objectives: tuple[str, ...]  # the public deck, top first
    secrets: tuple[str, ...]  # per seat
    stationing: tuple[int, ...]  # seats still to share out units among home planets


class Stationed(msgspec.Struct, frozen=True, tag="ti.stationed"):
    seat: int
    planets: dict[str, Units]


class RoundBegan(msgspec.Struct, frozen=True, tag="ti.round_began"):
    """A strategy phase begins: the cards returned, the pickers in order (TI-P1, TI-P2)."""

    round: int
    picks: tuple[int, ...]
    mecatol: int = -1  # Mecatol Rex's controller as the phase begins (objective P1-02)
    stable: int = -1  # the seat keeping its cards under Political Stability, picking none (TI-Q61)


class Picked(msgspec.Struct, frozen=True, tag="ti.picked"):
    """A strategy card taken, its bonus counters exchanged (TI-P3); Initiative moves the
    speaker token (TI-P4)."""

    seat: int
    card: int
    counters: int = 0
    trade_goods: int = 0
    strategy: int = 0  # of `counters`, those placed in the strategy allocation (TI-P3)
    fleet: int = 0  # and in the fleet supply; the rest in the command pool


class BonusPlaced(msgspec.Struct, frozen=True, tag="ti.bonus_placed"):
    """A bonus counter on each card no one picked (TI-P5)."""

    cards: tuple[int, ...]


class TurnBegan(msgspec.Struct, frozen=True, tag="ti.turn_began"):
    """The action phase begins with this seat, or play moves on to it (TI-A1)."""

    seat: int


class Played(msgspec.Struct, frozen=True, tag="ti.played"):
    """A strategic action taken (TI-A3)."""

    seat: int
    card: int


class CountersGained(msgspec.Struct, frozen=True, tag="ti.counters_gained"):
    """Counters from reinforcements onto the race sheet: `strategy` of them in the strategy
    allocation, `fleet` in the fleet supply, the rest in the command pool (TI-P3, TI-A3)."""

    seat: int
    counters: int
    strategy: int = 0
    fleet: int = 0


class TradeGoodsGained(msgspec.Struct, frozen=True, tag="ti.trade_goods_gained"):
    """From the bank (TI-S7); negative: paid back to it."""

    seat: int
    trade_goods: int


class CounterReturned(msgspec.Struct, frozen=True, tag="ti.counter_returned"):
    """Warfare's primary: a counter off the board into the command pool."""

    seat: int
    system: str


class Truce(msgspec.Struct, frozen=True, tag="ti.truce"):
    """Diplomacy's primary: neither may activate a system holding the other's units."""

    seat: int
    other: int


class TechnologyGained(msgspec.Struct, frozen=True, tag="ti.technology_gained"):
    seat: int
    technology: str


class Exhausted(msgspec.Struct, frozen=True, tag="ti.exhausted"):
    """Planet cards turned face down to pay; `ready`: turned face up again (Diplomacy)."""

    seat: int
    planets: tuple[str, ...]
    ready: bool = False


class WarshipsMoved(msgspec.Struct, frozen=True, tag="ti.warships_moved"):
    """Warfare's secondary: ships each into an adjacent empty system, a counter from
    reinforcements placed there unless one is there."""

    seat: int
    ships: tuple[Warship, ...]


class Opened(msgspec.Struct, frozen=True, tag="ti.opened"):
    window: Window


class Answered(msgspec.Struct, frozen=True, tag="ti.answered"):
    """A seat's answer to the top window; `followed`: a secondary taken, spending a strategy
    counter unless `free`."""

    seat: int
    followed: bool = False
    free: bool = True


class Closed(msgspec.Struct, frozen=True, tag="ti.closed"):
    pass


class Activated(msgspec.Struct, frozen=True, tag="ti.activated"):
    """A counter from the command pool onto a system: a tactical action begins (TI-A4)."""

    seat: int
    system: str


class GroundForcesSent(msgspec.Struct, frozen=True, tag="ti.ground_forces_sent"):
    """Transit Diodes: a strategy counter spent, ground forces moved from one of the player's
    planets to another (TI-K14)."""

    seat: int
    source: str
    target: str
    ground_forces: int


class SecondAction(msgspec.Struct, frozen=True, tag="ti.second_action"):
    """Fleet Logistics: the first tactical action is over and the player may take a second in
    a row, or end his turn (TI-K15)."""

    seat: int


class Passed(msgspec.Struct, frozen=True, tag="ti.passed"):
    seat: int


class StatusBegan(msgspec.Struct, frozen=True, tag="ti.status_began"):
    """The status phase: the seats claim objectives in order of play (TI-X1)."""

    order: tuple[int, ...]


class ObjectiveRevealed(msgspec.Struct, frozen=True, tag="ti.objective_revealed"):
    """Imperial's primary: the public deck's top card face up (TI-O2)."""

    objective: str


class Scored(msgspec.Struct, frozen=True, tag="ti.scored"):
    """Points for an objective (`objective` its id) or Imperial (`objective` "imperial")."""

    seat: int
    objective: str
    points: int


class StepTaken(msgspec.Struct, frozen=True, tag="ti.step_taken"):
    """A seat's claim or redistribution made: the status phase asks the next (TI-X1, TI-X5)."""

    seat: int


class Refreshed(msgspec.Struct, frozen=True, tag="ti.refreshed"):
    """Ships repaired, command counters off the board, planets readied (TI-X2 to TI-X4); the
    seats gain counters and redistribute them in order of play (TI-X5)."""

    order: tuple[int, ...]


class Redistributed(msgspec.Struct, frozen=True, tag="ti.redistributed"):
    seat: int
    strategy: int
    command: int
    fleet: int


class GameEnded(msgspec.Struct, frozen=True, tag="ti.game_ended"):
    """Ten points, an objective that wins, or Imperium Rex and its tie-breaks (TI-X7, TI-X8)."""

    winners: tuple[int, ...]
    reason: str


EVENTS = (
    Setup,
    Stationed,
    RoundBegan,
    Picked,
    BonusPlaced,
    TurnBegan,
    Played,
    CountersGained,
    TradeGoodsGained,
    CounterReturned,
    Truce,
    TechnologyGained,
    Exhausted,
    WarshipsMoved,
    Opened,
    Answered,
    Closed,
    Activated,
    GroundForcesSent,
    SecondAction,
    Passed,
    StatusBegan,
    ObjectiveRevealed,
    Scored,
    StepTaken,
    Refreshed,
    Redistributed,
    GameEnded,
    *TACTICAL_EVENTS,
    *TRADE_EVENTS,
    *CARD_EVENTS,
)
