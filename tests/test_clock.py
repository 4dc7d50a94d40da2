"""A match's clock, judged: deadlines set after every decision for the seats the game waits
for, and what a timeout, an excuse, an outage, the organiser's tools and a resignation write.
Scenarios on the tiny race game through the judge, each decision stamped with its own time."""

from typing import Any

import msgspec
import pytest

from events import platform_rules as rules
from events import ruleset as rulesets
from events.clock import (
    AbsenceDeclared,
    Clock,
    ClockOutage,
    ClockPaused,
    ClockResumed,
    DeadlineCleared,
    DeadlineExtended,
    DeadlineReached,
    DeadlineSet,
    DeclareAbsence,
    DefaultApplied,
    ExtendDeadline,
    PauseClock,
    Resign,
    ResumeClock,
    SeatHandedToBot,
    Timeout,
    Timing,
)
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, Ruling, SeedRevealed
from events.match import PartitionMatches, apply, record_bytes, record_from_bytes
from events.narration import Narrator
from events.rulesets.star_realms.decisions import EndTurn, Play, PlayAll
from events.rulesets.star_realms.happenings import DeckShuffled
from services.rules.judge import rule_on
from services.rules.rejudge import verify
from tests.tiny_ruleset import Add, Added, RaceToTwentyOne

MATCH = "timed"
SECOND = 1000
START = 1_700_000_000_000  # when the match is opened


class Table:
    """One match of `game` judged decision by decision, each sent at a time the test names."""

    def __init__(
        self,
        clock: Clock | None,
        players: tuple[str, ...] = ("ann", "bob"),  # () to claim the seats by hand
        start: int = START,
        game: str = "race-to-21",
    ) -> None:
        self.folded = PartitionMatches()
        self.entries: list[Entry[Any]] = []
        self.count = 0
        options = {"target": 6} if game == "race-to-21" else {}
        create = CreateMatch(ruleset=game, seats=2, options=options, seed="s")
        if clock is not None:
            create = msgspec.structs.replace(create, clock=clock)
        self.send(None, create, at=start, sender="organiser")
        for seat, player in enumerate(players):
            self.send(seat, ClaimSeat(player=player), at=start, sender=player)

    def send(
        self,
        seat: int | None,
        body: Any,
        *,
        at: int,
        sender: str = "",
        decision_id: str | None = None,
    ) -> list[Entry[Any]]:
        """The entries one decision wrote."""
        self.count += 1
        decision = Decision(
            decision_id=decision_id or f"{MATCH}:{self.count}",
            match_id=MATCH,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=sender or ("clock" if seat is None else ["ann", "bob"][seat]),
            sent_at_ms=at,
        )
        outcome = rule_on(
            self.folded, encode(decision), partition=0, offset=self.count, now_ms=at, fresh_seed=str
        )
        assert isinstance(outcome, list), outcome
        self.entries.extend(outcome)
        return outcome

    @property
    def timing(self) -> Timing:
        timing = self.folded.matches[MATCH].timing
        assert timing is not None
        return timing

    def timeout(self, seat: int, at: int) -> list[Entry[Any]]:
        deadline = self.timing.deadlines[seat]
        return self.send(None, Timeout(seat, deadline.at_seq, deadline.due_ms), at=at)


def bodies(entries: list[Entry[Any]]) -> list[Any]:
    return [e.body for e in entries]


def verdict(entries: list[Entry[Any]]) -> Ruling:
    return next(e.body for e in entries if isinstance(e.body, Ruling))


CLOCK = Clock(per_decision_s=60, grace_s=10, on_timeout="default", level="pass")


class NoBots(RaceToTwentyOne):
    """Race to 21 with no bot to take a seat."""

    name = "race-no-bots"
    bots = {}


class RefusedBot(RaceToTwentyOne):
    """Race to 21 whose one bot adds more than the rules let it."""

    name = "race-refused-bot"
    bots = {"eager": lambda state, seat, rng: Add(amount=9)}


