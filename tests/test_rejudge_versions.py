"""A game's rules fixed in a new version: matches opened under the old one go on being judged
by it, and re-judging them under the new one names the first entry the fix changes, or none.
Race to 21's version 2 lets a seat add 4 (rule T-1); version 1, the current, refuses it."""

from typing import Any

import pytest

from events.envelope import ClaimSeat, CreateMatch, Entry, Ruling
from events.match import MatchRecord
from events.ruleset import Accepted, UnknownRuleset, get_ruleset, register, versions
from services.client.rejudge import verdict
from services.rules.rejudge import Unverifiable, check_version, verify
from tests.random_play import Table
from tests.tiny_ruleset import Add, Added, RaceState, RaceToTwentyOne


class RaceUpToFour(RaceToTwentyOne):
    """Version 2: T-1 reads "add 1 to 4"."""

    version = "2"

    def decide(self, state: RaceState, seat: int, decision: Any, chance: Any) -> Any:
        if isinstance(decision, Add) and decision.amount == 4 and seat == state.turn:
            return Accepted("T-1", [Added(seat=seat, amount=4)])
        return super().decide(state, seat, decision, chance)


register(RaceUpToFour(), current=False)


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
    record = table.book.matches["pinned"]
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
    assert verdict("old", table.entries, "2").startswith(f"old (version 1): entry {found.seq}")


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
