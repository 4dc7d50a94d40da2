"""The content against the counts and tables of the data file (twilight-imperium-3-data.md):
units (§1), races (§2.1, §2.2), the stage-1 technologies (§3), strategy cards (§4), objectives
(§7), system tiles and planets (§8.1, §8.2) and the galaxy for 3 to 6 players (§8.3)."""

from collections import Counter

from events.rulesets.twilight_imperium_3.content import MECATOL_REX
from events.rulesets.twilight_imperium_3.galaxy import positions
from events.rulesets.twilight_imperium_3.loader import load

CONTENT = load()
SYSTEMS = CONTENT.systems.values()
TILES = [s for s in SYSTEMS for _ in range(s.copies)]
ABBREVIATIONS = {"SD": "space_dock", "DN": "dreadnought", "GF": "ground_force", "PDS": "pds"}

# §1: cost, combat, dice, move, capacity, pieces per colour
UNITS = {
    "war_sun": (12, 3, 3, 2, 6, 2),
    "dreadnought": (5, 5, 1, 1, 0, 5),
    "cruiser": (2, 7, 1, 2, 0, 8),
    "destroyer": (1, 9, 1, 2, 0, 8),
    "carrier": (3, 9, 1, 1, 6, 4),
    "fighter": (1, 9, 1, 0, 0, 10),
    "ground_force": (1, 8, 1, 0, 0, 12),
    "pds": (2, 6, 1, 0, 0, 6),
    "space_dock": (4, 0, 1, 0, 0, 3),
}

# §2.1 home planets' totals (resources/influence), §2.2 starting units as the data file has them
RACES = {
    "jol_nar": ("3/5", "1 SD, 1 DN, 2 Carrier, 1 Fighter, 2 GF, 2 PDS"),
    "naalu": ("3/3", "1 SD, 1 Carrier, 1 Cruiser, 1 Destroyer, 4 Fighter, 4 GF, 1 PDS"),
    "l1z1x": ("5/0", "1 SD, 1 DN, 1 Carrier, 3 Fighter, 5 GF, 1 PDS"),
    "mentak": ("4/1", "1 SD, 1 Carrier, 3 Cruiser, 4 GF, 1 PDS"),
    "letnev": ("6/1", "1 SD, 1 DN, 1 Destroyer, 1 Carrier, 3 GF"),
    "xxcha": ("3/4", "1 SD, 2 Cruiser, 1 Carrier, 3 Fighter, 2 GF, 1 PDS"),
    "yssaril": ("3/5", "1 SD, 2 Carrier, 1 Cruiser, 2 Fighter, 5 GF, 1 PDS"),
    "hacan": ("3/2", "1 SD, 2 Carrier, 1 Cruiser, 2 Fighter, 4 GF"),
    "norr": ("4/1", "1 SD, 1 Carrier, 1 Cruiser, 5 GF, 1 PDS"),
    "sol": ("4/2", "1 SD, 2 Carrier, 1 Destroyer, 5 GF"),
}


def _units(listing: str) -> dict[str, int]:
    counted = (part.split(" ", 1) for part in listing.split(", "))
    return {ABBREVIATIONS.get(name, name.lower()): int(n) for n, name in counted}


def test_nine_unit_types_as_the_unit_table_has_them():
    found = {
        u.id: (u.cost, u.combat, u.dice, u.move, u.capacity, u.pieces)
        for u in CONTENT.units.values()
    }
    assert found == UNITS
    assert {u.id for u in CONTENT.units.values() if u.units_per_cost == 2} == {
        "fighter",
        "ground_force",
    }
    assert CONTENT.units["space_dock"].fighter_support == 3
    assert CONTENT.units["war_sun"].requires == "war_sun"


def test_ten_races_with_their_home_planets_starting_units_and_counters():
    assert len(CONTENT.races) == 10
    for race, (totals, units) in RACES.items():
        planets = CONTENT.systems[CONTENT.races[race].home].planets
        found = f"{sum(p.resources for p in planets)}/{sum(p.influence for p in planets)}"
        assert (found, CONTENT.races[race].units) == (totals, _units(units)), race
    counters = {
        r.id: (r.counters.strategy, r.counters.command, r.counters.fleet)
        for r in CONTENT.races.values()
    }
    assert counters.pop("l1z1x") == (3, 3, 3) and counters.pop("mentak") == (2, 3, 4)
    assert set(counters.values()) == {(2, 3, 3)}


