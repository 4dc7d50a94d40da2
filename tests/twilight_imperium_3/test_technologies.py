"""The technologies of stage 2 (TI-K4 to TI-K13): a scenario for each effect, through
the tactical rules' functions or a whole tactical action with loaded dice, and the Technology
card as the page and the text commands show it (TI-K2, TI-K3)."""

import random

import msgspec

from events.kit.phases import legal
from events.rulesets.twilight_imperium_3 import combat, invasion, movement, production
from events.rulesets.twilight_imperium_3.bots import greedy
from events.rulesets.twilight_imperium_3.card_events import CardsDiscarded
from events.rulesets.twilight_imperium_3.combat import Die
from events.rulesets.twilight_imperium_3.decisions import (
    Activate,
    EndTurn,
    Follow,
    Pass,
    Play,
    Transit,
)
from events.rulesets.twilight_imperium_3.facts import facts
from events.rulesets.twilight_imperium_3.fleets import Commander
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.happenings import (
    Activated,
    GroundForcesSent,
    TechnologyGained,
)
from events.rulesets.twilight_imperium_3.invasion import Bombardment, Drop, Invasion
from events.rulesets.twilight_imperium_3.movement import Group, Movement
from events.rulesets.twilight_imperium_3.orders import Bombard, Land
from events.rulesets.twilight_imperium_3.production import Batch, Build
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.rulesets.twilight_imperium_3.steps import TABLE
from events.rulesets.twilight_imperium_3.tactical_events import (
    BacterialStrike,
    CasualtiesTaken,
    GroundForcesPlaced,
    InvasionHits,
    Rolled,
)
from events.rulesets.twilight_imperium_3.technology import gainable
from tests.twilight_imperium_3.arena import AT, MENTAK, SOL, act, arena, said
from tests.twilight_imperium_3.battlefield import commander, forces, galaxy
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import GAME, picked, refused, stationed, step, with_player

NORR, XXCHA = 0, 1


def _moving(units, who: Commander, *groups: Group, activated: str = "104") -> str | None:
    refused = movement.refusal(galaxy(), units, who, Movement(activated, groups))
    return refused.rule if refused else None


def _owning(state: Game, seat: int, *technologies: str) -> Game:
    return with_player(state, seat, technologies=technologies)


def test_ti_k4_type_iv_drive_moves_cruisers_and_dreadnoughts_one_more() -> None:
    units = forces({("102", NORR): {"dreadnought": 1}}, {"104": (NORR,)})
    past_mecatol = Group("102", {"dreadnought": 1}, ("000",))
    assert _moving(units, commander(NORR), past_mecatol) == "TI-M3"
    assert _moving(units, commander(NORR, "type_iv_drive"), past_mecatol) is None
    assert movement.move_value("carrier", "regular", commander(NORR, "type_iv_drive")) == 1


def test_ti_k5_light_wave_deflector_passes_through_enemy_ships() -> None:
    units = forces(
        {("102", NORR): {"cruiser": 1}, ("000", XXCHA): {"destroyer": 1}}, {"104": (NORR,)}
    )
    past_mecatol = Group("102", {"cruiser": 1}, ("000",))
    assert _moving(units, commander(NORR), past_mecatol) == "TI-M4"
    assert _moving(units, commander(NORR, "light_wave_deflector"), past_mecatol) is None


