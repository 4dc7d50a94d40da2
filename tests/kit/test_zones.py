"""A draw from a pile: from its top while it lasts, then from the discard pile shuffled; a
draw the pile covers, or one with no discard pile to shuffle, shuffles nothing."""

import random

from events.kit.zones import drawn


def test_a_draw_past_the_deck_shuffles_the_discard_pile_and_goes_on_from_its_top() -> None:
    taken, order = drawn(random.Random(3), (1, 2), (7, 8, 9), 4)
    assert taken == (1, 2)
    assert sorted(order) == [7, 8, 9]


def test_a_draw_the_deck_covers_or_with_no_discard_pile_shuffles_nothing() -> None:
    assert drawn(random.Random(3), (1, 2, 3), (7, 8), 3) == ((1, 2, 3), ())
    assert drawn(random.Random(3), (1,), (), 3) == ((1,), ())
    assert drawn(random.Random(3), (), (7,), 0) == ((), ())
