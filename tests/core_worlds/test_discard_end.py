"""The Discard phase (CW-X) and the End phase (CW-N)."""

import random

from events.rulesets.core_worlds.bots import greedy_bot
from events.rulesets.core_worlds.decisions import Declare, Keep, Pass, Reshuffle
from events.rulesets.core_worlds.happenings import (
    DeckShuffled,
    GalacticDrawn,
    Kept,
    ReshuffleChosen,
    RoundEnded,
)
from events.rulesets.core_worlds.state import Phase

from .scenario import RULES, accepted, arrange, cid, fold, in_action, play, rejected


def _discard_phase(seats: int = 2, seed: str = "x", round_: int = 1):
    game = in_action(seats, seed)
    while game.phase != Phase.DISCARD:
        game, _ = play(game, game.turn, Pass())
    return arrange(game, round=round_)


def test_cw_x1_discard_the_hand_keeping_at_most_one_card():
    game = _discard_phase(2, "x1")
    hand = game.players[0].hand
    assert RULES.waiting(game).must == (0, 1)
    assert accepted(game, 0, Keep(card=hand[0]), "CW-X1") == [Kept(seat=0, card=hand[0])]
    game, _ = play(game, 0, Keep(card=hand[0]))
    player = game.players[0]
    assert player.hand == (hand[0],) and set(hand[1:]) <= set(player.discard)
    assert rejected(game, 0, Keep(), "CW-X1") == "you have discarded your hand already this round"
    other = game.players[1].hand
    assert rejected(game, 1, Keep(card=hand[1]), "CW-X1") == "Snub Fighter is not in your hand"
    game = fold(accepted(game, 1, Keep()), game)
    assert game.players[1].hand == () and set(other) <= set(game.players[1].discard)


def test_cw_x2_unspent_energy_lost_and_warzone_stays():
    game = _discard_phase(2, "x2")
    game = arrange(game, 0, energy=3)
    warzone = game.players[0].warzone
    game, _ = play(game, 0, Keep())
    assert game.players[0].energy == 0 and game.players[0].warzone == warzone


def test_cw_n1_the_round_advances_and_a_new_sector_uses_its_deck():
    game = arrange(_discard_phase(2, "n1", round_=2), central=())
    game, _ = play(game, 0, Keep())
    game, events = play(game, 1, Keep())
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.round == 3 and game.round == 3 and game.phase == Phase.ENERGY
    while game.phase == Phase.ENERGY:
        game, events = play(game, RULES.waiting(game).must[0], Declare())
    assert next(e for e in events if isinstance(e, GalacticDrawn)).deck == 2


def test_cw_n2_action_points_set_to_the_sectors_value():
    game = _discard_phase(2, "n2", round_=2)
    game, _ = play(game, 0, Keep())
    game, _ = play(game, 1, Keep())
    assert [p.action_points for p in game.players] == [5, 5]


def test_cw_n3_destiny_passes_left():
    game = _discard_phase(3, "n3")
    destiny = game.destiny
    for seat in range(3):
        game, _ = play(game, seat, Keep())
    assert game.destiny == (destiny + 1) % 3 and game.order()[0] == game.destiny


def test_cw_n4_entering_sector_v_each_player_may_shuffle_the_discard_pile_in():
    game = _discard_phase(2, "n4", round_=8)
    game, _ = play(game, 0, Keep())
    game, _ = play(game, 1, Keep())
    assert game.phase == Phase.RESHUFFLE and game.round == 9
    assert RULES.legal(game, 0) == [Reshuffle(shuffle=True), Reshuffle(shuffle=False)]
    player = game.players[0]
    events = accepted(game, 0, Reshuffle(shuffle=True), "CW-N4")
    assert events[0] == ReshuffleChosen(seat=0, shuffle=True)
    assert isinstance(events[1], DeckShuffled)
    assert sorted(events[1].order) == sorted(player.draw + player.discard)
    game, _ = play(game, 0, Reshuffle(shuffle=True))
    chosen = rejected(game, 0, Reshuffle(shuffle=False), "CW-N4")
    assert chosen == "you have chosen already"
    game, _ = play(game, 1, Reshuffle(shuffle=False))
    assert game.phase == Phase.ENERGY and len(game.players[0].hand) == 7
    assert rejected(game, 0, Reshuffle(shuffle=True), "CW-N4") == (
        "the discard pile may be shuffled in only on entering Sector V"
    )


def test_cw_n4_a_seat_with_no_discard_pile_is_not_asked_to_shuffle():
    game = _discard_phase(2, "n4-none", round_=8)
    game = arrange(game, 1, hand=(), discard=())
    game, events = play(game, 0, Keep())
    assert game.phase == Phase.RESHUFFLE and RULES.waiting(game).must == (0,)
    assert ReshuffleChosen(seat=1, shuffle=False) in events


def test_the_greedy_bot_keeps_the_unit_worth_most():
    # a Siege Walker (draft 2, EP 1, Ground 3) is worth more than a Lancer Squadron (2, Fleet 2)
    walker, lancer, march = cid("Siege Walker"), cid("Lancer Squadron"), cid("Forced March")
    game = _discard_phase(seed="greedy-keeps")
    me = game.turn
    game = arrange(game, me, hand=(lancer, march, walker))
    assert greedy_bot(game, me, random.Random(0)) == Keep(card=walker)
    # Admiral Oskel's ability counts 2 toward his worth of 5, below the Siege Walker's 6
    oskel = cid("Admiral Oskel")
    game = arrange(game, me, hand=(oskel, walker))
    assert greedy_bot(game, me, random.Random(0)) == Keep(card=walker)