def test_twenty_four_technologies_six_a_colour_each_reachable_and_every_starting_set_closed():
    techs = CONTENT.technologies
    assert len(techs) == 24
    assert Counter(t.colour for t in techs.values()) == {
        c: 6 for c in ("red", "green", "blue", "yellow")
    }
    assert techs["war_sun"].requires_all == ("deep_space_cannon", "sarween_tools")
    assert techs["cybernetics"].requires_any == ("stasis_capsules", "antimass_deflectors")
    assert techs["graviton_negator"].requires_any == ("assault_cannon", "dacxive_animators")
    owned: set[str] = set()
    while gained := {
        t.id
        for t in techs.values()
        if t.id not in owned
        and set(t.requires_all) <= owned
        and (not t.requires_any or owned & set(t.requires_any))
    }:
        owned |= gained
    assert owned == set(techs)  # no cycle among prerequisites
    for race in CONTENT.races.values():
        owned = set(race.technologies)
        for tech in (techs[t] for t in owned):
            assert set(tech.requires_all) <= owned, (race.id, tech.id)
            assert not tech.requires_any or owned & set(tech.requires_any), (race.id, tech.id)


def test_eight_strategy_cards_by_initiative():
    cards = CONTENT.strategy_cards
    assert [c.name for c in cards] == [
        "Initiative",
        "Diplomacy",
        "Political",
        "Logistics",
        "Trade",
        "Warfare",
        "Technology",
        "Imperial",
    ]
    assert [c.number for c in cards if not c.secondary_counter] == [1, 4]
    assert [c.number for c in cards if c.stage_one] == [3]  # Political; Trade is whole (TI-R3)


def test_thirty_objectives_and_their_worth():
    by_stage = Counter(o.stage for o in CONTENT.objectives.values())
    assert by_stage == {"I": 10, "II": 10, "secret": 10}
    worth = Counter((o.stage, o.vp, o.outcome) for o in CONTENT.objectives.values())
    assert worth == {
        ("I", 1, "points"): 10,
        ("II", 2, "points"): 5,
        ("II", 3, "points"): 2,
        ("II", 0, "victory"): 2,
        ("II", 0, "end"): 1,
        ("secret", 2, "points"): 10,
    }
    named = {o.name for o in CONTENT.objectives.values() if o.name}
    assert {"Domination!", "Supremacy!", "Imperium Rex", "Conqueror", "Usurper"} <= named
    assert all(o.conditions for o in CONTENT.objectives.values() if o.outcome != "end")


def test_forty_three_tiles_and_fifty_one_planets():
    assert len(TILES) == 43
    kinds = Counter(
        "mecatol rex"
        if s.id == MECATOL_REX
        else s.kind
        if s.kind != "regular"
        else f"{len(s.planets)} planets" + (" + wormhole" if s.wormhole else "")
        for s in TILES
    )
    assert kinds == {
        "home": 10,
        "mecatol rex": 1,
        "2 planets": 12,
        "1 planets": 6,
        "1 planets + wormhole": 2,
        "0 planets + wormhole": 2,
        "0 planets": 6,
        "asteroid_field": 2,
        "nebula": 1,
        "supernova": 1,
    }
    assert sum(len(s.planets) for s in TILES) == 51


def test_the_thirty_two_regular_planets_add_up():
    planets = [p for s in SYSTEMS if s.kind == "regular" and s.id != MECATOL_REX for p in s.planets]
    assert len(planets) == 32
    assert (sum(p.resources for p in planets), sum(p.influence for p in planets)) == (46, 47)
    assert Counter(p.specialty for p in planets) == {"": 14, "red": 6, "green": 6, "blue": 6}
    assert not any(p.specialty for s in SYSTEMS if s.kind == "home" for p in s.planets)
    mecatol_rex = CONTENT.systems[MECATOL_REX].planets
    assert [(p.resources, p.influence) for p in mecatol_rex] == [(1, 6)]


def test_two_wormholes_of_each_kind():
    holders = {(s.name, s.wormhole) for s in SYSTEMS if s.wormhole}
    assert holders == {
        ("Lodor", "alpha"),
        ("Alpha Wormhole", "alpha"),
        ("Quann", "beta"),
        ("Beta Wormhole", "beta"),
    }


def test_the_galaxy_for_each_number_of_players():
    """§8.3: hexes in play, tiles dealt to each, tiles removed; 5 players: one face down."""
    found = {
        n: (len(positions(layout)), layout.hand, layout.removed, layout.face_down)
        for n, layout in CONTENT.layouts.items()
    }
    assert found == {6: (37, 5, 2, 0), 5: (37, 6, 1, 1), 4: (37, 8, 0, 0), 3: (28, 8, 4, 0)}
    assert CONTENT.layouts[3].set_aside == {"empty_space": 3, "asteroid_field": 1}
    assert {n: layout.strategy_cards for n, layout in CONTENT.layouts.items()} == {
        6: 1,
        5: 1,
        4: 2,
        3: 2,
    }
