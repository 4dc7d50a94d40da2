"""Cards in commands: named as printed (any case, a unique beginning or a later word) or by
position in the zone the view lists, counting from 1; and written back so they read the same."""

from collections.abc import Collection

from events.kit.named import card_in_zone
from events.rulesets.race_for_the_galaxy.state import Cards, Game


def one(game: Game, zone: Cards, where: str, ref: str, used: Collection[int] = ()) -> int:
    """The card `ref` names in `zone`: a position from 1, or the first unused copy of a name."""
    return card_in_zone(game.cards, zone, where, ref, used, _joined)


def _joined(names: list[str]) -> str:
    return ", ".join(names) or "none"


def names(game: Game, cards: Cards, zone: Cards = (), used: Cards = ()) -> str:
    """The cards by name, or by position in `zone` where the name would pick another copy."""
    taken = set(used)
    said = []
    for card in cards:
        name = game.cards.card(card).name
        first = next((c for c in zone if game.cards.card(c).name == name and c not in taken), card)
        # told from another seat's hand (narration for any eyes), a card goes by its name
        said.append(name if first == card or card not in zone else str(zone.index(card) + 1))
        taken.add(card)
    return ", ".join(said) or "nothing"
