"""Useful invasion plans: the smallest sets of Warzone Units that win, with the boosts they need.

Every subset would be too many; a plan here is a minimal winning set of Units (no smaller set
inside it wins), boosted greedily by their abilities and then by Tactics from hand.
"""

from functools import cache
from math import ceil

from events.rulesets.core_worlds.cardset import INVASION_ACTIVE, Card
from events.rulesets.core_worlds.decisions import Invade, Use
from events.rulesets.core_worlds.invade import INVADE_ENERGY, Force, assess, succeeds
from events.rulesets.core_worlds.state import Game
from events.rulesets.core_worlds.worth import worth

MOST_UNITS = 8  # the strongest Units considered, so a search stays within 256 subsets


@cache
def _masks(count: int) -> tuple[int, ...]:
    return tuple(sorted(range(1 << count), key=lambda m: (m.bit_count(), m)))


def _reach(card: Card, tokens: int) -> tuple[int, int]:
    """The most Fleet and Ground a Unit could bring, every boost bought."""
    fleet, ground = card.fleet, card.ground
    for a in card.abilities:
        if a.kind == "strength":  # a Tactic's
            fleet, ground = fleet + a.fleet, ground + a.ground
        elif a.kind == "counter_strength":
            fleet, ground = fleet + a.fleet * tokens, ground + a.ground * tokens
        elif a.kind in ("pay_for_strength", "discard_for_strength"):
            fleet, ground = fleet + a.fleet * a.times, ground + a.ground * a.times
        elif a.kind == "choose_strength":
            fleet, ground = fleet + a.amount, ground + a.amount
    return fleet, ground


class _Builder:
    """Boosts one set of Units until it wins, or gives up."""

    def __init__(self, game: Game, seat: int, world: int, units: tuple[int, ...]) -> None:
        self.game, self.cards = game, game.cards.cards
        player = game.players[seat]
        target = self.cards[world]
        fleet = sum(self.cards[u].fleet for u in units)
        ground = sum(self.cards[u].ground for u in units)
        for u in units:
            for a in self.cards[u].abilities:
                if a.kind == "counter_strength":
                    tokens = player.tokens_on(u)
                    fleet, ground = fleet + a.fleet * tokens, ground + a.ground * tokens
        self.need_fleet, self.need_ground = target.fleet - fleet, target.ground - ground
        self.budget = player.energy - INVADE_ENERGY
        self.spare = sorted((c for c in player.hand), key=lambda c: worth(self.cards[c]))
        self.uses: list[Use] = []
        self.tactics: list[int] = []

    def short(self) -> bool:
        return self.need_fleet > 0 or self.need_ground > 0

    def boost(self, card_id: int) -> None:
        for index, a in enumerate(self.cards[card_id].abilities):
            if not self.short():
                return
            if a.kind == "choose_strength":
                side = "fleet" if self.need_fleet >= self.need_ground else "ground"
                self._add(a.amount if side == "fleet" else 0, a.amount if side == "ground" else 0)
                self.uses.append(Use(card=card_id, ability=index, choice=side))
            elif a.kind in ("pay_for_strength", "discard_for_strength"):
                wanted = max(
                    ceil(self.need_fleet / a.fleet) if a.fleet else 0,
                    ceil(self.need_ground / a.ground) if a.ground else 0,
                )
                if a.kind == "pay_for_strength":
                    times = min(a.times, wanted, self.budget // a.energy)
                    self.budget -= times * a.energy
                    discards: tuple[int, ...] = ()
                else:
                    times = min(a.times, wanted, len(self.spare))
                    discards, self.spare = tuple(self.spare[:times]), self.spare[times:]
                if times > 0:
                    self._add(a.fleet * times, a.ground * times)
                    self.uses.append(
                        Use(card=card_id, ability=index, times=times, discards=discards)
                    )

    def play(self, tactic: int) -> None:
        card = self.cards[tactic]
        helps = any(
            (a.fleet and self.need_fleet > 0)
            or (a.ground and self.need_ground > 0)
            or a.kind == "choose_strength"
            for a in card.abilities
        )
        if not helps or card.play > self.budget or tactic not in self.spare:
            return
        self.budget -= card.play
        self.spare.remove(tactic)
        self.tactics.append(tactic)
        for a in card.abilities:
            if a.kind == "strength":
                self._add(a.fleet, a.ground)
        self.boost(tactic)

    def _add(self, fleet: int, ground: int) -> None:
        self.need_fleet -= fleet
        self.need_ground -= ground


def _plan(
    game: Game, seat: int, world: int, units: tuple[int, ...], tactics: list[int]
) -> tuple[Invade, Force] | None:
    builder = _Builder(game, seat, world, units)
    for unit in units:
        builder.boost(unit)
    for tactic in tactics:
        if builder.short():
            builder.play(tactic)
    if builder.short():
        return None
    cards = game.cards.cards
    colonist = next((u for u in units if cards[u].colonist), None)
    decision = Invade(
        world=world,
        units=units,
        tactics=tuple(builder.tactics),
        uses=tuple(builder.uses),
        colonist=colonist,
    )
    force = assess(game, seat, decision)
    if isinstance(force, Force) and succeeds(game, world, force):
        return decision, force
    return None


def cost(game: Game, decision: Invade, force: Force) -> int:
    """What a plan gives up: Units leaving the Warzone, energy, cards from hand."""
    cards = game.cards.cards
    return (
        sum(cards[u].deploy for u in decision.units if not cards[u].has("survives"))
        + force.energy
        + 2 * len(decision.tactics)
        + len(force.discards)
    )


def invasion_plans(game: Game, seat: int, per_world: int = 3) -> list[tuple[Invade, Force]]:
    player, cards = game.players[seat], game.cards.cards
    if player.energy < INVADE_ENERGY or player.action_points < 1:
        return []
    units = sorted(
        (u for u in player.warzone if cards[u].is_unit),
        key=lambda u: -sum(_reach(cards[u], player.tokens_on(u))),
    )[:MOST_UNITS]
    tactics = sorted(
        (
            t
            for t in player.hand
            if cards[t].is_tactic and cards[t].has("strength", *INVASION_ACTIVE)
        ),
        key=lambda t: cards[t].play,
    )
    reach = [_reach(cards[u], player.tokens_on(u)) for u in units]
    boost_fleet = sum(_reach(cards[t], 0)[0] for t in tactics)
    boost_ground = sum(_reach(cards[t], 0)[1] for t in tactics)
    masks = _masks(len(units))
    fleet_of, ground_of = [0] * (1 << len(units)), [0] * (1 << len(units))
    for mask in masks[1:]:
        low = (mask & -mask).bit_length() - 1
        fleet_of[mask] = fleet_of[mask & (mask - 1)] + reach[low][0]
        ground_of[mask] = ground_of[mask & (mask - 1)] + reach[low][1]
    plans: list[tuple[Invade, Force]] = []
    for world in game.central:
        target = cards[world]
        if not target.is_world:
            continue
        won: list[int] = []
        found: list[tuple[Invade, Force]] = []
        for mask in masks:
            if (
                fleet_of[mask] + boost_fleet < target.fleet
                or ground_of[mask] + boost_ground < target.ground
                or any(w & mask == w for w in won)
            ):
                continue
            chosen = tuple(units[i] for i in range(len(units)) if mask >> i & 1)
            plan = _plan(game, seat, world, chosen, tactics)
            if plan is not None:
                won.append(mask)
                found.append(plan)
        found.sort(key=lambda p: cost(game, *p))
        plans.extend(found[:per_world])
    return plans