def test_ti_k6_advanced_fighters_fly_alone_fight_better_count_against_supply_and_screen() -> None:
    units = forces({("102", NORR): {"fighter": 2}}, {"104": (NORR,)})
    alone = Group("102", {"fighter": 2}, ("000",))
    assert _moving(units, commander(NORR), alone) == "TI-M6"
    assert _moving(units, commander(NORR, "advanced_fighters"), alone) is None
    swarm = forces({("102", NORR): {"fighter": 4}}, {"104": (NORR,)})
    four = Group("102", {"fighter": 4}, ("000",))  # no support there: each counts as a ship
    assert _moving(swarm, commander(NORR, "advanced_fighters"), four) == "TI-M8"
    assert combat.dice({"fighter": 1}, commander(NORR, "advanced_fighters")) == (Die("fighter", 8),)
    assert combat.dice({"fighter": 1}, commander(NORR, "advanced_fighters", "cybernetics")) == (
        Die("fighter", 7),
    )
    screened = forces(
        {("102", NORR): {"cruiser": 1}, ("000", XXCHA): {"fighter": 2}}, {"104": (NORR,)}
    )
    past_mecatol = Group("102", {"cruiser": 1}, ("000",))
    assert _moving(screened, commander(NORR), past_mecatol) is None  # TI-M4: fighters alone
    behind = Commander(NORR, screens=frozenset({XXCHA}))
    assert _moving(screened, behind, past_mecatol) == "TI-K6"


def test_ti_k7_magen_defense_grid_pds_and_shielded_defenders_get_one_more() -> None:
    magen = commander(XXCHA, "magen_defense_grid")
    assert combat.dice({"pds": 2}, magen) == (Die("pds", 5),) * 2
    units = forces(planets={"Abyz": Holding(XXCHA, units={"ground_force": 1, "pds": 1})})
    assert invasion.defence_volley(units, Invasion("Abyz", NORR, XXCHA, 2), magen) == (
        Die("pds", 5),
    )
    assert invasion.ground_volley(1, magen, shielded=True) == (Die("ground_force", 7),)
    assert invasion.ground_volley(1, magen) == (Die("ground_force", 8),)
    assert invasion.ground_volley(1, commander(XXCHA), shielded=True) == (Die("ground_force", 8),)


def test_ti_k8_graviton_laser_system_rolls_each_missed_pds_die_again() -> None:
    pds = {"Abyz": Holding(MENTAK, units={"pds": 1, "ground_force": 1})}
    state = arena({("102", SOL): {"cruiser": 2}}, pds)
    state = _owning(state, MENTAK, "deep_space_cannon", "graviton_laser_system")
    state, _ = act(state, SOL, said(state, SOL, f"activate {AT}"))
    state, _ = act(state, SOL, said(state, SOL, "move 2 cruiser from 102"))
    state, events = act(state, MENTAK, said(state, MENTAK, "fire pds"), 1, 6)
    assert Rolled(MENTAK, "space cannon", (1,), 0, SOL) in events
    assert Rolled(MENTAK, "space cannon rolled again", (6,), 1, SOL) in events
    assert state.forces.fleet(AT, SOL).units == {"cruiser": 1}


def test_ti_k9_assault_cannon_dreadnoughts_fire_before_the_battle_without_reply() -> None:
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 2}}
    state = _owning(arena(fleets), SOL, "assault_cannon")
    state, _ = act(state, SOL, said(state, SOL, f"activate {AT}"))
    # the cannon hits on 5; round 1: Sol's dreadnought 5, Mentak's one cruiser left 1
    state, events = act(state, SOL, said(state, SOL, "move 1 dreadnought from 102"), 5, 5, 1)
    assert [e for e in events if isinstance(e, Rolled)] == [
        Rolled(SOL, "assault cannon", (5,), 1, MENTAK),
        Rolled(SOL, "space battle", (5,), 1, MENTAK, (5,)),
        Rolled(MENTAK, "space battle", (1,), 0, SOL, (7,)),  # one cruiser rolls, not two
    ]
    assert state.forces.fleet(AT, MENTAK).units == {}
    assert state.forces.fleet(AT, SOL).units == {"dreadnought": 1}


def test_ti_k10_graviton_negator_dreadnoughts_bombard_through_planetary_shields() -> None:
    units = forces(
        {(AT, NORR): {"dreadnought": 1}},
        {AT: (NORR,)},
        {"Abyz": Holding(XXCHA, units={"ground_force": 2, "pds": 1})},
    )
    invaded = (Invasion("Abyz", NORR, XXCHA, 2),)
    shot = (Bombardment("Abyz", {"dreadnought": 1}),)
    board = galaxy({AT: "abyz_fria"})
    refused = invasion.bombardment_refusal(board, units, commander(NORR), AT, invaded, shot)
    assert refused is not None and refused.rule == "TI-L4"
    negator = commander(NORR, "graviton_negator")
    assert invasion.bombardment_refusal(board, units, negator, AT, invaded, shot) is None


