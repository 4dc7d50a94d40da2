"""A Swiss league through the stack: eight players sign up with their player tokens, the
league worker draws three rounds of Race to 21 matches and opens them, the clock's stand-in
bot plays every seat (nobody moves: each deadline of a second is reached and the bot decides),
and the league ends. The test reckons the standings (points, Buchholz, head to head) and the
openskill ratings itself from the matches' ends and finds them served; a rebuild of the
ratings, lobby and league read models from the logs gives both again; the page shows the
standings and rounds; the command line prints them."""

import argparse
import asyncio
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx
import pytest
from openskill.models import PlackettLuce
from playwright.async_api import Browser, expect

from projections.lobby import Lobby
from projections.ratings import Ratings
from projections.rebuild import rebuild
from services import db
from services.client import add_parsers
from services.leagues.read_model import rebuild as rebuild_leagues
from tests.stack import Stack
from tests.web.test_browser import SHORT_GAME

WAIT_S = 120.0
CLOCK = {"per_decision_s": 1, "on_timeout": "default", "level": "random"}


def _player(stack: Stack, name: str, address: str = "127.0.0.1") -> dict[str, str]:
    """A new player's token header and id; new players are few per address an hour, so each
    test makes its own from an address of its own."""
    with httpx.Client(transport=httpx.HTTPTransport(local_address=address)) as http:
        made = http.post(f"{stack.gateway}/players", json={"name": name}).json()
    return {
        "authorization": f"Bearer {made['token']}",
        "token": made["token"],
        "id": made["player_id"],
    }


def _league(stack: Stack, league_id: str) -> dict[str, Any]:
    return httpx.get(f"{stack.gateway}/leagues/{league_id}").json()


def _until(stack: Stack, league_id: str, done: Any) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT_S
    while True:
        reply = httpx.get(f"{stack.gateway}/leagues/{league_id}")
        if reply.status_code == 200 and done(found := reply.json()):
            return found
        assert time.monotonic() < deadline, reply.text
        time.sleep(0.2)


def _reckoned(rounds: list[list[tuple[list[str], list[int]]]]) -> dict[str, tuple[float, float]]:
    """Points and Buchholz by player from each round's (players by seat, winners) of two seats."""
    points: dict[str, float] = defaultdict(float)
    met: dict[str, list[str]] = defaultdict(list)
    for tables in rounds:
        for players, winners in tables:
            for seat, player in enumerate(players):
                points[player] += 1.0 if seat in winners else 0.0
                met[player].append(players[1 - seat])
    return {p: (points[p], sum(points[o] for o in met[p])) for p in met}


async def _cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return await asyncio.to_thread(args.func, args)


