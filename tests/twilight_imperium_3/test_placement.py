"""The placement judge, rule by rule: whose turn and which tile (TI-G4), where (TI-G5), a planet
after a planetless system (TI-G6), special systems kept apart unless no other choice (TI-G7),
the tile face down unseen (TI-G8); and `placements` lists exactly what the judge accepts."""

import random

from events.rulesets.twilight_imperium_3.dealt import dealing
from events.rulesets.twilight_imperium_3.galaxy import Placement, open_positions, place, placer
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.placement import placements, refusal
from tests.twilight_imperium_3.galaxies import inner_rings_done, three_players

RING_THREE_BUT_302 = {p: "thibah" for p in ("306", "308", "312", "314", "318")}


def _rule(galaxy, seat, system, position) -> str | None:
    refused = refusal(galaxy, Placement(seat, system, position))
    return refused.rule if refused else None


def test_ti_g4_only_the_placer_places_and_only_from_their_hand():
    galaxy = three_players({}, (("saudor",), ("thibah",), ("wellon",)))
    assert _rule(galaxy, 1, "thibah", "101") == "TI-G4"
    assert _rule(galaxy, 0, "thibah", "101") == "TI-G4"
    assert _rule(galaxy, 0, "saudor", "101") is None


def test_ti_g5_ring_two_waits_for_ring_one_and_a_taken_place_is_refused():
    galaxy = three_players({"101": "lodor"}, (("saudor",), (), ()))
    assert _rule(galaxy, 0, "saudor", "201") == "TI-G5"
    assert _rule(galaxy, 0, "saudor", "101") == "TI-G5"
    assert _rule(galaxy, 0, "saudor", "102") is None


def test_ti_g5_a_home_place_is_kept_for_its_home():
    galaxy = three_players(inner_rings_done(), (("saudor",), (), ()))
    words = refusal(galaxy, Placement(0, "saudor", "307"))
    assert words is not None and words.rule == "TI-G5" and "302, 306, 308" in words.reason
    assert _rule(galaxy, 0, "saudor", "302") is None


def test_ti_g6_after_a_planetless_system_the_next_has_planets_if_the_hand_holds_one():
    """Seat 0 placed last in ring 1, and an empty system: it places again, first in ring 2."""
    seats = (0, 1, 2, 2, 1, 0)
    ring_one = tuple(Placement(s, "thibah", f"10{i + 1}") for i, s in enumerate(seats))
    placed = (*ring_one[:5], Placement(0, "empty_space", "106"))
    galaxy = three_players({}, (("nebula", "saudor"), (), ()), placed)
    assert placer(galaxy) == 0
    assert _rule(galaxy, 0, "nebula", "201") == "TI-G6"
    assert _rule(galaxy, 0, "saudor", "201") is None
    without_planets = three_players({}, (("nebula", "alpha_wormhole"), (), ()), placed)
    assert _rule(without_planets, 0, "nebula", "201") is None
    after_a_planet = three_players({}, (("nebula", "saudor"), (), ()), ring_one)
    assert _rule(after_a_planet, 0, "nebula", "201") is None


def test_ti_g7_a_special_system_may_not_go_next_to_another_while_avoidable():
    galaxy = three_players(
        inner_rings_done() | {"201": "nebula"}, (("supernova", "saudor"), (), ())
    )
    assert _rule(galaxy, 0, "supernova", "302") == "TI-G7"
    assert _rule(galaxy, 0, "supernova", "306") is None
    assert _rule(galaxy, 0, "saudor", "302") is None


def test_ti_g7_a_tile_with_planets_in_hand_is_another_choice():
    tiles = inner_rings_done() | {"201": "nebula"} | RING_THREE_BUT_302
    galaxy = three_players(tiles, (("supernova", "saudor"), (), ()))
    assert _rule(galaxy, 0, "supernova", "302") == "TI-G7"


def test_ti_g7_with_no_other_choice_the_special_system_goes_next_to_another():
    tiles = inner_rings_done() | {"201": "nebula"} | RING_THREE_BUT_302
    galaxy = three_players(tiles, (("supernova", "asteroid_field"), (), ()))
    assert _rule(galaxy, 0, "supernova", "302") is None
    assert placements(galaxy, 0) == (
        Placement(0, "asteroid_field", "302"),
        Placement(0, "supernova", "302"),
    )


def test_ti_g8_the_tile_face_down_counts_as_no_special_system():
    tiles = inner_rings_done() | {"201": "nebula"}
    galaxy = three_players(tiles, (("supernova", "saudor"), (), ()), face_down="201")
    assert _rule(galaxy, 0, "supernova", "302") is None


def test_nothing_is_placed_once_the_galaxy_is_built():
    ring_three = {p: "empty_space" for p in ("302", "306", "308", "312", "314", "318")}
    galaxy = three_players(inner_rings_done() | ring_three, ((), (), ()))
    assert _rule(galaxy, 0, "saudor", "302") == "TI-G5" and placements(galaxy, 0) == ()


def test_placements_are_exactly_what_the_judge_accepts_all_through_a_build():
    content = load()
    homes = tuple(r.home for r in content.races.values())
    for players in (3, 4, 5, 6):
        rng = random.Random(players)
        layout = content.layouts[players]
        places = tuple(h.position for h in layout.homes)
        galaxy = dealing(homes[:players], places, 0, "103", rng)
        while not galaxy.built:
            seat = placer(galaxy)
            offered = set(placements(galaxy, seat))
            candidates = {
                Placement(s, t, p)
                for s in range(players)
                for t in set(galaxy.hands[s])
                for p in open_positions(galaxy)
            }
            assert offered == {c for c in candidates if refusal(galaxy, c) is None}
            galaxy = place(galaxy, rng.choice(sorted(offered, key=str)))