def test_ti_k10_graviton_negator_fighters_join_invasion_combat_and_go_back_to_space() -> None:
    fleets = {("102", SOL): {"carrier": 1, "fighter": 2, "ground_force": 2}}
    state = arena(fleets, {"Abyz": Holding(MENTAK, units={"ground_force": 2})})
    state, _ = act(state, SOL, said(state, SOL, f"activate {AT}"))
    state, _ = act(state, SOL, said(state, SOL, "move 1 carrier 2 fighter 2 gf from 102"))
    joined = said(state, SOL, "land 2 gf 2 fighter on abyz")
    assert refused(state, SOL, joined) == "TI-L1"  # without the technology
    state = _owning(state, SOL, "graviton_negator")
    assert Land((Drop("Abyz", {"ground_force": 2, "fighter": 2}),)) in legal(TABLE, state, SOL)
    assert refused(state, SOL, said(state, SOL, "land 2 fighter on abyz")) == "TI-K10"
    # round 1: Sol's ground forces 1 1, fighters 9 1; Mentak 8 1, the hit on a fighter first;
    # round 2: Sol 8 1 1, Mentak 1: Abyz falls to the ground forces, the fighter flies back
    state, events = act(state, SOL, joined, 1, 1, 9, 1, 8, 1, 8, 1, 1, 1)
    assert Rolled(SOL, "invasion combat", (1, 1, 9, 1), 1, needs=(8, 8, 9, 9)) in events
    assert InvasionHits("Abyz", 1, 1) in events
    assert Rolled(SOL, "invasion combat", (8, 1, 1), 1, needs=(8, 8, 9)) in events
    assert state.forces.planets["Abyz"] == Holding(SOL, True, {"ground_force": 2})
    assert state.forces.fleet(AT, SOL).units == {"carrier": 1, "fighter": 1}


def test_ti_k10_the_invaders_fighters_take_the_hits_before_his_ground_forces() -> None:
    fleets = {("102", SOL): {"carrier": 1, "fighter": 3, "ground_force": 1}}
    state = arena(fleets, {"Abyz": Holding(MENTAK, units={"ground_force": 1})})
    state = _owning(state, SOL, "graviton_negator")
    state, _ = act(state, SOL, said(state, SOL, f"activate {AT}"))
    state, _ = act(state, SOL, said(state, SOL, "move 1 carrier 3 fighter 1 gf from 102"))
    # Sol misses every round; Mentak hits each: his three fighters first, then his ground
    # force, and the planet holds
    landing = said(state, SOL, "land 1 gf 3 fighter on abyz")
    state, _ = act(state, SOL, landing, 1, 1, 1, 1, 8, 1, 1, 1, 8, 1, 1, 8, 1, 8)
    assert state.forces.planets["Abyz"] == Holding(MENTAK, False, {"ground_force": 1})
    assert state.forces.fleet(AT, SOL).units == {"carrier": 1}


def _invading(state: Game, *rolls: int) -> tuple[Game, list]:
    """Sol lands 2 ground forces on Mentak's Abyz, held by 1, with these dice after landing."""
    state, _ = act(state, SOL, said(state, SOL, f"activate {AT}"))
    state, _ = act(state, SOL, said(state, SOL, "move 1 carrier 2 gf from 102"))
    assert state.stack[-1].prompt == WindowPrompt.LANDING
    return act(state, SOL, said(state, SOL, "land 2 gf on abyz"), *rolls)


def _invasion_arena() -> Game:
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 2}}
    return arena(fleets, {"Abyz": Holding(MENTAK, units={"ground_force": 1})})


