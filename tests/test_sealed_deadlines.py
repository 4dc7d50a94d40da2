"""A sealed step's side channels tell no one who has answered. SL-27 (platform rules 4): every
seat choosing keeps its deadline until the step ends (an answer clears none), and a seat that
answered keeps its choice when its deadline passes, written as a default would be: the others
read the same entries whether it had answered or not. And "my games" reads a seat's own turn
from its own row, where a seat that chose reads as such. Scenarios on the sealed-picks game."""

from typing import Any

from events.clock import DeadlineCleared, DeadlineReached, ExtendDeadline, Timeout
from events.envelope import Entry
from projections.lobby import Lobby
from projections.projection import Step
from projections.seat_views import SeatViews
from projections.secrecy import shown
from services.rules.rejudge import verify
from tests.sealed_ruleset import Pick, Revealed
from tests.test_clock_hold import SECOND, START, Picks


def _seen_by(entries: list[Entry[Any]], reader: int) -> list[tuple[str, Any]]:
    """What `reader` reads of these entries: each body's kind as `shown` gives it, and the seat
    it is sealed for."""
    return [(type(shown(e, 0, reader)).__name__, e.sealed_seat) for e in entries]


def test_an_answer_in_a_sealed_step_clears_no_deadline() -> None:
    picks = Picks()
    answered = picks.send(0, Pick("comet"), START + SECOND)
    assert not any(isinstance(b, DeadlineCleared) for b in answered)
    assert picks.deadline(0) is not None  # it runs on, as seat 1's does
    ended = picks.send(1, Pick("pulsar"), START + 2 * SECOND)
    assert any(isinstance(b, Revealed) for b in ended)
    assert verify(picks.entries) is None


def _timed_out(answered_first: bool) -> tuple[Picks, list[Entry[Any]]]:
    """Seat 0's deadline passing while seat 1, its deadline moved on by the organiser, still
    weighs its pick; seat 0 having picked first or not. The match, and what the timeout wrote."""
    picks = Picks()
    picks.send(None, ExtendDeadline(seat=1, by_s=600), START, sender="organiser")
    if answered_first:
        picks.send(0, Pick("quasar"), START + SECOND)
    deadline = picks.deadline(0)
    picks.send(None, Timeout(0, deadline.at_seq, deadline.due_ms), deadline.due_ms)
    last = picks.entries[-1].decision_id
    return picks, [e for e in picks.entries if e.decision_id == last]


def test_a_seat_that_answered_keeps_its_choice_and_its_timeout_reads_as_any_other() -> None:
    kept, kept_wrote = _timed_out(answered_first=True)
    defaulted, defaulted_wrote = _timed_out(answered_first=False)
    assert _seen_by(kept_wrote, reader=1) == _seen_by(defaulted_wrote, reader=1)
    reached = [e.body for e in kept_wrote if isinstance(e.body, DeadlineReached)]
    assert [r.outcome for r in reached] == ["default"]
    last = kept.send(1, Pick("pulsar"), START + 700 * SECOND)
    assert [b for b in last if isinstance(b, Revealed)] == [
        Revealed(round=1, picks=("quasar", "pulsar"))  # its own pick, not the bot's
    ]
    assert verify(kept.entries) is None and verify(defaulted.entries) is None


def test_a_seat_that_chose_reads_its_own_turn_as_chosen_and_the_lobby_shows_every_seat() -> None:
    picks = Picks()
    picks.send(0, Pick("comet"), START + SECOND)
    match = picks.folded.matches["hold"]
    views = SeatViews()
    views.take(Step(entries=picks.entries[-2:], hash_before="", match=match))
    views.finish()
    turns = {row[1]: row[-1] for row in views.seats}  # (match, seat, …, turn) a seat
    assert turns == {0: "chosen", 1: "must"}
    lobby = Lobby()
    assert lobby.row(match)["to_act"] == [0, 1]  # the public's: every seat choosing