def play_variants(monkeypatch: pytest.MonkeyPatch) -> None:
    """The variants, playable for one test (registered for good, the conformance suite would
    play them too)."""
    for game in (NoBots(), RefusedBot()):
        monkeypatch.setitem(rulesets.load_rulesets(), game.name, game)


def test_the_first_seat_to_act_gets_a_deadline_once_every_seat_is_held() -> None:
    table = Table(CLOCK)
    assert table.timing.deadlines.keys() == {0}
    set_ = next(b for b in bodies(table.entries) if isinstance(b, DeadlineSet))
    assert set_ == DeadlineSet(seat=0, due_ms=START + 60 * SECOND, at_seq=set_.at_seq)


def test_a_move_clears_the_movers_deadline_and_sets_the_next_seats() -> None:
    table = Table(CLOCK)
    moved = bodies(table.send(0, Add(amount=2), at=START + 5 * SECOND))
    assert moved[-2:] == [
        DeadlineCleared(seat=0),
        DeadlineSet(seat=1, due_ms=START + 65 * SECOND, at_seq=table.entries[-2].seq),
    ]
    assert table.timing.deadlines.keys() == {1}


def test_a_timeout_after_the_grace_period_applies_the_default_decision() -> None:
    table = Table(CLOCK)
    deadline = table.timing.deadlines[0]
    due = deadline.due_ms
    early = verdict(table.timeout(0, at=due + 5 * SECOND))  # within the grace period
    assert not early.accepted and early.rule == rules.CLOCK
    assert early.reason.startswith("not due until")
    wrote = bodies(table.timeout(0, at=due + 10 * SECOND))
    assert verdict(table.entries[-len(wrote) :]).rule == rules.CLOCK
    assert wrote[1] == DeadlineReached(0, due, deadline.at_seq, "default")
    assert wrote[2] == DefaultApplied(
        0, "pass", "T-1", msgspec.Raw(b'{"type":"race.add","amount":1}')
    )
    assert Added(seat=0, amount=1) in wrote
    assert table.timing.deadlines.keys() == {1}  # seat 1 must decide next, by now + 60 s
    assert table.timing.deadlines[1].due_ms == due + 70 * SECOND


def test_a_stale_timeout_is_refused_and_changes_nothing() -> None:
    table = Table(CLOCK)
    deadline = table.timing.deadlines[0]
    table.send(0, Add(amount=1), at=START + SECOND)  # met in time
    late = table.send(None, Timeout(0, deadline.at_seq, deadline.due_ms), at=START + 99 * SECOND)
    assert bodies(late) == [verdict(late)] and verdict(late).rule == rules.CLOCK
    assert "no longer stands" in verdict(late).reason


def test_an_excused_miss_is_forgiven_with_a_fresh_deadline_and_the_next_is_not() -> None:
    table = Table(msgspec.structs.replace(CLOCK, excuses=2))
    deadline = table.timing.deadlines[0]
    for left in (1, 0):
        due, fresh = deadline.due_ms, deadline.due_ms + 70 * SECOND
        excused = table.timeout(0, at=due + 10 * SECOND)
        assert verdict(excused).rule == rules.CLOCK
        assert bodies(excused)[1:] == [
            DeadlineReached(0, due, deadline.at_seq, "excused"),
            DeadlineExtended(0, fresh, 70 * SECOND, "excuse", f"{left} left"),
        ]
        deadline = table.timing.deadlines[0]
    last = bodies(table.timeout(0, at=deadline.due_ms + 10 * SECOND))
    assert last[1].outcome == "default" and isinstance(last[2], DefaultApplied)


def test_a_waiting_clock_reaches_the_deadline_once_and_sets_no_other_until_the_seat_moves() -> None:
    table = Table(msgspec.structs.replace(CLOCK, on_timeout="wait"))
    deadline = table.timing.deadlines[0]
    due = deadline.due_ms
    reached = table.timeout(0, at=due + 10 * SECOND)
    assert verdict(reached).rule == rules.CLOCK
    assert bodies(reached)[1:] == [DeadlineReached(0, due, deadline.at_seq, "wait")]
    assert table.timing.running == () and table.timing.late == (0,)
    table.send(0, Add(amount=1), at=due + 99 * SECOND)
    assert table.timing.deadlines.keys() == {1} and table.timing.late == ()


