"""A rough worth of cards and effects, for the bots' choices."""

from events.rulesets.star_realms.cardset import Card, Effect
from events.rulesets.star_realms.vocabulary import KINDS


def effect_worth(effect: Effect) -> float:
    if effect.kind == "choose_one":
        return max(effect_worth(o) for o in effect.options)
    if effect.kind == "if_bases":
        return effect_worth(effect.options[0]) / 2
    kind = KINDS.get(effect.kind)
    if kind is None:
        return 0.0
    return kind.worth * effect.amount if kind.per_unit else kind.worth


def worth(card: Card) -> float:
    """What a card gives each time it comes round; bases give it every turn they stand."""
    total = sum(effect_worth(e) for e in card.primary)
    total += 0.6 * sum(effect_worth(e) for e in card.ally)
    total += 0.3 * sum(effect_worth(e) for e in card.scrap)
    total += sum(effect_worth(e) for e in card.static)
    if card.is_base:
        total = total * 1.5 + card.defense * (0.3 if card.is_outpost else 0.2)
    return total
