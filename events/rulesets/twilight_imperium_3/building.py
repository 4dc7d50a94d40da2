"""The galaxy built by the players (option `galaxy = build`, TI-G3 to TI-G8): with 6 players
each picks a side in turn, with 5 the speaker lays the face-down tile in ring 1, the hands are
dealt, then each places a tile in turn as `placement.refusal` judges it; a hand is shown when
TI-G6 finds no system with planets in it; once built, the face-down tile is turned up and the
units join their home systems. Its decisions, events, evolve rows and prompt, and what a seat
may see of it (`hidden`, `resampled`)."""

import random
from collections import Counter

import msgspec

from events.kit.batch import Batch
from events.kit.phases import Ask, Prompt
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import hexes
from events.rulesets.twilight_imperium_3.content import MECATOL_REX
from events.rulesets.twilight_imperium_3.dealt import dealing
from events.rulesets.twilight_imperium_3.forces import Forces
from events.rulesets.twilight_imperium_3.galaxy import Galaxy, Placement, place, placer
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.placement import placements, refusal
from events.rulesets.twilight_imperium_3.setup import starting_forces
from events.rulesets.twilight_imperium_3.state import Game, Phase

HIDDEN = ""  # a tile a seat may not see
RING_ONE = tuple(c for c in hexes.CODES if hexes.ring(c) == 1)
replace = msgspec.structs.replace


class PickSide(msgspec.Struct, frozen=True, tag="ti.side"):
    """With 6 players, the side of Mecatol Rex the home system lies on: 1 to 6, clockwise from
    due north (TI-G3)."""

    side: int


class LayFaceDown(msgspec.Struct, frozen=True, tag="ti.lay_face_down"):
    """With 5 players, where in ring 1 the speaker lays the face-down tile (TI-G8)."""

    position: str


class Place(msgspec.Struct, frozen=True, tag="ti.place"):
    """A system of the hand placed face up at an open position (TI-G4 to TI-G7)."""

    system: str
    position: str


class SidePicked(msgspec.Struct, frozen=True, tag="ti.side_picked"):
    seat: int
    position: str  # where the home system will join


class FaceDownLaid(msgspec.Struct, frozen=True, tag="ti.face_down_laid"):
    seat: int
    position: str


class Dealt(msgspec.Struct, frozen=True, tag="ti.dealt"):
    """The hands dealt, secret, and the face-down tile drawn (its system, "" with no such tile)."""

    hands: tuple[tuple[str, ...], ...]
    face_down: str


class Placed(msgspec.Struct, frozen=True, tag="ti.placed"):
    seat: int
    system: str
    position: str


class HandShown(msgspec.Struct, frozen=True, tag="ti.hand_shown"):
    """A hand with no system with planets, shown to all before its owner places (TI-G6)."""

    seat: int
    hand: tuple[str, ...]


class GalaxyBuilt(msgspec.Struct, frozen=True, tag="ti.galaxy_built"):
    """The face-down tile turned up (its system, "" with none) and the starting units placed."""

    face_down: str
    forces: Forces


DECISIONS = (PickSide, LayFaceDown, Place)
EVENTS = (SidePicked, FaceDownLaid, Dealt, Placed, HandShown, GalaxyBuilt)


def _galaxy(game: Game, **changes: object) -> Game:
    return replace(game, galaxy=replace(game.galaxy, **changes))


def _side_picked(game: Game, e: SidePicked) -> Game:
    homes = tuple(
        e.position if s == e.seat else p for s, p in enumerate(game.galaxy.home_positions)
    )
    return _galaxy(game, home_positions=homes)


def _dealt(game: Game, e: Dealt) -> Game:
    tiles = game.galaxy.tiles | ({game.galaxy.face_down: e.face_down} if e.face_down else {})
    return _galaxy(game, hands=e.hands, tiles=tiles)


def _placed(game: Game, e: Placed) -> Game:
    return replace(game, galaxy=place(game.galaxy, Placement(e.seat, e.system, e.position)))


ROWS = {
    SidePicked: _side_picked,
    FaceDownLaid: lambda g, e: _galaxy(g, face_down=e.position),
    Dealt: _dealt,
    Placed: _placed,
    HandShown: lambda g, e: g,
    GalaxyBuilt: lambda g, e: replace(g, forces=e.forces, phase=Phase.STATION),
}


def dealt(galaxy: Galaxy) -> bool:
    return galaxy.built or any(galaxy.hands)


