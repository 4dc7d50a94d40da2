"""A clock's calendar: a time zone, days off and quiet hours, during which a decision's time
does not run. Deadlines across a weekend and across daylight saving changes, judged from each
decision's own time; and checked minute by minute against a plain count of running time."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import msgspec
import pytest

from events.calendar import calendar_error, due_after
from events.clock import Clock, DeadlineSet
from events.clock_narration import calendar_words
from events.codec import encode
from events.envelope import CreateMatch, DeadLetter, Decision
from events.match import PartitionMatches, apply
from events.narration import Narrator
from services.rules.judge import rule_on
from services.rules.rejudge import verify
from tests.test_clock import SECOND, Table, bodies
from tests.tiny_ruleset import Add

ROME = ZoneInfo("Europe/Rome")
HOUR = 3600 * SECOND
DAY = 24 * HOUR


def at(zone: ZoneInfo, *when: int) -> int:
    """The instant a wall clock in `zone` reads `when` (year, month, day, hour[, minute])."""
    return round(datetime(*when, tzinfo=zone).timestamp() * 1000)


def rome(**fields: object) -> Clock:
    return Clock(per_decision_s=86_400, zone="Europe/Rome", **fields)  # type: ignore[arg-type]


def test_a_deadline_set_on_friday_evening_skips_the_weekend() -> None:
    clock = rome(days_off=("sat", "sun"))
    friday = at(ROME, 2024, 3, 8, 18)  # a Friday
    table = Table(clock, start=friday)
    assert table.timing.deadlines[0].due_ms == at(ROME, 2024, 3, 11, 18)  # Monday
    moved = bodies(table.send(0, Add(amount=1), at=friday + 2 * HOUR))
    due = next(b for b in moved if isinstance(b, DeadlineSet)).due_ms
    assert due == at(ROME, 2024, 3, 11, 20)
    told = _told(table, 0)
    assert "ann must decide by Monday 2024-03-11 18:00 Europe/Rome" in told
    assert "bob must decide by Monday 2024-03-11 20:00 Europe/Rome" in told
    assert verify(table.entries) is None


def test_a_decision_made_on_a_day_off_starts_counting_when_the_clock_runs_again() -> None:
    clock = msgspec.structs.replace(rome(days_off=("sat", "sun")), per_decision_s=3600)
    saturday = at(ROME, 2024, 3, 9, 10)
    assert due_after(clock, saturday, HOUR) == at(ROME, 2024, 3, 11, 1)


def test_quiet_hours_skip_the_night_and_the_spring_change_is_an_hour_shorter() -> None:
    clock = rome(quiet_hours=(22, 7))  # the clock runs 07:00-22:00 in Rome
    saturday = at(ROME, 2024, 3, 30, 21)  # the night the clocks go from 02:00 to 03:00
    due = due_after(clock, saturday, 2 * HOUR)
    assert due == at(ROME, 2024, 3, 31, 8)  # one hour on Saturday, one on Sunday at 07:00 CEST
    assert datetime.fromtimestamp(due / 1000, UTC).hour == 6  # UTC+2 now, not UTC+1
    assert due - saturday == 10 * HOUR  # the night was 8 hours long, not 9


def test_a_day_off_in_the_autumn_change_is_25_hours_long() -> None:
    clock = rome(days_off=("sun",))
    saturday_noon = at(ROME, 2024, 10, 26, 12)  # the clocks go back from 03:00 to 02:00 Sunday
    due = due_after(clock, saturday_noon, DAY)
    assert due == at(ROME, 2024, 10, 28, 12)  # Monday noon, local
    assert due - saturday_noon == 49 * HOUR  # 12 on Saturday, Sunday's 25 skipped, 12 Monday


def test_a_clock_without_a_calendar_counts_real_time_as_before() -> None:
    old = msgspec.json.decode(b'{"per_decision_s":60,"grace_s":10}', type=Clock)
    assert old.zone == "UTC" and old.days_off == () and old.quiet_hours is None
    assert due_after(old, 1_000, 60 * SECOND) == 61_000
    zoned = Clock(per_decision_s=60, zone="Asia/Tokyo")  # a zone alone changes only the words
    assert due_after(zoned, 1_000, 60 * SECOND) == 61_000


@pytest.mark.parametrize(
    "zone, days_off, quiet",
    [
        ("Europe/Rome", ("sat", "sun"), (22, 7)),
        ("America/New_York", ("sun",), (1, 6)),
        ("Australia/Lord_Howe", ("wed",), (23, 0)),  # a half-hour change
        ("America/Santiago", ("mon", "tue"), None),  # changes at midnight
    ],
)
def test_running_time_matches_a_count_minute_by_minute_across_a_year(
    zone: str, days_off: tuple[str, ...], quiet: tuple[int, int] | None
) -> None:
    clock = Clock(per_decision_s=30 * 3600, zone=zone, days_off=days_off, quiet_hours=quiet)  # type: ignore[arg-type]
    tz = ZoneInfo(zone)
    start = at(tz, 2024, 1, 3, 5, 17)
    for week in range(0, 52, 3):  # every third week of 2024, both changes among them
        begin = start + week * 7 * DAY + week * 3_700_000  # at another hour each time
        assert due_after(clock, begin, 30 * HOUR) == _counted(clock, tz, begin, 30 * 60)


def _counted(clock: Clock, tz: ZoneInfo, start: int, minutes: int) -> int:
    """When `minutes` of running minutes have passed, stepping a minute at a time."""
    minute = 60 * SECOND
    cursor = start - start % minute + (minute if start % minute else 0)
    left = minutes * minute - (cursor - start if _runs(clock, tz, start) else 0)
    while True:
        if _runs(clock, tz, cursor):
            if left <= minute:
                return cursor + left
            left -= minute
        cursor += minute


def _runs(clock: Clock, tz: ZoneInfo, ms: int) -> bool:
    local = datetime.fromtimestamp(ms / 1000, tz)
    if ("mon", "tue", "wed", "thu", "fri", "sat", "sun")[local.weekday()] in clock.days_off:
        return False
    if clock.quiet_hours is None:
        return True
    quiet_from, quiet_until = clock.quiet_hours
    hour = local.hour
    if quiet_from > quiet_until:
        return quiet_until <= hour < quiet_from
    return not quiet_from <= hour < quiet_until


NO_ZONE = "no time zone {!r}: give an IANA name such as Europe/Rome or America/New_York"


@pytest.mark.parametrize(
    "fields, why",
    [
        ({"zone": "Mars/Olympus_Mons"}, NO_ZONE.format("Mars/Olympus_Mons")),
        ({"zone": "../../etc/passwd"}, NO_ZONE.format("../../etc/passwd")),
        (
            {"days_off": ("mon", "tue", "wed", "thu", "fri", "sat", "sun")},
            "days off: the clock must run on some weekday",
        ),
        ({"days_off": ("sat", "sat")}, "days off: each weekday once"),
        ({"quiet_hours": (7, 7)}, "quiet hours: from and until must differ (from 22 until 7, say)"),
        (
            {"quiet_hours": (1, 0), "days_off": ("sat", "sun"), "per_decision_s": 366 * 86_400},
            "a decision's 31622400 s of running time span more than a year",
        ),
    ],
)
def test_a_clock_whose_calendar_cannot_be_is_refused_at_creation(
    fields: dict[str, object], why: str
) -> None:
    clock = msgspec.structs.replace(Clock(per_decision_s=60), **fields)
    assert calendar_error(clock) == why
    create = CreateMatch(ruleset="race-to-21", seats=2, clock=clock)
    decision = Decision(decision_id="d", match_id="m", seat=None, body=msgspec.Raw(encode(create)))
    dead = rule_on(
        PartitionMatches(), encode(decision), partition=0, offset=0, now_ms=0, fresh_seed=str
    )
    assert isinstance(dead, DeadLetter) and why in dead.reason


@pytest.mark.parametrize(
    "fields, running_hours_a_week",
    [
        ({}, 7 * 24),
        ({"days_off": ("sat", "sun")}, 5 * 24),
        ({"quiet_hours": (1, 8)}, 7 * 17),  # quiet from 1 until 8: 17 hours a day run
        ({"quiet_hours": (22, 7), "days_off": ("sun",)}, 6 * 15),  # a quiet night: 15 hours run
    ],
)
def test_a_decision_may_take_up_to_52_weeks_of_running_time_and_no_more(
    fields: dict[str, object], running_hours_a_week: int
) -> None:
    year_s = running_hours_a_week * 3600 * 52
    clock = msgspec.structs.replace(Clock(per_decision_s=year_s), **fields)
    assert calendar_error(clock) is None
    over = msgspec.structs.replace(clock, per_decision_s=year_s + 1)
    assert calendar_error(over) == (
        f"a decision's {year_s + 1} s of running time span more than a year"
    )


def test_running_time_the_walk_cannot_find_is_an_error_naming_the_clock() -> None:
    clock = rome(days_off=("sat", "sun"), quiet_hours=(1, 0))  # an hour a weekday
    with pytest.raises(ValueError) as refused:
        due_after(clock, at(ROME, 2026, 1, 5, 9), 10_000 * HOUR)
    assert str(refused.value) == f"{clock!r} does not run {10_000 * HOUR} ms in 800 days"


def test_a_zone_and_calendar_travel_on_the_log_and_fold_the_same() -> None:
    table = Table(rome(days_off=("sun",), quiet_hours=(23, 6)), start=at(ROME, 2024, 3, 30, 12))
    record = None
    for entry in table.entries:
        record = apply(record, entry)
    assert record is not None and record.timing == table.timing
    assert record.timing.clock.quiet_hours == (23, 6)


@pytest.mark.parametrize(
    "clock, words",
    [
        (Clock(per_decision_s=60), ""),
        (Clock(per_decision_s=60, zone="Asia/Tokyo"), "times in Asia/Tokyo"),
        (rome(days_off=("sat", "sun")), "runs in Europe/Rome time, not on sat, sun"),
        (
            rome(days_off=("sun",), quiet_hours=(22, 7)),
            "runs in Europe/Rome time, not on sun, nor from 22:00 until 07:00",
        ),
    ],
)
def test_the_lobby_says_when_the_clock_runs(clock: Clock, words: str) -> None:
    assert calendar_words(clock) == words


def _told(table: Table, seat: int) -> list[str]:
    narrator = Narrator(seat)
    return [narrator.tell(entry) for entry in table.entries]
