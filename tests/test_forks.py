"""Forks judged: given a race played through the judge, when it is forked after one of its
entries, then the fork starts from the state that entry left (whole once the match ended, as
one seat sees it while it runs), plays on like any match, re-judges to the same entries, and
is never rated."""

import random
from typing import Any

import msgspec

from events.codec import game_codec
from events.envelope import ClaimSeat, CreateMatch, Entry, MatchCreated
from events.forks import fork_of, refusal
from events.match import MatchRecord, apply
from events.ruleset import get_ruleset
from projections.secrecy import seed_sealed
from services.rules.judge import rule_on
from services.rules.rejudge import verify
from tests.random_play import Table
from tests.tiny_ruleset import Add, Added

RACE = get_ruleset("race-to-21")


def _race(match_id: str, **create: Any) -> Table:
    table = Table(match_id)
    table.send(None, CreateMatch(ruleset="race-to-21", seats=2, seed=match_id, **create))
    table.send(0, ClaimSeat(player="Ana"))
    table.send(1, ClaimSeat(player="Ben"))
    return table


def _record(table: Table) -> MatchRecord:
    record = table.folded.matches[table.match_id]
    assert isinstance(record, MatchRecord)
    return record


def _played_to_the_end(table: Table) -> None:
    """Greedy bots on every seat, as the bots worker plays them."""
    rng = random.Random(table.match_id)
    while isinstance(record := table.folded.matches[table.match_id], MatchRecord):
        seat = RACE.waiting(record.state).must[0]
        table.send(seat, RACE.default_decision(record.state, seat, "greedy", rng))


def _state_after(entries: list[Entry[Any]], seq: int) -> Any:
    record = None
    for entry in entries:
        if entry.seq <= seq:
            record = apply(record, entry)
    assert isinstance(record, MatchRecord)
    return record.state


def test_an_ended_match_forked_at_an_entry_plays_on_from_there_and_verifies() -> None:
    original = _race("original")
    _played_to_the_end(original)
    at = [e.seq for e in original.entries if isinstance(e.body, Added)][2]  # the third addition
    assert refusal(over=True, seat=None, seq=at, last=original.entries[-1].seq) is None
    fork = fork_of(RACE, "original", at, _state_after(original.entries, at), None, random.Random())
    forked = _race("forked", fork=fork)
    created = forked.entries[0]
    assert isinstance(created.body, MatchCreated) and created.body.fork == fork
    assert created.body.unrated is True  # a practice match: no rating counts it
    kept = next(e.state_hash for e in original.entries if e.seq == at)
    assert created.state_hash == kept  # the very state the original had after that entry
    assert _state_after(forked.entries, 1) == _state_after(original.entries, at)
    assert _record(forked).fork == msgspec.structs.replace(fork, state=b"")
    _played_to_the_end(forked)
    assert verify(forked.entries) is None


def test_a_seat_forks_a_running_match_as_it_sees_it_and_the_rest_is_dealt_anew() -> None:
    running = _race("running")
    running.send(0, Add(3))
    state = _record(running).state
    assert refusal(over=False, seat=None, seq=3, last=_record(running).seq) is not None
    dealt = random.Random(7)
    fork = fork_of(RACE, "running", _record(running).seq, state, 0, dealt)
    start = game_codec("race-to-21").decode_state(fork.state)
    assert start == RACE.resample(state, 0, random.Random(7))  # dealt by the game's resample
    assert RACE.view(start, 0) == RACE.view(state, 0)  # the seat sees what it saw
    forked = _race("seat-fork", fork=fork)
    assert RACE.view(_record(forked).state, 0) == RACE.view(state, 0)
    assert verify(forked.entries) is None
    # nobody reads the fork's dealt state in the archive, nor in what was asked
    archived, _ = seed_sealed(forked.entries[0].body, _record(forked))
    assert msgspec.json.decode(archived)["fork"]["state"] == ""
    asked = msgspec.json.decode(forked.entries[1].body.asked)
    assert asked["fork"]["state"] == "" and asked["fork"]["seat"] == 0


def test_a_fork_whose_state_is_no_state_of_its_game_is_refused() -> None:
    table = Table("bad-fork")
    bad = msgspec.json.encode(
        {
            "match_id": "bad-fork",
            "decision_id": "d1",
            "seat": None,
            "body": {
                "type": "match.create",
                "ruleset": "race-to-21",
                "seats": 2,
                "fork": {"match_id": "x", "seq": 3, "state": "AAAA"},
            },
        }
    )
    outcome = rule_on(table.folded, bad, partition=0, offset=1, now_ms=0, fresh_seed=str)
    assert not isinstance(outcome, list) and outcome is not None
    assert "holds no state of race-to-21" in outcome.reason
