"""What each phase offers the seat it waits on, bounded: equivalent choices (copies of a card,
which cheap card to discard) are listed once, and invasions as their useful plans; each kept
where `valid` (the phases' judge, `phases.valid`) accepts it."""

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from events.kit.phases import Ask, offers
from events.rulesets.core_worlds.decisions import (
    Declare,
    Deploy,
    Draft,
    Exchange,
    Keep,
    Pick,
    UseAction,
)
from events.rulesets.core_worlds.plans import invasion_plans
from events.rulesets.core_worlds.state import Game
from events.rulesets.core_worlds.worth import worth

MOST_EXCHANGES = 4  # Energy-phase abilities combined in the listing (2**4 combinations)
Valid = Callable[[Game, int, list[Any]], list[Any]]  # those of the decisions the judge accepts


def sector0_picks(game: Game, seat: int) -> list[Pick]:
    return [Pick(card=c) for c in _distinct(game, game.central)]


def keeps(game: Game, seat: int) -> list[Keep]:
    return [Keep(), *(Keep(card=c) for c in _distinct(game, game.players[seat].hand))]


def turn_options(game: Game, seat: int, valid: Valid, steady: Sequence[Ask]) -> list[Any]:
    """The `steady` asks' own offers first (passing, a token), then what the turn could do."""
    options = valid(game, seat, offers(steady, game, seat))
    options += valid(
        game,
        seat,
        [Draft(card=c) for c in _distinct(game, game.central) if not game.cards.cards[c].is_world],
    )
    options += deployments(game, seat, valid)
    options += [plan for plan, _ in invasion_plans(game, seat)]
    options += action_uses(game, seat, valid)
    return options


def declarations(game: Game, seat: int, valid: Valid) -> list[Declare]:
    player, cards = game.players[seat], game.cards.cards
    surges = [c for c in player.hand if cards[c].has("surge")]
    sources = [
        (c, i, a)
        for c in player.warzone
        for i, a in enumerate(cards[c].abilities)
        if a.kind == "energy_exchange"
    ][:MOST_EXCHANGES]
    options = []
    for count in range(len(surges) + 1):
        played = tuple(surges[:count])
        rest = _cheapest(game, [c for c in player.hand if c not in played])
        for mask in range(1 << len(sources)):
            pool, exchanges = list(rest), []
            for bit, (source, index, ability) in enumerate(sources):
                if mask >> bit & 1:
                    exchanges.append(
                        Exchange(
                            source=source, ability=index, discards=tuple(pool[: ability.discard])
                        )
                    )
                    pool = pool[ability.discard :]
            options.append(Declare(surges=played, exchanges=tuple(exchanges)))
    return valid(game, seat, options)


def deployments(game: Game, seat: int, valid: Valid) -> list[Deploy]:
    player, cards = game.players[seat], game.cards.cards
    units = [c for c in player.hand if cards[c].is_unit]
    seen, options = set(), []
    for size in range(1, min(len(units), player.action_points) + 1):
        for group in combinations(units, size):
            key = tuple(sorted(cards[u].name for u in group))
            if key in seen:
                continue
            seen.add(key)
            ordered = sorted(group, key=lambda u: cards[u].has("deploy_cost"))
            options.append(Deploy(units=tuple(ordered)))
    return valid(game, seat, options)


def action_uses(game: Game, seat: int, valid: Valid) -> list[UseAction]:
    player, cards = game.players[seat], game.cards.cards
    options = []
    for card in (*_distinct(game, player.hand), *player.warzone):
        for index, ability in enumerate(cards[card].abilities):
            if ability.kind == "action":
                spare = _cheapest(game, [c for c in player.hand if c != card])
                options.append(
                    UseAction(card=card, ability=index, discards=tuple(spare[: ability.discard]))
                )
    return valid(game, seat, options)


def _distinct(game: Game, cards: Any) -> list[int]:
    """One card per name and token (copies are the same choice)."""
    names = game.cards.cards
    seen, kept = set(), []
    for card in cards:
        key = (names[card].name, card in game.tokened)
        if key not in seen:
            seen.add(key)
            kept.append(card)
    return kept


def _cheapest(game: Game, cards: list[int]) -> list[int]:
    return sorted(cards, key=lambda c: worth(game.cards.cards[c]))
