"""Every decision on a match is answered on its log: a refusal names the rule and says what is
wrong, and the ruling keeps what was asked as a read model can store it (a body that cannot be
kept as it came, as its first KiB of text), what the player had seen, and when it was judged.
What no match can answer is dead-lettered with its rule, reason, partition, offset and first
4 KiB of text; an ended match rules on what comes after the decision that ended it.
In this process, so that mutation testing sees it; `test_bad_input` runs the real service."""

import json
import random
from typing import Any

import pytest

from events import platform_rules as rules
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, DeadLetter, Decision, Ruling
from events.match import PartitionMatches
from events.ruleset import load_rulesets
from services.rules.judge import Outcome, rule_on
from tests.random_play import Table
from tests.support import decision, first_ruling
from tests.tiny_ruleset import Add, RaceState, RaceToTwentyOne, TurnPassed

MATCH = "refused"


def _table() -> Table:
    """A three-seat race with seats 0 and 1 held and seat 2 open."""
    table = Table(MATCH)
    table.send(None, CreateMatch(ruleset="race-to-21", seats=3, seed="s"))
    table.send(0, ClaimSeat(player="ann"))
    table.send(1, ClaimSeat(player="bob"))
    return table


def _judged(folded: PartitionMatches, raw: bytes) -> Ruling:
    outcome = rule_on(folded, raw, partition=0, offset=99, now_ms=0, fresh_seed=str)
    assert isinstance(outcome, list), outcome
    return first_ruling(outcome)


@pytest.mark.parametrize(
    ("seat", "body", "sender", "rule", "reason"),
    [
        (
            None,
            CreateMatch(ruleset="race-to-21", seats=2),
            "organiser",
            rules.MATCH_EXISTS,
            "match 'refused' already exists",
        ),
        (
            3,
            Add(amount=1),
            "dan",
            rules.SEAT,
            "seat 3 is not a seat of this 3-seat match (seats are 0 to 2)",
        ),
        (
            None,
            Add(amount=1),
            "organiser",
            rules.SEAT,
            "seat None is not a seat of this 3-seat match (seats are 0 to 2)",
        ),
        (1, ClaimSeat(player="eve"), "eve", rules.SEAT, "seat 1 is already held by bob"),
        (
            2,
            ClaimSeat(player="bot:greedy"),
            "mallory",
            rules.RESERVED_NAME,
            "'bot:greedy' is a name only the organiser gives (to a bot's seat)",
        ),
        (
            0,
            Add(amount=1),
            "ann",
            rules.NOT_STARTED,
            "play starts when every seat is held; open: [2]",
        ),
    ],
)
def test_a_refusal_names_its_rule_and_what_is_wrong(
    seat: int | None, body: Any, sender: str, rule: str, reason: str
) -> None:
    table = _table()
    ruling = first_ruling(table.send(seat, body, sender=sender))
    assert (ruling.accepted, ruling.rule, ruling.reason) == (False, rule, reason)


def test_an_open_seat_is_claimed_and_a_name_is_the_organisers_to_give() -> None:
    table = _table()
    assert first_ruling(table.send(2, ClaimSeat(player="bot:greedy"), sender="organiser")).accepted
    assert table.folded.matches[MATCH].seat_players == ["ann", "bob", "bot:greedy"]


def test_what_is_not_a_decision_is_refused_and_kept_as_text() -> None:
    table = _table()
    for raw in (
        b'{"match_id": "refused", "decision_id": "no-body", "seat": 0}',
        b'{"match_id": "refused", "decision_id": "bad-utf8", "seat": 0,'
        b' "body": {"type": "race.add", "amount": 1, "note": "\xff"}}',
    ):
        ruling = _judged(table.folded, raw)
        assert (ruling.accepted, ruling.rule) == (False, rules.MALFORMED)
        assert ruling.reason.startswith("this is not a decision: ")
        # a JSON string of what came, with a byte that is no UTF-8 written as U+FFFD
        assert json.loads(bytes(ruling.asked)) == raw.decode("utf-8", "replace")