def test_a_bot_takes_the_seat_for_good_and_the_players_decisions_are_refused() -> None:
    table = Table(msgspec.structs.replace(CLOCK, on_timeout="bot", level="greedy"))
    due = table.timing.deadlines[0].due_ms
    handed = table.timeout(0, at=due + 10 * SECOND)
    assert verdict(handed).rule == rules.CLOCK
    assert bodies(handed)[2] == SeatHandedToBot(0, "greedy", "ann", "timeout")
    record = table.folded.matches[MATCH]
    assert record.seat_players[0] == "bot:greedy" and table.timing.running == ()
    refused = table.send(0, Add(amount=1), at=due + 11 * SECOND, sender="ann")
    assert verdict(refused).rule == rules.SEAT and "bot:greedy" in verdict(refused).reason
    assert bytes(verdict(refused).asked) == encode(Add(amount=1))  # what she asked, on record
    played = table.send(0, Add(amount=1), at=due + 12 * SECOND, sender="bot:greedy")
    assert verdict(played).accepted and table.timing.deadlines.keys() == {1}


def test_an_outage_moves_on_what_fell_due_during_it_by_its_length() -> None:
    table = Table(CLOCK)
    due = table.timing.deadlines[0].due_ms
    before = table.send(None, ClockOutage(START, due), at=due + 30 * SECOND)
    assert not verdict(before).accepted  # it fires after the grace period, past the outage
    assert verdict(before).rule == rules.CLOCK
    fires = due + 10 * SECOND
    at_its_start = verdict(table.send(None, ClockOutage(fires, fires + SECOND), at=fires + SECOND))
    assert not at_its_start.accepted  # what fell due as the clock went down was reached then
    down_from, down_to = due, due + 30 * SECOND
    wrote = bodies(table.send(None, ClockOutage(down_from, down_to), at=down_to))
    assert verdict(table.entries[-len(wrote) :]).rule == rules.CLOCK
    assert wrote[1] == DeadlineExtended(0, due + 30 * SECOND, 30 * SECOND, "outage", wrote[1].note)
    assert "was down from" in wrote[1].note
    assert table.timing.deadlines[0].due_ms == due + 30 * SECOND
    fires = table.timing.fires_ms(table.timing.deadlines[0])
    at_its_end = table.send(None, ClockOutage(fires - SECOND, fires), at=fires)
    assert verdict(at_its_end).accepted  # due as the clock came back: it moves on as well


def test_the_clock_tools_are_the_organisers_for_a_clock_and_a_state_it_is_not_in() -> None:
    table = Table(CLOCK)

    def refusal(seat: int | None, body: Any) -> tuple[bool, str, str]:
        refused = verdict(table.send(seat, body, at=START, sender="organiser"))
        return refused.accepted, refused.rule, refused.reason

    no_seat = "the clock and the organiser send this, for no seat"
    assert refusal(0, PauseClock()) == (False, rules.CLOCK_TOOLS, no_seat)
    unset = "seat 1 has no deadline to extend"
    assert refusal(None, ExtendDeadline(seat=1, by_s=60)) == (False, rules.CLOCK_TOOLS, unset)
    assert refusal(None, ResumeClock()) == (False, rules.CLOCK_TOOLS, "the clock is running")
    assert refusal(None, PauseClock())[:2] == (True, rules.CLOCK_TOOLS)
    paused = (False, rules.CLOCK_TOOLS, "the clock is paused already")
    assert refusal(None, PauseClock()) == paused
    due = table.timing.deadlines[0].due_ms
    resumed = table.send(None, ResumeClock(), at=START, sender="organiser")  # paused for no time
    assert verdict(resumed).rule == rules.CLOCK_TOOLS
    assert bodies(resumed)[1:] == [ClockResumed(START, 0), DeadlineExtended(0, due, 0, "paused")]
    assert refusal(None, ExtendDeadline(seat=0, by_s=60))[:2] == (True, rules.CLOCK_TOOLS)
    table = Table(None)
    assert refusal(None, PauseClock()) == (False, rules.CLOCK_TOOLS, "this match has no clock")


