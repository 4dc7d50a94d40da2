"""Every kind of bad input through the real service: each is answered with a reason (a
ruling on the match's log, or a dead letter when no match can be named), the log holds
nothing a read model cannot store, and the service goes on judging."""

from pathlib import Path

import msgspec

from events import platform_rules as rules
from events.codec import Unreadable, encode, read_record
from events.envelope import ClaimSeat, CreateMatch, Ruling
from events.storable import rendered
from services.settings import Settings
from tests.support import LogReader, RulesProcess, decision, produce
from tests.tiny_ruleset import Add


async def test_bad_input_is_answered_and_the_service_keeps_serving(
    settings: Settings, tmp_path: Path
) -> None:
    m = "bad-1"
    setup = [
        decision(m, None, CreateMatch(ruleset="race-to-21", seats=2, seed="s")),
        decision(m, 0, ClaimSeat(player="ann")),
        decision(m, 1, ClaimSeat(player="bob")),
    ]
    # After setup the match is at seq 9 (created, ruling, dealt, 2 x (ruling, claimed)).
    bad = {
        "unknown decision": decision(m, 0, {"type": "race.fly", "to": "moon"}),
        "schema mismatch": decision(m, 0, {"type": "race.add", "amount": "three"}),
        "seat out of range": decision(m, 7, Add(amount=1)),
        "no seat": decision(m, None, Add(amount=1)),
        "wrong seat": decision(m, 1, Add(amount=1)),
        "illegal amount": decision(m, 0, Add(amount=9)),
        "stale view": decision(m, 0, Add(amount=1), seen_seq=3),
        "seat taken": decision(m, 1, ClaimSeat(player="eve")),
        "second create": decision(m, None, CreateMatch(ruleset="race-to-21", seats=2)),
        "oversized": decision(m, 0, {"type": "race.add", "amount": 1, "pad": "x" * 70_000}),
        "envelope without body": encode({"match_id": m, "decision_id": "no-body", "seat": 0}),
        "unknown field": decision(m, 0, {"type": "race.add", "amount": 1, "extra": True}),
        "NUL in the body": decision(m, 0, {"type": "race.add", "amount": 1, "x": "a\x00"}),
        "NUL in the sender": decision(m, 0, Add(amount=1), sender="e\x00ve"),
        "NUL in the id": decision(m, 0, Add(amount=1), decision_id="nul\x00id"),
        "nested 100 deep": decision(
            m, 0, {"type": "race.add", "amount": 1, "x": msgspec.json.decode(_nested(100))}
        ),
        "integer past 64 bits": decision(m, 0, {"type": "race.add", "amount": 2**70}),
        "text past its bound": decision(m, 0, {"type": "race.add", "amount": 1, "x": "y" * 60_000}),
        "a list past its bound": decision(
            m, 0, {"type": "race.add", "amount": 1, "x": [1] * 30_000}
        ),
    }
    expected_rules = {
        "unknown decision": rules.MALFORMED,
        "schema mismatch": rules.MALFORMED,
        "seat out of range": rules.SEAT,
        "no seat": rules.SEAT,
        "wrong seat": "T-2",
        "illegal amount": "T-1",
        "stale view": rules.STALE,
        "seat taken": rules.SEAT,
        "second create": rules.MATCH_EXISTS,
        "oversized": rules.OVERSIZED,
        "envelope without body": rules.MALFORMED,
        "unknown field": rules.MALFORMED,
        "NUL in the body": rules.UNSTORABLE,
        "NUL in the sender": rules.UNSTORABLE,
        "NUL in the id": rules.UNSTORABLE,
        "nested 100 deep": rules.UNSTORABLE,
        "integer past 64 bits": rules.UNSTORABLE,
        "text past its bound": rules.UNSTORABLE,
        "a list past its bound": rules.UNSTORABLE,
    }
    dead = [
        b"\x00\xffnot json at all",
        encode({"seat": 0, "body": {}}),  # names no match
        encode(decision("nowhere", 0, Add(amount=1))),  # a match that does not exist
        encode(decision("new", None, CreateMatch(ruleset="chess", seats=2))),
        encode(decision("new", None, CreateMatch(ruleset="race-to-21", seats=9))),
        b"x" * 70_000,
        encode(decision("m\x00", None, CreateMatch(ruleset="race-to-21", seats=2))),
        encode(decision("new", None, CreateMatch(ruleset="race-to-21", seats=2, seed="\x00"))),
        b'{"match_id": "bad-1", "decision_id": "u", "seat": 0, "sender": "\xff", "body": {}}',
        b'{"match_id": "bad-1", "decision_id": "s", "seat": 0, "body": {"x": "\\ud800"}}',
        b'{"match_id": "bad-1", "decision_id": "d", "seat": 0, "body": ' + _nested(999) + b"}",
        encode(decision(m, 2**40, Add(amount=1))),
    ]
    good = decision(m, 0, Add(amount=2), seen_seq=None)
    rules_process = RulesProcess(settings, tmp_path).start()
    try:
        await produce(settings, setup)
        for item in bad.values():
            await produce(settings, [item], key=m)
        await produce(settings, dead, key="x")
        await produce(settings, [good])
        async with LogReader(settings, settings.match_log_topic) as log:
            await log.until(
                lambda r: good.decision_id in {e.decision_id for e in r.entries().get(m, [])}
            )
            entries = log.entries()[m]
            readable = [not isinstance(read_record(v), Unreadable) for _, _, v in log.records]
        async with LogReader(settings, settings.dead_letter_topic) as dead_log:
            await dead_log.until(lambda r: len(r.records) >= len(dead))
            letters = dead_log.dead_letters()
        assert rules_process.alive()
    finally:
        rules_process.stop()

    assert all(readable)  # and so storable: nothing the rules service wrote is skipped
    rulings = {e.decision_id: e.body for e in entries if isinstance(e.body, Ruling)}
    for name, item in bad.items():
        decision_id = (
            item.decision_id
            if not isinstance(item, bytes)
            else msgspec.json.decode(item)["decision_id"]
        )
        ruling = rulings[rendered(decision_id)]  # the log names it as it can be stored
        assert not ruling.accepted, name
        assert ruling.rule == expected_rules[name], (name, ruling)
        assert ruling.reason, name
    assert rulings[good.decision_id].accepted
    assert [letter.rule for letter in letters] == [
        rules.MALFORMED,
        rules.MALFORMED,
        rules.UNKNOWN_MATCH,
        rules.CREATE,
        rules.CREATE,
        rules.MALFORMED,
        rules.UNSTORABLE,
        rules.UNSTORABLE,
        rules.MALFORMED,
        rules.MALFORMED,
        rules.MALFORMED,
        rules.MALFORMED,
    ]
    assert all(letter.reason for letter in letters)
    assert not any("\x00" in letter.payload + letter.reason for letter in letters)
    unstorable = rulings[bad["NUL in the body"].decision_id]
    assert "body.x holds U+0000" in unstorable.reason
    assert msgspec.json.decode(unstorable.asked) == '{"type":"race.add","amount":1,"x":"a\\u0000"}'
    for name in ("text past its bound", "a list past its bound"):  # kept: its first KiB alone
        assert len(msgspec.json.decode(rulings[bad[name].decision_id].asked)) == 1024, name


def _nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth
