"""Given / when / then for Star Realms: lay out a table by card names, judge a decision,
read the result."""

import random
from collections.abc import Sequence
from typing import Any

from events.rulesets.star_realms import STAR_REALMS
from events.rulesets.star_realms.loader import load
from events.rulesets.star_realms.state import Game, Player, Turn
from tests.conformance.scenario import Scenario

RULES = STAR_REALMS
GIVEN = Scenario(RULES)
fold, settle, arrange = GIVEN.fold, GIVEN.settle, GIVEN.arrange
CARDS = load()


class _Ids:
    """Hands out physical ids by card name, each once."""

    def __init__(self) -> None:
        self.taken: set[int] = set()
        self.explorers = 0

    def __call__(self, name: str) -> int:
        if name == "Explorer":
            self.explorers += 1
            return CARDS.explorer_base + self.explorers - 1
        card = next(i for i, c in enumerate(CARDS.cards) if c.name == name and i not in self.taken)
        self.taken.add(card)
        return card


def table(
    hand: Sequence[str] = (),
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    bases: Sequence[str] = (),
    row: Sequence[str] = (),
    their_hand: Sequence[str] = (),
    their_deck: Sequence[str] = (),
    their_bases: Sequence[str] = (),
    authority: tuple[int, int] = (50, 50),
    trade: int = 0,
    combat: int = 0,
    owed: int = 0,
) -> Game:
    """Given: seat 0 in turn with these cards (by name); the rest of the Trade Deck face down."""
    ids = _Ids()

    def cards(names: Sequence[str]) -> tuple[int, ...]:
        return tuple(ids(n) for n in names)

    mine = Player(
        authority=authority[0],
        hand=cards(hand),
        deck=cards(deck),
        discard=cards(discard),
        bases=cards(bases),
        owed=owed,
    )
    theirs = Player(
        authority=authority[1],
        hand=cards(their_hand),
        deck=cards(their_deck),
        bases=cards(their_bases),
    )
    row_ids = cards(row)
    trade_deck = tuple(c for c in CARDS.trade_deck if c not in ids.taken)
    return Game(
        card_set="base",
        players=(mine, theirs),
        first=0,
        active=0,
        trade_deck=trade_deck,
        row=row_ids,
        explorers=ids.explorers,
        explorer_pile=CARDS.explorer.copies - ids.explorers,
        round=1,
        turn=Turn(trade=trade, combat=combat, together=(mine.bases,) if mine.bases else ()),
    )


def named(game: Game, name: str, cards: Sequence[int] | None = None, copy: int = 0) -> int:
    """The id of the `copy`-th card called `name` on the table (or among `cards`)."""
    pool = cards if cards is not None else _everywhere(game)
    return [c for c in pool if game.cards.card(c).name == name][copy]


def _everywhere(game: Game) -> list[int]:
    found = [*game.row, *game.turn.ships]
    for p in game.players:
        found += [*p.hand, *p.deck, *p.discard, *p.bases]
    return [*found, *game.trade_deck]


def names(game: Game, cards: Sequence[int]) -> list[str]:
    return [game.cards.card(c).name for c in cards]


def start(seed: str = "scenario") -> Game:
    game, _ = settle(fold(RULES.initial(2, {}, random.Random(seed))))
    return game


def accepted(game: Game, decision: Any, rule: str | None = None, seat: int = 0) -> list[Any]:
    return GIVEN.accepted(game, seat, decision, rule)


def rejected(game: Game, decision: Any, rule: str, seat: int = 0) -> str:
    return GIVEN.rejected(game, seat, decision, rule)


def play(game: Game, decision: Any, seat: int = 0) -> tuple[Game, list[Any]]:
    """The decision accepted, applied and settled: the new state and every event."""
    return GIVEN.play(game, seat, decision)
