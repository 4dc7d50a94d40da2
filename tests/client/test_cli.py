"""The command line's own parts: arguments, saved tokens, the push stream's framing, and
failures as one line."""

import argparse
import stat

import pytest

from events.clock import Clock
from services.client import add_parsers, clock, tokens
from services.client.http import ClientError, Gateway, ServerEvent, read_events
from services.client.match import parse_bot, parse_option
from services.gateway import api


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    return parser


def test_every_command_parses() -> None:
    parse = _parser().parse_args
    new = parse(["match", "new", "--seats", "3", "--bot", "1:greedy", "--option", "a=true"])
    assert (new.game, new.seats, new.bot, new.option) == (
        "core-worlds",
        3,
        ["1:greedy"],
        ["a=true"],
    )
    assert parse(["match", "new", "--seats", "2", "--name", "Week 3"]).name == "Week 3"
    assert parse(["match", "list", "--status", "waiting", "--mine"]).mine
    assert parse(["match", "join", "m1", "--seat", "0", "--player", "ann"]).player == "ann"
    assert parse(["match", "join", "m1", "--seat", "0", "--mail", "a@x.org"]).mail == "a@x.org"
    assert parse(["play", "m1"]).seat is None
    assert parse(["say", "m1", "draft", "Hercules", "Bomber"]).text == [
        "draft",
        "Hercules",
        "Bomber",
    ]
    assert parse(["explain", "m1", "12"]).seq == 12 and parse(["explain", "m1", "3", "--json"]).json
    assert parse(["replay", "m1"]).match_id == parse(["verify", "m1"]).match_id == "m1"
    assert parse(["replay", "m1", "--seat", "2", "--all"]).seat == 2
    looked = parse(["cards", "core-worlds", "Hercules Bomber", "--json"])
    assert (looked.game, looked.name, looked.json) == ("core-worlds", "Hercules Bomber", True)
    assert parse(["cards", "race-to-21"]).name is None


def test_a_clock_runs_per_turn_or_per_decision_never_both() -> None:
    parse = _parser().parse_args
    race = ["match", "new", "--game", "race-for-the-galaxy", "--seats", "2"]
    league = clock.chosen(parse([*race, "--per-turn", "86400", "--grace", "3600"]))
    # no bot named: the game's strongest (Race for the Galaxy has no `pass` bot to default to)
    assert league == Clock(per_decision_s=86_400, grace_s=3600, per="turn", level="heuristic")
    single = clock.chosen(parse(["match", "new", "--seats", "2", "--per-decision", "600"]))
    assert single == Clock(per_decision_s=600, per="decision", level="greedy")  # core-worlds
    assert clock.chosen(parse(["match", "new", "--seats", "2"])) is None
    with pytest.raises(SystemExit):
        parse(["match", "new", "--seats", "2", "--per-turn", "60", "--per-decision", "60"])


def test_bots_and_options_are_read_or_refused_in_a_line() -> None:
    assert parse_bot("2:greedy") == api.BotSeat(seat=2, bot="greedy")
    assert parse_option("sector0_draft=true") == ("sector0_draft", True)
    assert parse_option("card_set=provisional") == ("card_set", "provisional")
    for wrong in ("greedy", "x:greedy", "1:"):
        with pytest.raises(ClientError, match="SEAT:NAME"):
            parse_bot(wrong)
    with pytest.raises(ClientError, match="KEY=VALUE"):
        parse_option("=3")


def test_seat_tokens_are_private_and_found_by_match() -> None:
    path = tokens.save_seat_token("cup/final:1", 2, "secret")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    tokens.save_seat_token("cup", 0, "other")
    assert tokens.seat_token("cup/final:1", None) == (2, "secret")
    assert tokens.seat_tokens() == {("cup/final:1", 2): "secret", ("cup", 0): "other"}
    with pytest.raises(ClientError, match="join it first"):
        tokens.seat_token("cup/final:1", 1)
    tokens.save_seat_token("cup", 3, "third")
    with pytest.raises(ClientError, match="--seat"):
        tokens.seat_token("cup", None)
    tokens.forget_seat_token("cup", 3)
    assert tokens.seat_token("cup", None) == (0, "other")


def test_the_organiser_token_comes_from_the_environment_or_the_stack_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(tokens.TOKEN_ENV, raising=False)
    with pytest.raises(ClientError, match="starledger up"):
        tokens.organiser_token()
    tokens.ORGANISER_TOKEN.parent.mkdir()
    tokens.ORGANISER_TOKEN.write_text("from-file\n")
    assert tokens.organiser_token() == "from-file"
    monkeypatch.setenv(tokens.TOKEN_ENV, "from-env")
    assert tokens.organiser_token() == tokens.reader_token("any") == "from-env"


def test_server_sent_events_are_framed_by_blank_lines() -> None:
    lines = [
        ": keep-alive",
        "",
        "event: view",
        "id: 7",
        'data: {"a":',
        "data: 1}",
        "",
        "event: ruling",
        "data: {}",
        "",
    ]
    assert list(read_events(lines)) == [
        ServerEvent("view", '{"a":\n1}', "7"),
        ServerEvent("ruling", "{}", None),
    ]


def test_a_silent_gateway_is_one_line_and_a_non_zero_exit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STARLEDGER_GATEWAY", "http://127.0.0.1:9")
    assert Gateway().url == "http://127.0.0.1:9"
    args = _parser().parse_args(["match", "show", "m1"])
    assert args.func(args) == 1
    error = capsys.readouterr().err
    assert error.startswith("starledger: the gateway at http://127.0.0.1:9 does not answer")
    assert error.count("\n") == 1
