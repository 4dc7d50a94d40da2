"""A card in words: its kind, its numbers, and each ability as a line."""

from events.rulesets.star_realms.cardset import Card, Effect
from events.rulesets.star_realms.vocabulary import KINDS

_SLOTS = {"primary": "", "ally": "Ally ({faction}): ", "scrap": "Scrap: ", "static": ""}


def effect_text(effect: Effect) -> str:
    if effect.kind == "choose_one":
        return " or ".join(effect_text(o) for o in effect.options)
    if effect.kind == "if_bases":
        return f"if you have {effect.amount} bases in play, {effect_text(effect.options[0])}"
    return KINDS[effect.kind].words.format(n=effect.amount)


def clause_text(effects: tuple[Effect, ...]) -> str:
    return ", ".join(effect_text(e) for e in effects)


def abilities(card: Card) -> tuple[str, ...]:
    return tuple(
        _SLOTS[slot].format(faction=card.ally_faction) + clause_text(card.clause(slot))
        for slot in ("primary", "ally", "scrap", "static")
        if card.clause(slot)
    )


def kind(card: Card) -> str:
    faction = card.faction or "Unaligned"
    return f"{faction} {card.type}"


def numbers(card: Card) -> dict[str, int]:
    found = {"cost": card.cost} if card.cost is not None else {}
    if card.is_base:
        found["defense"] = card.defense
    return found
