"""What analytics counts of a Race for the Galaxy match: start worlds, actions chosen, cards
placed, VP chips taken and the final score."""

from typing import Any

from events.ruleset import Fact
from events.rulesets.race_for_the_galaxy.decisions import ACTION_WORDS
from events.rulesets.race_for_the_galaxy.happenings import (
    ActionsRevealed,
    ChipsTaken,
    GameEnded,
    Placed,
    Setup,
)
from events.rulesets.race_for_the_galaxy.loader import load
from events.rulesets.race_for_the_galaxy.state import Game


def facts(game: Game, event: Any) -> list[Fact]:
    match event:
        case Setup(card_set=card_set, starts=starts):
            cards = load(card_set)
            return [Fact("start world", cards.card(c).name, s) for s, c in enumerate(starts)]
        case ActionsRevealed(actions=actions):
            return [
                Fact("action", ACTION_WORDS[a], s)
                for s, chosen in enumerate(actions)
                for a in chosen
            ]
        case Placed(seat=seat, card=card):
            return [Fact("placed", game.cards.card(card).name, seat)]
        case ChipsTaken(seat=seat, vp=vp):
            return [Fact("VP chips", "consume", seat, vp)]
        case GameEnded(scores=scores):
            return [Fact("final VP", "score", s, v) for s, v in enumerate(scores)]
    return []
