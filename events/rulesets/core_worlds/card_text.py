"""A card in words and numbers, as players read it: its kind, its printed numbers, its text."""

from events.rulesets.core_worlds.cardset import Ability, Card

DECK_NAMES = {
    "home": "Home World",
    "start": "starting deck (copies in each)",
    "hero": "starting deck (its faction's Hero)",
    "0": "Galactic deck 0 (Sector 0 draft)",
}


def kind(card: Card) -> str:
    return f"Unit, {card.type}" if card.is_unit else card.kind.capitalize()


def deck(card: Card) -> str:
    return DECK_NAMES.get(card.deck, f"Galactic deck {card.deck}")


def numbers(card: Card) -> dict[str, int]:
    """The printed numbers a player compares: costs, strengths, production and points (no
    draft cost for starting cards, which are never drafted)."""
    found = {
        "world": {"fleet": card.fleet, "ground": card.ground, "energy": card.energy},
        "unit": {
            "draft": card.draft,
            "deploy": card.deploy,
            "fleet": card.fleet,
            "ground": card.ground,
        },
        "tactic": {"draft": card.draft, "play": card.play},
        "prestige": {"draft": card.draft},
    }[card.kind]
    if card.deck in ("start", "hero"):
        del found["draft"]
    return {**found, "points": card.ep}


def _strength(fleet: int, ground: int) -> str:
    parts = [f"+{n} {name}" for n, name in ((fleet, "Fleet"), (ground, "Ground")) if n]
    return " and ".join(parts)


def _up_to(times: int) -> str:
    return f", up to {times} times" if times > 1 else ""


def _cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _points(count: int) -> str:
    return f"+{count} Empire Point" + ("" if count == 1 else "s")


def ability(a: Ability) -> str:
    """One line of card text, from the effect vocabulary (CARDS.md)."""
    match a.kind:
        case "strength":
            return f"During an Invasion: {_strength(a.fleet, a.ground)}."
        case "pay_for_strength":
            paid = f"pay {a.energy} energy for {_strength(a.fleet, a.ground)}"
            return f"During an Invasion: {paid}{_up_to(a.times)}."
        case "discard_for_strength":
            per = f"discard a card from your hand for {_strength(a.fleet, a.ground)}"
            return f"During an Invasion: {per}{_up_to(a.times)}."
        case "choose_strength":
            return f"During an Invasion: +{a.amount} Fleet or +{a.amount} Ground, your choice."
        case "counter_strength":
            return f"{_strength(a.fleet, a.ground)} per energy token on this card."
        case "survives":
            return "Stays in the Warzone after a successful Invasion."
        case "deploy_cost":
            change = f"{a.change:+d} energy per {a.per} in your Warzone"
            return f"Deploy cost {change}, never below 0."
        case "surge":
            return (
                f"Energy phase, from your hand: +{a.gain} energy, or +{a.behind} if an "
                "opponent's Worlds produce more than yours."
            )
        case "energy_exchange":
            return f"Energy phase: discard {_cards(a.discard)} for +{a.gain} energy, once."
        case "action":
            return f"As an Action: {_action(a)}."
        case "bonus_warzone":
            return f"{_points(a.points)} at the end if in your Warzone."
        case "bonus_per_type":
            return f"{_points(a.points)} at the end per {' or '.join(a.types)} in your Empire."
    raise ValueError(f"no words for ability kind {a.kind!r}")


def _action(a: Ability) -> str:
    costs = [f"pay {a.energy} energy"] if a.energy else []
    costs += [f"discard {_cards(a.discard)}"] if a.discard else []
    gains = [f"+{a.gain} energy"] if a.gain else []
    gains += [f"draw {_cards(a.draw)}"] if a.draw else []
    if a.counter:
        tokens = "an energy token" if a.counter == 1 else f"{a.counter} energy tokens"
        gains.append(f"put {tokens} on this card (at most {a.limit})")
    said = ", ".join(gains)
    return f"{' and '.join(costs)}: {said}" if costs else said
