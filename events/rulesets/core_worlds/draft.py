"""Drafting a Unit, Tactic or Prestige from the Central Zone (CW-A1)."""

from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.checks import label, turn_refusal
from events.rulesets.core_worlds.decisions import Draft
from events.rulesets.core_worlds.happenings import Drafted
from events.rulesets.core_worlds.state import Game


def judge_draft(game: Game, seat: int, decision: Draft) -> Accepted | Rejection:
    if (wrong := turn_refusal(game.players[seat])) is not None:
        return wrong
    if decision.card not in game.central:
        return Rejection("CW-A1", f"{label(game, decision.card)} is not in the Central Zone")
    card = game.cards.cards[decision.card]
    if card.is_world:
        return Rejection("CW-A1", f"Worlds are never drafted; invade {card.name} instead")
    energy = game.players[seat].energy
    if card.draft > energy:
        return Rejection(
            "CW-A1", f"drafting {card.name} costs {card.draft} energy; you have {energy}"
        )
    token = decision.card in game.tokened and (card.is_unit or card.is_tactic)  # CW-G6
    return Accepted("CW-A1", [Drafted(seat=seat, card=decision.card, cost=card.draft, token=token)])
