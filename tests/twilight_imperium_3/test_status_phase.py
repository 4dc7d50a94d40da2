"""The status phase, objectives and the end (TI-X, TI-O), and technology (TI-K). Three
players: seat 0 L1Z1X at 307 on [0.0.0], seat 1 Jol-Nar at 313, seat 2 Mentak at 301."""

import msgspec

from events.rulesets.twilight_imperium_3.decisions import Follow, Play, Redistribute, Score
from events.rulesets.twilight_imperium_3.forces import Fleet, Holding, Space
from events.rulesets.twilight_imperium_3.happenings import GameEnded
from events.rulesets.twilight_imperium_3.state import Game, Phase
from events.rulesets.twilight_imperium_3.technology import gainable, price
from tests.twilight_imperium_3.play import (
    GAME,
    applied,
    declined,
    picked,
    refused,
    stationed,
    step,
    verdict,
    windows_closed,
    with_player,
)

IMPERIAL = 8
FIVE_TECHNOLOGIES, SPEND_SIX_TRADE_GOODS, DOMINATION = "p1_04", "p1_07", "p2_08"


def _status(revealed: tuple[str, ...] = ()) -> Game:
    """Round 1 played out by the pass bot to the status phase; these objectives face up."""
    state = picked(stationed(3, seed=1), {0: [2, 3], 1: [4, 5], 2: [6, 7]})
    while state.phase == Phase.ACTION:
        state = step(state, GAME.waiting(state).must[0], "default")
    return msgspec.structs.replace(state, revealed=revealed)


def _planets(state: Game, **holdings: Holding) -> Game:
    forces = msgspec.structs.replace(state.forces, planets=state.forces.planets | holdings)
    return msgspec.structs.replace(state, forces=forces)


def test_ti_x1_in_order_of_play_each_claims_an_objective_once_met() -> None:
    state = _status((FIVE_TECHNOLOGIES,))
    assert state.queue == (0, 1, 2) and GAME.waiting(state).must == (0,)
    assert refused(state, 0, Score(objective=1)) == "TI-O1"  # L1Z1X owns 4
    state = step(state, 0, Score())
    assert GAME.waiting(state).must == (1,)
    state = with_player(state, 1, technologies=(*state.players[1].technologies, "war_sun"))
    state = step(state, 1, Score(objective=1))
    assert state.players[1].points == 1 and state.players[1].scored == (FIVE_TECHNOLOGIES,)
    assert refused(state, 1, Score(objective=1)) != ""  # no longer its turn


def test_ti_x1_no_objective_without_every_home_planet() -> None:
    state = _status((FIVE_TECHNOLOGIES,))
    state = step(state, 0, Score())
    state = with_player(state, 1, technologies=(*state.players[1].technologies, "war_sun"))
    state = _planets(state, Nar=Holding(controller=2))
    assert refused(state, 1, Score(objective=1)) == "TI-X1"


def test_ti_x2_x3_x4_repairs_counters_lifted_planets_readied() -> None:
    state = _status()
    fleet = Fleet(0, {"dreadnought": 1}, damaged={"dreadnought": 1})
    space = state.forces.space | {"307": Space(fleets=(fleet,), counters=(0,))}
    state = msgspec.structs.replace(
        state, forces=msgspec.structs.replace(state.forces, space=space)
    )
    state = _planets(state, Jol=Holding(controller=1, exhausted=True))
    for seat in (0, 1, 2):
        state = step(state, seat, Score())
    assert state.phase == Phase.COUNTERS
    assert state.forces.space["307"].fleets[0].damaged == {}
    assert all(s.counters == () for s in state.forces.space.values())
    assert not state.forces.planets["Jol"].exhausted


def test_ti_x5_two_counters_gained_and_all_spread_among_the_three_areas() -> None:
    state = _status()
    for seat in (0, 1, 2):
        state = step(state, seat, Score())
    state = windows_closed(state)  # the status phase's card window (TI-Q61)
    player = state.players[0]
    total = player.sheet + 2
    assert refused(state, 0, Redistribute(strategy=total, command=0, fleet=0 + 1)) == "TI-X5"
    state = step(state, 0, Redistribute(strategy=1, command=total - 2, fleet=1))
    assert (state.players[0].strategy, state.players[0].command, state.players[0].fleet) == (
        1,
        total - 2,
        1,
    )


