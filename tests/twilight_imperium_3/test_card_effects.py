"""The "as an action" cards' effects (TI-Q3 to TI-Q24), each played by Sol (seat 0) in the arena
(arena.py) with no one else holding a card, so no Sabotage window opens."""

import random

import msgspec

from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.decisions import Warship
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.state import Game
from tests.twilight_imperium_3.arena import AT, JOL_NAR, MENTAK, SOL, act, arena
from tests.twilight_imperium_3.battlefield import galaxy
from tests.twilight_imperium_3.cards import answered, copy, holding_cards
from tests.twilight_imperium_3.play import GAME, refused, step, with_player

LODOR = "201"  # next to Sol's home system, 301


def _with_lodor(state: Game) -> Game:
    """The arena with Lodor (a planet and the alpha wormhole) at 201."""
    return msgspec.structs.replace(state, galaxy=galaxy({AT: "abyz_fria", LODOR: "lodor"}))


def _played(state: Game, d: PlayCard, *rolls: int) -> Game:
    state = holding_cards(state, SOL, d.card)
    state, _ = act(state, SOL, d, *rolls) if rolls else (step(state, SOL, d), [])
    assert state.turn == MENTAK  # the card was the turn's action
    return state


def test_ti_q3_armistice_lasts_the_round() -> None:
    state = arena({}, {"Abyz": Holding(SOL)})
    assert (
        refused(
            holding_cards(state, SOL, "armistice"),
            SOL,
            PlayCard("armistice", seat=1, planet="Moll Primus"),
        )
        == "TI-Q3"
    )
    state = _played(state, PlayCard("armistice", seat=MENTAK, planet="Abyz"))
    assert [(a.card, a.other, a.planet) for a in state.lasting] == [("armistice", MENTAK, "Abyz")]


def test_ti_q4_civil_defense_places_two_pds_on_a_planet_without() -> None:
    state = _played(arena({}), PlayCard("civil_defense", planet="Jord"))
    assert state.forces.planets["Jord"].units["pds"] == 2


def test_ti_q5_diplomatic_immunity_needs_a_ship_of_his_there() -> None:
    state = arena({("102", SOL): {"cruiser": 1}})
    held = holding_cards(state, SOL, "diplomatic_immunity")
    assert refused(held, SOL, PlayCard("diplomatic_immunity", system="103")) == "TI-Q5"
    state = _played(state, PlayCard("diplomatic_immunity", system="102"))
    assert state.lasting[0].system == "102"


def test_ti_q7_good_year_pays_a_trade_good_per_planet_outside_the_home_system() -> None:
    state = arena({}, {"Abyz": Holding(SOL), "Fria": Holding(SOL)})
    assert _played(state, PlayCard("good_year")).players[SOL].trade_goods == 2


def test_ti_q8_insubordination_takes_a_counter_from_his_command_pool() -> None:
    state = _played(arena({}), PlayCard("insubordination", seat=MENTAK))
    assert state.players[MENTAK].command == 2


def test_ti_q9_local_unrest_exhausts_kills_one_and_with_none_left_turns_neutral() -> None:
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 2}), "Fria": Holding(MENTAK)}
    state = _played(arena({}, planets), PlayCard("local_unrest", planet="Abyz"))
    assert state.forces.planets["Abyz"] == Holding(MENTAK, True, {"ground_force": 1})
    state = _played(
        msgspec.structs.replace(state, turn=SOL), PlayCard("local_unrest", planet="Fria")
    )
    assert state.forces.planets["Fria"].controller is None


def test_ti_q10_lucky_shot_destroys_a_cruiser_where_he_holds_a_planet() -> None:
    state = arena({(AT, MENTAK): {"cruiser": 2}}, {"Abyz": Holding(SOL)})
    state = _played(state, PlayCard("lucky_shot", seat=MENTAK, system=AT, unit="cruiser"))
    assert state.forces.fleet(AT, MENTAK).units == {"cruiser": 1}


def test_ti_q11_transport_moves_ground_forces_by_a_way_free_of_enemy_ships() -> None:
    planets = {
        "Jord": Holding(SOL, units={"ground_force": 4, "space_dock": 1}),
        "Abyz": Holding(SOL),
    }
    state = _played(
        arena({}, planets), PlayCard("transport", planet="Jord", target="Abyz", count=3)
    )
    assert state.forces.planets["Abyz"].units == {"ground_force": 3}
    blocked = holding_cards(arena({("101", MENTAK): {"cruiser": 1}}, planets), SOL, "transport")
    assert (
        refused(blocked, SOL, PlayCard("transport", planet="Jord", target="Abyz", count=1))
        == "TI-Q11"
    )


def test_ti_q11_massive_transport_moves_a_space_dock() -> None:
    planets = {"Jord": Holding(SOL, units={"space_dock": 1}), "Abyz": Holding(SOL)}
    state = _played(arena({}, planets), PlayCard("massive_transport", planet="Jord", target="Abyz"))
    assert state.forces.planets["Abyz"].units == {"space_dock": 1}
    assert "space_dock" not in state.forces.planets["Jord"].units


