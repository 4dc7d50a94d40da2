"""A whole match checked in (greedy against planner, seed `fixture:0`, written by
`starledger selfplay --game star-realms --players 2 --seed fixture --bot greedy,planner
--transcript ...`): re-judged entry by entry, it must come out the same, so a rules change
that would alter a match already played is caught. A deliberate change rewrites the file with
that command and the final hash below, and says so in the commit."""

from pathlib import Path

from events.codec import decode_entry, encode
from events.envelope import SeedRevealed
from events.match import apply
from services.client.verify import verify
from services.selfplay import play_match

TRANSCRIPT = Path(__file__).parent / "fixtures" / "whole-match.jsonl"
FINAL_HASH = "cb9094a63a6653b18fd1e769dd3f8a20"


def _entries():
    return [decode_entry(line) for line in TRANSCRIPT.read_bytes().splitlines()]


def test_the_checked_in_match_re_judges_entry_by_entry():
    entries = _entries()
    assert verify(entries) is None
    assert isinstance(entries[-1].body, SeedRevealed) and entries[-1].state_hash == FINAL_HASH


def test_folding_the_transcript_ends_on_the_final_hash():
    record = None
    for entry in _entries():
        record = apply(record, entry)
    assert record is not None and record.over and record.state_hash == FINAL_HASH


def test_the_same_bots_and_seed_play_the_same_match():
    played = play_match("star-realms", "selfplay-fixture-0", 2, "fixture:0", ["greedy", "planner"])
    assert [encode(e) for e in played.entries] == TRANSCRIPT.read_bytes().splitlines()