def test_ti_k11_gen_synthesis_plus_one_and_a_ground_force_destroyed_comes_home_on_5() -> None:
    assert (
        invasion.ground_volley(2, commander(SOL, "gen_synthesis")) == (Die("ground_force", 7),) * 2
    )
    state = _owning(_invasion_arena(), SOL, "gen_synthesis")
    # round 1: Sol 1 1, Mentak 9 (one of Sol's lost, back home on 5); round 2: Sol 7, Mentak 1
    state, events = _invading(state, 1, 1, 9, 5, 7, 1)
    assert Rolled(SOL, "GEN Synthesis", (5,), 1) in events
    assert GroundForcesPlaced(SOL, "Jord", 1, "gen_synthesis") in events
    assert state.forces.planets["Jord"].units == {"space_dock": 1, "ground_force": 1}
    assert state.forces.planets["Abyz"] == Holding(SOL, True, {"ground_force": 1})


def test_ti_k11_gen_synthesis_brings_home_ground_forces_lost_with_their_carrier_in_space() -> None:
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 2}, (AT, MENTAK): {"cruiser": 2}}
    state = _owning(arena(fleets), SOL, "gen_synthesis")
    state, _ = act(state, SOL, said(state, SOL, f"activate {AT}"))
    # round 1: Sol's carrier 1, Mentak's cruisers 7 7: the carrier is lost, its ground forces
    # with it; GEN Synthesis rolls 5 and 1 for them
    state, events = act(state, SOL, said(state, SOL, "move 1 carrier 2 gf from 102"), 1, 7, 7, 5, 1)
    assert CasualtiesTaken(SOL, AT, {"carrier": 1, "ground_force": 2}) in events
    assert Rolled(SOL, "GEN Synthesis", (5, 1), 1) in events
    assert state.forces.planets["Jord"].units == {"space_dock": 1, "ground_force": 1}
    assert state.forces.fleet(AT, SOL).units == {}


def test_ti_k12_dacxive_animators_raise_ground_forces_on_the_planet_won() -> None:
    state = _owning(_invasion_arena(), SOL, "dacxive_animators")
    # round 1: Sol 1 1, Mentak 9; round 2: Sol 8, Mentak 1; two killed: Dacxive rolls 6 and 5
    state, events = _invading(state, 1, 1, 9, 8, 1, 6, 5)
    assert Rolled(SOL, "Dacxive Animators", (6, 5), 1) in events
    assert state.forces.planets["Abyz"] == Holding(SOL, True, {"ground_force": 2})
    lost = _owning(_invasion_arena(), SOL, "dacxive_animators")
    _, events = _invading(lost, 1, 1, 9, 1, 9)  # Sol's two lost: nothing to animate
    assert not any(isinstance(e, GroundForcesPlaced) for e in events)


def test_ti_k13_neural_motivator_is_gained() -> None:
    state = stationed(3, seed=1)  # L1Z1X owns Stasis Capsules
    state = step(
        picked(state, {0: [7, 2], 1: [3, 4], 2: [5, 6]}),
        0,
        Play(card=7, technology="neural_motivator"),
    )
    assert "neural_motivator" in state.players[0].technologies
    assert _tree(state)["Neural Motivator"][3] == "owned"  # drawn in the status phase (TI-Q1)


def _bacterial_arena(*technologies: str) -> Game:
    """Sol's dreadnought brings 2 ground forces to Mentak's Abyz, held by 3; Sol holds two
    action cards."""
    fleets = {("102", SOL): {"dreadnought": 1, "carrier": 1, "ground_force": 2}}
    state = arena(fleets, {"Abyz": Holding(MENTAK, units={"ground_force": 3})})
    state = _owning(holding_cards(state, SOL, "good_year", "plague"), SOL, *technologies)
    state, _ = act(state, SOL, said(state, SOL, f"activate {AT}"))
    state, _ = act(state, SOL, said(state, SOL, "move 1 dreadnought 1 carrier 2 gf from 102"))
    state, _ = act(state, SOL, said(state, SOL, "land 2 gf on abyz"))
    assert state.stack[-1].prompt == WindowPrompt.BOMBARDMENT
    return state


