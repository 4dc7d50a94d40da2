"""Technologies (TI-K): which a player may gain, their prerequisites, and what buying one with
the Technology card's secondary costs once ready specialty planets take their discount."""

from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.planets import planet, ready
from events.rulesets.twilight_imperium_3.state import Game

PRICE = 8  # resources, for the Technology card's secondary (TI-K3)


def gainable(game: Game, seat: int) -> tuple[str, ...]:
    """Not yet owned, and every prerequisite owned, or one of those of which one is (TI-K2)."""
    owned = set(game.players[seat].technologies)
    return tuple(
        t.id
        for t in load().technologies.values()
        if t.id not in owned
        and set(t.requires_all) <= owned
        and (not t.requires_any or owned & set(t.requires_any))
    )


def price(game: Game, seat: int, technology: str) -> int:
    """8, less 1 for each ready planet of the player with the technology's colour (TI-K3)."""
    colour = load().technologies[technology].colour
    discount = sum(planet(n).specialty == colour for n in ready(game.forces, seat))
    return max(0, PRICE - discount)
