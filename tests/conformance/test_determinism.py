"""The same seed and decisions give the same log, hash for hash, in another process too;
the log and every snapshot read back from their bytes fold to the same states; `verify`
re-judges the log and agrees."""

import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from events.codec import encode, game_codec, state_hash
from events.match import apply
from services.rules.rejudge import verify

from .games import GAMES, RULESETS
from .judged import judged_match, log_digest

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_log_in_another_process(game: str) -> None:
    here = log_digest(game)
    assert log_digest(game) == here
    games = "tests.tiny_ruleset,tests.sealed_ruleset,tests.window_ruleset"
    env = {**os.environ, "PYTHONHASHSEED": "7", "STARLEDGER_RULESETS": games}
    there = subprocess.run(
        [sys.executable, "-m", "tests.conformance.judged", game],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert there.stdout.strip() == here


@pytest.mark.parametrize("game", GAMES)
def test_the_log_and_snapshots_read_back_and_verify(game: str) -> None:
    seats = RULESETS[game].min_seats
    entries = list(judged_match(game, seats))
    codec, record = game_codec(game), None
    for entry in entries:
        read = codec.entry(msgspec.structs.replace(entry, body=msgspec.Raw(encode(entry.body))))
        assert encode(read.body) == encode(entry.body), entry.seq
        record = apply(record, read)
        if entry.held is not True:  # a held answer changes no state, and has no hash
            assert state_hash(record.state) == entry.state_hash, entry.seq
        if record.state is not None:
            assert codec.decode_state(codec.encode_state(record.state)) == record.state
    assert record is not None and record.over and RULESETS[game].is_over(record.state)
    assert verify(entries) is None
