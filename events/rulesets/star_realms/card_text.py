"""A card in words: its kind, its numbers, and each ability as a line."""

from events.rulesets.star_realms.cardset import Card, Effect

_WORDS = {
    "trade": "+{n} Trade",
    "combat": "+{n} Combat",
    "authority": "+{n} Authority",
    "draw": "draw {n}",
    "opp_discard": "opponent discards {n}",
    "scrap_hand_or_discard": "scrap up to {n} from hand or discard pile",
    "scrap_trade_row": "scrap up to {n} from the Trade Row",
    "destroy_base": "destroy up to {n} target base",
    "discard_then_draw": "discard up to {n}, then draw as many",
    "scrap_then_draw": "scrap up to {n} from hand or discard pile, then draw as many",
    "draw_then_scrap_hand": "draw {n}, then scrap {n} from hand",
    "top_deck_next_ship": "the next ship you acquire may go on top of your deck",
    "acquire_free_ship_to_top": "acquire a ship for free, on top of your deck",
    "draw_per_blob_played": "draw a card per Blob card played this turn",
    "copy_ship": "copy another ship played this turn",
    "ships_get_combat": "your ships get +{n} Combat",
    "ally_for_all_factions": "ally of every faction",
    "scrap_hand": "scrap {n} from hand",
    "discard": "discard {n}",
}
_SLOTS = {"primary": "", "ally": "Ally ({faction}): ", "scrap": "Scrap: ", "static": ""}


def effect_text(effect: Effect) -> str:
    if effect.kind == "choose_one":
        return " or ".join(effect_text(o) for o in effect.options)
    if effect.kind == "if_bases":
        return f"if you have {effect.amount} bases in play, {effect_text(effect.options[0])}"
    return _WORDS[effect.kind].format(n=effect.amount)


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
