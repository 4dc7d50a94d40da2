"""Checks several decisions share: what the seat in turn lacks, cards in hand, card text."""

from events.ruleset import Rejection
from events.rulesets.core_worlds.cardset import Ability, Card
from events.rulesets.core_worlds.state import Cards, Game, Player


def label(game: Game, card: int) -> str:
    cards = game.cards.cards
    return cards[card].name if 0 <= card < len(cards) else f"card {card}"


def turn_refusal(
    player: Player, needs_energy: bool = True, needs_action_point: bool = True
) -> Rejection | None:
    """What the seat in turn lacks to take this option (CW-A5)."""
    if needs_action_point and player.action_points == 0:
        return Rejection("CW-A5", "you have no action points left; you must pass")
    if needs_energy and player.energy == 0:
        return Rejection(
            "CW-A5",
            "with no energy you must pass, unless you use an "
            '"as an Action" ability that costs no energy',
        )
    return None


def from_hand(
    game: Game, player: Player, cards: Cards, spent: set[int], rule: str
) -> Rejection | None:
    """Each card is in the hand and not already spent on something else in this decision."""
    for card in cards:
        if card not in player.hand:
            return Rejection(rule, f"{label(game, card)} is not in your hand")
        if card in spent:
            return Rejection(rule, f"{label(game, card)} is named twice; a card is used once")
        spent.add(card)
    return None


def ability_of(card: Card, index: int, kinds: tuple[str, ...]) -> Ability | None:
    if 0 <= index < len(card.abilities) and card.abilities[index].kind in kinds:
        return card.abilities[index]
    return None


def repeated(cards: Cards) -> bool:
    return len(set(cards)) != len(cards)
