"""A decision taken on a view is stale only if the match changed since: a refusal of another
seat's decision moves the seq but changes nothing anyone decides on."""

from typing import Any

from events import platform_rules as rules
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Ruling, Say
from events.match import PartitionBook
from events.rulesets.core_worlds.decisions import Declare, Draft, Pass
from services.rules.judge import rule_on
from tests.support import decision
from tests.tiny_ruleset import Add

MATCH = "fresh"


def _judged(book: PartitionBook, seat: int | None, body: Any, seen: int | None = None) -> Ruling:
    sent = decision(MATCH, seat, body, seen_seq=seen)
    entries = rule_on(book, encode(sent), partition=0, offset=0, now_ms=0, fresh_seed=str)
    return entries[0].body if entries[0].seq > 1 else entries[1].body


def test_a_view_stays_fresh_through_others_refusals_and_goes_stale_when_the_match_moves():
    book = PartitionBook()
    _judged(book, None, CreateMatch(ruleset="race-to-21", seats=2))
    _judged(book, 0, ClaimSeat(player="ann"))
    _judged(book, 1, ClaimSeat(player="bob"))
    seen = book.matches[MATCH].seq
    refused = _judged(book, 1, Add(amount=1), seen)  # not seat 1's turn
    assert not refused.accepted and refused.rule == "T-2"
    assert book.matches[MATCH].seq == seen + 1
    played = _judged(book, 0, Add(amount=1), seen)
    assert played.accepted, played
    late = _judged(book, 1, Add(amount=2), seen)
    assert not late.accepted and late.rule == rules.STALE
    assert f"as of entry {seen}" in late.reason


def test_a_command_that_does_not_read_on_a_changed_match_is_told_to_look_again():
    """Its words may have been right for the view it was written on: the player is told the
    match moved, not that the text makes no sense now."""
    book = PartitionBook()
    _judged(book, None, CreateMatch(ruleset="race-to-21", seats=2))
    _judged(book, 0, ClaimSeat(player="ann"))
    _judged(book, 1, ClaimSeat(player="bob"))
    seen = book.matches[MATCH].seq
    unread = _judged(book, 1, Say("add two"), seen)  # this game reads no text
    assert (unread.accepted, unread.rule) == (False, rules.MALFORMED)
    assert _judged(book, 0, Add(amount=1), seen).accepted
    late = _judged(book, 1, Say("add two"), seen)
    assert (late.accepted, late.rule) == (False, rules.STALE)


def test_a_decision_that_reads_nothing_others_change_is_judged_on_an_old_view():
    book = PartitionBook()
    _judged(book, None, CreateMatch(ruleset="core-worlds", seats=2, seed="s"))
    _judged(book, 0, ClaimSeat(player="ann"))
    _judged(book, 1, ClaimSeat(player="bob"))
    seen = book.matches[MATCH].seq
    assert _judged(book, 0, Declare(), seen).accepted
    assert _judged(book, 1, Declare()).accepted  # the match moved since seat 0's view
    drafting = _judged(book, 0, Draft(card=1), seen)
    assert (drafting.accepted, drafting.rule) == (False, rules.STALE)
    passing = _judged(book, 0, Pass(), seen)  # passing depends on nothing others did
    assert passing.accepted, passing
