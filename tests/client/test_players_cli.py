"""Players and the organiser's seat tools from the command line, through the real stack: a
player is made and its token kept privately; the organiser reserves a seat for an invite, the
player joins with it and finds the game waiting on them in `games`, renews their token, sets
and clears their mail for all their seats with the new one; the organiser writes to the
players, replaces the player, hands the seat to a bot, and the player revokes their token."""

import argparse
import asyncio
import stat

import httpx
import msgspec
import pytest

from services.client import add_parsers, players, tokens
from services.client.http import ClientError, Gateway
from services.gateway import api
from tests.stack import Stack


async def _cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return await asyncio.to_thread(args.func, args)


def test_the_new_commands_parse() -> None:
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    parse = parser.parse_args
    assert parse(["player", "new", "ann"]).name == "ann"
    assert parse(["player", "renew"]).player_command == "renew"
    assert parse(["match", "invite", "m1", "--seat", "1", "--expires", "60"]).expires == 60
    replace = parse(["match", "replace", "m1", "--seat", "0", "--player", "dan", "--note", "x"])
    assert (replace.player, replace.note, replace.player_id) == ("dan", "x", None)
    assert parse(["match", "hand-to-bot", "m1", "--seat", "0"]).level is None
    assert parse(["match", "join", "m1", "--seat", "0", "--invite", "c0de"]).invite == "c0de"
    assert parse(["token", "revoke", "m1", "--seat", "0"]).match_id == "m1"
    assert parse(["games"]).command == "games"
    notices = parse(["player", "notices", "--webhook", "https://x.test/h", "--format", "slack"])
    assert (notices.webhook, notices.format, notices.mail) == ("https://x.test/h", "slack", None)
    assert parse(["match", "announce", "m1", "hello all"]).text == "hello all"


def test_games_are_told_a_line_each_waiting_first() -> None:
    mine = api.MyMatch(
        "m-1",
        "race-to-21",
        "in_progress",
        0,
        True,
        True,
        "2030-01-01T00:00:00+00:00",
        3720,
        2,
        "play",
        9,
        "x",
    )
    theirs = api.MyMatch(
        "m-2", "race-to-21", "waiting", 1, True, False, None, None, None, None, 1, "x"
    )
    told = players.lines([mine, theirs])
    assert told[0].startswith("* m-1") and "your turn; 1 h 2 min left" in told[0]
    assert told[1].startswith("  m-2") and "waiting" in told[1]
    assert "(round 2, play)" in told[0]
    star = msgspec.structs.replace(mine, game="star-realms", phase="main")
    assert players.lines([star])[0].endswith("(turn 2, main)")


async def test_a_player_invited_replaced_and_revoked_from_the_command_line(
    shared_stack: Stack, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stack = shared_stack
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv(tokens.TOKEN_ENV, stack.organiser_token)
    assert await _cli("player", "new", "ann") == 0
    assert stat.S_IMODE(players.PLAYER_TOKEN.stat().st_mode) == 0o600
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=stack.organiser(),
            json={"game": "race-to-21", "seats": 2, "bots": [{"seat": 1, "bot": "pass"}]},
        )
        match_id = opened.json()["match_id"]
        while (await http.get(f"/matches/{match_id}")).status_code != 200:
            await asyncio.sleep(0.1)
    capsys.readouterr()
    assert await _cli("match", "invite", match_id, "--seat", "0") == 0
    code = capsys.readouterr().out.split("--invite ")[1].split()[0]
    assert await _cli("match", "join", match_id, "--seat", "0", "--invite", code) == 0
    with Gateway(players.player_token()) as me:  # the seat is ann's, the player's
        assert me.get(f"/matches/{match_id}/view", api.SeatViewReply).seat == 0
    capsys.readouterr()
    for _ in range(100):  # the bot seat was claimed after the create: wait for play to start
        assert await _cli("games") == 0
        out = capsys.readouterr().out
        if "1 game(s) waiting on you" in out:
            break
        await asyncio.sleep(0.1)
    assert f"* {match_id}  race-to-21  seat 0  your turn" in out
    old_token = players.player_token()
    assert await _cli("player", "renew") == 0
    assert "your token is renewed" in capsys.readouterr().out
    assert players.player_token() != old_token
    with pytest.raises(ClientError, match="revoked"), Gateway(old_token) as old:
        old.get("/players/me", api.Player)
    assert await _cli("player", "notices", "--mail", "ann@cli.test", "--remind", "60") == 0
    out = capsys.readouterr().out
    assert "mail: ann@cli.test" in out and "a reminder 60 s before" in out
    assert "set for the 1 seat(s) you hold now" in out
    assert await _cli("player", "notices", "--no-mail") == 0
    assert await _cli("player", "notices") == 0
    assert capsys.readouterr().out.splitlines()[-2:] == ["mail: none", "webhook: none"]
    assert await _cli("match", "announce", match_id, "No play on Friday.") == 0
    assert "accepted" in capsys.readouterr().out
    assert await _cli("match", "replace", match_id, "--seat", "0", "--player", "dan") == 0
    new_token = capsys.readouterr().out.strip().splitlines()[-1]
    with (
        pytest.raises(ClientError, match="no seat of this match"),
        Gateway(players.player_token()) as me,  # ann's seat token is revoked: no seat
    ):
        me.get(f"/matches/{match_id}/view", api.SeatViewReply)
    with Gateway(new_token) as dan:
        for _ in range(100):
            try:
                assert dan.get(f"/matches/{match_id}/view", api.SeatViewReply).seat == 0
                break
            except ClientError:
                await asyncio.sleep(0.1)
    assert await _cli("match", "hand-to-bot", match_id, "--seat", "0", "--note", "asleep") == 0
    assert "is the bot's for good: accepted" in capsys.readouterr().out
    assert await _cli("token", "revoke") == 0
    assert not players.PLAYER_TOKEN.exists()
    assert await _cli("games") == 1
    assert "no player token" in capsys.readouterr().err
