"""A draw from a pile: from its top while it lasts, then from the discard pile shuffled; a
draw the pile covers, or one with no discard pile to shuffle, shuffles nothing. A seat's
belief of the players: its own draw pile reordered, the others' hidden piles dealt anew."""

import random

import msgspec

from events.kit.zones import drawn, players_resampled


def test_a_draw_past_the_deck_shuffles_the_discard_pile_and_goes_on_from_its_top() -> None:
    taken, order = drawn(random.Random(3), (1, 2), (7, 8, 9), 4)
    assert taken == (1, 2)
    assert sorted(order) == [7, 8, 9]


def test_a_draw_the_deck_covers_or_with_no_discard_pile_shuffles_nothing() -> None:
    assert drawn(random.Random(3), (1, 2, 3), (7, 8), 3) == ((1, 2, 3), ())
    assert drawn(random.Random(3), (1,), (), 3) == ((1,), ())
    assert drawn(random.Random(3), (), (7,), 0) == ((), ())


class Hands(msgspec.Struct, frozen=True):
    hand: tuple[int, ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...] = ()


def test_a_seat_believes_its_own_draw_reordered_and_the_others_piles_dealt_from_their_cards():
    mine, theirs = Hands((1, 2), (3, 4, 5), (6,)), Hands((10, 11), (12,), (13, 14, 15))
    believed = players_resampled((mine, theirs), 0, random.Random(7), "draw", ("hand", "draw"))
    assert believed[0].hand == (1, 2) and believed[0].discard == (6,)
    assert sorted(believed[0].draw) == [3, 4, 5]
    assert (len(believed[1].hand), len(believed[1].draw)) == (2, 1)
    assert sorted(believed[1].hand + believed[1].draw) == [10, 11, 12]
    assert believed[1].discard == (13, 14, 15)  # not among the piles dealt anew


def test_two_states_the_seat_cannot_tell_apart_resample_alike():
    one = (Hands((1,), (3, 4, 5)), Hands((10, 11), (12,)))
    other = (Hands((1,), (5, 3, 4)), Hands((12, 10), (11,)))
    for seed in range(5):
        piles = ("hand", "draw")
        first = players_resampled(one, 0, random.Random(seed), "draw", piles)
        assert first == players_resampled(other, 0, random.Random(seed), "draw", piles)
