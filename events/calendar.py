"""When a match's clock runs: in its time zone, not on its days off nor in its quiet hours; and
the instant a span of running time ends. Pure: local days are reckoned with `zoneinfo` from the
instants given, never from a wall clock. A local day's edges follow daylight saving (a spring
day runs 23 hours), while the running time counted is real time, so an hour lost at night
is never counted.

The due times are written on the log (`DeadlineSet.due_ms`), so folding never reckons them
again; re-judging does, with this machine's time zone data."""

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from events.clock import WEEKDAYS, Clock

DAY_MS = 86_400_000
MAX_WALK_DAYS = 800  # a clock whose decision spans more than a year of running days is refused


def zone(name: str) -> ZoneInfo | None:
    """The IANA zone `name`, or None if this machine knows no such zone."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # ValueError: a path, not a key
        return None


def always_runs(clock: Clock) -> bool:
    return not clock.days_off and clock.quiet_hours is None


def calendar_error(clock: Clock) -> str | None:
    """Why a clock's calendar cannot be, or None."""
    if zone(clock.zone) is None:
        return (
            f"no time zone {clock.zone!r}: give an IANA name such as Europe/Rome or"
            " America/New_York"
        )
    if len(set(clock.days_off)) != len(clock.days_off):
        return "days off: each weekday once"
    if len(clock.days_off) == len(WEEKDAYS):
        return "days off: the clock must run on some weekday"
    if clock.quiet_hours is not None and clock.quiet_hours[0] == clock.quiet_hours[1]:
        return "quiet hours: from and until must differ (from 22 until 7, say)"
    week_s = (len(WEEKDAYS) - len(clock.days_off)) * _day_hours(clock) * 3600
    if clock.per_decision_s > week_s * 52:
        return f"a decision's {clock.per_decision_s} s of running time span more than a year"
    return None


def due_after(clock: Clock, start_ms: int, running_ms: int) -> int:
    """The instant `running_ms` of running time after `start_ms` ends: the clock counts only
    while it runs, so a start in a pause counts from the pause's end."""
    if always_runs(clock):
        return start_ms + running_ms
    tz = ZoneInfo(clock.zone)
    day = datetime.fromtimestamp(start_ms / 1000, tz).date()
    left, cursor = running_ms, start_ms
    for _ in range(MAX_WALK_DAYS):
        for begin, end in _running(clock, tz, day):
            begin = max(begin, cursor)
            if end <= begin:
                continue
            if end - begin >= left:
                return begin + left
            left -= end - begin
            cursor = end
        day += timedelta(days=1)
    raise ValueError(f"{clock!r} does not run {running_ms} ms in {MAX_WALK_DAYS} days")


def _day_hours(clock: Clock) -> int:
    if clock.quiet_hours is None:
        return 24
    start, end = clock.quiet_hours
    return (start - end) % 24


def _running(clock: Clock, tz: ZoneInfo, day: date) -> list[tuple[int, int]]:
    """The spans of `day` (local) during which the clock runs, as instants in ms."""
    if WEEKDAYS[day.weekday()] in clock.days_off:
        return []
    if clock.quiet_hours is None:
        hours = [(0, 24)]
    else:
        quiet_from, quiet_until = clock.quiet_hours
        if quiet_from > quiet_until:  # a night: quiet before `until` and from `from`
            hours = [(quiet_until, quiet_from)]
        else:
            hours = [(0, quiet_from), (quiet_until, 24)]
    return [(_instant(tz, day, a), _instant(tz, day, b)) for a, b in hours if a < b]


def _instant(tz: ZoneInfo, day: date, hour: int) -> int:
    """The instant local `day` reads `hour`:00 (24: the next day's 00:00). An hour daylight
    saving skips reads with the offset before the jump: the instant the clocks jumped."""
    if hour == 24:
        day, hour = day + timedelta(days=1), 0
    return round(datetime.combine(day, time(hour), tzinfo=tz).timestamp() * 1000)