def test_ti_q12_patrol_moves_warships_out_of_an_activated_system() -> None:
    state = arena({("102", SOL): {"cruiser": 1}}, counters={"102": (SOL,)})
    ship = Warship("cruiser", "102", "103")
    state = _played(state, PlayCard("patrol", ships=(ship,)))
    assert (
        state.forces.fleet("103", SOL).units == {"cruiser": 1}
        and SOL in state.forces.space["103"].counters
    )


def test_ti_q13_plague_kills_a_ground_force_on_each_even_roll() -> None:
    state = arena({}, {"Abyz": Holding(MENTAK, units={"ground_force": 3})})
    state = _played(state, PlayCard("plague", planet="Abyz"), 2, 3, 0)
    assert state.forces.planets["Abyz"].units == {"ground_force": 1}


def test_ti_q14_privateers_keeps_half_his_trade_goods() -> None:
    state = with_player(arena({}), MENTAK, trade_goods=5)
    state = _played(state, PlayCard("privateers", seat=MENTAK))
    assert state.players[SOL].trade_goods == 2 and state.players[MENTAK].trade_goods == 0


def test_ti_q6_q15_ghost_ship_and_rally_of_the_people_place_free_ships() -> None:
    state = _played(arena({}), PlayCard("rally_of_the_people"))
    assert state.forces.fleet("301", SOL).units == {"dreadnought": 1}
    state = _played(_with_lodor(arena({})), PlayCard("ghost_ship", system=LODOR))
    assert state.forces.fleet(LODOR, SOL).units == {"destroyer": 1}


def test_ti_q16_rise_of_a_messiah_puts_a_ground_force_on_every_planet_of_his() -> None:
    state = _played(arena({}, {"Abyz": Holding(SOL)}), PlayCard("rise_of_a_messiah"))
    assert state.forces.planets["Abyz"].units == {"ground_force": 1}
    assert state.forces.planets["Jord"].units["ground_force"] == 1


def test_ti_q17_secret_industrial_agent_and_spacedock_accident_outside_home_systems() -> None:
    planets = {"Abyz": Holding(MENTAK, units={"space_dock": 1})}
    held = holding_cards(arena({}, planets), SOL, "secret_industrial_agent")
    assert refused(held, SOL, PlayCard("secret_industrial_agent", planet="Moll Primus")) == "TI-Q17"
    state = _played(arena({}, planets), PlayCard("secret_industrial_agent", planet="Abyz"))
    assert state.forces.planets["Abyz"].units == {}
    state = _played(arena({}, planets), PlayCard("spacedock_accident", planet="Abyz"))
    assert state.lasting[0].planet == "Abyz"


def test_ti_q18_stellar_criminals_exhausts_half_his_ready_planets() -> None:
    planets = {"Abyz": Holding(MENTAK), "Fria": Holding(MENTAK)}
    state = _played(arena({}, planets), PlayCard("stellar_criminals", seat=MENTAK))
    assert sum(h.exhausted for n, h in state.forces.planets.items() if h.controller == MENTAK) == 1


def test_ti_q19_strategic_bombardment_exhausts_and_comes_back_on_a_six() -> None:
    state = arena({(AT, SOL): {"war_sun": 1}}, {"Abyz": Holding(MENTAK), "Fria": Holding(JOL_NAR)})
    state = _played(state, PlayCard("strategic_bombardment", system=AT), 6)
    assert state.forces.planets["Abyz"].exhausted and state.forces.planets["Fria"].exhausted
    assert state.players[SOL].hand == (copy("strategic_bombardment"),)


def test_ti_q20_successful_spy_takes_two_known_to_their_old_holder() -> None:
    state = holding_cards(arena({}), MENTAK, "plague", "patrol", "uprising")
    state = holding_cards(state, SOL, "successful_spy")
    state = answered(step(state, SOL, PlayCard("successful_spy", seat=MENTAK)))
    taken = [c for c in state.players[SOL].hand]
    assert len(taken) == 2 and len(state.players[MENTAK].hand) == 1
    dealt = GAME.resample(state, MENTAK, random.Random(1))
    assert sorted(dealt.players[SOL].hand) == sorted(taken)  # he saw them go


def test_ti_q21_unexpected_action_lifts_his_counter() -> None:
    state = _played(
        arena({}, counters={"102": (SOL,)}), PlayCard("unexpected_action", system="102")
    )
    assert SOL not in state.forces.space["102"].counters


def test_ti_q22_uprising_exhausts_every_planet_of_a_system() -> None:
    state = arena({}, {"Abyz": Holding(MENTAK), "Fria": Holding(JOL_NAR)})
    state = _played(state, PlayCard("uprising", system=AT))
    assert state.forces.planets["Abyz"].exhausted and state.forces.planets["Fria"].exhausted


def test_ti_q23_voluntary_annexation_takes_a_neutral_planet_next_to_his() -> None:
    state = _with_lodor(arena({}))
    held = holding_cards(state, SOL, "voluntary_annexation")
    assert refused(held, SOL, PlayCard("voluntary_annexation", planet="Abyz")) == "TI-Q23"
    state = _played(state, PlayCard("voluntary_annexation", planet="Lodor"))
    assert state.forces.planets["Lodor"] == Holding(SOL, True, {"ground_force": 3})


def test_ti_q24_war_footing_lasts_the_round() -> None:
    state = _played(arena({("102", SOL): {"cruiser": 1}}), PlayCard("war_footing", system="102"))
    assert state.lasting[0].card == "war_footing"
