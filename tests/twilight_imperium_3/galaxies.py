"""Galaxies set up by hand for the tests: three players (homes at 301, 307 and 313, seat 0
the speaker), tiles, hands and placements as a scenario needs them."""

from events.rulesets.twilight_imperium_3.galaxy import Galaxy, Placement

HOME_SYSTEMS = ("jord", "moll_primus", "jol_nar")
HOME_POSITIONS = ("301", "307", "313")
INNER = [f"10{i}" for i in range(1, 7)] + [f"2{i:02d}" for i in range(1, 13)]


def three_players(
    tiles: dict[str, str],
    hands: tuple[tuple[str, ...], ...],
    placed: tuple[Placement, ...] = (),
    face_down: str = "",
) -> Galaxy:
    """These tiles on the table besides Mecatol Rex and those `placed`, which were placed in
    this order."""
    return Galaxy(
        speaker=0,
        home_systems=HOME_SYSTEMS,
        home_positions=HOME_POSITIONS,
        tiles={"000": "mecatol_rex"} | tiles | {p.position: p.system for p in placed},
        hands=hands,
        face_down=face_down,
        placed=placed,
    )


def inner_rings_done() -> dict[str, str]:
    """Rings 1 and 2 filled with empty space, and the homes joined."""
    return {p: "empty_space" for p in INNER} | dict(zip(HOME_POSITIONS, HOME_SYSTEMS, strict=True))