def test_ti_k17_x89_bacterial_weapon_kills_every_ground_force_for_the_whole_hand() -> None:
    weapon = said(_bacterial_arena(), SOL, "bombard abyz with 1 dreadnought using x-89")
    assert weapon == Bombard((Bombardment("Abyz", {"dreadnought": 1}, bacterial=True),))
    assert refused(_bacterial_arena(), SOL, weapon) == "TI-K17"  # not owned
    state = _bacterial_arena("x89_bacterial_weapon")
    hand = state.players[SOL].hand
    assert weapon in legal(TABLE, state, SOL)
    assert GAME.write_text(state, SOL, weapon) == "bombard Abyz with 1 dreadnought using x-89"
    state, events = act(state, SOL, weapon)  # no die rolled: no bombardment, no defender left
    assert BacterialStrike(SOL, "Abyz", 3) in events
    assert CardsDiscarded(SOL, hand) in events
    assert not any(isinstance(e, Rolled) for e in events)
    assert state.players[SOL].hand == () and state.discard[-2:] == hand
    assert state.forces.planets["Abyz"] == Holding(SOL, True, {"ground_force": 2})


def test_ti_k17_greedy_uses_x89_where_its_kills_outweigh_the_cards_it_discards() -> None:
    state = _bacterial_arena("x89_bacterial_weapon")  # 3 killed for 2 cards, or 1 bombarding
    assert greedy(state, SOL, random.Random(0)).bombardments[0].bacterial
    state = holding_cards(state, SOL, *("flank_speed", "recheck", "local_unrest") * 2)  # 6 cards
    assert not greedy(state, SOL, random.Random(0)).bombardments[0].bacterial


def _tree(state: Game) -> dict[str, tuple[str, ...]]:
    page = GAME.describe(GAME.view(state, 0), ("ann", "bob", "cy"))
    table = next(s for s in page.sections if s.title == "Technologies").tables[0]
    assert table.columns == ("Technology", "Colour", "Requires", "ann", "bob", "cy")
    return {row[0]: row for row in table.rows}


def test_ti_k2_k3_the_tree_shows_prerequisites_and_each_players_price_or_lock() -> None:
    state = stationed(3, seed=1)  # L1Z1X, Jol-Nar, Mentak
    holdings = state.forces.planets | {"Lor": Holding(2), "Bereg": Holding(2)}  # 2 red for Mentak
    state = msgspec.structs.replace(
        state, forces=msgspec.structs.replace(state.forces, planets=holdings)
    )
    tree = _tree(state)
    assert len(tree) == 24
    assert tree["War Sun"][1:] == (
        "red",
        "Deep Space Cannon and Sarween Tools",
        "locked",
        "locked",
        "locked",
    )
    assert tree["Cybernetics"][2:6] == (
        "Stasis Capsules or Antimass Deflectors",
        "owned",
        "8",
        "locked",
    )
    assert tree["Deep Space Cannon"][3:6] == ("8", "8", "6")
    assert tree["Integrated Economy"][2] == "Micro Technology and Cybernetics"


def test_ti_k3_research_names_the_technology_and_its_payment_in_one_command() -> None:
    state = stationed(3, seed=1)
    state = picked(state, {0: [2, 3], 1: [7, 4], 2: [5, 6]})
    assert GAME.read_text(state, 1, "research Deep Space Cannon") == Play(
        card=7, technology="deep_space_cannon"
    )
    assert (
        GAME.write_text(state, 1, Play(card=7, technology="deep_space_cannon"))
        == "research Deep Space Cannon"
    )
    state = with_player(with_player(state, 0, trade_goods=8), 2, trade_goods=8)
    turn = state.turn
    state = step(state, turn, said(state, turn, "play diplomacy naming mentak"))
    while GAME.waiting(state).must != (1,):
        state = step(state, GAME.waiting(state).must[0], "default")
    state = step(state, 1, said(state, 1, "research cybernetics"))
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY
    follower = GAME.waiting(state).must[0]
    bought = GAME.read_text(state, follower, "research Deep Space Cannon paying 8 tg")
    assert bought == Follow(trade_goods=8, technology="deep_space_cannon")
    written = GAME.write_text(state, follower, bought)
    assert written == "research Deep Space Cannon paying 8 tg"


