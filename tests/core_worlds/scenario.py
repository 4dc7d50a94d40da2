"""Given / when / then for Core Worlds: build a state, judge a decision, read the result."""

import random
from typing import Any

import msgspec

from events.kit.zones import with_player
from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds import CORE_WORLDS
from events.rulesets.core_worlds.decisions import Declare
from events.rulesets.core_worlds.loader import load
from events.rulesets.core_worlds.state import Game, Phase
from tests.reacting import settled

RULES = CORE_WORLDS
CARDS = load()


def cid(name: str, copy: int = 0) -> int:
    """The id of a physical card by name (the `copy`-th one of that name)."""
    return [i for i, card in enumerate(CARDS.cards) if card.name == name][copy]


def fold(events: list[Any], game: Game | None = None) -> Game:
    for event in events:
        game = RULES.evolve(game, event)
    return game


def settle(game: Game) -> tuple[Game, list[Any]]:
    """Apply what follows on its own, as the rules service does."""
    return settled(RULES, game, random.Random(0))


def start(seats: int = 2, seed: str = "scenario", **options: Any) -> Game:
    game, _ = settle(fold(RULES.initial(seats, options, random.Random(f"{seed}:setup"))))
    return game


def in_action(seats: int = 2, seed: str = "scenario") -> Game:
    """Round 1's Action phase, every seat having declared nothing in the Energy phase."""
    game = start(seats, seed)
    while game.phase != Phase.ACTION:
        game, _ = settle(fold(accepted(game, RULES.waiting(game).must[0], Declare()), game))
    return game


def arrange(game: Game, seat: int | None = None, **fields: Any) -> Game:
    """Given: the game (or one seat's part of it) changed as a scenario needs."""
    if seat is None:
        return msgspec.structs.replace(game, **fields)
    return with_player(game, seat, msgspec.structs.replace(game.players[seat], **fields))


def accepted(game: Game, seat: int, decision: Any, rule: str | None = None) -> list[Any]:
    """When `decision`, then it is accepted (under `rule`): its events."""
    verdict = RULES.decide(game, seat, decision, random.Random(0))
    assert isinstance(verdict, Accepted), verdict
    if rule is not None:
        assert verdict.rule == rule, verdict
    return verdict.events


def rejected(game: Game, seat: int, decision: Any, rule: str) -> str:
    """When `decision`, then it is rejected under `rule`: the reason."""
    verdict = RULES.decide(game, seat, decision, random.Random(0))
    assert isinstance(verdict, Rejection), verdict
    assert verdict.rule == rule, verdict
    return verdict.reason


def play(game: Game, seat: int, decision: Any) -> tuple[Game, list[Any]]:
    """The decision accepted, applied and settled: the new state and every event."""
    events = accepted(game, seat, decision)
    game, derived = settle(fold(events, game))
    return game, events + derived
