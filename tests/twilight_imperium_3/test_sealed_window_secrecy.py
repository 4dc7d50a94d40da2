"""A sealed response window tells no one but each seat how it answered, nor when: Twilight
Imperium 3's Sabotage window through the judge (Sol plays Good Year; Mentak holds a Sabotage,
Jol-Nar a Sabotage or only a Plague), read as the other seats, the public and the organiser
read it."""

from typing import Any

import msgspec

from events.clock import Clock, Timing
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, Ruling
from events.platform_rules import AUTOMATIC_SENDER, WINDOW_SENDER
from events.rulesets.twilight_imperium_3.card_decisions import NoSabotage, PlayCard
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.state import Game
from projections.secrecy import shown
from services.rules.judge import rule_on
from tests.random_play import Table
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL, arena
from tests.twilight_imperium_3.cards import holding_cards

GAME = "twilight-imperium-3"


def _window(
    name: str,
    jol_nar_holds: str,
    clock: Clock | msgspec.UnsetType = msgspec.UNSET,
    seed: str = "",
) -> tuple[Table, Game]:
    """A 3-seat match (with `clock`, and `seed` or its name for seed) through the judge in which
    Sol has just played Good Year: its sealed Sabotage window asks Mentak, who holds a Sabotage,
    and Jol-Nar, who holds `jol_nar_holds`; and the state arranged once the seats were taken,
    before Sol played."""
    table = Table(name)
    table.send(None, CreateMatch(ruleset=GAME, seats=3, seed=seed or name, clock=clock))
    for seat in range(3):
        table.send(seat, ClaimSeat(player=f"p{seat}"))
    state = arena({}, {"Abyz": Holding(SOL), "Lodor": Holding(MENTAK, units={"ground_force": 1})})
    state = holding_cards(state, SOL, "good_year")
    state = holding_cards(state, MENTAK, "sabotage")
    arranged = holding_cards(state, JOL_NAR, jol_nar_holds)
    record = table.folded.matches[table.match_id]
    record.state = arranged
    if isinstance(clock, Clock):  # no deadline yet: the window's are set as it opens
        record.timing = Timing(clock)
    table.send(SOL, PlayCard("good_year"))
    return table, arranged


def _by_hand(table: Table, seat: int, sent_at_ms: int) -> list[Entry[Any]]:
    """`seat` answers no sabotage by hand, on the view it was shown, at `sent_at_ms`."""
    seen = table.folded.matches[table.match_id].seq
    sent = Decision(
        decision_id=f"{table.match_id}:answer of seat {seat}",
        match_id=table.match_id,
        seat=seat,
        body=msgspec.Raw(encode(NoSabotage())),
        sender=f"p{seat}",
        sent_at_ms=sent_at_ms,
        seen_seq=seen,
    )
    offset = len(table.entries) + 1
    entries = rule_on(
        table.folded, encode(sent), partition=0, offset=offset, now_ms=sent_at_ms, fresh_seed=str
    )
    assert isinstance(entries, list)
    table.entries += entries
    return entries


def _answer(table: Table, seat: int) -> Entry[Any]:
    [ruling] = [e for e in table.entries if isinstance(e.body, Ruling) and e.sealed_seat == seat]
    return ruling


def test_an_automatic_answer_reads_to_the_others_as_one_answered_by_hand() -> None:
    automatic = _answer(_window("automatic", "plague")[0], JOL_NAR)
    assert automatic.body.sender == AUTOMATIC_SENDER  # he held no Sabotage: the judge answered
    weighed, _ = _window("weighed", "sabotage")
    _by_hand(weighed, JOL_NAR, sent_at_ms=3_600_000)
    by_hand = _answer(weighed, JOL_NAR)
    for reader in (SOL, MENTAK, None):
        assert encode(shown(automatic, 0, reader)) == encode(shown(by_hand, 0, reader)), reader
    assert shown(automatic, 0, JOL_NAR).sender == AUTOMATIC_SENDER  # his own record, whole


def _numbered_after(table: Table, opened: int) -> list[tuple[int, str, bytes]]:
    """The numbered entries since entry `opened`: number, kind, and body as anyone reads it."""
    return [
        (e.seq, type(e.body).__name__, encode(e.body))
        for e in table.entries
        if e.seq > opened and e.held is not True
    ]


def _closed(jol_nar_holds: str, first: int | None) -> tuple[Table, int]:
    """The window, `first` answering by hand half an hour in (None: none), then the other seat
    asked an hour in, which closes it. The table and the window's last numbered entry before."""
    table, _ = _window(f"closed-{jol_nar_holds}-{first}", jol_nar_holds, seed="closed")
    opened = table.folded.matches[table.match_id].seq
    if first is not None:
        _by_hand(table, first, sent_at_ms=1_800_000)
    last = MENTAK if first in (None, JOL_NAR) else JOL_NAR
    _by_hand(table, last, sent_at_ms=3_600_000)
    return table, opened


def test_sl_28_the_numbered_record_reads_the_same_whoever_answered_first_and_however() -> None:
    automatic, opened = _closed("plague", None)  # the judge answered Jol-Nar at once
    mentak_first, _ = _closed("sabotage", MENTAK)
    jol_nar_first, _ = _closed("sabotage", JOL_NAR)
    told = _numbered_after(automatic, opened)
    assert _numbered_after(mentak_first, opened) == told
    assert _numbered_after(jol_nar_first, opened) == told
    assert told[0][1] == "WindowClosed"
    rulings = [e.body for e in automatic.entries if e.seq > opened and isinstance(e.body, Ruling)]
    told_rulings = [r for r in rulings if r.sender == WINDOW_SENDER]
    assert [(r.seat, r.sent_at_ms) for r in told_rulings] == [
        (MENTAK, 3_600_000),  # in seat order, each sent by the window as it closed
        (JOL_NAR, 3_600_000),
    ]
