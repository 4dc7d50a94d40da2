"""What follows on its own: abilities that only gain (SR-P5), and the end of the game (SR-G1)."""

import random
from typing import Any

from events.rulesets.star_realms.allies import clause, in_play, usable
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.cardset import GAINS
from events.rulesets.star_realms.happenings import GameWon
from events.rulesets.star_realms.play import use_ability
from events.rulesets.star_realms.state import Game


def react(game: Game, chance: random.Random) -> list[Any]:
    if game.over:
        return []
    for seat, player in enumerate(game.players):
        if player.authority <= 0:
            return [GameWon(winner=1 - seat)]
    if game.turn.pending is not None:
        return []
    batch = Batch(game, chance)
    for card, slot in gains_only(game):
        use_ability(batch, game.active, card, slot)
    return batch.events


def gains_only(game: Game) -> list[tuple[int, str]]:
    """The usable primary and ally abilities of the seat in turn that only gain (SR-P5)."""
    return [
        (card, slot)
        for card in in_play(game, game.active)
        for slot in ("primary", "ally")
        if usable(game, card, slot) and all(e.kind in GAINS for e in clause(game, card, slot))
    ]
