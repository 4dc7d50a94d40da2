"""A rough worth of cards and effects, for the bots' choices."""

from events.rulesets.star_realms.cardset import Card, Effect

_PER_UNIT = {"trade": 1.0, "combat": 1.0, "authority": 0.4, "draw": 1.5, "opp_discard": 0.8}
_FLAT = {
    "scrap_hand_or_discard": 1.0,
    "scrap_trade_row": 0.3,
    "destroy_base": 1.5,
    "discard_then_draw": 1.0,
    "scrap_then_draw": 2.0,
    "draw_then_scrap_hand": 1.8,
    "top_deck_next_ship": 0.8,
    "acquire_free_ship_to_top": 4.0,
    "draw_per_blob_played": 2.5,
    "copy_ship": 3.0,
    "ships_get_combat": 3.0,
    "ally_for_all_factions": 2.5,
}


def effect_worth(effect: Effect) -> float:
    if effect.kind == "choose_one":
        return max(effect_worth(o) for o in effect.options)
    if effect.kind == "if_bases":
        return effect_worth(effect.options[0]) / 2
    per = _PER_UNIT.get(effect.kind)
    return per * effect.amount if per is not None else _FLAT.get(effect.kind, 0.0)


def worth(card: Card) -> float:
    """What a card gives each time it comes round; bases give it every turn they stand."""
    total = sum(effect_worth(e) for e in card.primary)
    total += 0.6 * sum(effect_worth(e) for e in card.ally)
    total += 0.3 * sum(effect_worth(e) for e in card.scrap)
    total += sum(effect_worth(e) for e in card.static)
    if card.is_base:
        total = total * 1.5 + card.defense * (0.3 if card.is_outpost else 0.2)
    return total
