"""The card-set schema: every card as data, its powers parsed from the card list's notation
(events/rulesets/race_for_the_galaxy/CARD-LIST.md §2.2) and its cost-6 scoring lines (§2.4)."""

from __future__ import annotations

import msgspec

GOODS = ("Novelty", "Rare", "Genes", "Alien")
PRICES = {"Novelty": 2, "Rare": 3, "Genes": 4, "Alien": 5}  # RG-C2
MODES = ("production", "windfall")
TYPES = ("world", "development")
FLAGS = ("Rebel", "ALIEN", "Uplift", "Imperium", "Terraforming")
PHASES = ("I", "II", "III", "$", "IV", "V")


class Power(msgspec.Struct, frozen=True):
    """One primitive of the card list (P-I1 … P-V9). `kind` names it; `n` is its number;
    `good` a kind of good, "any", or "this" (this world's good); a consume's reward is
    `vp` and `cards` (per good for `upto`); `text` is the notation as written."""

    phase: str
    kind: str
    text: str
    n: int = 0
    good: str = ""
    vp: int = 0
    cards: int = 0
    upto: bool = False
    optional: bool = False


class Score(msgspec.Struct, frozen=True):
    """One line of a cost-6 development's formula: `vp` per card matching `filter`."""

    vp: int
    filter: str  # production world | windfall world | world | ALIEN card | development | ...
    good: str = ""  # a kind, for the "K world" filters
    row: str = ""  # I | IV | $, for the "with a … power" filters
    name: str = ""  # for "named X"


class Card(msgspec.Struct, frozen=True):
    id: str
    name: str
    type: str  # world | development
    vp: int
    cost: int = 0  # cards to discard; military worlds have none
    defense: int = 0  # military worlds only
    copies: int = 1
    good: str = ""  # Novelty | Rare | Genes | Alien, for worlds holding goods
    mode: str = ""  # production | windfall
    flags: tuple[str, ...] = ()
    start: int | None = None  # start number 0-4
    preset: int | None = None  # first-game hand 1-4
    powers: tuple[Power, ...] = ()
    scoring: tuple[Score, ...] = ()
    text: str = ""  # the powers as the file writes them

    @property
    def is_world(self) -> bool:
        return self.type == "world"

    @property
    def military(self) -> bool:
        return self.defense > 0

    def has_row(self, phase: str) -> bool:
        return any(p.phase == phase for p in self.powers)


class CardSet(msgspec.Struct, frozen=True):
    """A loaded card set. Each physical card has an id; `kinds[physical[id]]` defines it."""

    key: str
    name: str
    kinds: tuple[Card, ...]  # each distinct card once, in file order
    physical: tuple[int, ...]  # kind index per physical card id

    def card(self, card: int) -> Card:
        return self.kinds[self.physical[card]]

    def ids(self, card_id: str) -> tuple[int, ...]:
        """The physical ids of a card given by its `id`."""
        return tuple(i for i, k in enumerate(self.physical) if self.kinds[k].id == card_id)

    @property
    def starts(self) -> tuple[int, ...]:
        """Physical ids of the start worlds, by start number."""
        found = [i for i in range(len(self.physical)) if self.card(i).start is not None]
        return tuple(sorted(found, key=lambda i: self.card(i).start or 0))
