"""A seat's view laid out in the sections a description lists, in the order every game keeps:
the table, the reader's own cards (a seat's, not a watcher's), each player, then what closes
it (the score, the end). A game's layout writes each section."""

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from events.kit.lookup import CardText, faces
from events.kit.words import who
from events.ruleset import CardList, Section

V = TypeVar("V")  # the game's seat view
P = TypeVar("P")  # a player as the view shows it


class Layout(ABC, Generic[V, P]):
    def __init__(
        self, view: V, players: Sequence[str], card: Callable[[int], Any], text: CardText
    ) -> None:
        self.view, self.players = view, players
        self.card, self.text = card, text  # a card by id, and what the game's card text says

    def who(self, seat: int) -> str:
        return who(self.players, seat)

    def faces(
        self, label: str, ids: Sequence[int], notes: Mapping[int, str] | None = None
    ) -> CardList:
        return faces(label, ids, self.card, self.text, notes)

    def sections(self, seat: int | None, players: Iterable[P]) -> tuple[Section, ...]:
        own = () if seat is None else (self.own(seat),)
        return (self.table(), *own, *(self.player(p) for p in players), *self.closing())

    @abstractmethod
    def table(self) -> Section: ...

    @abstractmethod
    def own(self, seat: int) -> Section: ...

    @abstractmethod
    def player(self, player: P) -> Section: ...

    def closing(self) -> tuple[Section, ...]:
        return ()