def test_ti_x6_the_cards_go_back_and_the_next_round_begins() -> None:
    state = _status()
    while state.phase != Phase.STRATEGY:
        state = step(state, GAME.waiting(state).must[0], "default")
    assert state.round == 2 and all(p.cards == () and not p.passed for p in state.players)


def test_ti_x7_ten_points_win_at_once() -> None:
    state = with_player(_status((FIVE_TECHNOLOGIES,)), 0, points=9)
    state = with_player(state, 0, technologies=(*state.players[0].technologies, "sarween_tools"))
    state = step(state, 0, Score(objective=1))
    assert state.over and state.winners == (0,)
    assert GAME.waiting(state) == GAME.waiting(state).__class__()


def test_ti_x8_imperium_rex_ends_the_game_with_the_tie_breaks() -> None:
    state = picked(stationed(3, seed=1), {0: [2, 3], 1: [4, 5], 2: [IMPERIAL, 7]})
    state = msgspec.structs.replace(state, objectives=("p2_10", *state.objectives[1:]))
    state = with_player(state, 0, points=3, scored=("p1_01", "p1_02"))
    state = with_player(state, 1, points=3, scored=("p1_03", "p1_04"))
    state = with_player(state, 2, points=3, scored=("conqueror",))
    state = step(state, 0, Play(card=2, seat=1))
    state = step(state, 1, Play(card=4))
    judged = verdict(state, 2, Play(card=IMPERIAL))
    ended = applied(state, judged.events)
    assert ended.over and ended.players[2].points == 3  # no Imperial points
    assert ended.winners == (1,)  # tied on points and objectives; Jol-Nar holds two planets
    assert isinstance(judged.events[-1], GameEnded)


def test_ti_o1_an_objective_that_spends_is_paid_as_it_is_claimed() -> None:
    state = with_player(_status((SPEND_SIX_TRADE_GOODS, FIVE_TECHNOLOGIES)), 0, trade_goods=7)
    assert refused(state, 0, Score(objective=1, trade_goods=5)) == "TI-O1"
    assert refused(state, 0, Score(objective=2, trade_goods=1)) == "TI-O1"  # spends nothing
    state = step(state, 0, Score(objective=1, trade_goods=6))
    assert state.players[0].trade_goods == 1 and state.players[0].points == 1


def test_ti_o2_objectives_are_revealed_by_imperial_alone_their_order_hidden() -> None:
    state = _status()
    deck = state.objectives
    while state.phase != Phase.STRATEGY:
        state = step(state, GAME.waiting(state).must[0], "default")
    assert state.objectives == deck and state.revealed == ()
    state = picked(state, {0: [IMPERIAL, 1], 1: [2, 3], 2: [4, 5]})
    state = step(state, 0, Play(card=IMPERIAL))
    assert state.revealed == (deck[0],) and state.objectives == deck[1:]
    assert GAME.view(state, 0).objectives == ("",) * 9


def test_ti_o3_domination_wins_at_once() -> None:
    state = _planets(
        _status((DOMINATION,)),
        Jol=Holding(controller=0),
        Nar=Holding(controller=0),
        **{"Moll Primus": Holding(controller=0)},
    )
    state = step(state, 0, Score(objective=1))
    assert state.over and state.winners == (0,) and state.players[0].points == 0


def test_ti_k1_starting_technologies_stay() -> None:
    state = _status()
    assert state.players[1].technologies == (
        "hylar_v_assault_laser",
        "antimass_deflectors",
        "enviro_compensator",
        "sarween_tools",
    )


def test_ti_k2_prerequisites_all_of_or_one_of() -> None:
    state = stationed(3, seed=1)
    # L1Z1X: Enviro Compensator, Stasis Capsules, Cybernetics, Hylar V
    assert set(gainable(state, 0)) == {
        "sarween_tools",
        "antimass_deflectors",
        "deep_space_cannon",
        "micro_technology",  # Stasis Capsules or Sarween Tools
        "neural_motivator",  # Stasis Capsules or Micro Technology
        "gen_synthesis",  # Cybernetics
    }
    # Jol-Nar: Hylar V, Antimass, Enviro, Sarween: Cybernetics needs Antimass or Stasis
    assert "cybernetics" in gainable(state, 1) and "war_sun" not in gainable(state, 1)
    state = with_player(
        state, 1, technologies=(*state.players[1].technologies, "deep_space_cannon")
    )
    assert "war_sun" in gainable(state, 1)


