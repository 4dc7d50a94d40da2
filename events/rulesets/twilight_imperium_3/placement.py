"""The rulebook's rules for placing one tile while the galaxy is built, as a judge: why a
placement is refused (a rule ID and words), or None; and every placement it would accept. The
"build" option asks players for placements; the "dealt" option draws among them."""

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.galaxy import Galaxy, Placement, open_positions, placer
from events.rulesets.twilight_imperium_3.loader import load


def refusal(galaxy: Galaxy, placement: Placement) -> Rejection | None:
    seat, system, position = placement.seat, placement.system, placement.position
    if galaxy.built:
        return Rejection("TI-G5", "the galaxy is built")
    if seat != placer(galaxy):
        return Rejection("TI-G4", "it is another player's turn to place a system")
    if system not in galaxy.hands[seat]:
        return Rejection("TI-G4", "that system is not in your hand")
    if position not in open_positions(galaxy):
        return Rejection("TI-G5", f"{position} is not open: {_open_words(galaxy)}")
    if system not in _allowed_tiles(galaxy, seat):
        return Rejection(
            "TI-G6", "you placed a system without planets last: place one with planets"
        )
    if _crowds_special(galaxy, system, position) and not _forced(galaxy, seat):
        return Rejection(
            "TI-G7", "a special system may not go next to another one while you can avoid it"
        )
    return None


def placements(galaxy: Galaxy, seat: int) -> tuple[Placement, ...]:
    """Every placement the judge accepts from this seat now, each tile kind once."""
    if galaxy.built or seat != placer(galaxy):
        return ()
    tiles = sorted(set(_allowed_tiles(galaxy, seat)))
    candidates = [Placement(seat, t, p) for t in tiles for p in open_positions(galaxy)]
    if _forced(galaxy, seat):
        return tuple(candidates)
    return tuple(c for c in candidates if not _crowds_special(galaxy, c.system, c.position))


def _allowed_tiles(galaxy: Galaxy, seat: int) -> tuple[str, ...]:
    """The hand, or only its systems with planets after a planetless one, if any (TI-G6)."""
    hand = galaxy.hands[seat]
    own = [p for p in galaxy.placed if p.seat == seat]
    systems = load().systems
    with_planets = tuple(t for t in hand if systems[t].planets)
    if own and not systems[own[-1].system].planets and with_planets:
        return with_planets
    return hand


def _crowds_special(galaxy: Galaxy, system: str, position: str) -> bool:
    """A special system next to another; the tile face down counts as none, unseen (TI-G8)."""
    systems = load().systems
    if not systems[system].special:
        return False
    around = (p for p in hexes.neighbours(position) if p in galaxy.tiles and p != galaxy.face_down)
    return any(systems[galaxy.tiles[p]].special for p in around)


def _forced(galaxy: Galaxy, seat: int) -> bool:
    """Every placement open to the seat puts a special system next to another (TI-G7)."""
    return all(
        _crowds_special(galaxy, t, p)
        for t in set(_allowed_tiles(galaxy, seat))
        for p in open_positions(galaxy)
    )


def _open_words(galaxy: Galaxy) -> str:
    return "place in " + ", ".join(open_positions(galaxy))
