"""What a tableau's working powers add up to (RG-K1: cards placed in this phase do not count;
RG-K3: all applicable powers add up)."""

from collections.abc import Iterator

from events.rulesets.race_for_the_galaxy.cardset import PRICES, Card, Power
from events.rulesets.race_for_the_galaxy.state import Game

EXPLORE_DRAW = {"explore_5": 5, "explore_1_1": 1}  # RG-E2, RG-E3
EXPLORE_KEEP = {"explore_1_1": 1}


def working(game: Game, seat: int, kind: str | None = None) -> Iterator[tuple[int, Power]]:
    """(card, power) of every working power (of this kind) in the seat's tableau."""
    player = game.players[seat]
    for card in player.tableau:
        if card not in player.fresh:
            powers = game.cards.card(card).powers
            yield from ((card, p) for p in powers if kind is None or p.kind == kind)


def row(game: Game, seat: int, phase: str) -> Iterator[tuple[int, int, Power]]:
    """(card, index among the card's powers of this row, power) of every working power."""
    player = game.players[seat]
    for card in player.tableau:
        if card not in player.fresh:
            powers = [p for p in game.cards.card(card).powers if p.phase == phase]
            yield from ((card, i, p) for i, p in enumerate(powers))


def total(game: Game, seat: int, kind: str) -> int:
    return sum(p.n for _, p in working(game, seat, kind))


def explore_counts(game: Game, seat: int) -> tuple[int, int]:
    """Cards drawn and kept in Explore (RG-E1 … RG-E3, RG-E5)."""
    actions = game.players[seat].actions
    draw = 2 + sum(EXPLORE_DRAW.get(a, 0) for a in actions) + total(game, seat, "explore_draw")
    keep = 1 + sum(EXPLORE_KEEP.get(a, 0) for a in actions) + total(game, seat, "explore_keep")
    return draw, keep


def military(game: Game, seat: int, world: Card | None = None) -> int:
    """Military (RG-W4): P-III1 values, plus those against this world's kind or Rebel flag."""
    found = total(game, seat, "military")
    if world is not None:
        for _, p in working(game, seat, "military_vs"):
            found += p.n if p.good == world.good or p.good in world.flags else 0
    return found


def develop_cost(game: Game, seat: int, card: Card) -> int:
    """RG-D2, RG-D3, RG-D5."""
    bonus = 1 if game.chose(seat, "develop") else 0
    return max(0, card.cost - bonus - total(game, seat, "develop_discount"))


def settle_cost(game: Game, seat: int, world: Card, base: int | None = None) -> int:
    """RG-W2, RG-D5: the cost (or `base`) less general discounts and those for its kind."""
    discount = sum(
        p.n for _, p in working(game, seat, "settle_discount") if p.good in ("", world.good)
    )
    return max(0, (world.cost if base is None else base) - discount)


def trade_price(game: Game, seat: int, world: int) -> int:
    """RG-C2 plus the seat's $ powers for this good (P-$1 … P-$3)."""
    kind = game.cards.card(world).good
    bonus = sum(
        p.n
        for card, p in working(game, seat, "trade_bonus")
        if p.good in ("any", kind) or (p.good == "this" and card == world)
    )
    return PRICES[kind] + bonus
