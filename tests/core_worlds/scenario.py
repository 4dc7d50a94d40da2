"""Given / when / then for Core Worlds: build a state, judge a decision, read the result."""

import random
from typing import Any

from events.rulesets.core_worlds import CORE_WORLDS
from events.rulesets.core_worlds.decisions import Declare
from events.rulesets.core_worlds.loader import load
from events.rulesets.core_worlds.state import Game, Phase
from tests.conformance.scenario import Scenario

RULES = CORE_WORLDS
CARDS = load()
GIVEN = Scenario(RULES)
fold, settle, arrange = GIVEN.fold, GIVEN.settle, GIVEN.arrange
accepted, rejected, play = GIVEN.accepted, GIVEN.rejected, GIVEN.play


def cid(name: str, copy: int = 0) -> int:
    """The id of a physical card by name (the `copy`-th one of that name)."""
    return [i for i, card in enumerate(CARDS.cards) if card.name == name][copy]


def start(seats: int = 2, seed: str = "scenario", **options: Any) -> Game:
    game, _ = settle(fold(RULES.initial(seats, options, random.Random(f"{seed}:setup"))))
    return game


def in_action(seats: int = 2, seed: str = "scenario") -> Game:
    """Round 1's Action phase, every seat having declared nothing in the Energy phase."""
    game = start(seats, seed)
    while game.phase != Phase.ACTION:
        game, _ = settle(fold(accepted(game, RULES.waiting(game).must[0], Declare()), game))
    return game