def test_ti_k1_every_technology_gained_is_an_analytics_fact() -> None:
    state = stationed(3, seed=1)
    gained = TechnologyGained(seat=2, technology="graviton_negator")
    (fact,) = facts(state, gained)
    assert (fact.kind, fact.subject, fact.seat) == ("technology gained", "Graviton Negator", 2)


def test_ti_k14_transit_diodes_send_up_to_4_ground_forces_for_a_strategy_counter() -> None:
    jord = Holding(SOL, units={"space_dock": 1, "ground_force": 5})
    state = arena({}, {"Jord": jord, "Abyz": Holding(SOL)})
    transit = said(state, SOL, "transit 4 gf from jord to abyz")
    assert transit == Transit(source="Jord", target="Abyz", ground_forces=4)
    assert GAME.write_text(state, SOL, transit) == "transit 4 gf from Jord to Abyz"
    assert refused(state, SOL, transit) == "TI-K14"  # without the technology
    state = _owning(state, SOL, "transit_diodes")
    assert transit in legal(TABLE, state, SOL)
    assert refused(state, SOL, Transit("Jord", "Abyz", 5)) == "TI-K14"  # 4 at most
    assert refused(state, SOL, Transit("Jord", "Moll Primus", 1)) == "TI-K14"  # Mentak's
    assert refused(with_player(state, SOL, strategy=0), SOL, transit) == "TI-K14"
    state, events = act(state, SOL, transit)
    assert GroundForcesSent(SOL, "Jord", "Abyz", 4) in events
    assert state.forces.planets["Jord"].units == {"space_dock": 1, "ground_force": 1}
    assert state.forces.planets["Abyz"].units == {"ground_force": 4}
    assert state.players[SOL].strategy == 1
    assert state.turn == MENTAK  # it was Sol's action
    line = GAME.narrate(state, GroundForcesSent(SOL, "Jord", "Abyz", 4), None, ("ann", "bob", "cy"))
    assert line == "ann moves 4 ground forces from Jord to Abyz with Transit Diodes"


def _first_tactical(state: Game) -> Game:
    """Sol's cruiser from 102 into the empty 101: no battle, nothing to build."""
    state, _ = act(state, SOL, said(state, SOL, f"activate {AT}"))
    state, _ = act(state, SOL, said(state, SOL, "move 1 cruiser from 102"))
    return state


def test_ti_k15_fleet_logistics_a_second_tactical_action_or_the_end_of_the_turn() -> None:
    fleets = {("102", SOL): {"cruiser": 1}, ("201", SOL): {"destroyer": 1}}
    plain = _first_tactical(arena(fleets))
    assert plain.turn == MENTAK and not plain.second
    state = _first_tactical(_owning(arena(fleets), SOL, "fleet_logistics"))
    assert state.turn == SOL and state.second and state.tactic is None
    assert GAME.waiting(state).must == (SOL,)
    assert refused(state, SOL, Pass()) == "TI-K15"
    assert refused(state, SOL, said(state, SOL, "play diplomacy naming mentak")) == "TI-K15"
    offered = legal(TABLE, state, SOL)
    assert EndTurn() in offered and Activate(system="201") in offered and Pass() not in offered
    assert said(state, SOL, "end turn") == EndTurn()
    ended, _ = act(state, SOL, EndTurn())
    assert ended.turn == MENTAK and not ended.second
    state, events = act(state, SOL, said(state, SOL, "activate 201"))
    assert Activated(SOL, "201") in events  # nothing to move nor build there: it ends at once
    assert state.turn == MENTAK and not state.second  # two at most
    assert refused(arena(fleets), SOL, EndTurn()) == "TI-K15"


