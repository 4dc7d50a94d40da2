"""Which records of a match-log partition count: only the current owner's, and only those that
continue their match's seq exactly. Every reader folds through `PartitionMatches`, so a record it
admits wrongly is a move every reader believes."""

from typing import Any

import pytest

from events.envelope import Entry, EntryBatch, MatchCreated, OwnerFence, SeatClaimed
from events.match import ContentChanged, PartitionMatches, apply
from events.ruleset import get_ruleset

MATCH = "m"


def _batch(writer: str, seq: int, body: Any, match_id: str = MATCH) -> EntryBatch[Any]:
    entry = Entry(
        match_id=match_id,
        seq=seq,
        decision_id=f"d{seq}",
        ruleset="race-to-21",
        ruleset_version="1",
        body=body,
        state_hash=f"h{seq}",
    )
    return EntryBatch(writer=writer, decision_partition=0, decision_offset=seq, entries=[entry])


def _created(writer: str, match_id: str = MATCH) -> EntryBatch[Any]:
    body = MatchCreated(ruleset="race-to-21", seats=2, options={}, seed_commitment="c", seed="s")
    return _batch(writer, 1, body, match_id)


def _claim(writer: str, seq: int, seat: int, player: str) -> EntryBatch[Any]:
    return _batch(writer, seq, SeatClaimed(seat=seat, player=player))


def _folded(*records: EntryBatch[Any] | OwnerFence) -> tuple[PartitionMatches, list[list[Any]]]:
    folded = PartitionMatches()
    return folded, [folded.fold(r) for r in records]


def test_a_producer_retrys_duplicate_counts_once():
    folded, counted = _folded(
        OwnerFence(writer="a"), _created("a"), _claim("a", 2, 0, "ann"), _claim("a", 2, 0, "eve")
    )
    assert [len(c) for c in counted] == [0, 1, 1, 0]
    assert folded.matches[MATCH].seat_players == ["ann", None] and folded.matches[MATCH].seq == 2


def test_a_record_after_a_gap_does_not_count_and_the_match_waits_for_the_missing_seq():
    folded, counted = _folded(
        OwnerFence(writer="a"), _created("a"), _claim("a", 3, 1, "bob"), _claim("a", 2, 0, "ann")
    )
    assert [len(c) for c in counted] == [0, 1, 0, 1]
    assert folded.matches[MATCH].seat_players == ["ann", None] and folded.matches[MATCH].seq == 2


def test_a_match_that_does_not_start_at_seq_1_does_not_count():
    folded, counted = _folded(_batch("a", 2, MatchCreated("race-to-21", 2, {}, "c", "s")))
    assert counted == [[]] and folded.matches == {}


def test_a_fenced_out_owners_late_write_does_not_count_even_with_the_next_seq():
    folded, counted = _folded(
        OwnerFence(writer="a"),
        _created("a"),
        OwnerFence(writer="b"),
        _claim("a", 2, 0, "zombie"),  # the old owner, resumed, writes late
        _claim("b", 2, 0, "ann"),
    )
    assert [len(c) for c in counted] == [0, 1, 0, 0, 1]
    assert folded.matches[MATCH].seat_players == ["ann", None]


def test_a_new_fence_hands_the_partition_over_and_a_later_fence_can_hand_it_back():
    folded, counted = _folded(
        OwnerFence(writer="a"),
        _created("a"),
        OwnerFence(writer="b"),
        _claim("b", 2, 0, "ann"),
        OwnerFence(writer="a"),  # the first owner rejoins the group and is assigned it again
        _claim("b", 3, 1, "late-b"),
        _claim("a", 3, 1, "bob"),
    )
    assert [len(c) for c in counted] == [0, 1, 0, 1, 0, 0, 1]
    assert folded.owner == "a" and folded.matches[MATCH].seat_players == ["ann", "bob"]


def test_before_any_fence_every_writer_counts_and_other_matches_keep_their_own_seq():
    folded, counted = _folded(_created("a"), _created("b", "other"), _claim("b", 2, 0, "ann"))
    assert [len(c) for c in counted] == [1, 1, 1]
    assert (folded.matches[MATCH].seq, folded.matches["other"].seq) == (2, 1)


def test_a_match_folds_only_with_the_card_data_it_was_played_with():
    """A created match names the digest of its card data: folding it on other data fails
    closed, naming both digests; one that names none (made before digests) folds."""
    now = get_ruleset("core-worlds").content_digest({})
    assert now

    def created(digest: str) -> Entry[Any]:
        body = MatchCreated(
            ruleset="core-worlds",
            seats=2,
            options={},
            seed_commitment="c",
            seed="s",
            content_digest=digest,
        )
        return _batch("a", 1, body).entries[0]

    assert apply(None, created(now)).seq == 1
    assert apply(None, created("")).seq == 1
    with pytest.raises(ContentChanged) as changed:
        apply(None, created("f" * 64))
    assert str(changed.value) == (
        f"core-worlds options {{}} read data with digest {now[:16]}…;"
        f" the match was played with {'f' * 16}…: restore that card set"
    )


def test_matches_restored_with_their_owner_refuse_a_fenced_out_writer_before_any_new_fence():
    """A snapshot or checkpoint keeps the owner it was taken under: the tail folded after it
    counts that owner's records only, as the whole log would have."""
    assert PartitionMatches(owner="b").fold(_created("a")) == []
    assert len(PartitionMatches(owner="b").fold(_created("b"))) == 1
