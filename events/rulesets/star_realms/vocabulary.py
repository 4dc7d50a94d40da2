"""The effect vocabulary, a row per kind of effect: how the card file writes it, its words on
a card, its rough worth for the bots and, where it asks for cards, the verb a player names
them with. The rules at work: `effects.py`; a choice's prompt: `prompts.py`."""

from enum import StrEnum

import msgspec


class Takes(StrEnum):
    """How the card file writes an effect's number (CARDS.md)."""

    AMOUNT = "amount"  # "combat 4"
    UP_TO = "upto"  # "scrap_trade_row upto 1"
    NOTHING = "nothing"  # "copy_ship"
    RULES_ONLY = "rules only"  # never written: the rules make it of another (SR-E3, SR-E9)


class Kind(msgspec.Struct, frozen=True):
    takes: Takes
    words: str  # on a card; {n} is its number
    worth: float = 0.0  # a rough worth for the bots' choices: of each unit where `per_unit`
    per_unit: bool = False
    verb: str = ""  # the verb a choice of its cards is written with
    static: bool = False  # in force while the card is in play, never used (a static clause)


KINDS: dict[str, Kind] = {
    "trade": Kind(Takes.AMOUNT, "+{n} Trade", 1.0, per_unit=True),
    "combat": Kind(Takes.AMOUNT, "+{n} Combat", 1.0, per_unit=True),
    "authority": Kind(Takes.AMOUNT, "+{n} Authority", 0.4, per_unit=True),
    "draw": Kind(Takes.AMOUNT, "draw {n}", 1.5, per_unit=True),
    "opp_discard": Kind(Takes.AMOUNT, "opponent discards {n}", 0.8, per_unit=True),
    "draw_then_scrap_hand": Kind(Takes.AMOUNT, "draw {n}, then scrap {n} from hand", 1.8),
    "scrap_hand_or_discard": Kind(
        Takes.UP_TO, "scrap up to {n} from hand or discard pile", 1.0, verb="scrap"
    ),
    "scrap_trade_row": Kind(Takes.UP_TO, "scrap up to {n} from the Trade Row", 0.3, verb="scrap"),
    "destroy_base": Kind(Takes.UP_TO, "destroy up to {n} target base", 1.5, verb="destroy"),
    "discard_then_draw": Kind(
        Takes.UP_TO, "discard up to {n}, then draw as many", 1.0, verb="discard"
    ),
    "scrap_then_draw": Kind(
        Takes.UP_TO,
        "scrap up to {n} from hand or discard pile, then draw as many",
        2.0,
        verb="scrap",
    ),
    "top_deck_next_ship": Kind(
        Takes.NOTHING, "the next ship you acquire may go on top of your deck", 0.8
    ),
    "acquire_free_ship_to_top": Kind(
        Takes.NOTHING, "acquire a ship for free, on top of your deck", 4.0, verb="take"
    ),
    "draw_per_blob_played": Kind(Takes.NOTHING, "draw a card per Blob card played this turn", 2.5),
    "copy_ship": Kind(Takes.NOTHING, "copy another ship played this turn", 3.0, verb="copy"),
    "ships_get_combat": Kind(Takes.AMOUNT, "your ships get +{n} Combat", 3.0, static=True),
    "ally_for_all_factions": Kind(Takes.NOTHING, "ally of every faction", 2.5, static=True),
    "scrap_hand": Kind(Takes.RULES_ONLY, "scrap {n} from hand", verb="scrap"),
    "discard": Kind(Takes.RULES_ONLY, "discard {n}", verb="discard"),
}
GAINS = ("trade", "combat", "authority")  # effects that ask nothing and cost nothing


def taking(takes: Takes) -> tuple[str, ...]:
    """The kinds whose number the card file writes so."""
    return tuple(name for name, kind in KINDS.items() if kind.takes == takes)
