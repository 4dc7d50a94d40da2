"""The strategy phase (TI-P): picks in speaker order, two each with 3 or 4 players, bonus
counters, Initiative and the speaker token."""

import msgspec

from events.rulesets.twilight_imperium_3.decisions import Pick
from events.rulesets.twilight_imperium_3.state import Phase
from tests.twilight_imperium_3.play import GAME, picked, refused, stationed, step

IMPERIAL, WARFARE, TRADE, INITIATIVE = 8, 6, 5, 1


def test_ti_p1_the_speaker_picks_first_then_clockwise_and_a_taken_card_is_gone() -> None:
    state = stationed(6, seed=1)  # speaker seat 3; clockwise 3, 2, 5, 1, 4, 0
    assert state.picks == (3, 2, 5, 1, 4, 0)
    assert GAME.waiting(state).must == (3,)
    state = step(state, 3, Pick(card=WARFARE))
    assert GAME.waiting(state).must == (2,)
    assert refused(state, 2, Pick(card=WARFARE)) == "TI-P1"
    assert refused(state, 5, Pick(card=TRADE)) != ""  # not its turn


def test_ti_p2_with_three_or_four_players_two_rounds_of_picks_in_the_same_order() -> None:
    state = stationed(4, seed=1)
    assert state.picks == (3, 1, 2, 0, 3, 1, 2, 0)
    state = picked(state, {3: [8, 1], 1: [2, 3], 2: [4, 5], 0: [6, 7]})
    assert state.phase == Phase.ACTION
    assert [p.cards for p in state.players] == [(6, 7), (2, 3), (4, 5), (8, 1)]
    assert state.turn == 3  # Initiative's holder plays first: the lower card counts


def test_ti_p3_bonus_counters_become_command_counters_or_trade_goods() -> None:
    state = msgspec.structs.replace(stationed(3, seed=1), bonus=(0, 0, 0, 0, 3, 0, 0, 0))
    command, goods = state.players[0].command, state.players[0].trade_goods
    assert refused(state, 0, Pick(card=TRADE, counters=4)) == "TI-P3"
    state = step(state, 0, Pick(card=TRADE, counters=1))
    assert state.players[0].command == command + 1
    assert state.players[0].trade_goods == goods + 2
    assert state.bonus[TRADE - 1] == 0


def test_ti_p4_initiative_takes_the_speaker_token_and_is_not_picked_twice_running() -> None:
    state = stationed(3, seed=1)  # speaker seat 0
    state = step(state, 0, Pick(card=WARFARE))
    state = step(state, 1, Pick(card=INITIATIVE))
    assert state.speaker == 1
    state = picked(state, {2: [2, 3], 0: [4], 1: [5]})
    state = _next_round(state)
    assert state.picks[0] == 1  # the new speaker picks first
    assert refused(state, 1, Pick(card=INITIATIVE)) == "TI-P4"


def _next_round(state):
    """Every seat plays its cards and passes, claims nothing, keeps its counters."""
    while state.phase != Phase.STRATEGY or state.stack:  # its first card window answered
        seat = GAME.waiting(state).must[0]
        state = step(state, seat, "default")
    return state


def test_ti_p5_a_bonus_counter_on_each_card_left_then_the_action_phase() -> None:
    state = picked(stationed(3, seed=1), {0: [1, 2], 1: [3, 4], 2: [5, 6]})
    assert state.bonus == (0, 0, 0, 0, 0, 0, 1, 1)
    assert state.phase == Phase.ACTION
    four = picked(stationed(4, seed=1), {3: [8, 1], 1: [2, 3], 2: [4, 5], 0: [6, 7]})
    assert four.bonus == (0,) * 8


def test_ti_p4_the_pass_bot_picks_imperial_first_when_it_is_free() -> None:
    state = stationed(5, seed=1)
    assert GAME.bots["pass"](state, state.picks[0], None) == Pick(card=IMPERIAL)
