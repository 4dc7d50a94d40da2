"""What happens in a tactical or transfer action after activation: each step begun, ships
moved, every roll of the dice with its hits, casualties and units removed, retreats, landing,
bombardment, invasions, planets changing hands and production."""

import msgspec

from events.rulesets.twilight_imperium_3.forces import Units
from events.rulesets.twilight_imperium_3.invasion import Drop
from events.rulesets.twilight_imperium_3.movement import Group
from events.rulesets.twilight_imperium_3.production import Build
from events.rulesets.twilight_imperium_3.tactic import TacticalStep


class Transferred(msgspec.Struct, frozen=True, tag="ti.transferred"):
    """A transfer action begins: a counter from the command pool on `first`, one from
    reinforcements on `second` (TI-A2)."""

    seat: int
    first: str
    second: str


class Asked(msgspec.Struct, frozen=True, tag="ti.asked"):
    """The action waits at this prompt on these seats, one by one: the action's window, opened
    or turned to the new prompt."""

    prompt: str
    asked: tuple[int, ...]


class Stepped(msgspec.Struct, frozen=True, tag="ti.stepped"):
    """The action moves on to this step; `at`: the system it happens in."""

    step: TacticalStep
    at: str = ""


class Moved(msgspec.Struct, frozen=True, tag="ti.moved"):
    seat: int
    to: str
    groups: tuple[Group, ...]


class Rolled(msgspec.Struct, frozen=True, tag="ti.rolled"):
    """Dice drawn from the chance source (d10, 0 counting 10): `purpose` says which roll, `hits`
    how many hit, `target` the seat they hit (-1: none). Space cannon and battle hits are owed
    by the target as casualties (TI-C1, TI-C5). A combat round's dice carry the value each
    needs to hit (`needs`), kept for Recheck (TI-Q77)."""

    seat: int
    purpose: str
    dice: tuple[int, ...]
    hits: int
    target: int = -1
    needs: tuple[int, ...] = ()


class GroundForcesPlaced(msgspec.Struct, frozen=True, tag="ti.ground_forces_placed"):
    """Ground forces of his reinforcements put on his planet by a technology: Dacxive
    Animators on the planet won, GEN Synthesis on a home planet (TI-K11, TI-K12)."""

    seat: int
    planet: str
    count: int
    technology: str


class Fired(msgspec.Struct, frozen=True, tag="ti.fired"):
    """A PDS owner's answer: fired (its roll follows) the PDS of `pds`, by planet, or held
    fire."""

    seat: int
    held: bool = False
    pds: Units = {}


class CasualtiesTaken(msgspec.Struct, frozen=True, tag="ti.casualties_taken"):
    seat: int
    at: str
    destroyed: Units
    damaged: Units = {}


class UnitsRemoved(msgspec.Struct, frozen=True, tag="ti.units_removed"):
    """Units beyond fleet supply, room aboard or fighter support taken away (TI-M8, TI-M9)."""

    seat: int
    at: str
    units: Units


class BattleBegan(msgspec.Struct, frozen=True, tag="ti.battle_began"):
    attacker: int
    defender: int


class BattleRound(msgspec.Struct, frozen=True, tag="ti.battle_round"):
    round: int


class RetreatAnswered(msgspec.Struct, frozen=True, tag="ti.retreat_answered"):
    """At the start of a round: a retreat announced (`to`), or none ("")."""

    seat: int
    to: str = ""


class Retreated(msgspec.Struct, frozen=True, tag="ti.retreated"):
    """The whole fleet moved out of the battle (TI-C8)."""

    seat: int
    source: str
    to: str


class BattleEnded(msgspec.Struct, frozen=True, tag="ti.battle_ended"):
    """The space battle over between `sides` (attacker, defender): `victor` the seat whose
    ships are left, -1 if none are (TI-C9)."""

    sides: tuple[int, int]
    victor: int = -1


class Landed(msgspec.Struct, frozen=True, tag="ti.landed"):
    """Ground forces and PDS unloaded onto planets (TI-L1 to TI-L3, TI-L5)."""

    seat: int
    at: str
    drops: tuple[Drop, ...]
    taking: tuple[str, ...] = ()  # planets whose control passes to him without combat


class Bombarded(msgspec.Struct, frozen=True, tag="ti.bombarded"):
    planet: str
    hits: int


class BacterialStrike(msgspec.Struct, frozen=True, tag="ti.bacterial_strike"):
    """X-89 Bacterial Weapon: every ground force on the planet destroyed by the seat's ships
    before they would bombard (TI-K17)."""

    seat: int
    planet: str
    killed: int