def test_ti_k3_eight_resources_less_one_per_ready_planet_of_the_colour() -> None:
    state = _planets(
        stationed(3, seed=1),
        Lor=Holding(controller=2),
        Bereg=Holding(controller=2),
        **{"Dal Bootha": Holding(controller=2, exhausted=True)},
    )
    assert price(state, 2, "deep_space_cannon") == 6  # Lor and Bereg are red; Dal Bootha spent
    assert price(state, 2, "antimass_deflectors") == 8


def test_ti_o1_mecatol_rex_all_round_reads_its_controller_as_the_strategy_phase_began() -> None:
    state = _planets(_status(("p1_02",)), **{"Mecatol Rex": Holding(controller=0)})
    assert refused(state, 0, Score(objective=1)) == "TI-O1"  # taken after the round began
    while state.phase != Phase.STRATEGY:
        state = step(state, GAME.waiting(state).must[0], "default")
    assert state.mecatol == 0


def test_ti_o1_mecatol_rex_all_round_is_not_met_once_it_changed_hands_this_round() -> None:
    state = _planets(_status(("p1_02",)), **{"Mecatol Rex": Holding(controller=0)})
    state = msgspec.structs.replace(state, mecatol=0, taken=("Mecatol Rex",))  # lost, retaken
    assert refused(state, 0, Score(objective=1)) == "TI-O1"
    state = msgspec.structs.replace(state, taken=())
    assert step(state, 0, Score(objective=1)).players[0].points == 1


def _eliminated(state: Game, seat: int) -> Game:
    """The seat stripped of every planet and unit on the board, its trade goods kept."""
    space = {
        p: msgspec.structs.replace(s, fleets=tuple(f for f in s.fleets if f.seat != seat))
        for p, s in state.forces.space.items()
    }
    planets = {n: Holding() if h.controller == seat else h for n, h in state.forces.planets.items()}
    forces = msgspec.structs.replace(state.forces, space=space, planets=planets)
    return with_player(msgspec.structs.replace(state, forces=forces), seat, trade_goods=6)


def test_ti_x9_a_player_without_planets_or_units_is_out_and_the_others_go_on() -> None:
    state = _eliminated(picked(stationed(3, seed=1), {0: [2, 3], 1: [4, 5], 2: [6, 7]}), 2)
    state = with_player(state, 0, trade_goods=3)  # [0.0.0] alone has no influence to spend
    state = step(state, 0, Play(card=2, seat=1))
    state = step(state, 1, Play(card=4))  # Logistics: Mentak's 6 trade goods are not asked
    assert state.stack[-1].asked == (0,)
    while state.phase == Phase.ACTION:
        assert GAME.waiting(state).must != (2,)
        state = step(state, GAME.waiting(state).must[0], "default")
    assert state.queue == (0, 1)  # no claims, no counters for Mentak
    while state.phase != Phase.STRATEGY:
        state = step(state, GAME.waiting(state).must[0], "default")
    assert sorted(state.picks) == [0, 0, 1, 1]  # still two cards each


def test_ti_u4_a_claim_or_a_technology_is_paid_with_no_planet_or_trade_good_not_needed() -> None:
    state = with_player(_status((SPEND_SIX_TRADE_GOODS,)), 0, trade_goods=7)
    assert refused(state, 0, Score(objective=1, trade_goods=7)) == "TI-U4"
    assert step(state, 0, Score(objective=1, trade_goods=6)).players[0].trade_goods == 1
    state = picked(stationed(3, seed=1), {0: [2, 3], 1: [4, 5], 2: [6, 7]})
    state = declined(step(state, 0, Play(card=2, seat=2)))
    state = declined(step(state, 1, Play(card=4)))
    state = with_player(state, 1, trade_goods=9)
    state = step(state, 2, Play(card=7, technology="deep_space_cannon"))
    assert price(state, 1, "cybernetics") == 8 and state.stack[-1].asked == (1,)
    too_much = Follow(technology="cybernetics", paying=("Nar",), trade_goods=7)  # 9 for 8
    assert refused(state, 1, too_much) == "TI-U4"
    state = step(state, 1, Follow(technology="cybernetics", trade_goods=8))
    assert state.players[1].trade_goods == 1