def side_picker(galaxy: Galaxy) -> int:
    """The next seat to pick a side, from the speaker in the order of the seats (TI-G3), or -1."""
    seats = galaxy.players
    order = [(galaxy.speaker + k) % seats for k in range(seats)]
    return next((s for s in order if not galaxy.home_positions[s]), -1)


def chooser(galaxy: Galaxy) -> int:
    """The seat the build waits on, or -1 while the tiles are dealt or once it is built."""
    if side_picker(galaxy) >= 0:
        return side_picker(galaxy)
    if galaxy.layout.face_down and not galaxy.face_down:
        return galaxy.speaker
    return placer(galaxy) if dealt(galaxy) and not galaxy.built else -1


def sides(galaxy: Galaxy) -> tuple[int, ...]:
    """The sides still free, 1 to 6."""
    homes = [h.position for h in galaxy.layout.homes]
    return tuple(n for n, p in enumerate(homes, 1) if p not in galaxy.home_positions)


def _has_planets(system: str) -> bool:
    return bool(load().systems[system].planets)


def _unable(galaxy: Galaxy, seat: int, back: int) -> bool:
    """Whether, just after its `back`-th placement from the last (0: the last), the seat had
    placed a system without planets and held none with planets (TI-G6)."""
    own = [p.system for p in galaxy.placed if p.seat == seat]
    if back >= len(own) or HIDDEN in galaxy.hands[seat]:
        return False
    after = [*galaxy.hands[seat], *own[len(own) - back :]]
    return not _has_planets(own[-1 - back]) and not any(map(_has_planets, after))


def must_show(galaxy: Galaxy, seat: int) -> bool:
    """The seat's turn to place has come and TI-G6 finds no system with planets in its hand."""
    return placer(galaxy) == seat and bool(galaxy.hands[seat]) and _unable(galaxy, seat, 0)


def shown(galaxy: Galaxy, seat: int) -> bool:
    """Whether the seat's hand is open to all: shown when its turn came (TI-G6), it stays
    known, only shrinking."""
    return _unable(galaxy, seat, 0) and (_unable(galaxy, seat, 1) or must_show(galaxy, seat))


# judging and carrying out


def _side_refusal(game: Game, seat: int, d: PickSide) -> Rejection | None:
    free = sides(game.galaxy)
    if d.side not in free:
        return Rejection("TI-G3", f"pick a free side: {', '.join(map(str, free))}")
    return None


def _pick_side(batch: Batch[Game], seat: int, d: PickSide) -> None:
    position = batch.game.galaxy.layout.homes[d.side - 1].position
    batch.emit(SidePicked(seat=seat, position=position))


def _face_down_refusal(game: Game, seat: int, d: LayFaceDown) -> Rejection | None:
    if d.position not in RING_ONE:
        return Rejection("TI-G8", f"lay the tile in ring 1: {', '.join(RING_ONE)}")
    return None


def _place_refusal(game: Game, seat: int, d: Place) -> Rejection | None:
    return refusal(game.galaxy, Placement(seat, d.system, d.position))


def _place(batch: Batch[Game], seat: int, d: Place) -> None:
    batch.emit(Placed(seat=seat, system=d.system, position=d.position))
    galaxy = batch.game.galaxy
    turn = placer(galaxy)
    if not galaxy.built and must_show(galaxy, turn) and not _unable(galaxy, turn, 1):
        batch.emit(HandShown(seat=turn, hand=galaxy.hands[turn]))


def _follows(batch: Batch[Game]) -> None:
    """The hands dealt once sides and the face-down tile's place are known; once the galaxy is
    built, the units placed (TI-S4)."""
    game = batch.game
    galaxy = game.galaxy
    if not dealt(galaxy):
        fresh = dealing(
            galaxy.home_systems,
            galaxy.home_positions,
            galaxy.speaker,
            galaxy.face_down,
            batch.chance,
        )
        face_down = fresh.tiles.get(fresh.face_down, "") if fresh.face_down else ""
        batch.emit(Dealt(hands=fresh.hands, face_down=face_down))
    else:
        races = tuple(p.race for p in game.players)
        tile = galaxy.tiles.get(galaxy.face_down, "")
        batch.emit(GalaxyBuilt(face_down=tile, forces=starting_forces(races, galaxy)))