def test_the_organiser_extends_pauses_and_resumes_and_a_seat_cannot() -> None:
    table = Table(CLOCK)
    due = table.timing.deadlines[0].due_ms
    refused = table.send(0, ExtendDeadline(seat=0, by_s=600), at=START)
    assert verdict(refused).rule == rules.CLOCK_TOOLS and not verdict(refused).accepted
    extended = table.send(
        None, ExtendDeadline(seat=0, by_s=600, note="flu"), at=START, sender="organiser"
    )
    assert bodies(extended)[1] == DeadlineExtended(
        0, due + 600 * SECOND, 600 * SECOND, "organiser", "flu"
    )
    paused = table.send(None, PauseClock(), at=START + 10 * SECOND, sender="organiser")
    assert bodies(paused)[1] == ClockPaused(START + 10 * SECOND)
    frozen = table.timeout(0, at=due + 700 * SECOND)
    assert (verdict(frozen).rule, verdict(frozen).reason) == (rules.CLOCK, "the clock is paused")
    resumed = bodies(table.send(None, ResumeClock(), at=START + 70 * SECOND, sender="organiser"))
    assert resumed[1:] == [
        ClockResumed(START + 70 * SECOND, 60 * SECOND),
        DeadlineExtended(0, due + 660 * SECOND, 60 * SECOND, "paused"),
    ]


def test_a_resigned_seat_is_played_by_the_clocks_bot_to_the_end() -> None:
    table = Table(msgspec.structs.replace(CLOCK, level="greedy"))
    wrote = bodies(table.send(1, Resign(), at=START + SECOND))
    assert verdict(table.entries[-len(wrote) :]).rule == rules.RESIGN
    assert SeatHandedToBot(1, "greedy", "bob", "resigned") in wrote
    assert table.folded.matches[MATCH].seat_players[1] == "bot:greedy"


def test_only_a_seats_player_resigns_it_once_and_without_a_clock_the_games_first_bot_plays_on() -> (
    None
):
    table = Table(None)
    for seat in (None, 2, -1):
        refused = verdict(table.send(seat, Resign(), at=START, sender="ann"))
        assert (refused.rule, refused.reason) == (rules.SEAT, "only a seat's player may resign it")
    resigned = table.send(0, Resign(), at=START)
    assert verdict(resigned).rule == rules.RESIGN
    assert bodies(resigned)[1:] == [SeatHandedToBot(0, "pass", "ann", "resigned")]
    again = verdict(table.send(0, Resign(), at=START, sender="bot:pass"))
    assert (again.rule, again.reason) == (rules.RESIGN, "seat 0 is played by bot:pass already")


def test_a_match_without_a_clock_writes_no_deadline_and_a_timeout_is_refused() -> None:
    table = Table(None)
    assert table.folded.matches[MATCH].timing is None
    played = bodies(table.send(0, Add(amount=1), at=START))
    assert not any(type(b).__module__ == "events.clock" for b in played)
    refused = table.send(None, Timeout(0, 1, START), at=START)
    assert verdict(refused).reason == "this match has no clock"


def test_a_clock_whose_bot_the_game_lacks_is_refused_at_creation() -> None:
    folded = PartitionMatches()
    create = CreateMatch(
        ruleset="race-to-21", seats=2, clock=msgspec.structs.replace(CLOCK, level="x")
    )
    decision = Decision(decision_id="d", match_id="m", seat=None, body=msgspec.Raw(encode(create)))
    dead = rule_on(folded, encode(decision), partition=0, offset=0, now_ms=0, fresh_seed=str)
    assert dead.reason == "no bot 'x' to play for late seats; bots: pass, random, greedy"