def _economy_board():
    """N'orr's home at 301, activated, a dock on Quinarra; he has activated 201 (Abyz and Fria,
    Fria his) and 302, where a Xxcha destroyer lies; 318 he has not."""
    board = galaxy({"301": "quinarra_tren_lak", "201": "abyz_fria"})
    planets = {
        "Quinarra": Holding(NORR, units={"space_dock": 1}),
        "Tren'lak": Holding(NORR),
        "Fria": Holding(NORR),
    }
    counters = {"301": (NORR,), "201": (NORR,), "302": (NORR,)}
    return board, forces({("302", XXCHA): {"destroyer": 1}}, counters, planets)


def _sent(board, units, who: Commander, *batches: Batch) -> str | None:
    owed = production.cost(Build("301", batches))
    build = Build("301", batches, trade_goods=owed)
    refused = production.refusal(board, units, who, build, owed)
    return refused.rule if refused else None


def test_ti_k16_integrated_economy_places_units_built_in_an_adjacent_activated_system() -> None:
    board, units = _economy_board()
    norr = commander(NORR, "integrated_economy")
    cruiser_out = Batch("Quinarra", {"cruiser": 1}, to="201")
    assert _sent(board, units, commander(NORR), cruiser_out) == "TI-K16"  # not owned
    assert _sent(board, units, norr, cruiser_out) is None
    assert _sent(board, units, norr, Batch("Quinarra", {"cruiser": 1}, to="302")) == "TI-K16"
    assert _sent(board, units, norr, Batch("Quinarra", {"cruiser": 1}, to="318")) == "TI-K16"
    assert _sent(board, units, norr, Batch("Quinarra", {"ground_force": 2}, to="201")) == "TI-K16"
    assert _sent(board, units, norr, Batch("Quinarra", {"cruiser": 1}, to="Fria")) == "TI-K16"
    troops_out = Batch("Quinarra", {"ground_force": 2}, to="Fria")
    assert _sent(board, units, norr, troops_out) is None
    home = Batch("Quinarra", {"cruiser": 1})
    assert _sent(board, units, norr, home, cruiser_out, troops_out) is None
    assert _sent(board, units, norr, home, Batch("Quinarra", {"cruiser": 5}, to="201")) == "TI-U2"
    assert _sent(board, units, norr, Batch("Quinarra", {"cruiser": 4}, to="201")) == "TI-M8"
    after = production.after(units, norr, Build("301", (home, cruiser_out, troops_out)))
    assert after.fleet("301", NORR).units == {"cruiser": 1}
    assert after.fleet("201", NORR).units == {"cruiser": 1}
    assert after.planets["Fria"].units == {"ground_force": 2}
    plans = production.plans(board, units, norr, "301", 0)
    assert any(b.batches and b.batches[0].to == "201" for b in plans)
    assert any(b.batches and b.batches[0].to == "Fria" for b in plans)
    assert all(production.refusal(board, units, norr, p, 0) is None for p in plans)


def test_ti_k16_integrated_economy_is_gained_and_its_build_said_in_words() -> None:
    state = stationed(3, seed=1)
    state = picked(state, {0: [7, 2], 1: [3, 4], 2: [5, 6]})
    state = with_player(state, 0, technologies=("micro_technology", "cybernetics"))
    assert "integrated_economy" in gainable(state, 0)
    state = step(state, 0, said(state, 0, "research integrated economy"))
    assert "integrated_economy" in state.players[0].technologies
    state = _owning(arena({}, counters={"201": (SOL,)}), SOL, "integrated_economy")
    state, _ = act(state, SOL, said(state, SOL, "activate 301"))
    assert state.stack[-1].prompt == WindowPrompt.PRODUCTION
    order = said(state, SOL, "build 1 cruiser at jord to 201 paying jord")
    assert order.batches == (Batch("Jord", {"cruiser": 1}, to="201"),)
    assert GAME.write_text(state, SOL, order) == "build 1 cruiser at Jord to 201 paying Jord"
    state, _ = act(state, SOL, order)
    assert state.forces.fleet("201", SOL).units == {"cruiser": 1}
