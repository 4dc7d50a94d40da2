"""Using an "as an Action" ability of a Warzone Unit or a Tactic in hand (CW-A4)."""

import random

from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.batch import Batch
from events.rulesets.core_worlds.checks import ability_of, from_hand, label, turn_refusal
from events.rulesets.core_worlds.decisions import UseAction
from events.rulesets.core_worlds.draw import draw
from events.rulesets.core_worlds.happenings import ActionUsed
from events.rulesets.core_worlds.state import Game


def judge_use_action(
    game: Game, seat: int, decision: UseAction, chance: random.Random
) -> Accepted | Rejection:
    if (wrong := turn_refusal(game.players[seat], needs_energy=False)) is not None:
        return wrong
    player, cards = game.players[seat], game.cards.cards
    if decision.card in player.hand:
        card = cards[decision.card]
        if card.is_unit:
            return Rejection(
                "CW-C3", f"{card.name} is in your hand; Unit text has effect only in the Warzone"
            )
    elif decision.card in player.warzone:
        card = cards[decision.card]
    else:
        return Rejection(
            "CW-A4", f"{label(game, decision.card)} is neither in your hand nor in your Warzone"
        )
    ability = ability_of(card, decision.ability, ("action",))
    if ability is None:
        return Rejection("CW-A4", f'{card.name} has no "as an Action" ability #{decision.ability}')
    cost = ability.energy + (card.play if card.is_tactic else 0)
    if cost > player.energy:
        return Rejection(
            "CW-A4", f"using {card.name} costs {cost} energy; you have {player.energy}"
        )
    if len(decision.discards) != ability.discard:
        return Rejection(
            "CW-A4",
            f"{card.name} takes {ability.discard} cards from your hand, "
            f"not {len(decision.discards)}",
        )
    spent = {decision.card} if card.is_tactic else set()
    if (bad := from_hand(game, player, decision.discards, spent, "CW-A4")) is not None:
        return bad
    counter = min(ability.counter, ability.limit - player.tokens_on(decision.card))
    if ability.counter and counter <= 0 and not (ability.gain or ability.draw):
        return Rejection("CW-C1", f"{card.name} already holds {ability.limit} energy tokens")
    batch = Batch(game, chance)
    batch.emit(
        ActionUsed(
            seat=seat,
            card=decision.card,
            ability=decision.ability,
            energy=cost,
            discards=decision.discards,
            gain=ability.gain,
            counter=max(0, counter),
        )
    )
    if ability.draw:
        draw(batch, seat, ability.draw)
    return Accepted("CW-A4", batch.events)
