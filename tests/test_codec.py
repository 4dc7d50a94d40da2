"""The wire codec: round trips, validation at the edge, and upcasting of old entries."""

import msgspec
import pytest

from events import upcast
from events.codec import decode_decision, decode_entry, decode_record, encode, state_hash
from events.envelope import (
    ClaimSeat,
    EntryBatch,
    OwnerFence,
    Ruling,
)
from events.match import PartitionMatches
from services.rules.judge import rule_on
from tests.projections.support import bot_decisions, judged
from tests.support import decision
from tests.tiny_ruleset import Added, RaceState
from tests.workload import race_decisions


def _entries():
    folded = PartitionMatches()
    batches = []
    for offset, d in enumerate(race_decisions(matches=1, seed=5)):
        outcome = rule_on(
            folded, encode(d), partition=0, offset=offset, now_ms=1, fresh_seed=lambda: "s"
        )
        if isinstance(outcome, list):
            batches.append(outcome)
    return batches


def test_a_decision_round_trips() -> None:
    sent = decision("m", 1, ClaimSeat(player="ann"), seen_seq=4, sender="ann")
    assert decode_decision(encode(sent)) == sent


def test_a_log_record_round_trips_with_typed_bodies() -> None:
    for entries in _entries():
        batch = EntryBatch(writer="w", decision_partition=0, decision_offset=3, entries=entries)
        assert decode_record(encode(batch)) == batch
    fence = OwnerFence(writer="w2")
    assert decode_record(encode(fence)) == fence


def test_bodies_are_typed_by_their_ruleset() -> None:
    kinds = {type(e.body) for batch in _entries() for e in batch}
    assert Ruling in kinds and Added in kinds


def test_a_decision_missing_its_id_is_refused() -> None:
    with pytest.raises(msgspec.ValidationError, match="decision_id"):
        decode_decision(b'{"match_id": "m", "seat": 0, "body": {}}')


def test_an_entry_of_an_unknown_kind_is_refused() -> None:
    entry = encode(_entries()[0][0]).replace(b'"match.created"', b'"match.exploded"')
    with pytest.raises(msgspec.ValidationError, match=r"match\.exploded"):
        decode_entry(entry)


def test_an_entry_of_a_newer_schema_is_refused_with_a_reason() -> None:
    entry = encode(_entries()[0][0]).replace(b'"schema":1', b'"schema":99')
    with pytest.raises(upcast.NewerSchema, match="schema 99"):
        decode_entry(entry)


def test_an_old_entry_is_upcast_on_read(monkeypatch: pytest.MonkeyPatch) -> None:
    current = _entries()[1][1]
    # A layout older than this release: `hash` instead of `state_hash`, no schema number 1.
    old = msgspec.json.decode(encode(current))
    old["hash"] = old.pop("state_hash")
    old["schema"] = 0

    def rename_hash(entry: dict) -> dict:
        entry["state_hash"] = entry.pop("hash")
        return entry

    monkeypatch.setitem(upcast.UPCASTERS, 0, rename_hash)
    assert decode_entry(encode(old)) == current
    decode_record(
        encode(EntryBatch(writer="w", decision_partition=0, decision_offset=0, entries=[current]))
    )  # the same ruleset is now the likely one
    batch = {
        "type": "entries",
        "writer": "w",
        "decision_partition": 0,
        "decision_offset": 0,
        "entries": [old],
    }
    assert decode_record(encode(batch)).entries == [current]


def test_equal_states_hash_equal_and_different_states_differ() -> None:
    a = RaceState(seats=2, cards=[3, 4], total=5)
    assert state_hash(a) == state_hash(RaceState(seats=2, cards=[3, 4], total=5))
    assert state_hash(a) != state_hash(RaceState(seats=2, cards=[3, 4], total=6))


def test_records_of_games_taken_in_turns_each_get_their_own_types() -> None:
    race = [
        EntryBatch(writer="w", decision_partition=0, decision_offset=i, entries=entries)
        for i, entries in enumerate(_entries())
    ]
    worlds = [v for vs in judged(bot_decisions("cw", 2, "codec"), 1).values() for v in vs[1:]]
    for race_batch, worlds_record in zip(race, worlds, strict=False):
        assert decode_record(encode(race_batch)) == race_batch
        typed = decode_record(worlds_record)
        assert isinstance(typed, EntryBatch)
        assert all(e.ruleset == "core-worlds" for e in typed.entries)
        assert not any(isinstance(e.body, msgspec.Raw | Added) for e in typed.entries)
        assert encode(typed) == worlds_record  # nothing lost or retyped on the way
