"""A response window's own deadline: a seat a window asks has the clock's `window_s` to answer
("a Sabotage within 24 hours" while a turn has days), its timeout acting as the clock says (the
window's pass), the calendar's pauses and excuses alike; without `window_s` a window runs a
decision's time. Scenarios on Last word (`tests/window_ruleset.py`) through the judge."""

from typing import Any

import asyncpg
import msgspec
import pytest

from events.clock import Clock, DeadlineReached, DeadlineSet, DefaultApplied
from events.clock_narration import entry_line
from events.codec import encode
from events.envelope import CreateMatch
from events.ruleset import get_ruleset, in_window
from projections import writes
from projections.lobby import Lobby
from projections.notices import Notices
from projections.projection import Folded
from services.mail import outbox
from services.mail.compose import headline, preference
from services.mail.outbox import detail_of
from services.rules.rejudge import verify
from tests.test_clock import SECOND, START, Table, bodies
from tests.window_ruleset import Pass, Play, Scored

HOUR = 3600 * SECOND
DAY = 24 * HOUR
GAME = get_ruleset("last-word")


def _struck(clock: Clock) -> tuple[Table, int, int, Play]:
    """A two-seat Last word match with `clock`, its striker having struck an hour in: the
    window asks the other seat. The table, the striker, the answerer and the strike."""
    table = Table(clock, game="last-word")
    duel = table.folded.matches["timed"].state
    striker = duel.active
    strike = Play(card=duel.hands[striker][0])
    table.send(striker, strike, at=START + HOUR, sender=["ann", "bob"][striker])
    return table, striker, 1 - striker, strike


def test_a_seat_a_window_asks_has_the_window_time_and_its_pass_is_made_when_it_lapses() -> None:
    clock = Clock(per_decision_s=3 * 86400, window_s=86400, level="pass")
    table, striker, answerer, strike = _struck(clock)
    assert in_window(GAME, table.folded.matches["timed"].state, answerer)
    window = table.timing.deadlines[answerer]
    assert (window.due_ms, window.window) == (START + HOUR + DAY, True)  # a day, not three
    wrote = bodies(table.timeout(answerer, at=window.due_ms))
    assert wrote[1] == DeadlineReached(answerer, window.due_ms, window.at_seq, "default")
    assert DefaultApplied(answerer, "pass", "LW-2", msgspec.Raw(encode(Pass()))) in wrote
    assert Scored(seat=striker, points=strike.card) in wrote
    # the next turn is a turn: three days, not a window's one
    turn = next(b for b in wrote if isinstance(b, DeadlineSet))
    assert (turn.due_ms - window.due_ms, turn.window) == (3 * DAY, False)
    assert verify(table.entries) is None


def test_without_a_window_time_a_window_runs_a_decisions_time_and_is_still_told_as_one() -> None:
    table, _, answerer, _ = _struck(Clock(per_decision_s=3 * 86400, level="pass"))
    window = table.timing.deadlines[answerer]
    assert (window.due_ms, window.window) == (START + HOUR + 3 * DAY, True)
    set_ = DeadlineSet(answerer, window.due_ms, window.at_seq, window=True)
    assert set_ in bodies(table.entries)
    line = entry_line(set_, None, ["ann", "bob"], str)
    assert line == f"a window is open to {['ann', 'bob'][answerer]} until 2023-11-17 23:13:20 UTC"


def test_a_windows_time_stops_in_quiet_hours_like_any_deadline() -> None:
    # struck at 23:13 UTC, a two-hour window: the quiet hours 0-8 hold it until 09:13
    clock = Clock(per_decision_s=86400, window_s=7200, level="pass", quiet_hours=(0, 8))
    table, _, answerer, _ = _struck(clock)
    assert table.timing.deadlines[answerer].due_ms == START + HOUR + 10 * HOUR


def test_an_excused_window_gets_a_fresh_window_time() -> None:
    clock = Clock(per_decision_s=86400, window_s=600, excuses=1, level="pass")
    table, _, answerer, _ = _struck(clock)
    due = table.timing.deadlines[answerer].due_ms
    table.timeout(answerer, at=due)
    assert table.timing.deadlines[answerer].due_ms == due + 600 * SECOND


