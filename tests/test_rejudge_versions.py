"""A game's rules fixed in a new version: matches opened under the old one go on being judged
by it, and re-judging them under the new one names the first entry the fix changes, or none;
the organiser may move a match to the new version (SL-26), set back to before that entry, and it
is judged by it from then on. Race to 21's version 2 (`tests.tiny_ruleset.RaceUpToFour`) lets a
seat add 4 (rule T-1); version 1, the current, refuses it."""

from typing import Any

import msgspec
import pytest

from events import platform_rules as rules
from events.codec import encode
from events.corrections import SetAside, TakeBack
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, Ruling
from events.match import MatchRecord
from events.narration import Narrator
from events.ruleset import UnknownRuleset, get_ruleset, versions
from events.upgrades import Upgrade, Upgraded
from services.client.rejudge import verdict
from services.rules.judge import rule_on
from services.rules.rejudge import Unverifiable, check_version, upgrade, verify
from tests.random_play import Table
from tests.tiny_ruleset import Add, Roll


def _race(match_id: str, version: str | None = None) -> Table:
    table = Table(match_id, version=version)
    table.send(None, CreateMatch(ruleset="race-to-21", seats=2, seed="s"))
    table.send(0, ClaimSeat(player="Ana"))
    table.send(1, ClaimSeat(player="Ben"))
    return table


def _accepted(entries: list[Entry[Any]]) -> bool:
    ruling = entries[0].body
    assert isinstance(ruling, Ruling)
    return ruling.accepted


def test_the_install_keeps_both_versions_and_new_matches_play_the_current() -> None:
    assert versions("race-to-21") == ["1", "2"]
    assert get_ruleset("race-to-21").version == "1"
    assert get_ruleset("race-to-21", "2").version == "2"
    with pytest.raises(UnknownRuleset, match="no version '7'"):
        get_ruleset("race-to-21", "7")
    assert not _accepted(_race("current").send(0, Add(4)))


def test_a_match_pinned_to_a_version_is_judged_by_it_whatever_the_current_one() -> None:
    table = _race("pinned", version="2")
    record = table.folded.matches["pinned"]
    assert isinstance(record, MatchRecord) and record.ruleset_version == "2"
    assert _accepted(table.send(0, Add(4)))
    assert {e.ruleset_version for e in table.entries} == {"2"}
    check_version("pinned", table.entries)  # a version kept here verifies
    assert verify(table.entries) is None


def test_rejudging_under_the_new_version_names_the_first_entry_the_fix_changes() -> None:
    table = _race("old")
    table.send(0, Add(3))
    refused = table.send(1, Add(4))  # T-1 of version 1 refuses it
    assert not _accepted(refused)
    table.send(1, Add(2))
    assert verify(table.entries) is None  # the match stands under its own version
    found = verify(table.entries, version="2")
    assert found is not None and found.seq == refused[0].seq
    assert found.what.startswith("differs in body:") and '"accepted":true' in found.what
    said = verdict("old", table.entries, "2")
    assert said.startswith(f"old (version 1): entry {found.seq}")
    assert said.endswith(f"upgrade old --version 2 sets it back to before entry {refused[0].seq}")


def test_a_match_the_fix_does_not_touch_rejudges_the_same() -> None:
    table = _race("untouched")
    table.send(0, Add(3))
    table.send(1, Add(2))
    assert verify(table.entries, version="2") is None
    assert verdict("untouched", table.entries, "2") == "untouched (version 1): same"


def test_a_version_the_install_does_not_keep_cannot_verify() -> None:
    table = _race("elsewhere")
    entries = [e.__class__(**{**_fields(e), "ruleset_version": "9"}) for e in table.entries]
    with pytest.raises(Unverifiable, match="version 9; this install has version 1, 2"):
        check_version("elsewhere", entries)


def _fields(entry: Entry[Any]) -> dict[str, Any]:
    return {f: getattr(entry, f) for f in entry.__struct_fields__}


def _record(table: Table) -> MatchRecord:
    record = table.folded.matches[table.match_id]
    assert isinstance(record, MatchRecord)
    return record


def _ruling(entries: list[Entry[Any]]) -> Ruling:
    assert isinstance(entries[0].body, Ruling)
    return entries[0].body


