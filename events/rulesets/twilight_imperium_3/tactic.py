"""A tactical or transfer action in progress, as the state keeps it: the systems activated, the
step reached, the hits each seat still owes, the space battle and the invasions under way."""

from enum import StrEnum

import msgspec

from events.rulesets.twilight_imperium_3.combat import Throw
from events.rulesets.twilight_imperium_3.forces import Units
from events.rulesets.twilight_imperium_3.invasion import Invasion

PROTOTYPE = 2  # Fighter Prototype's fighters roll this much better (TI-Q31)


class TacticalStep(StrEnum):
    """The steps after activation (IT 385-395; a transfer's, IT 527-533)."""

    MOVEMENT = "movement"  # TI-M2
    SPACE_CANNON = "space cannon"  # TI-C1
    BATTLE = "space battle"  # TI-C2
    LANDING = "landing"  # TI-L1
    BOMBARDMENT = "bombardment"  # TI-L4
    INVASION = "invasion"  # TI-L5
    PRODUCTION = "production"  # TI-U1


class Breach(msgspec.Struct, frozen=True):
    """Into the Breach (TI-Q32): the seat whose dreadnought leads his fleet, the hits that
    dreadnought could take when the card was played (2 sound, 1 damaged), and the hits his
    fleet has taken since."""

    seat: int
    takes: int
    taken: int = 0

    def forced(self) -> int:
        """Of the fleet's next hits, those the dreadnought must still take."""
        return max(0, self.takes - self.taken)


class Battle(msgspec.Struct, frozen=True):
    """A space battle: its round (0 before the barrage), who has answered the retreat question
    this round, the retreat announced, and whether this round's dice are rolled (and each side's
    dice, until casualties are taken)."""

    attacker: int
    defender: int
    round: int = 0
    answered: tuple[int, ...] = ()
    retreating: int = -1
    retreat_to: str = ""
    rolled: bool = False
    boosted: tuple[int, ...] = ()  # seats rolling 1 better this round: Morale Boost (TI-Q25)
    prototypes: tuple[int, ...] = ()  # seats whose fighters roll 2 better: Fighter Prototype
    damaged: tuple[tuple[int, str], ...] = ()  # (seat, unit) damaged this round (TI-Q27)
    breach: Breach | None = None  # a dreadnought leading a fleet: Into the Breach (TI-Q32)
    dice: tuple[Throw, ...] = ()  # this round's, until casualties are taken (TI-Q77)

    def boost(self, seat: int) -> int:
        """How much better his ships roll this round: Morale Boost's round, Into the Breach's
        battle (TI-Q25, TI-Q32)."""
        return int(seat in self.boosted) + int(self.breach is not None and self.breach.seat == seat)


class Tactic(msgspec.Struct, frozen=True):
    seat: int
    system: str
    transfer: str = ""  # a transfer action's second system (TI-A2)
    step: TacticalStep = TacticalStep.MOVEMENT
    focus: str = ""  # the system the space cannon fires into now (a transfer has two)
    answered: tuple[int, ...] = ()  # who has fired or held at `focus`
    spent: Units = {}  # the PDS fired this action, by planet: each once, at one system (TI-A2)
    owed: tuple[tuple[int, int], ...] = ()  # (seat, hits) still to take as casualties
    battle: Battle | None = None
    invasions: tuple[Invasion, ...] = ()
    reached: tuple[str, ...] = ()  # timing points whose card window opened in this step or round
    won: tuple[str, ...] = ()  # neutral planets the active player took by landing (TI-Q28)
    lost: tuple[tuple[str, int], ...] = ()  # (planet, its holder) he has just taken (TI-Q73)
    mined: tuple[int, ...] = ()  # seats whose Minelayers hit the fleet entering (TI-Q37)
    quickened: bool = False  # his ships move 1 further into the system: Flank Speed (TI-Q29)
    unseen: tuple[str, ...] = ()  # fleets passing enemy ships: In the Silence of Space (TI-Q30)

    @property
    def systems(self) -> tuple[str, ...]:
        return (self.system, self.transfer) if self.transfer else (self.system,)

    def owes(self, seat: int) -> int:
        return sum(h for s, h in self.owed if s == seat)
