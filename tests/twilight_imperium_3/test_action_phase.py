"""The action phase (TI-A): turns in order of play, strategic actions with their secondaries
asked clockwise, activation, Diplomacy, Logistics, Warfare, passing. Three players: seat 0
L1Z1X at 307, seat 1 Jol-Nar at 313, seat 2 Mentak at 301 (three cruisers), clockwise 0, 1, 2."""

import msgspec

from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.decisions import (
    Activate,
    Decline,
    EndTurn,
    Follow,
    Pass,
    Play,
    Transit,
    Warship,
)
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.orders import Transfer
from events.rulesets.twilight_imperium_3.state import Phase, WindowPrompt
from events.rulesets.twilight_imperium_3.steps import TABLE
from events.rulesets.twilight_imperium_3.trade_events import Give
from tests.twilight_imperium_3.play import (
    GAME,
    activated,
    declined,
    picked,
    refused,
    stationed,
    step,
    with_player,
)

INITIATIVE, DIPLOMACY, POLITICAL, LOGISTICS, TRADE, WARFARE, TECHNOLOGY, IMPERIAL = range(1, 9)


def _action(cards: dict[int, list[int]]):
    return picked(stationed(3, seed=1), cards)


def test_ti_a1_turns_go_by_the_lowest_card_round_and_round_skipping_who_passed() -> None:
    state = _action({0: [POLITICAL, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    assert state.turn == 1  # Initiative: 1
    state = activated(state, 1, "201")
    assert state.turn == 2  # Diplomacy: 2
    state = activated(state, 2, "202")
    assert state.turn == 0  # Political: 3
    state = activated(state, 0, "203")
    assert state.turn == 1


def test_ti_a2_an_action_is_strategic_tactical_transfer_or_passing() -> None:
    asked = {ask.decision for ask in TABLE.prompts[Phase.ACTION].asks}
    # and the actions technologies add: Transit Diodes' and Fleet Logistics' end (TI-K14, K15),
    # "as an action" cards (TI-Q2); a gift of trade goods rides on every prompt and is no action
    # (TI-R10)
    assert asked == {Play, Activate, Transfer, Pass, Transit, EndTurn, PlayCard, Give}
    state = _action({0: [POLITICAL, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    assert refused(state, 1, GAME.read_text(state, 1, "transfer 203 204")) == "TI-A2"


def test_ti_a3_secondaries_are_asked_clockwise_from_the_left_and_cost_a_strategy_counter() -> None:
    state = _action({0: [TECHNOLOGY, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    state = with_player(state, 0, trade_goods=3)  # [0.0.0] alone has no influence to spend
    state = activated(state, 1, "201")
    state = step(state, 2, Play(card=LOGISTICS))
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY
    assert state.stack[-1].asked == (0, 1)  # clockwise from seat 2's left, seat 2 left out
    assert GAME.waiting(state).must == (0,)
    state = step(state, 0, Decline())
    assert refused(state, 2, Decline()) != ""  # never one's own card
    state = step(state, 1, Decline())
    assert state.stack == () and state.turn == 0
    assert refused(state, 2, Play(card=LOGISTICS)) == "TI-A3"  # taken once


def test_ti_a3_following_spends_a_strategy_counter_but_not_for_initiatives_holder() -> None:
    state = _action({0: [TECHNOLOGY, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    state = with_player(state, 1, trade_goods=8)
    state = with_player(state, 2, trade_goods=8)
    state = activated(state, 1, "201")
    state = activated(state, 2, "202")
    strategy = [p.strategy for p in state.players]
    state = step(state, 0, Play(card=TECHNOLOGY, technology="sarween_tools"))
    assert state.stack[-1].asked == (1, 2)
    state = step(state, 1, Follow(technology="deep_space_cannon", trade_goods=8))
    state = step(state, 2, Follow(technology="antimass_deflectors", trade_goods=8))
    assert [p.strategy for p in state.players] == [strategy[0], strategy[1], strategy[2] - 1]
    assert "deep_space_cannon" in state.players[1].technologies


def test_ti_a3_political_gains_a_counter_with_no_secondary_and_trade_opens_its_talks() -> None:
    state = _action({0: [POLITICAL, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    state = activated(state, 1, "201")
    state = activated(state, 2, "202")
    command = state.players[0].command
    state = declined(step(state, 0, Play(card=POLITICAL)))
    assert state.players[0].command == command + 1 and state.stack == ()
    state = activated(state, 1, "203")
    state = activated(state, 2, "204")
    state = step(state, 0, Play(card=TRADE))  # three trade goods, then the talks (TI-R3)
    assert state.players[0].trade_goods == 3 and state.stack[-1].prompt == WindowPrompt.TALKS


def test_ti_a4_activation_puts_a_pool_counter_on_a_system_not_one_already_activated() -> None:
    state = _action({0: [POLITICAL, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    command = state.players[1].command
    state = activated(state, 1, "204")
    assert state.forces.space["204"].counters == (1,)
    assert state.players[1].command == command - 1
    state = activated(state, 2, "204")  # another's counter does not matter
    assert state.forces.space["204"].counters == (1, 2)
    state = activated(state, 0, "201")
    assert refused(state, 1, Activate(system="204")) == "TI-A4"
    assert refused(with_player(state, 1, command=0), 1, Activate(system="205")) == "TI-A4"
    assert refused(state, 1, Activate(system="105")) == "TI-G10"  # an asteroid field


def test_ti_a5_diplomacy_forbids_activating_systems_with_the_others_units() -> None:
    state = _action({0: [POLITICAL, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    state = activated(state, 1, "201")
    assert refused(state, 2, Play(card=DIPLOMACY, seat=2)) == "TI-A5"
    state = step(state, 2, Play(card=DIPLOMACY, seat=0))
    assert refused(state, 0, Activate(system="301")) == "TI-A5"  # Mentak's home
    state = activated(state, 0, "313")  # Jol-Nar's is not under the truce
    assert activated(state, 1, "301").forces.space["301"].counters == (1,)


def test_ti_a5_diplomacys_secondary_readies_two_exhausted_planets_outside_home() -> None:
    state = _action({0: [POLITICAL, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    planets = state.forces.planets | {
        "Abyz": Holding(controller=0, exhausted=True),
        "Fria": Holding(controller=0, exhausted=True),
    }
    state = msgspec.structs.replace(
        state, forces=msgspec.structs.replace(state.forces, planets=planets)
    )
    state = activated(state, 1, "201")
    state = step(state, 2, Play(card=DIPLOMACY, seat=1))
    assert state.stack[-1].asked == (0,)  # only seat 0 has a planet to ready
    assert refused(state, 0, Follow(readying=("[0.0.0]",))) == "TI-A5"
    state = step(state, 0, Follow(readying=("Abyz", "Fria")))
    assert not state.forces.planets["Abyz"].exhausted and not state.forces.planets["Fria"].exhausted


def test_ti_a6_no_passing_before_the_strategic_actions_and_none_after_passing() -> None:
    state = _action({0: [POLITICAL, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    assert refused(state, 1, Pass()) == "TI-A6"
    state = declined(step(state, 1, Play(card=IMPERIAL)))  # its production followed by none
    state = activated(state, 2, "201")
    state = activated(state, 0, "202")
    state = step(state, 1, Pass())  # Initiative needs no strategic action
    assert state.turn == 2
    state = activated(state, 2, "203")
    assert state.turn == 0  # seat 1 passed: skipped
    state = declined(step(state, 0, Play(card=POLITICAL)))
    assert state.turn == 2


def test_ti_a7_logistics_gains_four_and_its_secondary_one_per_three_influence_free() -> None:
    state = _action({0: [POLITICAL, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    state = activated(state, 1, "201")
    command = state.players[2].command
    state = step(state, 2, Play(card=LOGISTICS))
    assert state.players[2].command == command + 4
    assert state.stack[-1].asked == (1,)  # L1Z1X's [0.0.0] has no influence
    strategy, command = state.players[1].strategy, state.players[1].command
    assert refused(state, 1, Follow(paying=("Jol",))) == "TI-A7"  # 2 influence
    state = step(state, 1, Follow(paying=("Jol", "Nar")))  # 5 influence: 1 counter
    assert state.players[1].command == command + 1 and state.players[1].strategy == strategy
    assert state.forces.planets["Jol"].exhausted and state.forces.planets["Nar"].exhausted


def test_ti_a8_warfare_takes_a_counter_back_and_its_secondary_moves_warships() -> None:
    state = _action({0: [WARFARE, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    state = activated(state, 1, "201")
    state = activated(state, 2, "202")
    state = activated(state, 0, "203")
    state = activated(state, 1, "204")
    state = activated(state, 2, "205")
    command = state.players[0].command
    assert refused(state, 0, Play(card=WARFARE, system="204")) == "TI-A8"  # seat 1's
    state = step(state, 0, Play(card=WARFARE, system="203"))
    assert state.players[0].command == command + 1 and 0 not in state.forces.space["203"].counters
    assert state.stack[-1].asked == (2,)  # Mentak's cruisers alone may move
    home = Warship("cruiser", "301", "313")
    assert refused(state, 2, Follow(ships=(home,))) == "TI-A8"
    moves = (Warship("cruiser", "301", "201"), Warship("cruiser", "301", "318"))
    state = step(state, 2, Follow(ships=moves))
    assert state.forces.fleet("301", 2).units == {"carrier": 1, "cruiser": 1}
    assert state.forces.fleet("318", 2).units == {"cruiser": 1}
    assert state.forces.space["318"].counters == (2,)
    assert state.forces.space["201"].counters == (1, 2)


def test_ti_a9_technology_gains_one_free_and_imperial_reveals_and_scores_two() -> None:
    state = _action({0: [TECHNOLOGY, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    top = state.objectives[0]
    state = declined(step(state, 1, Play(card=IMPERIAL)))  # its production followed by none
    assert state.revealed == (top,) and state.players[1].points == 2
    state = activated(state, 2, "201")
    assert refused(state, 0, Play(card=TECHNOLOGY, technology="war_sun")) == "TI-K2"
    state = step(state, 0, Play(card=TECHNOLOGY, technology="sarween_tools"))
    assert "sarween_tools" in state.players[0].technologies


def test_ti_m8_warfares_secondary_moves_no_more_ships_into_a_system_than_fleet_supply() -> None:
    state = _action({0: [WARFARE, TRADE], 1: [INITIATIVE, IMPERIAL], 2: [DIPLOMACY, LOGISTICS]})
    state = activated(state, 1, "201")
    state = activated(state, 2, "202")
    state = with_player(step(state, 0, Play(card=WARFARE)), 2, fleet=1)
    together = (Warship("cruiser", "301", "318"), Warship("cruiser", "301", "318"))
    assert refused(state, 2, Follow(ships=together)) == "TI-M8"
    apart = (Warship("cruiser", "301", "318"), Warship("cruiser", "301", "201"))
    state = step(state, 2, Follow(ships=apart))
    assert state.forces.fleet("318", 2).units == {"cruiser": 1}