async def test_a_swiss_league_of_eight_over_three_rounds_plays_out_with_bots_in_every_seat(
    shared_stack: Stack,
    browser: Browser,
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    stack, run = shared_stack, uuid.uuid4().hex[:6]
    names = [f"{name}-{run}" for name in ("ann", "bob", "cara", "dan", "eve", "fay", "gus", "hal")]
    people = {name: await asyncio.to_thread(_player, stack, name) for name in names}
    league_id = f"lg-{run}"
    body = {
        "name": f"Cup {run}",
        "game": SHORT_GAME,
        "league_id": league_id,
        "rounds": 3,
        "players": 8,
        "options": {"target": 3},
        "clock": CLOCK,
    }
    opened = httpx.post(f"{stack.gateway}/leagues", json=body, headers=stack.organiser())
    assert opened.status_code == 202, opened.text
    await asyncio.to_thread(_until, stack, league_id, lambda lg: lg["status"] == "signing up")
    unsigned = httpx.post(f"{stack.gateway}/leagues/{league_id}/join", headers=stack.organiser())
    assert unsigned.status_code == 403  # a player token signs up

    for name in names:
        auth = {"authorization": people[name]["authorization"]}
        joined = httpx.post(f"{stack.gateway}/leagues/{league_id}/join", headers=auth)
        assert joined.status_code == 202, joined.text
    first = await asyncio.to_thread(_until, stack, league_id, lambda lg: lg["rounds"])
    assert sorted(m["name"] for m in first["members"]) == sorted(names)
    again = httpx.post(
        f"{stack.gateway}/leagues/{league_id}/join",
        headers={"authorization": people[names[0]]["authorization"]},
    )
    assert again.status_code == 409 and again.json()["detail"].startswith("LG-1")
    # a player's token reaches their league seat: the match is among their games
    ann_match = next(
        m["match_id"] for m in first["rounds"][0]["matches"] if names[0] in m["players"]
    )
    ann = {"authorization": people[names[0]]["authorization"]}
    deadline = time.monotonic() + WAIT_S
    while ann_match not in [
        m["match_id"] for m in httpx.get(f"{stack.gateway}/players/me/matches", headers=ann).json()
    ]:
        assert time.monotonic() < deadline
        await asyncio.sleep(0.2)

    ended = await asyncio.to_thread(_until, stack, league_id, lambda lg: lg["status"] == "ended")
    assert [r["round"] for r in ended["rounds"]] == [1, 2, 3]
    rounds = []
    for drawn in ended["rounds"]:
        assert drawn["byes"] == [] and len(drawn["matches"]) == 4
        tables = []
        for m in drawn["matches"]:
            row = httpx.get(f"{stack.gateway}/matches/{m['match_id']}").json()
            assert row["status"] == "finished" and row["players"] == m["players"]
            tables.append((row["players"], row["winners"]))
        rounds.append(tables)
    pairs = [frozenset(players) for tables in rounds for players, _ in tables]
    assert len(set(pairs)) == len(pairs)  # nobody met twice
    after_one = _reckoned(rounds[:1])
    for players, _ in rounds[1]:  # round 2 pairs winners with winners, losers with losers
        assert after_one[players[0]][0] == after_one[players[1]][0]

    reckoned = _reckoned(rounds)
    served = {s["name"]: s for s in ended["standings"]}
    assert {n: (s["points"], s["buchholz"]) for n, s in served.items()} == reckoned
    beat = {(p[w], p[1 - w]) for tables in rounds for p, [w] in tables}
    for name, standing in served.items():  # ranked by points, Buchholz, then head to head
        tied = [o for o in names if o != name and reckoned[o] == reckoned[name]]
        head = sum((name, o) in beat for o in tied)
        assert standing["head_to_head"] == head
        above = [
            o
            for o in names
            if (-reckoned[o][0], -reckoned[o][1], -served[o]["head_to_head"])
            < (-reckoned[name][0], -reckoned[name][1], -head)
        ]
        assert standing["rank"] == 1 + len(above)
    assert [s["rank"] for s in ended["standings"]] == sorted(s["rank"] for s in ended["standings"])

    model = PlackettLuce()
    expected = {name: model.rating() for name in names}
    for tables in rounds:  # a round's matches share no player: their order does not matter
        for players, winners in tables:
            ranks = [1 if seat in winners else 2 for seat in range(2)]
            rated = model.rate([[expected[p]] for p in players], ranks=ranks)
            for player, [after] in zip(players, rated, strict=True):
                expected[player] = after
    ratings = httpx.get(f"{stack.gateway}/games/{SHORT_GAME}/stats").json()["ratings"]
    mine = {r["player"]: (r["mu"], r["sigma"]) for r in ratings if r["player"] in expected}
    assert mine == {
        p: (pytest.approx(r.mu, abs=1e-9), pytest.approx(r.sigma, abs=1e-9))
        for p, r in expected.items()
    }
    # each rating is its player's, by the id the league seated them with
    whose = {r["player"]: r["player_id"] for r in ratings if r["player"] in expected}
    assert whose == {name: people[name]["id"] for name in names}
    path = f"{stack.gateway}/players/{names[0]}/stats"
    own = httpx.get(path, params={"player_id": people[names[0]]["id"]}).json()
    assert own["games"][0]["rating"]["player_id"] == people[names[0]]["id"]
    assert len(own["results"]) == 3

    # the read models rebuilt from the logs give the same standings and ratings
    pool = await db.connect(stack.settings.database_url, size=4)
    try:
        await rebuild(stack.settings, pool, [Ratings, Lobby])
        await rebuild_leagues(stack.settings, pool)
    finally:
        await pool.close()
    assert _league(stack, league_id) == ended
    ratings = httpx.get(f"{stack.gateway}/games/{SHORT_GAME}/stats").json()["ratings"]
    assert {r["player"]: (r["mu"], r["sigma"]) for r in ratings if r["player"] in expected} == mine

    # the page: standings and rounds, as the API has them
    page = await (await browser.new_context()).new_page()
    await page.goto(f"{stack.gateway}/web/leagues/{league_id}")
    await expect(page.locator("#status")).to_have_text("ended")
    for standing in ended["standings"]:
        row = page.locator(f'tr.standing[data-player="{standing["name"]}"]')
        await expect(row.locator(".rank")).to_have_text(str(standing["rank"]))
        await expect(row.locator(".points")).to_have_text(f"{standing['points']:g}")
        await expect(row.locator(".buchholz")).to_have_text(f"{standing['buchholz']:g}")
    await expect(page.locator("tr.match")).to_have_count(12)
    await expect(page.locator("#seed")).to_have_text(ended["seed"])
    await page.screenshot(path=screenshots / "league.png", full_page=True)

    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    assert await _cli("league", "show", league_id) == 0
    shown = capsys.readouterr().out
    assert f"Cup {run}" in shown and "round 3 of 3" in shown
    for standing in ended["standings"]:
        assert f"{standing['rank']:>3}. {standing['name']}: {standing['points']:g}" in shown


def _play_league_matches(
    stack: Stack, league_id: str, seats: dict[str, dict[str, str]], until_round: int
) -> dict[str, Any]:
    """Every person adds 3 with their player token whenever a league match waits on them, until
    round `until_round` is drawn (or the league ended); the league then."""
    deadline = time.monotonic() + WAIT_S
    while True:
        league = _league(stack, league_id)
        if len(league["rounds"]) >= until_round or league["status"] == "ended":
            return league
        for drawn in league["rounds"]:
            for m in drawn["matches"]:
                row = httpx.get(f"{stack.gateway}/matches/{m['match_id']}")
                if row.status_code != 200 or row.json()["status"] != "in_progress":
                    continue
                row = row.json()
                for seat in row["to_act"]:
                    holder = row["players"][seat]
                    if holder in seats:
                        decision = {
                            "decision_id": f"{seat}-{row['seq']}",
                            "body": {"type": "race.add", "amount": 3},
                        }
                        path = f"{stack.gateway}/matches/{m['match_id']}/decisions"
                        httpx.post(path, json=decision, headers=seats[holder])
        assert time.monotonic() < deadline, league
        time.sleep(0.1)


async def test_a_withdrawn_player_s_seats_go_to_bots_and_the_round_robin_plays_on(
    shared_stack: Stack, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three players, round robin without a clock (a bye each round), opened, joined and left
    from the command line, playing with their player tokens; the first to play withdraws at
    once: the bot takes their running seat and their seat of the next round, they score
    nothing from then on."""
    stack, run = shared_stack, uuid.uuid4().hex[:6]
    names = [f"{name}-{run}" for name in ("ivy", "jon", "kim")]
    people = {name: await asyncio.to_thread(_player, stack, name, "127.0.0.2") for name in names}
    auth = {name: {"authorization": p["authorization"]} for name, p in people.items()}
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv("STARLEDGER_TOKEN", stack.organiser_token)
    opening_words = ("league", "open", f"Robin {run}", "--game", SHORT_GAME)
    chosen = ("--pairing", "round_robin", "--players", "3", "--option", "target=6")
    assert await _cli(*opening_words, *chosen) == 0
    said = capsys.readouterr().out
    league_id = said.split()[1]  # "league lg-… is open: …"
    assert said.startswith(f"league {league_id} is open: {SHORT_GAME}, round_robin")
    await asyncio.to_thread(_until, stack, league_id, lambda lg: lg["status"] == "signing up")
    for name in names:
        monkeypatch.setenv("STARLEDGER_PLAYER_TOKEN", people[name]["token"])
        assert await _cli("league", "join", league_id) == 0
        assert capsys.readouterr().out.startswith(f"{name} signed up for Robin {run}")
    assert await _cli("league", "list") == 0
    assert f"{league_id}  Robin {run}: {SHORT_GAME}" in capsys.readouterr().out
    first = await asyncio.to_thread(_until, stack, league_id, lambda lg: lg["rounds"])
    assert first["planned_rounds"] == 3 and len(first["rounds"][0]["byes"]) == 1
    [opening] = first["rounds"][0]["matches"]
    leaving = opening["players"][0]
    await asyncio.to_thread(
        _until,
        stack,
        league_id,
        lambda lg: lg["rounds"][0]["matches"][0]["status"] == "in_progress",
    )
    monkeypatch.setenv("STARLEDGER_PLAYER_TOKEN", people[leaving]["token"])
    assert await _cli("league", "withdraw", league_id) == 0
    assert capsys.readouterr().out.startswith(f"{leaving} withdrew")
    staying = {n: a for n, a in auth.items() if n != leaving}
    ended = await asyncio.to_thread(_play_league_matches, stack, league_id, staying, 99)
    assert ended["status"] == "ended" and len(ended["rounds"]) == 3
    first_match = httpx.get(f"{stack.gateway}/matches/{opening['match_id']}").json()
    assert first_match["players"][0].startswith("bot:")  # handed over while it ran
    for drawn in ended["rounds"][1:]:
        for m in drawn["matches"]:
            row = httpx.get(f"{stack.gateway}/matches/{m['match_id']}").json()
            if leaving in m["players"]:  # seated as a bot from the start
                assert row["players"][m["players"].index(leaving)].startswith("bot:")
    standing = {s["name"]: s for s in ended["standings"]}
    assert standing[leaving]["withdrawn"] and standing[leaving]["points"] == 0
    again = httpx.post(f"{stack.gateway}/leagues/{league_id}/withdraw", headers=auth[leaving])
    assert again.status_code == 409 and again.json()["detail"].startswith("LG-2")


async def test_a_match_or_league_asking_a_minimum_reliability_refuses_who_falls_short(
    shared_stack: Stack,
) -> None:
    """lou missed three deadlines of four in Race to 21 (as the ratings read model counts):
    a match and a league asking 80 % on time refuse him, and a join without a player token,
    saying why; mia, who never missed one, joins both."""
    stack, run = shared_stack, uuid.uuid4().hex[:6]
    lou, mia = f"lou-{run}", f"mia-{run}"
    people = {
        name: await asyncio.to_thread(_player, stack, name, "127.0.0.3") for name in (lou, mia)
    }
    auth = {name: {"authorization": p["authorization"]} for name, p in people.items()}
    pool = await db.connect(stack.settings.database_url, size=1)
    try:
        await pool.execute(
            "INSERT INTO player_reliability VALUES ($1, $2, 1, 3, 0, 0, 0, 0, 0, $3)",
            lou,
            SHORT_GAME,
            people[lou]["id"],
        )
    finally:
        await pool.close()
    body = {"game": SHORT_GAME, "seats": 2, "min_reliability": 0.8}
    opened = httpx.post(f"{stack.gateway}/matches", json=body, headers=stack.organiser()).json()
    match_id = opened["match_id"]
    row = await asyncio.to_thread(_until_row, stack, match_id)
    assert row["min_reliability"] == 0.8
    join = f"{stack.gateway}/matches/{match_id}/join"
    refused = httpx.post(join, json={"seat": 0}, headers=auth[lou])
    assert refused.status_code == 403
    assert refused.json()["detail"] == (
        f"SL-20: this asks 80% of decisions on time in {SHORT_GAME}; {lou} has 25%"
    )
    anonymous = httpx.post(join, json={"seat": 0, "player": "ned"})
    assert anonymous.status_code == 403 and "player token" in anonymous.json()["detail"]
    assert httpx.post(join, json={"seat": 0}, headers=auth[mia]).status_code == 202

    league = {
        "name": f"Careful {run}",
        "game": SHORT_GAME,
        "league_id": f"lg-min-{run}",
        "rounds": 1,
        "players": 4,
        "min_reliability": 0.8,
    }
    httpx.post(f"{stack.gateway}/leagues", json=league, headers=stack.organiser())
    await asyncio.to_thread(_until, stack, league["league_id"], lambda lg: lg["status"])
    sign_up = f"{stack.gateway}/leagues/{league['league_id']}/join"
    refused = httpx.post(sign_up, headers=auth[lou])
    assert refused.status_code == 403 and refused.json()["detail"].startswith("SL-20")
    assert httpx.post(sign_up, headers=auth[mia]).status_code == 202


def _until_row(stack: Stack, match_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT_S
    while (reply := httpx.get(f"{stack.gateway}/matches/{match_id}")).status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    return reply.json()
