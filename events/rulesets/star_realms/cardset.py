"""The card-set schema: every card as data. Its abilities are written in the effect
vocabulary (`vocabulary.py`, the card list's notation: CARDS.md); `loader.py` reads a file
written in it and builds a `CardSet` with one id per physical card.
"""

from __future__ import annotations

import msgspec

FACTIONS = {"TF": "Trade Federation", "Blob": "Blob", "SE": "Star Empire", "MC": "Machine Cult"}
TYPES = ("ship", "base", "outpost")
DECKS = ("starter", "explorer", "trade")
SLOTS = ("primary", "ally", "scrap", "static")

STARTER_DECK = (("Scout", 8), ("Viper", 2))  # SR-S2
ROW = 5  # SR-S3


class Effect(msgspec.Struct, frozen=True):
    """One effect of a clause. `amount` is N ("upto N" for kinds taking up to N, K for if_bases);
    `options` are the two of choose_one, or the one effect if_bases guards."""

    kind: str
    amount: int = 0
    options: tuple[Effect, ...] = ()


class Card(msgspec.Struct, frozen=True):
    name: str
    deck: str  # starter | explorer | trade
    type: str  # ship | base | outpost
    faction: str = ""  # "" for unaligned
    cost: int | None = None  # None: never acquired (Scout, Viper)
    defense: int = 0
    copies: int = 1
    primary: tuple[Effect, ...] = ()
    ally: tuple[Effect, ...] = ()
    ally_faction: str = ""
    scrap: tuple[Effect, ...] = ()
    static: tuple[Effect, ...] = ()
    text: str = ""  # the abilities as the file writes them

    @property
    def is_ship(self) -> bool:
        return self.type == "ship"

    @property
    def is_base(self) -> bool:
        return self.type != "ship"

    @property
    def is_outpost(self) -> bool:
        return self.type == "outpost"

    def clause(self, slot: str) -> tuple[Effect, ...]:
        return getattr(self, slot)

    def static_amount(self, kind: str) -> int:
        return sum(e.amount or 1 for e in self.static if e.kind == kind)


class CardSet(msgspec.Struct, frozen=True):
    """A loaded card set. Physical cards have ids: `card(id)` is the card's definition.
    Ids: the Trade Deck first, then each seat's starting deck; every id from `explorer_base`
    on is an Explorer, a new id each time one leaves the pile (SR-A4)."""

    key: str
    name: str
    kinds: tuple[Card, ...]  # each distinct card once, in file order
    cards: tuple[Card, ...]  # physical cards below explorer_base
    trade_deck: tuple[int, ...]
    starting: tuple[tuple[int, ...], ...]  # per seat
    explorer: Card

    @property
    def explorer_base(self) -> int:
        return len(self.cards)

    def card(self, card: int) -> Card:
        return self.cards[card] if card < len(self.cards) else self.explorer

    def by_name(self, name: str) -> Card:
        return next(k for k in self.kinds if k.name == name)
