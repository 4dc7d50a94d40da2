"""Drawing rounds: Swiss with byes and without repeats where a draw allows, round robin's
schedule, and the same chance drawing the same round."""

import random
from itertools import combinations

from events.leagues.pairing import (
    choose_byes,
    met_pairs,
    round_robin,
    round_robin_order,
    round_robin_rounds,
    swiss,
)

PLAYERS = [f"p{i}" for i in range(8)]


def test_a_first_swiss_round_seats_everyone_once_in_pairs_drawn_by_chance():
    points = dict.fromkeys(PLAYERS, 0.0)
    tables, byes = swiss(points, 2, set(), set(), random.Random(1))
    assert byes == []
    assert sorted(p for t in tables for p in t) == PLAYERS
    assert all(len(t) == 2 for t in tables)
    again, _ = swiss(points, 2, set(), set(), random.Random(1))
    other, _ = swiss(points, 2, set(), set(), random.Random(2))
    assert again == tables and other != tables


def test_swiss_pairs_the_leaders_together():
    points = {"a": 2.0, "b": 2.0, "c": 1.0, "d": 1.0, "e": 0.0, "f": 0.0}
    tables, _ = swiss(points, 2, set(), set(), random.Random(0))
    assert [sorted(t) for t in tables] == [["a", "b"], ["c", "d"], ["e", "f"]]


def test_swiss_goes_down_the_standings_rather_than_repeat_a_pairing():
    points = {"a": 2.0, "b": 2.0, "c": 1.0, "d": 1.0}
    met = met_pairs([["a", "b"], ["c", "d"]])
    tables, _ = swiss(points, 2, met, set(), random.Random(0))
    assert not met_pairs(tables) & met
    assert sorted(sorted(t)[0] for t in tables) == ["a", "b"]  # each leader meets c or d


def test_swiss_repeats_a_pairing_only_when_no_draw_avoids_it():
    met = met_pairs([["a", "b"], ["a", "c"]])  # a has met everyone but d... and d is gone
    points = {"a": 1.0, "b": 1.0, "c": 0.0, "d": 0.0}
    tables, _ = swiss(points, 2, met | {frozenset(("a", "d"))}, set(), random.Random(0))
    repeats = met_pairs(tables) & (met | {frozenset(("a", "d"))})
    assert len(repeats) == 1  # a meets someone again, and only a


def test_the_odd_player_out_is_the_lowest_placed_without_a_bye_yet():
    points = {"a": 2.0, "b": 1.0, "c": 1.0, "d": 0.0, "e": 0.0}
    order = ["a", "b", "c", "d", "e"]
    assert choose_byes(order, 2, set()) == ["e"]
    assert choose_byes(order, 2, {"e"}) == ["d"]
    assert choose_byes(order, 2, set(order)) == ["e"]
    tables, byes = swiss(points, 2, set(), {"e", "d"}, random.Random(3))
    assert byes[0] in {"b", "c"} and len(tables) == 2


def test_three_seat_swiss_tables_leave_the_rest_as_byes():
    points = dict.fromkeys(PLAYERS, 0.0)
    tables, byes = swiss(points, 3, set(), set(), random.Random(5))
    assert [len(t) for t in tables] == [3, 3] and len(byes) == 2
    assert sorted([*byes, *(p for t in tables for p in t)]) == PLAYERS


def test_round_robin_meets_every_pair_once_with_a_bye_a_round_when_odd():
    for count in (4, 5, 8):
        order = round_robin_order(PLAYERS[:count], random.Random(7))
        rounds = [round_robin(order, n) for n in range(1, round_robin_rounds(count) + 1)]
        pairs = [frozenset(t) for tables, _ in rounds for t in tables]
        assert sorted(pairs, key=sorted) == sorted(
            (frozenset(p) for p in combinations(PLAYERS[:count], 2)), key=sorted
        )
        for tables, byes in rounds:
            assert sorted([*byes, *(p for t in tables for p in t)]) == sorted(PLAYERS[:count])
            assert len(byes) == count % 2
        first_seats = [t[0] for tables, _ in rounds for t in tables]
        firsts = [first_seats.count(p) for p in PLAYERS[:count]]
        assert max(firsts) - min(firsts) <= 2  # nobody always moves first
