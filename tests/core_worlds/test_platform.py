"""Core Worlds behind the platform: registry, codec round trips, the judge, selfplay."""

import argparse
import json

import msgspec

from events.codec import decode_entry, encode, game_codec, state_hash
from events.envelope import CreateMatch, DeadLetter, Decision, Ruling, Say
from events.match import PartitionMatches, apply
from events.ruleset import get_ruleset
from events.rulesets.core_worlds.decisions import (
    Declare,
    Deploy,
    Draft,
    Invade,
    Keep,
    Pass,
    Reshuffle,
    Use,
    UseSurgeToken,
)
from services.rules.judge import rule_on
from services.selfplay import add_parser, play_match

from .scenario import RULES


def test_registered_by_importing_events_rulesets():
    assert get_ruleset("core-worlds") is RULES
    assert all(t.__struct_config__.tag.startswith("cw.") for t in RULES.decision_types)
    assert all(t.__struct_config__.tag.startswith("cw.") for t in RULES.event_types)


def test_decisions_decode_from_a_players_json():
    codec = game_codec("core-worlds")
    body = b'{"type":"cw.invade","world":40,"units":[3,4],"uses":[{"card":3,"times":2}]}'
    assert codec.decision_body(body) == Invade(world=40, units=(3, 4), uses=(Use(card=3, times=2),))
    assert codec.decision_body(b'{"type":"cw.deploy","units":[5]}') == Deploy(units=(5,))
    steady = (Pass(), UseSurgeToken(), Keep(), Reshuffle(shuffle=True))  # nobody else changes
    assert not any(RULES.needs_fresh_view(d) for d in steady)
    assert RULES.needs_fresh_view(Draft(card=1)) and RULES.needs_fresh_view(Declare())


def test_a_match_log_replays_to_the_same_hashes_and_snapshots_round_trip():
    entries = play_match("core-worlds", "replay", 3, "replay-seed", ["random", "greedy"]).entries
    codec = game_codec("core-worlds")
    record = None
    for entry in entries:
        entry = decode_entry(encode(entry))
        record = apply(record, entry)
        assert state_hash(record.state) == entry.state_hash
    assert record.over and RULES.is_over(record.state)
    assert codec.decode_state(codec.encode_state(record.state)) == record.state


def test_the_judge_records_a_rejection_with_its_rule_and_reason():
    folded = PartitionMatches()

    def send(n, seat, body):
        decision = Decision(
            decision_id=f"d{n}", match_id="m", seat=seat, body=msgspec.Raw(encode(body))
        )
        return rule_on(
            folded, encode(decision), partition=0, offset=n, now_ms=0, fresh_seed=lambda: "s"
        )

    bad = send(0, None, CreateMatch(ruleset="core-worlds", seats=2, options={"colour": "red"}))
    assert isinstance(bad, DeadLetter) and "no option 'colour'" in bad.reason
    send(1, None, CreateMatch(ruleset="core-worlds", seats=2))
    send(2, 0, {"type": "match.claim_seat", "player": "ann"})
    send(3, 1, {"type": "match.claim_seat", "player": "bob"})
    state = folded.matches["m"].state
    [ruling] = send(4, 0, Draft(card=state.players[0].hand[0]))
    assert isinstance(ruling.body, Ruling) and not ruling.body.accepted
    assert ruling.body.rule == "CW-R" and "Action phase" in ruling.body.reason


def test_a_text_decision_is_read_against_the_match_and_the_ruling_keeps_both():
    folded = PartitionMatches()

    def say(n, text):
        body = msgspec.Raw(encode(Say(text)))
        decision = Decision(decision_id=f"t{n}", match_id="m", seat=0, body=body)
        return rule_on(
            folded, encode(decision), partition=0, offset=n, now_ms=0, fresh_seed=lambda: "s"
        )

    for n, body in enumerate(
        [
            CreateMatch(ruleset="core-worlds", seats=2),
            {"type": "match.claim_seat", "player": "ann"},
            {"type": "match.claim_seat", "player": "bob"},
        ]
    ):
        decision = Decision(
            decision_id=f"d{n}",
            match_id="m",
            seat=n - 1 if n else None,
            body=msgspec.Raw(encode(body)),
        )
        rule_on(folded, encode(decision), partition=0, offset=n, now_ms=0, fresh_seed=lambda: "s")
    [slip] = say(3, "explore discard Hercules Bomer")
    assert not slip.body.accepted and slip.body.rule == "SL-2"
    assert json.loads(bytes(slip.body.asked)) == {
        "type": "match.say",
        "text": "explore discard Hercules Bomer",
    }
    assert bytes(slip.body.read) == b"null"
    ruling, *caused = say(4, "pass")
    assert ruling.body.accepted
    assert game_codec("core-worlds").decision_body(bytes(ruling.body.read)) == Declare()
    assert caused and folded.matches["m"].seq == caused[-1].seq


def test_selfplay_prints_a_summary_and_writes_a_deterministic_transcript(tmp_path, capsys):
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers())
    outputs = []
    for name in ("a.jsonl", "b.jsonl"):
        path = tmp_path / name
        args = parser.parse_args(
            ["selfplay", "--players", "3", "--games", "2", "--seed", "7", "--transcript", str(path)]
        )
        assert args.func(args) == 0
        summary = json.loads(capsys.readouterr().out)
        lines = path.read_bytes().splitlines()
        assert summary["games"] == 2 and summary["entries"] == len(lines)
        assert all(len(m["scores"]) == 3 and m["winners"] for m in summary["matches"])
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1]
    assert decode_entry(outputs[0].splitlines()[0]).body.ruleset == "core-worlds"