def test_the_log_folds_to_the_same_timing_and_re_judges_the_same() -> None:
    table = Table(msgspec.structs.replace(CLOCK, excuses=1))
    table.send(1, Resign(), at=START)
    due = table.timing.deadlines[0].due_ms
    table.timeout(0, at=due + 10 * SECOND)
    table.timeout(0, at=due + 90 * SECOND)
    table.send(None, PauseClock(), at=due + 91 * SECOND, sender="organiser")
    table.send(None, ResumeClock(), at=due + 95 * SECOND, sender="organiser")
    record = None
    for entry in table.entries:
        record = apply(record, entry)
    assert record is not None and record.timing == table.timing
    assert record_from_bytes(*record_bytes(record)) == record  # as snapshots keep it
    assert verify(table.entries) is None


def test_narration_says_why_a_deadline_moved_and_tells_a_default_decision_to_its_seat_alone() -> (
    None
):
    table = Table(msgspec.structs.replace(CLOCK, excuses=1))
    due = table.timing.deadlines[0].due_ms
    table.timeout(0, at=due + 10 * SECOND)
    table.timeout(0, at=due + 90 * SECOND)

    def told(seat: int | None) -> list[str]:
        narrator = Narrator(seat)
        return [narrator.tell(entry) for entry in table.entries]

    ann, bob = told(0), told(1)
    assert "ann must decide by 2023-11-14 22:14:20 UTC" in ann
    assert any("ann's deadline is excused (0 left): now" in line for line in ann)
    assert "the pass bot decided for ann: add 1 (T-1)" in ann
    assert "the pass bot decided for ann" in bob
    assert any(line.startswith("the clock asked to call time on ann's deadline") for line in bob)
    # the second call, no excuse left, cites the rule by its name, not by the excuse clause
    assert sum(line.endswith(": accepted (SL-12, Missed deadline)") for line in bob) == 2


@pytest.mark.parametrize(
    "ms, words",
    [
        (5_000, "5 s"),
        (200_000, "3 min 20 s"),
        (300_000, "5 min"),
        (7_500_000, "2 h 5 min"),
        (90_000_000, "1 d 1 h"),
    ],
)
def test_spans_read_as_people_say_them(ms: int, words: str) -> None:
    from events.clock_narration import span

    assert span(ms) == words


def test_an_ended_match_reveals_its_seed_last_and_its_deadlines_lapse() -> None:
    table = Table(CLOCK)
    for turn in range(2):
        table.send(turn % 2, Add(amount=3), at=START + turn * SECOND)
    record = table.folded.matches[MATCH]
    assert record.over and isinstance(table.entries[-1].body, SeedRevealed)
    late = table.send(None, Timeout(1, 1, START), at=START + 999 * SECOND)
    assert verdict(late).rule == rules.MATCH_OVER


DAY = 86_400 * SECOND


def test_an_absence_stops_the_seats_clock_within_the_allowance() -> None:
    table = Table(msgspec.structs.replace(CLOCK, absence_days=3))
    due = table.timing.deadlines[0].due_ms
    away = bodies(table.send(0, DeclareAbsence(days=2), at=START + SECOND))
    assert away[1:] == [
        AbsenceDeclared(0, START + SECOND, START + SECOND + 2 * DAY),
        DeadlineExtended(0, due + 2 * DAY, 2 * DAY, "absence"),
    ]
    assert verdict(table.entries[-len(away) :]).rule == rules.ABSENCE
    too_long = table.send(0, DeclareAbsence(days=2), at=START + 2 * SECOND)
    assert (
        verdict(too_long).rule == rules.ABSENCE
        and "1 d of absence left" in verdict(too_long).reason
    )
    back = START + SECOND + 2 * DAY
    the_rest = bodies(table.send(0, DeclareAbsence(days=1), at=START + 2 * SECOND))
    assert the_rest[1:] == [  # follows the first absence
        AbsenceDeclared(0, back, back + DAY),
        DeadlineExtended(0, due + 3 * DAY, DAY, "absence"),
    ]
    table.send(1, DeclareAbsence(days=1), at=START + 3 * SECOND)  # bob, who is not to move
    table.send(0, Add(amount=1), at=START + 4 * SECOND)  # ann moves while away: bob's turn
    bob_back = START + 3 * SECOND + DAY
    assert table.timing.deadlines[1].due_ms == bob_back + 60 * SECOND  # his time starts then


