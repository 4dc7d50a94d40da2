"""SL-25 under platform rules 4: a seat disputes only entries every seat heard of, so a dispute
by number tells no one a window answer came. Twilight Imperium 3's Sabotage window: Sol plays
Good Year, Jol-Nar holds only a Plague and the judge answers for him at once; Mentak weighs his
Sabotage. Every face (API, web form, mail's `dispute SEQ`, the command line) sends the same
`match.dispute` decision to the judge."""

from typing import Any

from events.corrections import Dispute, Disputed
from events.envelope import Ruling
from events.platform_rules import DISPUTE
from tests.random_play import Table
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL
from tests.twilight_imperium_3.test_sealed_window_secrecy import _window


def _disputed(table: Table, seat: int, seq: int) -> tuple[bool, str, list[Any]]:
    """`seat` disputes entry `seq`: whether the judge accepted it, its words, what it wrote."""
    entries = table.send(seat, Dispute(seq=seq, reason="that card was not playable then"))
    ruling = entries[0].body
    assert isinstance(ruling, Ruling) and ruling.rule == DISPUTE
    return ruling.accepted, ruling.reason, [type(e.body) for e in entries[1:]]


def _answered_at_once(name: str) -> tuple[Table, int]:
    """The window opened, Jol-Nar answered by the judge; the table and his answer's entry."""
    table, _ = _window(name, "plague")
    [answer] = [
        e.seq for e in table.entries if isinstance(e.body, Ruling) and e.sealed_seat == JOL_NAR
    ]
    return table, answer


def test_an_unrevealed_window_answer_is_disputed_as_an_entry_past_the_end() -> None:
    for seat in (SOL, MENTAK, JOL_NAR):
        for beyond in (0, 1, 2):  # his answer's ruling, its event, past the match's end
            table, answer = _answered_at_once(f"dispute-unheard-{seat}-{beyond}")
            opening = answer - 1  # the last entry every seat heard of: the window opened
            assert _disputed(table, seat, answer + beyond) == (
                False,
                f"there is no entry {answer + beyond}; the match is at {opening}",
                [],
            ), (seat, beyond)
    table, answer = _answered_at_once("dispute-heard")
    assert _disputed(table, SOL, answer - 1) == (True, "", [Disputed])


def test_before_platform_rules_4_a_dispute_reaches_every_entry_the_match_holds() -> None:
    table, answer = _answered_at_once("dispute-v3")
    table.folded.matches[table.match_id].platform_rules = 3
    last = table.entries[-1].seq
    assert _disputed(table, SOL, last + 5) == (
        False,
        f"there is no entry {last + 5}; the match is at {last}",
        [],
    )
    assert _disputed(table, SOL, answer) == (True, "", [Disputed])
