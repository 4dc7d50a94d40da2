"""A decision id is the idempotency key of its sender at its seat: a repeat from the same
sender and seat is dropped as judged before, but the same id from another seat or sender is
a decision of its own, judged on its merits, never silently dropped."""

from events.envelope import ClaimSeat, CreateMatch
from tests.random_play import Table
from tests.support import first_ruling
from tests.tiny_ruleset import Add

MATCH = "ids"


def _table() -> Table:
    table = Table(MATCH)
    table.send(None, CreateMatch(ruleset="race-to-21", seats=2, seed="s"))
    table.send(0, ClaimSeat(player="ann"))
    table.send(1, ClaimSeat(player="ben"))
    return table


def test_a_repeat_from_the_same_sender_and_seat_is_dropped() -> None:
    table = _table()
    mover = table.folded.matches[MATCH].state.turn
    assert first_ruling(table.send(mover, Add(amount=1), "mine")).accepted
    assert table.send(mover, Add(amount=1), "mine") == []


def test_another_seat_using_the_same_id_is_judged_not_dropped() -> None:
    table = _table()
    mover = table.folded.matches[MATCH].state.turn
    other = 1 - mover
    # the other seat sends first under the id the mover will use: refused, not its turn
    assert not first_ruling(table.send(other, Add(amount=1), "shared")).accepted
    assert first_ruling(table.send(mover, Add(amount=1), "shared")).accepted


def test_another_sender_at_the_same_seat_is_judged_not_dropped() -> None:
    table = _table()
    mover = table.folded.matches[MATCH].state.turn
    assert not first_ruling(table.send(None, Add(amount=1), "claimed", "organiser")).accepted
    assert first_ruling(table.send(mover, Add(amount=1), "claimed")).accepted
    assert first_ruling(table.send(mover, Add(amount=1), "claimed", "bot:greedy")).rule