def test_a_match_without_an_allowance_refuses_an_absence() -> None:
    table = Table(CLOCK)
    refused = table.send(0, DeclareAbsence(days=1), at=START)
    assert (
        verdict(refused).rule == rules.ABSENCE and "0 s of absence left" in verdict(refused).reason
    )
    for seat in (None, 2, -1):
        outside = verdict(table.send(seat, DeclareAbsence(days=1), at=START, sender="ann"))
        why = "only a seat's player may declare an absence"
        assert (outside.rule, outside.reason) == (rules.SEAT, why)
    untimed = verdict(Table(None).send(0, DeclareAbsence(days=1), at=START))
    assert (untimed.rule, untimed.reason) == (rules.ABSENCE, "this match has no clock")


def test_a_default_decision_in_a_sealed_phase_is_sealed_for_its_seat() -> None:
    folded, count = PartitionMatches(), 0

    def send(seat: int | None, body: Any, at: int) -> list[Entry[Any]]:
        nonlocal count
        count += 1
        sender = (
            "clock" if seat is None else ("organiser" if isinstance(body, CreateMatch) else "p")
        )
        decision = Decision(
            decision_id=f"sealed:{count}",
            match_id="sealed",
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=sender,
            sent_at_ms=at,
        )
        return rule_on(
            folded, encode(decision), partition=0, offset=count, now_ms=at, fresh_seed=str
        )

    clock = Clock(per_decision_s=60, level="first")
    send(None, CreateMatch(ruleset="sealed-picks", seats=2, seed="s", clock=clock), START)
    for seat in (0, 1):
        send(seat, ClaimSeat(player=f"p{seat}"), START)
    deadline = folded.matches["sealed"].timing.deadlines[0]
    wrote = send(None, Timeout(0, deadline.at_seq, deadline.due_ms), deadline.due_ms)
    applied = next(e for e in wrote if isinstance(e.body, DefaultApplied))
    assert applied.sealed_seat == 0


def test_a_deadline_starts_once_the_last_seat_is_claimed() -> None:
    table = Table(CLOCK, players=())
    table.send(0, ClaimSeat(player="ann"), at=START + 10 * SECOND)
    assert table.timing.deadlines == {}  # no one plays while a seat is open
    table.send(1, ClaimSeat(player="bob"), at=START + 20 * SECOND)
    assert table.timing.deadlines[0].due_ms == START + 80 * SECOND


def test_a_seat_whose_move_keeps_the_turn_gets_its_time_afresh_and_a_refused_one_does_not() -> None:
    table = Table(CLOCK, game="star-realms")  # a turn is many decisions of one seat
    [(seat, deadline)] = table.timing.deadlines.items()
    assert deadline.due_ms == START + 60 * SECOND
    refused = table.send(seat, Play(card=9999), at=START + 3 * SECOND)
    assert not verdict(refused).accepted and table.timing.deadlines == {seat: deadline}
    played = table.send(seat, PlayAll(), at=START + 5 * SECOND)
    assert verdict(played).accepted and table.timing.deadlines.keys() == {seat}
    assert table.timing.deadlines[seat].due_ms == START + 65 * SECOND


@pytest.mark.parametrize("per", ["decision", "turn"])
def test_a_missed_deadline_has_the_bot_decide_once_or_finish_the_turn(per: str) -> None:
    clock = msgspec.structs.replace(CLOCK, level="greedy", per=per)
    table = Table(clock, game="star-realms")
    [(seat, deadline)] = table.timing.deadlines.items()
    wrote = bodies(table.timeout(seat, at=deadline.due_ms + 10 * SECOND))
    defaults = [b for b in wrote if isinstance(b, DefaultApplied)]
    if per == "decision":  # the seat owed one decision: the next has its own deadline
        assert len(defaults) == 1 and table.timing.deadlines.keys() == {seat}
    else:  # the seat owed its turn: played, bought and ended it; the other seat's turn now
        assert len(defaults) > 1 and {d.seat for d in defaults} == {seat}
        assert table.timing.deadlines.keys() == {1 - seat}
    assert verify(table.entries) is None