def test_an_unstorable_body_is_refused_and_kept_as_its_first_kib_of_text() -> None:
    table = _table()
    body = {"type": "race.add", "amount": 1, "note": "a\x00" + "é" * 1000}
    raw = encode(body)
    cut = 1023  # the first KiB ends inside an "é": that half character is written as U+FFFD
    assert raw[cut:].startswith("é".encode())
    ruling = _judged(table.folded, encode(decision(MATCH, 0, body)))
    assert (ruling.accepted, ruling.rule) == (False, rules.UNSTORABLE)
    assert ruling.reason.startswith("body.note holds U+0000")
    assert json.loads(bytes(ruling.asked)) == raw[:cut].decode() + "\ufffd"


def test_a_decision_of_64_kib_is_judged_and_one_byte_more_is_refused() -> None:
    table = _table()
    table.send(2, ClaimSeat(player="cy"))
    mover = table.folded.matches[MATCH].state.turn
    shape = encode(decision(MATCH, mover, Add(amount=1), decision_id=""))
    pad = rules.MAX_DECISION_BYTES - len(shape)
    at_limit = encode(decision(MATCH, mover, Add(amount=1), decision_id="a" * pad))
    over = encode(decision(MATCH, mover, Add(amount=1), decision_id="b" * (pad + 1)))
    assert len(at_limit) == rules.MAX_DECISION_BYTES
    assert _judged(table.folded, at_limit).accepted
    refused = _judged(table.folded, over)
    assert (refused.accepted, refused.rule) == (False, rules.OVERSIZED)
    assert refused.reason == f"a decision is at most 64 KiB; this one is {len(over)} bytes"
    assert json.loads(bytes(refused.asked)) == {"oversized_bytes": len(over)}


def test_a_ruling_keeps_the_entry_the_player_had_seen_and_each_entry_when_it_was_judged() -> None:
    table = _table()
    table.send(2, ClaimSeat(player="cy"))
    mover = table.folded.matches[MATCH].state.turn
    seen = table.folded.matches[MATCH].seq
    sent = decision(MATCH, mover, Add(amount=1), seen_seq=seen, sent_at_ms=1_000)
    entries = rule_on(
        table.folded, encode(sent), partition=0, offset=9, now_ms=2_000, fresh_seed=str
    )
    assert isinstance(entries, list) and len(entries) > 1
    ruling = first_ruling(entries)
    assert (ruling.accepted, ruling.seen_seq, ruling.sent_at_ms) == (True, seen, 1_000)
    assert {entry.recorded_at_ms for entry in entries} == {2_000}
    assert table.folded.matches[MATCH].last_entry_ms == 2_000


class _Restless(RaceToTwentyOne):
    """A broken game: after any move its turn passes on and on, never settling."""

    name = "restless-race"

    def react(self, state: RaceState, chance: random.Random) -> list[Any]:
        return [TurnPassed(to_seat=(state.turn + 1) % state.seats)]


def test_a_game_whose_reactions_never_settle_is_stopped_and_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(load_rulesets(), _Restless.name, _Restless())
    create = decision("loop", None, CreateMatch(ruleset=_Restless.name, seats=2))
    unsettled = r"^restless-race: react did not settle in 10000 rounds$"
    with pytest.raises(RuntimeError, match=unsettled):
        rule_on(PartitionMatches(), encode(create), partition=0, offset=0, now_ms=0, fresh_seed=str)


def _dead(raw: bytes, partition: int = 3, offset: int = 7) -> DeadLetter:
    outcome = rule_on(
        PartitionMatches(), raw, partition=partition, offset=offset, now_ms=0, fresh_seed=str
    )
    assert isinstance(outcome, DeadLetter), outcome
    return outcome


@pytest.mark.parametrize("at_cut", ["é".encode(), b"\xff"], ids=["split-character", "not-utf8"])
def test_what_names_no_match_is_dead_lettered_as_its_first_4_kib_of_text(at_cut: bytes) -> None:
    start = b'{"decision_id": "d", "note": "'
    raw = start + b"a" * (4095 - len(start)) + at_cut + b'a"}'
    assert raw[4095:].startswith(at_cut)  # the cut after 4096 bytes falls inside or on it
    assert _dead(raw) == DeadLetter(
        reason="not a decision (needs match_id and decision_id):"
        " Object missing required field `match_id`",
        rule=rules.MALFORMED,
        partition=3,
        offset=7,
        payload=raw[:4095].decode() + "\ufffd",
    )


