"""What a standing order may answer in Race for the Galaxy beyond its text commands: in
Explore, keep the highest-cost explored cards (as many as the seat keeps, RG-E1)."""

from events.ruleset import Rejection
from events.rulesets.race_for_the_galaxy.decisions import Keep
from events.rulesets.race_for_the_galaxy.powers import explore_counts
from events.rulesets.race_for_the_galaxy.state import Game

HIGHEST_COST = "keep the highest-cost"
SAID = {HIGHEST_COST, "keep highest-cost", "keep highest cost", "keep the highest cost"}


def says_highest_cost(answer: str) -> bool:
    return answer.lower().strip().removesuffix("s").removesuffix(" card") in SAID


def keep_highest_cost(game: Game, seat: int) -> Keep | Rejection:
    drawn = game.players[seat].drawn
    if not drawn:
        return Rejection("RG-E1", "there are no explored cards to keep")
    keep = min(explore_counts(game, seat)[1], len(drawn))
    costly = sorted(drawn, key=lambda card: (-game.cards.card(card).cost, card))
    return Keep(cards=tuple(costly[:keep]))