def test_a_clock_per_turn_keeps_the_turns_deadline_through_its_decisions() -> None:
    table = Table(msgspec.structs.replace(CLOCK, per="turn"), game="star-realms")
    [(seat, deadline)] = table.timing.deadlines.items()
    played = table.send(seat, PlayAll(), at=START + 5 * SECOND)
    assert verdict(played).accepted and table.timing.deadlines == {seat: deadline}
    table.send(seat, EndTurn(), at=START + 9 * SECOND)
    other = table.timing.deadlines[1 - seat]
    assert seat not in table.timing.deadlines and other.due_ms == START + 69 * SECOND
    table.send(1 - seat, EndTurn(), at=START + 20 * SECOND)
    assert table.timing.deadlines[seat].due_ms == START + 80 * SECOND  # its next turn, afresh


def test_a_default_decision_uses_the_matchs_chance_and_re_judges_the_same() -> None:
    table = Table(msgspec.structs.replace(CLOCK, level="random"), game="star-realms")
    for _ in range(60):  # until a bot's decision, ending a turn, shuffles a deck
        [(seat, deadline)] = table.timing.deadlines.items()
        wrote = bodies(table.timeout(seat, at=deadline.due_ms + 10 * SECOND))
        assert isinstance(wrote[2], DefaultApplied)
        if any(isinstance(b, DeckShuffled) for b in wrote):
            break
    else:
        pytest.fail("no default decision shuffled a deck")
    assert verify(table.entries) is None  # the bot's choices and the shuffle, as written


def test_a_default_decision_the_game_refuses_leaves_the_match_waiting_for_the_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play_variants(monkeypatch)
    table = Table(msgspec.structs.replace(CLOCK, level="eager"), game="race-refused-bot")
    deadline = table.timing.deadlines[0]
    waits = table.timeout(0, at=deadline.due_ms + 10 * SECOND)
    assert (verdict(waits).accepted, verdict(waits).rule) == (True, rules.CLOCK)
    assert bodies(waits)[1:] == [DeadlineReached(0, deadline.due_ms, deadline.at_seq, "wait")]
    assert table.timing.running == () and table.timing.late == (0,)
    assert verify(table.entries) is None


def test_a_game_without_bots_keeps_a_seat_with_its_player_who_would_resign(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play_variants(monkeypatch)
    table = Table(None, game="race-no-bots")
    refused = verdict(table.send(0, Resign(), at=START))
    why = "race-no-bots has no bot to take the seat"
    assert (refused.accepted, refused.rule, refused.reason) == (False, rules.RESIGN, why)
    assert table.folded.matches[MATCH].seat_players == ["ann", "bob"]


def test_a_seat_claimed_under_an_empty_name_is_handed_over_under_that_name() -> None:
    timed = Table(msgspec.structs.replace(CLOCK, on_timeout="bot"), players=("", "bob"))
    due = timed.timing.deadlines[0].due_ms
    handed = bodies(timed.timeout(0, at=due + 10 * SECOND))
    assert handed[2] == SeatHandedToBot(0, "pass", "", "timeout")
    resigned = Table(None, players=("", "bob"))
    assert bodies(resigned.send(0, Resign(), at=START))[1:] == [
        SeatHandedToBot(0, "pass", "", "resigned")
    ]


def test_an_absence_declared_as_the_deadline_falls_due_does_not_move_it() -> None:
    table = Table(msgspec.structs.replace(CLOCK, absence_days=3))
    due = table.timing.deadlines[0].due_ms
    away = bodies(table.send(0, DeclareAbsence(days=1), at=due))
    assert away[1:] == [AbsenceDeclared(0, due, due + DAY)]
    assert table.timing.deadlines[0].due_ms == due  # it fell due before the absence began
