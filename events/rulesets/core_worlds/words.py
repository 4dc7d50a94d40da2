"""Naming seats and cards in a line of narration, for one seat's eyes (counts and listings:
`events.kit.words`)."""

from collections.abc import Iterable, Sequence

from events.kit.words import count, listing, who
from events.rulesets.core_worlds.cardset import Card


class Words:
    """Names as `seat` may read them: its own secret cards by name, others' only counted."""

    def __init__(self, cards: tuple[Card, ...], seat: int | None, players: Sequence[str]) -> None:
        self.cards, self.seat, self.players = cards, seat, players

    def who(self, seat: int) -> str:
        return who(self.players, seat)

    def card(self, card: int) -> Card | None:
        return self.cards[card] if 0 <= card < len(self.cards) else None

    def name(self, card: int) -> str:
        found = self.card(card)
        return found.name if found is not None else f"card {card}"

    def names(self, cards: Iterable[int]) -> str:
        return listing(self.name(c) for c in cards)

    def secret(self, owner: int, cards: Sequence[int]) -> str:
        """Cards from a hand or a draw pile: named for their owner, counted for anyone else."""
        return self.names(cards) if self.seat == owner else count(len(cards))