@pytest.mark.parametrize("window_s", [0, 367 * 86400])
def test_a_window_time_is_checked_like_a_decisions(window_s: int) -> None:
    clock = {"per_decision_s": 60, "window_s": window_s}
    create = {"ruleset": "last-word", "seats": 2, "seed": "s", "clock": clock}
    with pytest.raises(msgspec.ValidationError, match="window_s"):
        msgspec.json.decode(msgspec.json.encode(create), type=CreateMatch)


ASKS = {  # the answerer holds 2, 3 and 1; the striker's hand is none of its words
    "window": "an answer window",
    "moment": "",
    "answers": ["play 1", "play 2", "play 3"],
    "more": 0,
    "pass_command": "pass",
    "passing": "pass",
}


def _window_notice(clock: Clock) -> tuple[Any, int]:
    """The deliveries the strike's step gives, told to the answerer alone, and its deadline."""
    table, _, answerer, _ = _struck(clock)
    notices = Notices()
    match = table.folded.matches["timed"]
    notices.take(Folded(entries=table.entries[-3:], hash_before="", match=match))
    [told] = notices.writes()[0].data.deliveries  # nobody else hears who is asked
    assert (told.seat, told.kind) == (answerer, "window")
    return told, table.timing.deadlines[answerer].due_ms


def test_the_seat_a_window_asks_hears_what_it_may_answer_until_its_deadline_not_its_turn() -> None:
    told, due = _window_notice(Clock(per_decision_s=86400, window_s=3600))
    assert msgspec.json.decode(msgspec.json.encode(told.detail)) == {
        "due_ms": due,
        "zone": "UTC",
        "asks": ASKS,
        "default": "you pass",
    }
    words = (
        "An answer window is open to you until 2023-11-15 00:13:20 UTC: you may play 1, play 2"
        " or play 3, or pass; with no answer, you pass."
    )
    assert headline(told.kind, told.detail) == words
    assert preference("window") == "turn"  # heard by every seat that hears of its turns


@pytest.mark.parametrize(
    ("on_timeout", "level", "default"),
    [
        ("default", "random", "a bot answers for you"),
        ("bot", "random", "a bot takes your seat"),
        ("wait", "pass", "the match waits for you"),
    ],
)
def test_a_windows_notice_says_what_the_clock_does_without_an_answer(
    on_timeout: str, level: str, default: str
) -> None:
    clock = Clock(per_decision_s=86400, window_s=3600, on_timeout=on_timeout, level=level)  # type: ignore[arg-type]
    told, _ = _window_notice(clock)
    assert told.detail["default"] == default
    assert headline(told.kind, told.detail).endswith(f", or pass; with no answer, {default}.")


async def test_a_windows_reminder_says_what_it_asks_as_its_notice_did_to_its_seat_alone(
    pool: asyncpg.Pool,
) -> None:
    """Mail and webhooks remind a seat of a window as its notice told it: a "may" (its answers,
    or pass), never "you must decide"; its words are kept with its deadline, never in the
    lobby's public row nor in another seat's deadline."""
    table, _, answerer, _ = _struck(Clock(per_decision_s=86400, window_s=3600))
    lobby = Lobby()
    lobby.take(Folded(entries=table.entries, hash_before="", match=table.folded.matches["timed"]))
    lobby.finish()
    async with pool.acquire() as conn:
        await writes.run(conn, lobby.writes())
    await pool.execute(
        "INSERT INTO mail_seats (match_id, seat, player, address, kinds, digest_s, remind_s,"
        " from_seq, told_seq) VALUES ('timed', $1, 'bob', 'bob@example.org', $2, 0, 7200, 0, 0)",
        answerer,
        ["turn", "reminder"],
    )
    due = table.timing.deadlines[answerer].due_ms
    await outbox.remind(pool, due - 1800 * SECOND)
    detail = await pool.fetchval(
        "SELECT detail FROM mail_outbox WHERE match_id = 'timed' AND kind = 'reminder'"
    )
    words = (
        "Reminder: an answer window is open to you until 2023-11-15 00:13:20 UTC: you may"
        " play 1, play 2 or play 3, or pass; with no answer, you pass."
    )
    assert headline("reminder", detail_of(detail)) == words
    public = await pool.fetchval(
        "SELECT to_jsonb(l)::text FROM lobby AS l WHERE match_id = 'timed'"
    )
    assert "window" in public and "play 1" not in public and "answers" not in public
    kept = await pool.fetch("SELECT seat, asks FROM deadlines WHERE match_id = 'timed'")
    assert [(r["seat"], detail_of(r["asks"])["asks"]) for r in kept] == [(answerer, ASKS)]
