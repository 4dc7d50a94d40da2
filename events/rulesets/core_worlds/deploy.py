"""Deploying Units from hand to the Warzone, one after another (CW-A2)."""

from collections.abc import Iterable

from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.cardset import Card
from events.rulesets.core_worlds.checks import label, repeated, turn_refusal
from events.rulesets.core_worlds.decisions import Deploy
from events.rulesets.core_worlds.happenings import Deployed
from events.rulesets.core_worlds.state import Game


def deploy_cost(cards: tuple[Card, ...], unit: Card, warzone: Iterable[int]) -> int:
    """The printed cost, changed by the Unit's own text about the Warzone (CW-C2)."""
    cost = unit.deploy
    for ability in unit.abilities:
        if ability.kind == "deploy_cost":
            cost += ability.change * sum(1 for c in warzone if cards[c].type == ability.per)
    return max(0, cost)


def judge_deploy(game: Game, seat: int, decision: Deploy) -> Accepted | Rejection:
    if (wrong := turn_refusal(game.players[seat])) is not None:
        return wrong
    player, cards = game.players[seat], game.cards.cards
    count = len(decision.units)
    if count == 0:
        return Rejection("CW-A2", "name the Units to deploy, in order")
    if repeated(decision.units):
        return Rejection("CW-A2", "a Unit is named twice")
    if count > player.action_points:
        return Rejection(
            "CW-A2",
            f"deploying {count} Units costs {count} action points; you have {player.action_points}",
        )
    warzone, energy, costs = list(player.warzone), player.energy, []
    for unit in decision.units:
        if unit not in player.hand:
            return Rejection("CW-A2", f"{label(game, unit)} is not in your hand")
        card = cards[unit]
        if not card.is_unit:
            return Rejection("CW-A2", f"{card.name} is not a Unit; only Units are deployed")
        cost = deploy_cost(cards, card, warzone)
        if cost > energy:
            left = " left" if costs else ""
            return Rejection(
                "CW-A2", f"deploying {card.name} costs {cost} energy; you have {energy}{left}"
            )
        energy -= cost
        costs.append(cost)
        warzone.append(unit)
    return Accepted("CW-A2", [Deployed(seat=seat, units=decision.units, costs=tuple(costs))])
