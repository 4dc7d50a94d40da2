"""A league folded from its log: sign-ups judged in log order, withdrawals, rounds drawn when
the last one ended, the end; and standings with their tie-breaks."""

from events.leagues.entries import (
    SIGN_UP,
    WITHDRAW,
    LeagueEnded,
    LeagueOpened,
    LeagueRecord,
    LeagueRules,
    RoundDrawn,
    SignUp,
    Table,
    Withdraw,
    rules_error,
)
from events.leagues.fold import League, evolve
from events.leagues.rounds import next_entry
from events.leagues.standings import places, seat_points, standings

RULES = LeagueRules(game="race-to-21", rounds=2, players=4)


def fold(*bodies, rules=RULES) -> League:
    records = [LeagueOpened("cup", rules, "c", "seed"), *bodies]
    league = None
    for n, body in enumerate(records):
        league = evolve(league, LeagueRecord(league_id="lg", entry_id=str(n), at_ms=n, body=body))
    assert league is not None
    return league


def signed(*names: str) -> list[SignUp]:
    return [SignUp(player_id=name, name=name.upper()) for name in names]


def test_sign_ups_are_judged_in_log_order():
    league = fold(*signed("a", "b", "a", "c", "d", "e"))
    assert [m.player_id for m in league.members] == ["a", "b", "c", "d"]
    assert [(r.player_id, r.rule, r.reason) for r in league.refusals] == [
        ("a", SIGN_UP, "already signed up"),
        ("e", SIGN_UP, "the league is full (4 players)"),
    ]


def test_a_record_read_twice_counts_once():
    league = fold(*signed("a"))
    again = evolve(league, LeagueRecord(league_id="lg", entry_id="1", at_ms=9, body=signed("b")[0]))
    assert again == league


def test_a_full_league_draws_round_one_and_closes_sign_up():
    league = fold(*signed("a", "b", "c"))
    assert next_entry(league, {}, now_ms=0) is None
    league = fold(*signed("a", "b", "c", "d"))
    drawn = next_entry(league, {}, now_ms=0)
    assert isinstance(drawn, RoundDrawn) and drawn.round == 1 and drawn.byes == []
    assert [t.match_id for t in drawn.tables] == ["lg-r1-t1", "lg-r1-t2"]
    later = fold(*signed("a", "b", "c", "d"), drawn, *signed("x"))
    assert later.refusals[-1].reason == "sign-up closed when round 1 was drawn"
    assert next_entry(later, {}, now_ms=0) is None  # round 1 still playing


def test_a_league_with_a_start_date_starts_then_with_whoever_signed_up():
    rules = LeagueRules(game="race-to-21", rounds=1, starts_ms=100)
    league = fold(*signed("a", "b", "c"), rules=rules)
    assert next_entry(league, {}, now_ms=99) is None
    drawn = next_entry(league, {}, now_ms=100)
    assert isinstance(drawn, RoundDrawn) and len(drawn.tables) == 1 and len(drawn.byes) == 1


def test_the_next_round_follows_the_standings_and_the_last_ends_the_league():
    round_one = RoundDrawn(1, [Table("m1", ["a", "b"]), Table("m2", ["c", "d"])], [])
    league = fold(*signed("a", "b", "c", "d"), round_one)
    assert next_entry(league, {"m1": [1, 2]}, now_ms=0) is None
    placed = {"m1": [1, 2], "m2": [2, 1]}
    second = next_entry(league, placed, now_ms=0)
    assert isinstance(second, RoundDrawn)
    assert sorted(sorted(t.players) for t in second.tables) == [["a", "d"], ["b", "c"]]
    done = fold(*signed("a", "b", "c", "d"), round_one, second)
    ids = [t.match_id for t in second.tables]
    assert next_entry(done, placed | {m: [1, 2] for m in ids}, 0) == LeagueEnded()


def test_a_league_with_rounds_at_dates_waits_for_the_date_once_a_round_is_done():
    rules = LeagueRules(game="race-to-21", rounds=2, players=2, round_every_s=60)
    first = RoundDrawn(1, [Table("m1", ["a", "b"])], [])
    league = fold(*signed("a", "b"), first, rules=rules)  # drawn at the record's time, 3 ms
    assert next_entry(league, {"m1": [1, 2]}, now_ms=3 + 59_999) is None
    assert isinstance(next_entry(league, {"m1": [1, 2]}, now_ms=3 + 60_000), RoundDrawn)


