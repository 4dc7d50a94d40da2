"""Corrections while a sealed window is open (SL-24, SL-25 under held answers, SL-28): every
numbered entry is one every seat heard of, so a seat disputes any entry up to the match's last,
and an answer held in the window moves that last entry not; nothing is taken back while the
window is open, whoever answered. Twilight Imperium 3's Sabotage window: Sol plays Good Year;
Mentak weighs his Sabotage; Jol-Nar holds only a Plague (the judge answers for him at once) or
a Sabotage he weighs too. Every face (API, web form, mail's `dispute SEQ`, the command line)
sends the same `match.dispute` decision to the judge."""

from typing import Any

from events.corrections import Dispute, Disputed, TakeBack, TakeBackAsked
from events.envelope import Ruling
from events.platform_rules import DISPUTE, TAKE_BACK
from tests.random_play import Table
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL
from tests.twilight_imperium_3.test_sealed_window_secrecy import _by_hand, _window


def _ruled(table: Table, seat: int, body: Any, rule: str) -> tuple[bool, str, list[Any]]:
    """`seat` sends `body`: whether the judge accepted it, its words, what else it wrote."""
    entries = table.send(seat, body)
    ruling = entries[0].body
    assert isinstance(ruling, Ruling) and ruling.rule == rule
    return ruling.accepted, ruling.reason, [type(e.body) for e in entries[1:]]


def _dispute(seq: int) -> Dispute:
    return Dispute(seq=seq, reason="that card was not playable then")


def test_sl_25_a_seat_disputes_any_entry_up_to_the_last_and_a_held_answer_moves_it_not() -> None:
    for seat in (SOL, MENTAK, JOL_NAR):
        answered, _ = _window(f"dispute-answered-{seat}", "plague")
        weighing, _ = _window(f"dispute-weighing-{seat}", "sabotage")
        held = [e for e in answered.entries if e.held is True]
        assert held and {e.sealed_seat for e in held} == {JOL_NAR}  # the judge answered him
        last = answered.entries[-1].seq
        assert last == weighing.entries[-1].seq  # his answer took no number
        for table in (answered, weighing):
            assert _ruled(table, seat, _dispute(last + 1), DISPUTE) == (
                False,
                f"there is no entry {last + 1}; the match is at {last}",
                [],
            ), seat
            assert _ruled(table, seat, _dispute(last), DISPUTE) == (True, "", [Disputed])


def test_sl_24_nothing_is_taken_back_while_the_window_is_open_whoever_answered() -> None:
    refused = (False, "a take-back waits until the open response window closes", [])
    for seat in (SOL, MENTAK, JOL_NAR):
        answered, _ = _window(f"take-back-answered-{seat}", "plague")  # Jol-Nar's answer held
        weighing, _ = _window(f"take-back-weighing-{seat}", "sabotage")
        for table in (answered, weighing):
            assert _ruled(table, seat, TakeBack(), TAKE_BACK) == refused, seat


def test_sl_24_once_the_window_closed_the_card_is_taken_back_as_any_decision() -> None:
    table, _ = _window("take-back-closed", "plague")
    _by_hand(table, MENTAK, sent_at_ms=1000)  # the window closes: no Sabotage came
    # the answers the window told came since, as decisions of their seats: they are asked
    assert _ruled(table, SOL, TakeBack(), TAKE_BACK) == (True, "", [TakeBackAsked])