class InvasionHits(msgspec.Struct, frozen=True, tag="ti.invasion_hits"):
    """Ground forces lost on a planet under invasion: the defender's, then the invader's
    (of which his fighters joining it, first, TI-K10)."""

    planet: str
    defenders_lost: int
    invaders_lost: int


class InvasionEnded(msgspec.Struct, frozen=True, tag="ti.invasion_ended"):
    """The planet taken, or kept by its defender (TI-L7)."""

    planet: str
    taken: bool
    invader: int


class LastDockTaken(msgspec.Struct, frozen=True, tag="ti.last_dock_taken"):
    """A neighbour's last space dock on the board lost with his planet (objective Merciless)."""

    seat: int


class TimingPoint(msgspec.Struct, frozen=True, tag="ti.timing_point"):
    """The action reaches timing points of data §5.1 where someone may play an action card: it
    waits, asking no one, under their card window, then carries on (TI-Q2)."""

    timings: tuple[str, ...]


class CombatBoosted(msgspec.Struct, frozen=True, tag="ti.combat_boosted"):
    """The seat's units roll `bonus` better in this round of the space battle (Morale Boost)."""

    seat: int
    bonus: int


class GroundForcesBoosted(msgspec.Struct, frozen=True, tag="ti.ground_forces_boosted"):
    """The seat's units roll `bonus` better in the coming round of the invasion combat on
    `planet` (Morale Boost)."""

    seat: int
    planet: str
    bonus: int


class HitsCancelled(msgspec.Struct, frozen=True, tag="ti.hits_cancelled"):
    """Hits the seat owes this round cancelled before he takes casualties (Shields Holding)."""

    seat: int
    hits: int


class DieRerolled(msgspec.Struct, frozen=True, tag="ti.die_rerolled"):
    """A die of the seat's in this round of combat rolled again (`die`: its place in his roll,
    from 1): the new `roll` stands, and his hits change by `hits` (-1, 0 or 1) (Recheck)."""

    seat: int
    die: int
    roll: int
    hits: int


class FightersBoosted(msgspec.Struct, frozen=True, tag="ti.fighters_boosted"):
    """The seat's fighters roll `bonus` better in this round of the space battle (Fighter
    Prototype)."""

    seat: int
    bonus: int


class DreadnoughtLeads(msgspec.Struct, frozen=True, tag="ti.dreadnought_leads"):
    """A dreadnought leads the seat's fleet into the breach: his ships roll 1 better for the rest
    of the space battle, and the dreadnought takes the fleet's first hits, `takes` of them (2
    while sound, 1 if damaged) (Into the Breach)."""

    seat: int
    takes: int


class MinesHit(msgspec.Struct, frozen=True, tag="ti.mines_hit"):
    """The seat's cruisers score `hits` on the fleet that entered their system, owed by its
    player (`target`) before the battle (Minelayers)."""

    seat: int
    target: int
    hits: int


class MoveQuickened(msgspec.Struct, frozen=True, tag="ti.move_quickened"):
    """The active seat's ships move 1 further into the system activated (Flank Speed)."""

    seat: int


class PassageUnseen(msgspec.Struct, frozen=True, tag="ti.passage_unseen"):
    """The seat's ships of move 2 or more at `origin` may pass through systems holding enemy
    ships on their way this action (In the Silence of Space)."""

    seat: int
    origin: str


class Built(msgspec.Struct, frozen=True, tag="ti.built"):
    seat: int
    build: Build


class ActionEnded(msgspec.Struct, frozen=True, tag="ti.action_ended"):
    """A tactical or transfer action over that asked no one: one that asked someone ends as
    its window closes, told there."""

    seat: int
    transfer: bool = False


TACTICAL_EVENTS = (
    Transferred,
    Asked,
    Stepped,
    Moved,
    Rolled,
    Fired,
    CasualtiesTaken,
    UnitsRemoved,
    GroundForcesPlaced,
    BattleBegan,
    BattleRound,
    RetreatAnswered,
    Retreated,
    BattleEnded,
    Landed,
    Bombarded,
    BacterialStrike,
    InvasionHits,
    InvasionEnded,
    LastDockTaken,
    TimingPoint,
    CombatBoosted,
    GroundForcesBoosted,
    HitsCancelled,
    DieRerolled,
    FightersBoosted,
    DreadnoughtLeads,
    MinesHit,
    MoveQuickened,
    PassageUnseen,
    Built,
    ActionEnded,
)
