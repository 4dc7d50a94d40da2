"""Technologies (TI-K): which a player may gain, their prerequisites, what buying one with the
Technology card's secondary costs once ready specialty planets take their discount, and the
technology tree as each player stands in it."""

from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.planets import planet, ready
from events.rulesets.twilight_imperium_3.state import Game

PRICE = 8  # resources, for the Technology card's secondary (TI-K3)
SPONSORED, FOCUSED_RESEARCH, BLACK_BOX = (
    "corporate_sponsorship",
    "focused_research",
    "opening_the_black_box",
)
SPONSORSHIP, WAIVER = 4, 6  # Corporate Sponsorship's discount, Focused Research's price


def assassinated(game: Game, seat: int) -> bool:
    """Scientist Assassination names him: no technology this round (TI-Q54)."""
    return any(
        last.card == "scientist_assassination" and last.other == seat for last in game.lasting
    )


def held(game: Game, seat: int, card: str) -> bool:
    """His action card played before buying, lasting to his purchase this round (TI-Q65-67)."""
    return any(last.card == card and last.seat == seat for last in game.lasting)


def _meets(owned: set[str], technology: str) -> bool:
    """Every prerequisite owned, or one of those of which one is (TI-K2)."""
    t = load().technologies[technology]
    return set(t.requires_all) <= owned and (
        not t.requires_any or bool(owned & set(t.requires_any))
    )


def one_short(owned: set[str], technology: str) -> bool:
    """A prerequisite short of it: what Focused Research waives (TI-Q66)."""
    t = load().technologies[technology]
    return any(_meets(owned | {p}, technology) for p in (*t.requires_all, *t.requires_any))


def gainable(game: Game, seat: int) -> tuple[str, ...]:
    """Not yet owned, and every prerequisite owned, or one of those of which one is (TI-K2),
    or one short under Focused Research (TI-Q66); none under Scientist Assassination (TI-Q54)."""
    if assassinated(game, seat):
        return ()
    owned = set(game.players[seat].technologies)
    waived = held(game, seat, FOCUSED_RESEARCH)
    return tuple(
        t.id
        for t in load().technologies.values()
        if t.id not in owned and (_meets(owned, t.id) or (waived and one_short(owned, t.id)))
    )


def requirements(technology: str) -> str:
    """Its prerequisites in words: `A and B`, `A or B`."""
    techs = load().technologies
    found = techs[technology]
    every = " and ".join(techs[t].name for t in found.requires_all)
    one = " or ".join(techs[t].name for t in found.requires_any)
    return " and ".join(part for part in (every, f"({one})" if every and one else one) if part)


def standing(game: Game, seat: int, technology: str) -> str:
    """Where a player stands with a technology: owned, its price after his discounts when he
    may gain it (TI-K2, TI-K3), or locked behind its prerequisites."""
    if technology in game.players[seat].technologies:
        return "owned"
    if technology in gainable(game, seat):
        return str(price(game, seat, technology))
    return "locked"


def price(game: Game, seat: int, technology: str) -> int:
    """8, less 1 for each ready planet of the player with the technology's colour (TI-K3); 2
    each for a red one under Opening the Black Box (TI-Q67), 4 less for a green one under
    Corporate Sponsorship (TI-Q65); 6 more where Focused Research waives a prerequisite
    (TI-Q66)."""
    colour = load().technologies[technology].colour
    each = 2 if colour == "red" and held(game, seat, BLACK_BOX) else 1
    discount = each * sum(planet(n).specialty == colour for n in ready(game.forces, seat))
    discount += SPONSORSHIP if colour == "green" and held(game, seat, SPONSORED) else 0
    waiver = 0 if _meets(set(game.players[seat].technologies), technology) else WAIVER
    return max(0, PRICE - discount) + waiver