def _offers(game: Game, seat: int) -> list[PickSide | LayFaceDown | Place]:
    galaxy = game.galaxy
    if side_picker(galaxy) >= 0:
        return [PickSide(n) for n in sides(galaxy)]
    if galaxy.layout.face_down and not galaxy.face_down:
        return [LayFaceDown(p) for p in RING_ONE]
    return [Place(p.system, p.position) for p in placements(galaxy, seat)]


ASKS = (
    Ask(PickSide, "TI-G3", "pick a side", "side <1-6>", _side_refusal, _pick_side),
    Ask(
        LayFaceDown,
        "TI-G8",
        "lay the tile face down",
        "face down at <101-106>",
        _face_down_refusal,
        lambda batch, seat, d: batch.emit(FaceDownLaid(seat=seat, position=d.position)),
    ),
    Ask(
        Place,
        "TI-G4",
        "place a system",
        "place <system, planet or place in your hand> at <position>",
        _place_refusal,
        _place,
    ),
)


def _asking(game: Game, seat: int) -> tuple[Ask, ...]:
    galaxy = game.galaxy
    if side_picker(galaxy) >= 0:
        return ASKS[:1]
    return ASKS[1:2] if galaxy.layout.face_down and not galaxy.face_down else ASKS[2:]


PROMPT = Prompt(
    name=Phase.GALAXY,
    asks=ASKS,
    owes=lambda game, seat: chooser(game.galaxy) == seat,
    asking=_asking,
    refuse_idle=lambda game, seat: Rejection(
        _asking(game, seat)[0].rule, "it is another player's turn to choose"
    ),
    follows=_follows,
    offers=_offers,
    default=lambda game, seat: _offers(game, seat)[0],
)


# what a seat may see


def hidden(galaxy: Galaxy, seat: int | None) -> Galaxy:
    """Others' hands as so many hidden tiles unless shown (TI-G4, TI-G6); the face-down tile
    hidden until the galaxy is built (TI-G8)."""
    hands = tuple(
        hand if s == seat or shown(galaxy, s) else (HIDDEN,) * len(hand)
        for s, hand in enumerate(galaxy.hands)
    )
    tiles = galaxy.tiles
    if galaxy.face_down in tiles and not galaxy.built:
        tiles = tiles | {galaxy.face_down: HIDDEN}
    return replace(galaxy, hands=hands, tiles=tiles)


def _holds_planets(galaxy: Galaxy, seat: int) -> bool:
    """What all know of an unshown hand: it holds a system with planets, or TI-G6 would have
    had it shown (its owner placed one without planets and its turn has come again)."""
    own = [p.system for p in galaxy.placed if p.seat == seat]
    if shown(galaxy, seat) or not own or not galaxy.hands[seat] or _has_planets(own[-1]):
        return False
    return placer(galaxy) == seat or (len(own) > 1 and not _has_planets(own[-2]))


def resampled(galaxy: Galaxy, seat: int, rng: random.Random) -> Galaxy:
    """The hands the seat cannot see and the face-down tile dealt anew from the tiles it has
    not seen: the tile mix less those on the table and in hands it sees."""
    seen = hidden(galaxy, seat)
    if seen == galaxy:
        return galaxy  # nothing hidden: no draw, so the bots' choices stay as they were
    content = load()
    layout = galaxy.layout
    mix = Counter(
        {
            s.id: s.copies - layout.set_aside.get(s.id, 0)
            for s in content.systems.values()
            if s.kind != "home" and s.id != MECATOL_REX
        }
    )
    mix -= Counter(t for t in seen.tiles.values() if t != HIDDEN)
    mix -= Counter(t for hand in seen.hands for t in hand if t != HIDDEN)
    pool = sorted(mix.elements())
    rng.shuffle(pool)
    known = [s for s, hand in enumerate(seen.hands) if HIDDEN in hand and _holds_planets(galaxy, s)]
    first = {s: pool.pop(next(i for i, t in enumerate(pool) if _has_planets(t))) for s in known}
    hands = tuple(
        (*([first[s]] if s in first else []), *(pool.pop() for _ in hand[s in first :]))
        if HIDDEN in hand
        else hand
        for s, hand in enumerate(seen.hands)
    )
    tiles = galaxy.tiles
    if seen.tiles.get(galaxy.face_down) == HIDDEN:
        tiles = tiles | {galaxy.face_down: pool.pop()}
    return replace(galaxy, hands=hands, tiles=tiles)
