"""The game's data as typed values, as content/*.toml write them (read by loader.py): units,
races, technologies, strategy cards, trade cards, objectives, the system tiles with their
planets, and the galaxy layouts by number of players."""

from typing import Annotated, Literal

import msgspec

from events.rulesets.twilight_imperium_3.conditions import Condition, Count

MECATOL_REX = "mecatol_rex"  # the system always at the centre, never dealt (TI-G3)
SPECIAL = ("asteroid_field", "nebula", "supernova")  # the red-bordered systems (TI-G10)
Colour = Literal["red", "green", "blue", "yellow"]
Ability = Literal[
    "sustain_damage",
    "bombardment",
    "ignores_planetary_shield",
    "anti_fighter_barrage",
    "planetary_shield",
    "space_cannon",
    "invasion_defence",
    "production",
]


class _Entry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Unit(_Entry):
    id: str
    name: str
    kind: Literal["ship", "fighter", "ground_force", "structure"]
    cost: Count
    pieces: Count  # plastic pieces of one colour: the unit limit
    units_per_cost: Annotated[int, msgspec.Meta(ge=1)] = 1
    combat: Count = 0  # a die hits on this or more; 0: the unit never rolls
    dice: Count = 1
    move: Count = 0  # 0: carried
    capacity: Count = 0
    fighter_support: Count = 0
    supplemental: Count = 0  # shared tokens standing in beyond the pieces
    per_planet: Count = 0  # 0: no limit
    requires: str = ""  # the technology needed to build it
    abilities: tuple[Ability, ...] = ()


class Planet(_Entry):
    name: str
    resources: Count
    influence: Count
    specialty: Literal["", "red", "green", "blue"] = ""


class System(_Entry):
    id: str
    name: str
    kind: Literal["home", "regular", "asteroid_field", "nebula", "supernova"]
    copies: Annotated[int, msgspec.Meta(ge=1)] = 1
    wormhole: Literal["", "alpha", "beta"] = ""
    planets: tuple[Planet, ...] = ()

    @property
    def special(self) -> bool:
        return self.kind in SPECIAL


class Counters(_Entry):
    strategy: Count
    command: Count
    fleet: Count


class Race(_Entry):
    id: str
    name: str
    home: str  # its home system
    units: dict[str, Count]
    technologies: tuple[str, ...]
    counters: Counters


class Technology(_Entry):
    id: str
    name: str
    colour: Colour
    effect: str
    requires_all: tuple[str, ...] = ()
    requires_any: tuple[str, ...] = ()


class TradeCards(_Entry):
    """A race's two trade cards: the trade value of card 1 and of card 2 (data §9)."""

    id: str  # the race
    values: Annotated[tuple[Count, ...], msgspec.Meta(min_length=2, max_length=2)]


class StrategyCard(_Entry):
    number: Count  # its initiative
    id: str
    name: str
    primary: str
    secondary: str
    secondary_counter: bool
    stage_one: str = ""  # what stage 1 leaves out of it


class Objective(_Entry):
    id: str
    stage: Literal["I", "II", "secret"]
    text: str
    name: str = ""
    vp: Count = 0
    outcome: Literal["points", "victory", "end"] = "points"
    conditions: tuple[Condition, ...] = ()


class HomePosition(_Entry):
    position: str
    trade_goods: Count = 0  # given at the start to the player there (TI-G3)


class Layout(_Entry):
    players: Count
    ring_three: tuple[str, ...]
    homes: tuple[HomePosition, ...]  # clockwise from 301
    hand: Count
    strategy_cards: Count
    set_aside: dict[str, Count] = {}
    removed: Count = 0
    face_down: Count = 0


TIMINGS = (  # the timing windows of data §5.1
    "ACT", "SP", "SP.start", "SP.afterPick", "SP.end", "STATUS", "ANY", "STRAT.primaryDone",
    "POL.primaryDone", "POL.beforeDraw", "POL.afterRead", "POL.ownVote", "POL.afterVote",
    "TECH.beforeBuy", "TECH.primaryDone", "TRADE.secondaryDone", "TAC.activated",
    "TAC.enemyMovedIn", "TAC.enemyEnters", "TAC.beforeLanding", "SB.before", "SB.beforeRound",
    "SB.afterEnemyRoll", "SB.afterDamaged", "CR.before", "ROLL.after", "IC.before", "BOMB.before",
    "INV.neutralWon", "LOST.planet", "AC.played", "COPY",
)  # fmt: skip


class ActionCard(_Entry):
    id: str
    name: str
    timing: str  # one of TIMINGS
    effect: str  # paraphrased, never the printed text
    copies: Annotated[int, msgspec.Meta(ge=1)] = 1
    council: bool = False  # played at the Galactic Council: out of the deck until stage 3 (TI-Q1)
    racial: bool = False  # acts on racial abilities: out of the deck until stage 3 (TI-Q1)
    not_at: tuple[int, ...] = ()  # numbers of players whose deck leaves it out (errata)


class Content(msgspec.Struct, frozen=True):
    units: dict[str, Unit]
    races: dict[str, Race]
    technologies: dict[str, Technology]
    strategy_cards: tuple[StrategyCard, ...]  # by number
    trade_cards: dict[str, TradeCards]  # by race
    objectives: dict[str, Objective]
    systems: dict[str, System]
    layouts: dict[int, Layout]  # by number of players
    action_cards: dict[str, ActionCard]
