"""The card lookup's row for one distinct card, from a game's card text."""

from typing import Any, Protocol

from events.ruleset import CardInfo


class CardText(Protocol):
    """What a game's `card_text` module says of a card."""

    def kind(self, card: Any) -> str: ...
    def numbers(self, card: Any) -> dict[str, int]: ...
    def abilities(self, card: Any) -> tuple[str, ...]: ...


def card_info(card: Any, text: CardText, cost: int | None, deck: str) -> CardInfo:
    """`card` as the lookup lists it; its cost stands apart from its other numbers."""
    return CardInfo(
        name=card.name,
        kind=text.kind(card),
        copies=card.copies,
        cost=cost,
        numbers={k: v for k, v in text.numbers(card).items() if k != "cost"},
        abilities=text.abilities(card),
        deck=deck,
    )
