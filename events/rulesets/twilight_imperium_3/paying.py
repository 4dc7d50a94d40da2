"""Paying: planets exhausted for their resources or influence, and trade goods, each worth one
of either (IT 1043-1093, 1257-1272); a payment judged, and a payment chosen for a sum."""

from collections.abc import Callable

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.planets import planet, ready
from events.rulesets.twilight_imperium_3.state import Game


def refusal(
    game: Game, seat: int, planets: tuple[str, ...], trade_goods: int, rule: str
) -> Rejection | None:
    """Planets of the player's, ready, each once; trade goods the player has."""
    if len(set(planets)) != len(planets):
        return Rejection(rule, "name each planet once")
    if not set(planets) <= set(ready(game.forces, seat)):
        return Rejection(rule, "pay only with ready planets you control")
    if not 0 <= trade_goods <= game.players[seat].trade_goods:
        return Rejection(rule, f"you have {game.players[seat].trade_goods} trade goods")
    return None


def excess_refusal(
    planets: tuple[str, ...], trade_goods: int, owed: int, worth: Callable[[str], int]
) -> Rejection | None:
    """A payment spends no planet and no trade good it does not need (TI-U4)."""
    paid = sum(map(worth, planets))
    if trade_goods > max(0, owed - paid) or any(
        paid - worth(p) + trade_goods >= owed for p in planets
    ):
        return Rejection("TI-U4", f"that costs {owed}: pay no more than you must")
    return None


def cheapest(
    game: Game, seat: int, amount: int, worth: Callable[[str], int]
) -> tuple[tuple[str, ...], int] | None:
    """Ready planets, the most worth first, then trade goods, making `amount`; None if short."""
    paid: list[str] = []
    for name in sorted(ready(game.forces, seat), key=lambda n: (-worth(n), n)):
        if sum(map(worth, paid)) >= amount or not worth(name):
            break
        paid.append(name)
    short = max(0, amount - sum(map(worth, paid)))
    return (tuple(paid), short) if short <= game.players[seat].trade_goods else None


def resources(name: str) -> int:
    return planet(name).resources


def influence(name: str) -> int:
    return planet(name).influence