def test_a_withdrawn_player_is_paired_no_more_and_keeps_earlier_points():
    round_one = RoundDrawn(1, [Table("m1", ["a", "b"]), Table("m2", ["c", "d"])], [])
    league = fold(*signed("a", "b", "c", "d"), round_one, Withdraw("b"), Withdraw("b"))
    assert league.refusals[-1].rule == WITHDRAW
    placed = {"m1": [2, 1], "m2": [1, 2]}
    table = {s.player_id: s for s in standings(league, placed)}
    assert table["b"].points == 0.0 and table["b"].withdrawn  # withdrew in round 1
    assert table["a"].points == 0.0 and table["c"].points == 1.0
    drawn = next_entry(league, placed, 0)
    assert isinstance(drawn, RoundDrawn)
    assert "b" not in [p for t in drawn.tables for p in t.players] + drawn.byes


def test_points_share_a_match_by_places():
    assert seat_points([1, 2]) == [1.0, 0.0]
    assert seat_points([1, 1]) == [0.5, 0.5]
    assert seat_points([1, 2, 2, 4]) == [1.0, 0.5, 0.5, 0.0]
    assert places([1], [3, 6], 2) == [2, 1]
    assert places([], [4, 4, 1], 3) == [1, 1, 3]


def test_ties_are_broken_by_buchholz_then_head_to_head():
    # a beats b, c beats d; then a beats c, d beats b: a 2, c 1, d 1, b 0
    # c met a (2) and d (1): Buchholz 3; d met c (1) and b (0): 1; c above d
    rounds = [
        RoundDrawn(1, [Table("m1", ["a", "b"]), Table("m2", ["c", "d"])], []),
        RoundDrawn(2, [Table("m3", ["a", "c"]), Table("m4", ["d", "b"])], []),
    ]
    league = fold(*signed("a", "b", "c", "d"), *rounds)
    placed = {"m1": [1, 2], "m2": [1, 2], "m3": [1, 2], "m4": [1, 2]}
    table = standings(league, placed)
    assert [(s.player_id, s.rank, s.points, s.buchholz) for s in table] == [
        ("a", 1, 2.0, 1.0),
        ("c", 2, 1.0, 3.0),
        ("d", 3, 1.0, 1.0),
        ("b", 4, 0.0, 3.0),
    ]
    # round robin: a beats b, c beats d; a beats c, b beats d; d beats a, b beats c
    robin = [
        *rounds[:1],
        RoundDrawn(2, [Table("m3", ["a", "c"]), Table("m4", ["b", "d"])], []),
        RoundDrawn(3, [Table("m5", ["a", "d"]), Table("m6", ["b", "c"])], []),
    ]
    league = fold(*signed("a", "b", "c", "d"), *robin, rules=RULES)
    robin_places = {m: [1, 2] for m in ("m1", "m2", "m3", "m4", "m6")} | {"m5": [2, 1]}
    table = standings(league, robin_places)
    assert [(s.player_id, s.rank, s.points, s.buchholz, s.head_to_head) for s in table] == [
        ("a", 1, 2.0, 4.0, 1.0),  # equal to b but for beating b
        ("b", 2, 2.0, 4.0, 0.0),
        ("c", 3, 1.0, 5.0, 1.0),
        ("d", 4, 1.0, 5.0, 0.0),
    ]
    # equal in all three: they share the rank
    even = [RoundDrawn(1, [Table("m1", ["a", "b"]), Table("m2", ["c", "d"])], [])]
    league = fold(*signed("a", "b", "c", "d"), *even)
    table = standings(league, {"m1": [1, 2], "m2": [1, 1]})
    assert [(s.player_id, s.rank) for s in table] == [("a", 1), ("c", 2), ("d", 2), ("b", 4)]


def test_byes_score_a_win():
    drawn = RoundDrawn(1, [Table("m1", ["a", "b"])], ["c"])
    rules = LeagueRules(game="race-to-21", rounds=1, players=3)
    league = fold(*signed("a", "b", "c"), drawn, rules=rules)
    table = {s.player_id: s for s in standings(league, {})}
    assert (table["c"].points, table["c"].byes, table["c"].played) == (1.0, 1, 0)


def test_a_withdrawn_player_s_later_byes_score_nothing():
    rules = LeagueRules(game="race-to-21", pairing="round_robin", players=3)
    first = RoundDrawn(1, [Table("m1", ["a", "b"])], ["c"])
    second = RoundDrawn(2, [Table("m2", ["b", "c"])], ["a"])
    league = fold(*signed("a", "b", "c"), first, Withdraw("a"), second, rules=rules)
    table = {s.player_id: s for s in standings(league, {"m1": [1, 2], "m2": [1, 2]})}
    assert (table["a"].points, table["a"].byes) == (0.0, 0)
    assert (table["c"].points, table["c"].byes) == (1.0, 1)


def test_rules_that_make_no_league_say_why():
    assert rules_error(LeagueRules(game="g", rounds=0, players=4)) is not None
    assert "two seats" in (rules_error(LeagueRules("g", 3, "round_robin", players=6)) or "")
    assert "round 1" in (rules_error(LeagueRules(game="g", rounds=3)) or "")
    assert rules_error(RULES) is None
