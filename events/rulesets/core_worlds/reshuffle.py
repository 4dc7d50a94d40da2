"""Entering Sector V: each player may shuffle their discard pile into their draw pile (CW-N4)."""

import random
from typing import Any

from events.kit.zones import shuffled
from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.decisions import Reshuffle
from events.rulesets.core_worlds.happenings import DeckShuffled, ReshuffleChosen
from events.rulesets.core_worlds.state import Game


def judge_reshuffle(
    game: Game, seat: int, decision: Reshuffle, chance: random.Random
) -> Accepted | Rejection:
    player = game.players[seat]
    events: list[Any] = [ReshuffleChosen(seat=seat, shuffle=decision.shuffle)]
    if decision.shuffle:
        events.append(DeckShuffled(seat=seat, order=shuffled(chance, player.draw + player.discard)))
    return Accepted("CW-N4", events)
