"""A decision taken on a view is stale only if the match changed since: a refusal of another
seat's decision moves the seq but changes nothing anyone decides on."""

from typing import Any

from events import platform_rules as rules
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Entry, Ruling, Say
from events.match import PartitionMatches
from events.ruleset import get_ruleset
from events.rulesets.core_worlds.decisions import Declare, Draft, Pass
from services.rules.judge import rule_on
from services.rules.rejudge import verify
from tests.support import decision
from tests.tiny_ruleset import Add

MATCH = "fresh"


def _judged(
    folded: PartitionMatches, seat: int | None, body: Any, seen: int | None = None
) -> Ruling:
    sent = decision(MATCH, seat, body, seen_seq=seen)
    entries = rule_on(folded, encode(sent), partition=0, offset=0, now_ms=0, fresh_seed=str)
    return entries[0].body if entries[0].seq > 1 else entries[1].body


def test_a_view_stays_fresh_through_others_refusals_and_goes_stale_when_the_match_moves():
    folded = PartitionMatches()
    _judged(folded, None, CreateMatch(ruleset="race-to-21", seats=2))
    _judged(folded, 0, ClaimSeat(player="ann"))
    _judged(folded, 1, ClaimSeat(player="bob"))
    seen = folded.matches[MATCH].seq
    refused = _judged(folded, 1, Add(amount=1), seen)  # not seat 1's turn
    assert not refused.accepted and refused.rule == "T-2"
    assert folded.matches[MATCH].seq == seen + 1
    played = _judged(folded, 0, Add(amount=1), seen)
    assert played.accepted, played
    late = _judged(folded, 1, Add(amount=2), seen)
    assert not late.accepted and late.rule == rules.STALE
    assert f"as of entry {seen}" in late.reason


def test_a_command_that_does_not_read_on_a_changed_match_is_told_to_look_again():
    """Its words may have been right for the view it was written on: the player is told the
    match moved, not that the text makes no sense now."""
    folded = PartitionMatches()
    _judged(folded, None, CreateMatch(ruleset="race-to-21", seats=2))
    _judged(folded, 0, ClaimSeat(player="ann"))
    _judged(folded, 1, ClaimSeat(player="bob"))
    seen = folded.matches[MATCH].seq
    unread = _judged(folded, 1, Say("add two"), seen)  # this game reads no text
    assert (unread.accepted, unread.rule) == (False, rules.MALFORMED)
    assert _judged(folded, 0, Add(amount=1), seen).accepted
    late = _judged(folded, 1, Say("add two"), seen)
    assert (late.accepted, late.rule) == (False, rules.STALE)


def test_a_decision_that_reads_nothing_others_change_is_judged_on_an_old_view():
    folded = PartitionMatches()
    _judged(folded, None, CreateMatch(ruleset="core-worlds", seats=2, seed="s"))
    _judged(folded, 0, ClaimSeat(player="ann"))
    _judged(folded, 1, ClaimSeat(player="bob"))
    seen = folded.matches[MATCH].seq
    assert _judged(folded, 0, Declare(), seen).accepted
    assert _judged(folded, 1, Declare()).accepted  # the match moved since seat 0's view
    drafting = _judged(folded, 0, Draft(card=1), seen)
    assert (drafting.accepted, drafting.rule) == (False, rules.STALE)
    passing = _judged(folded, 0, Pass(), seen)  # passing depends on nothing others did
    assert passing.accepted, passing


def _sealed_step(platform_rules: int) -> tuple[list[Ruling], list[Entry[Any]]]:
    """Both seats of a Race for the Galaxy match choose their opening discards, a sealed
    step, each on the view of the step's start."""
    folded, entries = PartitionMatches(), []

    def judged(seat: int | None, body: Any, seen: int | None = None) -> Ruling:
        sent = decision(MATCH, seat, body, seen_seq=seen)
        wrote = rule_on(
            folded,
            encode(sent),
            partition=0,
            offset=len(entries),
            now_ms=0,
            fresh_seed=str,
            platform_rules=platform_rules,
        )
        entries.extend(wrote)
        return next(e.body for e in wrote if isinstance(e.body, Ruling))

    judged(None, CreateMatch(ruleset="race-for-the-galaxy", seats=2, seed="s"))
    for seat, player in enumerate(("ann", "bob")):
        judged(seat, ClaimSeat(player=player))
    record = folded.matches[MATCH]
    seen, game = record.seq, get_ruleset(record.ruleset)
    chosen = [game.legal(record.state, seat)[0] for seat in range(2)]
    return [judged(seat, chosen[seat], seen) for seat in range(2)], entries


def test_another_seats_sealed_choice_leaves_a_view_fresh():
    """Bob could not have seen Ann's sealed choice, so his, on the same view, stands (two
    players answering the same turn mail were told to look again)."""
    choices, entries = _sealed_step(rules.VERSION)
    assert [c.accepted for c in choices] == [True, True]
    assert verify(entries) is None


def test_a_match_opened_under_platform_rules_0_keeps_judging_and_re_judging_as_it_did():
    choices, entries = _sealed_step(0)
    assert [(c.accepted, c.rule) for c in choices] == [(True, "RG-S5"), (False, rules.STALE)]
    assert entries[0].body.platform_rules == 0
    assert verify(entries) is None  # re-judged under the rules it was opened with