def test_a_match_id_the_log_cannot_store_is_dead_lettered() -> None:
    raw = encode(decision("a\x00b", 0, Add(amount=1), decision_id="d"))
    assert _dead(raw, partition=0, offset=0) == DeadLetter(
        reason="match_id holds U+0000 (at character 1), so no match can be named by it",
        rule=rules.UNSTORABLE,
        partition=0,
        offset=0,
        payload=raw.decode(),
    )


@pytest.mark.parametrize(
    ("fields", "options", "where"),
    [
        ({"decision_id": "d\x00"}, {}, "decision_id holds U+0000 (at character 1)"),
        ({"sender": "org\x00"}, {}, "sender holds U+0000 (at character 3)"),
        ({}, {"note": "\x00"}, "body.options.note holds U+0000 (at character 0)"),
    ],
    ids=["decision_id", "sender", "body"],
)
def test_a_create_the_log_cannot_store_makes_no_match_and_is_dead_lettered(
    fields: dict[str, str], options: dict[str, str], where: str
) -> None:
    create = CreateMatch(ruleset="race-to-21", seats=2, options=options, seed="s")
    raw = encode(decision("new", None, create, **{"decision_id": "d", **fields}))
    assert _dead(raw, partition=2, offset=5) == DeadLetter(
        reason=f"{where}, which the log does not take (events.storable says what it takes)",
        rule=rules.UNSTORABLE,
        partition=2,
        offset=5,
        payload=raw.decode(),
    )


@pytest.mark.parametrize(
    ("body", "rule", "reason"),
    [
        (
            Add(amount=1),
            rules.UNKNOWN_MATCH,
            "no match 'new', and this is not a match.create:"
            " Invalid value 'race.add' - at `$.type`",
        ),
        (
            CreateMatch(ruleset="nope", seats=2),
            rules.CREATE,
            f"no game called 'nope'; known: {sorted(load_rulesets())}",
        ),
        (
            CreateMatch(ruleset="race-to-21", seats=9),
            rules.CREATE,
            "race-to-21 takes 2 to 4 seats, not 9",
        ),
    ],
    ids=["not-a-create", "unknown-game", "seats"],
)
def test_a_decision_that_creates_no_match_is_dead_lettered_saying_why(
    body: Any, rule: str, reason: str
) -> None:
    raw = encode(decision("new", 0, body, decision_id="d"))
    assert _dead(raw, partition=1, offset=2) == DeadLetter(
        reason=reason, rule=rule, partition=1, offset=2, payload=raw.decode()
    )


def test_a_create_without_a_seed_is_ruled_on_as_it_was_sent() -> None:
    body = b'{"seats": 2,  "type": "match.create", "ruleset": "race-to-21"}'
    raw = b'{"match_id": "m", "decision_id": "d", "seat": null, "body": ' + body + b"}"
    created = rule_on(PartitionMatches(), raw, partition=0, offset=0, now_ms=0, fresh_seed=str)
    assert isinstance(created, list) and isinstance(created[1].body, Ruling), created
    assert bytes(created[1].body.asked) == body  # not its fields written anew


def test_the_decision_that_ended_a_match_redelivered_is_dropped_and_the_next_one_ruled() -> None:
    folded = PartitionMatches()
    race = [
        (None, CreateMatch(ruleset="race-to-21", seats=2, options={"target": 6}, seed="s")),
        (0, ClaimSeat(player="ann")),
        (1, ClaimSeat(player="bob")),
        (0, Add(amount=3)),
        (1, Add(amount=3)),  # reaches 6: the race ends
    ]
    sent = [decision(MATCH, seat, body, decision_id=f"d{n}") for n, (seat, body) in enumerate(race)]
    for offset, each in enumerate(sent):
        assert isinstance(_at(folded, each, offset), list)
    end = len(sent) - 1
    assert folded.matches[MATCH].over
    assert _at(folded, sent[end], end) is None
    late = _at(folded, sent[end], end + 1)  # the same decision sent again later
    assert isinstance(late, list)
    assert (first_ruling(late).rule, first_ruling(late).reason) == (
        rules.MATCH_OVER,
        "this match has ended",
    )


def _at(folded: PartitionMatches, sent: Decision, offset: int) -> Outcome:
    return rule_on(folded, encode(sent), partition=0, offset=offset, now_ms=0, fresh_seed=str)
