"""The card lookup's row for one distinct card, and a pile's faces in a description, from a
game's card text."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from events.ruleset import CardFace, CardInfo, CardList


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


def faces(
    label: str,
    ids: Sequence[int],
    card: Callable[[int], Any],
    text: CardText,
    notes: Mapping[int, str] | None = None,
) -> CardList:
    """A pile as a description lists it: each card's name, kind and numbers, and its note."""
    notes = notes or {}
    return CardList(
        label,
        tuple(
            CardFace(
                id=c,
                name=card(c).name,
                kind=text.kind(card(c)),
                numbers=text.numbers(card(c)),
                note=notes.get(c, ""),
            )
            for c in ids
        ),
    )
