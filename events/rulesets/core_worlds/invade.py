"""Invasions: strength from Warzone Units, their abilities and Tactics, then the verdict (CW-A3)."""

from typing import NamedTuple

from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.cardset import INVASION_ACTIVE
from events.rulesets.core_worlds.checks import (
    ability_of,
    from_hand,
    label,
    repeated,
    turn_refusal,
)
from events.rulesets.core_worlds.decisions import Invade
from events.rulesets.core_worlds.happenings import Invaded, InvasionFailed
from events.rulesets.core_worlds.state import Game

INVADE_ENERGY = 1  # CW-A3


class Force(NamedTuple):
    fleet: int
    ground: int
    energy: int  # the whole cost, the 1 to invade included
    discards: tuple[int, ...]  # hand cards discarded for strength


def assess(game: Game, seat: int, decision: Invade) -> Force | Rejection:
    """The strength and cost of an invasion plan, or why the plan cannot be made."""
    player, cards = game.players[seat], game.cards.cards
    if decision.world not in game.central or not cards[decision.world].is_world:
        return Rejection(
            "CW-A3", f"{label(game, decision.world)} is not a World in the Central Zone"
        )
    if repeated(decision.units):
        return Rejection("CW-A3.2", "a Unit is named twice")
    fleet = ground = 0
    for unit in decision.units:
        if unit in player.hand:
            return Rejection(
                "CW-A3.3", f"Units in hand never count; deploy {cards[unit].name} first"
            )
        if unit not in player.warzone or not cards[unit].is_unit:
            return Rejection("CW-A3.2", f"{label(game, unit)} is not a Unit in your Warzone")
        card = cards[unit]
        fleet, ground = fleet + card.fleet, ground + card.ground
        tokens = player.tokens_on(unit)
        for ability in card.abilities:
            if ability.kind == "counter_strength":
                fleet, ground = fleet + ability.fleet * tokens, ground + ability.ground * tokens
    spent: set[int] = set()
    if (bad := from_hand(game, player, decision.tactics, spent, "CW-A3.1")) is not None:
        return bad
    energy = INVADE_ENERGY
    for tactic in decision.tactics:
        card = cards[tactic]
        if not card.is_tactic or not card.has("strength", *INVASION_ACTIVE):
            return Rejection("CW-A3.1", f"{card.name} is not a Tactic played during an Invasion")
        energy += card.play
        for ability in card.abilities:
            if ability.kind == "strength":
                fleet, ground = fleet + ability.fleet, ground + ability.ground
    discards: list[int] = []
    used: set[tuple[int, int]] = set()
    for use in decision.uses:
        if use.card not in decision.units and use.card not in decision.tactics:
            return Rejection(
                "CW-A3.1",
                f"{label(game, use.card)} is neither a Unit used in "
                f"this invasion nor a Tactic played in it",
            )
        card = cards[use.card]
        ability = ability_of(card, use.ability, INVASION_ACTIVE)
        if ability is None:
            return Rejection(
                "CW-A3.1", f"{card.name} has no ability #{use.ability} to use during an Invasion"
            )
        if (use.card, use.ability) in used:
            return Rejection(
                "CW-C1",
                f"{card.name}'s ability is named twice; name it once, "
                f'with times for "up to" abilities',
            )
        used.add((use.card, use.ability))
        if not 1 <= use.times <= ability.times:
            most = "once" if ability.times == 1 else f"up to {ability.times} times"
            return Rejection(
                "CW-C1", f"{card.name}'s ability is used {most} per invasion, not {use.times}"
            )
        if ability.kind == "discard_for_strength":
            if len(use.discards) != use.times:
                return Rejection(
                    "CW-A3.1",
                    f"{card.name} adds strength per card discarded: "
                    f"name {use.times} cards to discard",
                )
            if (bad := from_hand(game, player, use.discards, spent, "CW-A3.1")) is not None:
                return bad
            discards.extend(use.discards)
        elif use.discards:
            return Rejection("CW-A3.1", f"{card.name}'s ability discards no cards")
        if ability.kind == "choose_strength":
            if use.choice not in ("fleet", "ground"):
                return Rejection("CW-A3.1", f'{card.name}: choose "fleet" or "ground"')
            amount = ability.amount
            fleet += amount if use.choice == "fleet" else 0
            ground += amount if use.choice == "ground" else 0
        else:
            fleet, ground = fleet + ability.fleet * use.times, ground + ability.ground * use.times
            energy += ability.energy * use.times
    if energy > player.energy:
        return Rejection(
            "CW-A3.1",
            f"this invasion costs {energy} energy (1 to invade, the "
            f"rest for Tactics and abilities); you have {player.energy}",
        )
    if decision.colonist is not None:
        if decision.colonist not in decision.units:
            return Rejection("CW-A3.4", "the colonist must be a Unit used in this invasion")
        if not cards[decision.colonist].colonist:
            return Rejection("CW-A3.4", f"{cards[decision.colonist].name} cannot colonise a World")
    return Force(fleet, ground, energy, tuple(discards))


def succeeds(game: Game, world: int, force: Force) -> bool:
    """Combined Fleet and Ground both at least the World's (CW-A3.2)."""
    card = game.cards.cards[world]
    return force.fleet >= card.fleet and force.ground >= card.ground


def judge_invade(game: Game, seat: int, decision: Invade) -> Accepted | Rejection:
    if (wrong := turn_refusal(game.players[seat])) is not None:
        return wrong
    force = assess(game, seat, decision)
    if isinstance(force, Rejection):
        return force
    if not succeeds(game, decision.world, force):  # CW-A3.3
        return Accepted(
            "CW-A3.3",
            [
                InvasionFailed(
                    seat=seat,
                    world=decision.world,
                    fleet=force.fleet,
                    ground=force.ground,
                    tactics=decision.tactics,
                    discards=force.discards,
                    energy=force.energy,
                )
            ],
        )
    cards = game.cards.cards
    survivors = tuple(
        u
        for u in decision.units  # CW-C2: card text beats CW-A3.2
        if cards[u].has("survives") and u != decision.colonist
    )
    return Accepted(
        "CW-A3.2",
        [
            Invaded(
                seat=seat,
                world=decision.world,
                units=decision.units,
                survivors=survivors,
                colonist=decision.colonist,
                tactics=decision.tactics,
                discards=force.discards,
                energy=force.energy,
                fleet=force.fleet,
                ground=force.ground,
                token=decision.world in game.tokened,  # CW-G6
            )
        ],
    )
