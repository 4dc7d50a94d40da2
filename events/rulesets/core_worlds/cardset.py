"""The card-set schema: every card as data, and the effect vocabulary the rules interpret.

The vocabulary (`Ability.kind`) is documented in `CARDS.md`; the loader (`loader.py`)
checks a file against it and builds a `CardSet` with one id per physical card.
"""

import msgspec

UNIT_TYPES = ("Hero", "Infantry", "Robot", "Vehicle", "Starfighter", "Star Cruiser", "Capital Ship")
KINDS = ("world", "unit", "tactic", "prestige")
DECKS = ("0", "I", "II", "III", "IV", "V")  # Galactic decks; index = sector number
SECTORS = 5
ROUNDS = 10

# Ability kinds by when they act.
INVASION_ACTIVE = ("pay_for_strength", "discard_for_strength", "choose_strength")
INVASION_PASSIVE = ("strength", "counter_strength", "survives")
DEPLOY = ("deploy_cost",)
ENERGY = ("surge", "energy_exchange")
ACTION = ("action",)
END = ("bonus_warzone", "bonus_per_type")
ABILITY_KINDS = INVASION_ACTIVE + INVASION_PASSIVE + DEPLOY + ENERGY + ACTION + END


class Ability(msgspec.Struct, frozen=True):
    """One line of card text. Which fields matter depends on `kind` (see CARDS.md)."""

    kind: str
    fleet: int = 0
    ground: int = 0
    energy: int = 0  # energy paid per use
    times: int = 1  # "up to N" uses (CW-C1)
    discard: int = 0  # cards discarded from hand per use
    gain: int = 0  # energy gained
    behind: int = 0  # Energy Surge gain when an opponent's Worlds produce more
    draw: int = 0  # cards drawn
    counter: int = 0  # energy tokens put on this card
    limit: int = 0  # most energy tokens this card can hold
    amount: int = 0  # strength for choose_strength
    per: str = ""  # the type counted by deploy_cost
    change: int = 0  # deploy cost change per counted card
    points: int = 0  # bonus Empire Points
    types: tuple[str, ...] = ()  # types or kinds counted by bonus_per_type


class Card(msgspec.Struct, frozen=True):
    name: str
    kind: str  # world | unit | tactic | prestige
    deck: str  # home | start | hero | 0 | I..V
    type: str = ""  # Unit type
    copies: int = 1
    number: int = 0  # Home World number (CW-S2)
    hero: str = ""  # the Hero of a Home World's faction
    energy: int = 0  # World production
    fleet: int = 0
    ground: int = 0
    ep: int = 0  # printed Empire Points
    deploy: int = 0
    draft: int = 0
    play: int = 0  # a Tactic's printed energy cost
    colonist: bool = False  # may be tucked under a conquered World (CW-A3.4)
    abilities: tuple[Ability, ...] = ()

    @property
    def is_world(self) -> bool:
        return self.kind == "world"

    @property
    def is_unit(self) -> bool:
        return self.kind == "unit"

    @property
    def is_tactic(self) -> bool:
        return self.kind == "tactic"

    def has(self, *kinds: str) -> bool:
        return any(a.kind in kinds for a in self.abilities)

    def counts_as(self, label: str) -> bool:
        """Whether the card is of this Unit type or card kind (as bonus text names them)."""
        return label == self.type or label.lower() == self.kind


class Sector(msgspec.Struct, frozen=True):
    number: int
    name: str
    action_points: int
    hand_size: int


class CardSet(msgspec.Struct, frozen=True):
    """A loaded card set. Physical cards have ids: `cards[id]` is the card's definition."""

    key: str  # how matches name it: "provisional" or the file path
    name: str
    provisional: bool
    sectors: tuple[Sector, ...]  # sectors[0] is Sector I
    cards: tuple[Card, ...]
    homes: tuple[int, ...]  # Home World ids
    starting: dict[int, tuple[int, ...]]  # Home World id -> its faction's starting deck
    decks: tuple[tuple[int, ...], ...]  # Galactic decks 0 to V
    sector0_removes: tuple[str, ...]  # cards each player removes for the draft (CW-V1)

    def sector(self, round_: int) -> Sector:
        return self.sectors[(round_ + 1) // 2 - 1]
