"""Setup as events (TI-S): races, speaker, galaxy, starting units, counters, trade goods and the
objective decks, drawn from the chance source and placed as the rules say."""

import random

from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.decisions import Station
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Phase
from tests.twilight_imperium_3.play import GAME, refused, settled, started, stationed, step


def test_ti_s1_each_seat_draws_a_different_race_from_the_chance_source() -> None:
    state = started(6, seed=4)
    races = [p.race for p in state.players]
    assert len(set(races)) == 6 and set(races) <= set(load().races)
    assert [p.race for p in started(6, seed=4).players] == races  # the same chance, the same draw
    homes = [load().races[r].home for r in races]
    assert state.galaxy.home_systems == tuple(homes)


def test_ti_s2_the_speaker_is_drawn_and_picks_first() -> None:
    speakers = {started(4, seed=n).speaker for n in range(12)}
    assert speakers == {0, 1, 2, 3}
    state = stationed(4, seed=1)
    assert GAME.waiting(state).must == (state.speaker,)


def test_ti_s1_s2_the_setup_line_names_the_races_whether_or_not_the_seats_are_held() -> None:
    """Setup is told as the match opens, before anyone takes a seat: the lines call the seats
    "seat 0" then, and each race is named with its seat, the speaker by race too."""
    setup = GAME.initial(3, {}, random.Random(1))[0]
    races = [load().races[r].name for r in setup.races]  # L1Z1X, Jol-Nar and Mentak here
    open_seats = GAME.narrate(None, setup, None, ["seat 0", "seat 1", "seat 2"])
    assert open_seats.startswith(
        f"the galaxy is dealt; races: {races[0]} (seat 0), {races[1]} (seat 1) and"
        f" {races[2]} (seat 2); the speaker: {races[setup.speaker]} (seat {setup.speaker});"
    )
    held = GAME.narrate(None, setup, None, ["ann", "bob", "cy"])
    assert f"races: {races[0]} (ann), {races[1]} (bob) and {races[2]} (cy);" in held


def test_ti_s4_units_are_shared_among_home_planets_at_most_one_dock_and_two_pds() -> None:
    state = settled(started(3, seed=1))  # seat 1 is Jol-Nar: Jol and Nar
    assert state.phase == Phase.STATION and GAME.waiting(state).must == (1,)
    all_on_jol = {"Jol": {"space_dock": 1, "ground_force": 2, "pds": 2}}
    state = step(state, 1, Station(planets=all_on_jol))
    assert state.forces.planets["Jol"].units == all_on_jol["Jol"]
    assert state.phase == Phase.STRATEGY


def test_ti_s4_sharing_out_ones_units_is_judged_on_any_view() -> None:
    # the seats share theirs out at once, and another's placing changes nothing of one's own:
    # a station sent on a view older than another seat's is judged, not sent back as stale
    assert not GAME.needs_fresh_view(Station(planets={}))


def test_ti_s4_the_help_writes_the_form_the_command_is_read_in() -> None:
    state = settled(started(3, seed=1))
    form = "station <planet>: <n> <unit>, …; <planet>: …"
    assert form in GAME.text_help(state, 1)
    refusal = GAME.read_text(state, 1, "station 2 ground force on Jol")
    assert isinstance(refusal, Rejection) and form in refusal.reason


def test_ti_s4_a_second_dock_three_pds_or_units_left_out_are_refused() -> None:
    state = settled(started(3, seed=1))
    two_docks = {"Jol": {"space_dock": 1, "ground_force": 2}, "Nar": {"space_dock": 1, "pds": 2}}
    assert refused(state, 1, Station(planets=two_docks)) == "TI-S4"
    left_out = {"Jol": {"space_dock": 1, "ground_force": 1, "pds": 2}}
    assert refused(state, 1, Station(planets=left_out)) == "TI-S4"
    elsewhere = {"Jord": {"space_dock": 1, "ground_force": 2, "pds": 2}}
    assert refused(state, 1, Station(planets=elsewhere)) == "TI-S4"


def test_ti_s4_a_single_home_planet_takes_its_units_at_once() -> None:
    state = started(3, seed=1)  # seat 0 is L1Z1X on [0.0.0]
    assert state.players[0].stationed
    assert state.forces.planets["[0.0.0]"].units == {"ground_force": 5, "pds": 1, "space_dock": 1}
    assert state.forces.fleet("307", 0).units == {"dreadnought": 1, "carrier": 1, "fighter": 3}


def test_ti_s5_home_planets_start_ready_and_controlled_the_rest_neutral() -> None:
    state = started(3, seed=1)
    assert {n: (h.controller, h.exhausted) for n, h in state.forces.planets.items()} == {
        "[0.0.0]": (0, False),
        "Jol": (1, False),
        "Nar": (1, False),
        "Moll Primus": (2, False),
    }


def test_ti_s6_counters_and_technologies_as_the_race_starts() -> None:
    state = started(3, seed=1)  # L1Z1X, Jol-Nar, Mentak
    counters = [(p.strategy, p.command, p.fleet) for p in state.players]
    assert counters == [(3, 3, 3), (2, 3, 3), (2, 3, 4)]
    assert state.players[1].technologies == load().races["jol_nar"].technologies


def test_ti_s7_players_start_without_trade_goods_but_the_crowded_five_player_seats() -> None:
    assert [p.trade_goods for p in started(3, seed=1).players] == [0, 0, 0]
    five = started(5, seed=1)
    gifts = {five.galaxy.home_positions[s]: p.trade_goods for s, p in enumerate(five.players)}
    assert gifts == {"303": 0, "307": 4, "310": 6, "313": 4, "317": 0}


def test_ti_s8_each_seat_holds_a_secret_objective_seen_by_it_alone() -> None:
    state = started(4, seed=2)
    secrets = [p.secret for p in state.players]
    assert len(set(secrets)) == 4
    assert all(load().objectives[s].stage == "secret" for s in secrets)
    seen = GAME.view(state, 2)
    assert [p.secret for p in seen.players] == ["", "", secrets[2], ""]
    assert all(p.secret == "" for p in GAME.view(state, None).players)


def test_ti_s9_six_stage_one_objectives_over_four_stage_two_with_imperium_rex() -> None:
    for seed in range(20):
        deck = started(3, seed=seed).objectives
        stages = [load().objectives[o].stage for o in deck]
        assert stages == ["I"] * 6 + ["II"] * 4 and "p2_10" in deck[6:]
        assert len(set(deck)) == 10
    assert GAME.view(started(3), 0).objectives == ("",) * 10  # its order hidden from all


def test_ti_s10_round_one_begins_with_the_cards_in_the_common_area_and_no_points() -> None:
    state = stationed(3, seed=1)
    assert state.round == 1 and state.phase == Phase.STRATEGY
    assert all(p.points == 0 and p.cards == () for p in state.players)
    assert state.bonus == (0,) * 8


def test_ti_s1_s9_the_same_seed_sets_up_the_same_game() -> None:
    one = GAME.initial(5, {}, random.Random("same"))
    two = GAME.initial(5, {}, random.Random("same"))
    assert one == two
