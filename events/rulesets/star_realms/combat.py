"""Spending Combat: on the opponent's bases, outposts first, or on their Authority (SR-C)."""

from events.ruleset import Accepted, Rejection
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.decisions import AttackBase, AttackPlayer
from events.rulesets.star_realms.effects import targets
from events.rulesets.star_realms.happenings import Attacked, BaseDestroyed
from events.rulesets.star_realms.state import Game


def shielded(game: Game, owner: int) -> bool:
    """An outpost shields its owner's Authority (SR-C3)."""
    return any(game.cards.card(b).is_outpost for b in game.players[owner].bases)


def judge_attack_base(
    game: Game, seat: int, decision: AttackBase, batch: Batch
) -> Accepted | Rejection:
    other = 1 - seat
    base = decision.base
    if base not in game.players[other].bases:
        return Rejection("SR-C2", "that card is not a base of your opponent's in play")
    card = game.cards.card(base)
    if base not in targets(game, other):
        return Rejection("SR-C3", f"an outpost shields {card.name}: attack the outposts first")
    if card.defense > game.turn.combat:
        return Rejection(
            "SR-C2", f"{card.name} has Defense {card.defense}; you have {game.turn.combat} Combat"
        )
    batch.emit(BaseDestroyed(seat=other, base=base, combat=card.defense))
    return Accepted("SR-C2", batch.events)


def judge_attack_player(
    game: Game, seat: int, decision: AttackPlayer, batch: Batch
) -> Accepted | Rejection:
    other = 1 - seat
    if shielded(game, other):
        return Rejection("SR-C3", "an outpost shields your opponent: destroy it first")
    if not 1 <= decision.amount <= game.turn.combat:
        return Rejection("SR-C4", f"deal 1 to {game.turn.combat} Combat, not {decision.amount}")
    batch.emit(Attacked(seat=other, amount=decision.amount))
    return Accepted("SR-C4", batch.events)