def test_a_match_moved_to_the_fix_is_set_back_to_its_first_difference_and_judged_by_it() -> None:
    table = _race("moved")
    table.send(0, Add(3))
    refused = table.send(1, Add(4))[0].seq  # the first decision version 2 judges otherwise
    rolled = table.send(1, Roll())[0].seq  # chance drawn, which no setting back unsees
    table.send(0, Add(1))
    last = _record(table).seq
    move = upgrade("moved", table.entries, "2")
    assert move == Upgrade("2", last, refused)
    moved = table.send(None, move)
    assert (_ruling(moved).accepted, _ruling(moved).rule) == (True, rules.UPGRADE)
    digest = get_ruleset("race-to-21", "2").content_digest({})
    assert [e.body for e in moved[1:]] == [
        SetAside(refused, last, "upgrade", [rolled]),
        Upgraded("2", "1", digest),
    ]
    record = _record(table)
    assert (record.ruleset_version, record.state.total, record.state.turn) == ("2", 3, 1)
    line = Narrator(0, record).line(moved[-1])
    assert line.startswith("the organiser moved the match from version 1 of its rules to version 2")
    assert _ruling(table.send(1, Add(4))).accepted  # Ben's add of 4, judged by the fix now
    assert {e.ruleset_version for e in table.entries if e.seq > moved[-2].seq} == {"2"}
    assert record.state.total == 7
    check_version("moved", table.entries)
    assert verify(table.entries) is None  # the same hashes across the move


def test_a_match_the_fix_does_not_touch_moves_without_a_rollback() -> None:
    table = _race("same")
    table.send(0, Add(3))
    table.send(1, Add(2))
    before = _record(table).state_hash
    moved = table.send(None, upgrade("same", table.entries, "2"))
    assert [type(e.body) for e in moved] == [Ruling, Upgraded]
    assert (_record(table).ruleset_version, _record(table).state_hash) == ("2", before)
    assert _ruling(table.send(0, Add(4))).accepted
    assert verify(table.entries) is None


def test_no_correction_reaches_back_across_the_move() -> None:
    table = _race("across")
    table.send(0, Add(3))
    table.send(None, upgrade("across", table.entries, "2"))
    refused = table.send(0, TakeBack())  # Ana's add was judged by version 1
    assert (_ruling(refused).accepted, _ruling(refused).rule) == (False, rules.TAKE_BACK)
    table.send(1, Add(4))
    assert _ruling(table.send(1, TakeBack())).accepted  # Ben's, judged by version 2
    assert _record(table).state.total == 3
    assert verify(table.entries) is None


def test_a_move_is_the_organisers_to_a_kept_version_as_the_match_stands() -> None:
    table = _race("refused")
    table.send(0, Add(3))
    move = upgrade("refused", table.entries, "2")
    reasons = [
        _ruling(table.send(0, move, sender="Ana")).reason,
        _ruling(table.send(None, Upgrade("7", move.checked + 1))).reason,
        _ruling(table.send(None, Upgrade("1", move.checked + 2))).reason,
        _ruling(table.send(None, move)).reason,  # the match moved on since it was re-judged
    ]
    assert reasons == [
        "only the organiser moves a match to another version",
        "race-to-21 has no version '7' here; it has 1, 2",
        "the match is judged by version 1 already",
        f"it was re-judged under version 2 up to entry {move.checked}; the match is at entry"
        f" {move.checked + 3}: re-judge it again",
    ]
    assert _record(table).ruleset_version == "1"
    assert verify(table.entries) is None


def test_a_match_opened_before_platform_rules_4_refuses_a_move_as_before() -> None:
    old = Table("old-rules")
    create = Decision(
        decision_id="create",
        match_id="old-rules",
        seat=None,
        body=msgspec.Raw(encode(CreateMatch(ruleset="race-to-21", seats=2, seed="s"))),
        sender="organiser",
    )
    rule_on(
        old.folded,
        encode(create),
        partition=0,
        offset=0,
        now_ms=0,
        fresh_seed=str,
        platform_rules=3,
    )
    old.send(0, ClaimSeat(player="Ana"))
    old.send(1, ClaimSeat(player="Ben"))
    refused = old.send(None, Upgrade("2", _record(old).seq))
    assert (_ruling(refused).accepted, _ruling(refused).rule) == (False, rules.MALFORMED)
