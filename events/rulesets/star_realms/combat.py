"""Spending Combat: on the opponent's bases, outposts first, or on their Authority (SR-C)."""

from events.ruleset import Rejection
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.decisions import AttackBase, AttackPlayer
from events.rulesets.star_realms.effects import targets
from events.rulesets.star_realms.happenings import Attacked, BaseDestroyed
from events.rulesets.star_realms.state import Game


def shielded(game: Game, owner: int) -> bool:
    """An outpost shields its owner's Authority (SR-C3)."""
    return any(game.cards.card(b).is_outpost for b in game.players[owner].bases)


def attack_base_refusal(game: Game, seat: int, decision: AttackBase) -> Rejection | None:
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
    return None


def attack_base(batch: Batch, seat: int, decision: AttackBase) -> None:
    defense = batch.game.cards.card(decision.base).defense
    batch.emit(BaseDestroyed(seat=1 - seat, base=decision.base, combat=defense))


def attack_player_refusal(game: Game, seat: int, decision: AttackPlayer) -> Rejection | None:
    if shielded(game, 1 - seat):
        return Rejection("SR-C3", "an outpost shields your opponent: destroy it first")
    if not 1 <= decision.amount <= game.turn.combat:
        return Rejection("SR-C4", f"deal 1 to {game.turn.combat} Combat, not {decision.amount}")
    return None


def attack_player(batch: Batch, seat: int, decision: AttackPlayer) -> None:
    batch.emit(Attacked(seat=1 - seat, amount=decision.amount))
