"""What each prompt offers the seat in turn, every offer legal (the table's `legal` judges
them all the same): copies of one card offered once; the attacks are offered by their asks
(`combat.ASKS`)."""

from itertools import combinations
from typing import Any

from events.kit.phases import offers
from events.rulesets.star_realms import combat
from events.rulesets.star_realms.acquire import may_top
from events.rulesets.star_realms.allies import in_play, usable
from events.rulesets.star_realms.decisions import (
    Buy,
    BuyExplorer,
    Choose,
    EndTurn,
    Play,
    PlayAll,
    Select,
    Use,
)
from events.rulesets.star_realms.effects import candidates, exact, most
from events.rulesets.star_realms.play import SLOTS
from events.rulesets.star_realms.state import Game


def turn_offers(game: Game, seat: int) -> list[Any]:
    cards, turn = game.cards, game.turn
    hand = game.players[seat].hand
    options: list[Any] = [Play(card=c) for c in _distinct(game, hand)]
    if len(hand) > 1:
        options.append(PlayAll())
    options += [
        Use(card=c, slot=s) for c in in_play(game, seat) for s in SLOTS if usable(game, c, s)
    ]
    for card in _distinct(game, game.row):
        if (cards.card(card).cost or 0) <= turn.trade:
            options += [Buy(card=card, top=top) for top in _tops(game, card)]
    if game.explorer_left and (cards.explorer.cost or 0) <= turn.trade:
        options += [BuyExplorer(top=top) for top in _tops(game, game.next_explorer)]
    return [*options, *offers(combat.ASKS, game, seat), EndTurn()]


def choice_offers(game: Game, seat: int) -> list[Any]:
    pending = game.turn.pending
    assert pending is not None
    effect = pending.effects[0]
    if effect.kind == "choose_one":
        return [Choose(option=0), Choose(option=1)]
    pool = candidates(game, seat, pending.card, effect)
    if effect.kind == "acquire_free_ship_to_top":
        explorer = [Select(explorer=True)] if game.explorer_left else []
        return [*explorer, *(Select(cards=(c,)) for c in _distinct(game, pool))]
    wanted = most(game, seat, effect)
    sizes = [wanted] if exact(effect) else range(wanted + 1)
    seen: set[tuple[str, ...]] = set()
    found = []
    for size in sizes:
        for cards in combinations(pool, size):
            names = tuple(sorted(game.cards.card(c).name for c in cards))
            if names not in seen:
                seen.add(names)
                found.append(Select(cards=cards))
    return found


def _distinct(game: Game, cards: tuple[int, ...]) -> list[int]:
    """One card of each name, the first found."""
    first: dict[str, int] = {}
    for card in cards:
        first.setdefault(game.cards.card(card).name, card)
    return list(first.values())


def _tops(game: Game, card: int) -> tuple[bool, ...]:
    return (False, True) if may_top(game, card) else (False,)
