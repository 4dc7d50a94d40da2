"""Ratings and statistics through the stack: people and bots finish a handful of Race to 21
matches (each seat adds 3 in a race to 6, so seat 1 wins, or the bot that took it); the
ratings the gateway serves are those the test computes with openskill from the matches' ends,
and stay so when the ratings read model is rebuilt from the log; reliability counts a
resignation, the statistics a refusal; the statistics pages draw their charts and show the JSON
API's numbers; the command line prints them too."""

import argparse
import asyncio
import json
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from openskill.models import PlackettLuce
from playwright.async_api import Browser, expect

from projections.ratings import Ratings
from projections.rebuild import rebuild
from services import db
from services.client import add_parsers
from tests.stack import Stack
from tests.web.test_browser import SHORT_GAME, WAIT_MS, _until_ruled

TARGET = 6


def _open(stack: Stack, seats: int, bots: dict[int, str], unrated: bool = False) -> str:
    body = {
        "game": SHORT_GAME,
        "seats": seats,
        "options": {"target": TARGET},
        "bots": [{"seat": seat, "bot": bot} for seat, bot in bots.items()],
        "unrated": unrated,
    }
    opened = httpx.post(f"{stack.gateway}/matches", json=body, headers=stack.organiser()).json()
    _until_ruled(stack, opened["match_id"], opened["decision_id"])
    return str(opened["match_id"])


def _join(stack: Stack, match_id: str, seat: int, player: str) -> dict[str, str]:
    """The seat's token header, once its claim is accepted."""
    body = {"seat": seat, "player": player}
    joined = httpx.post(f"{stack.gateway}/matches/{match_id}/join", json=body).json()
    assert _until_ruled(stack, match_id, joined["decision_id"], seat)["status"] == "accepted"
    return {"authorization": f"Bearer {joined['token']}"}


def _play(stack: Stack, match_id: str, seats: dict[int, dict[str, str]]) -> dict[str, Any]:
    """Each person adds 3 whenever the match waits on them, until it ends; its lobby row."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while (row := httpx.get(f"{stack.gateway}/matches/{match_id}").json())["status"] != "finished":
        for seat in set(row["to_act"]) & set(seats):
            decision = {
                "decision_id": f"{seat}-{row['seq']}",
                "body": {"type": "race.add", "amount": 3},
            }
            path = f"{stack.gateway}/matches/{match_id}/decisions"
            httpx.post(path, json=decision, headers=seats[seat])
        assert time.monotonic() < deadline, row
        time.sleep(0.05)
    return row


def _match(
    stack: Stack, people: dict[int, str], bots: dict[int, str], **options: Any
) -> tuple[str, dict[str, Any]]:
    match_id = _open(stack, len(people) + len(bots), bots, **options)
    seats = {seat: _join(stack, match_id, seat, player) for seat, player in people.items()}
    return match_id, _play(stack, match_id, seats)


def _places(row: dict[str, Any], people: dict[int, str], left: int | None = None) -> list[int]:
    """openskill's ranks of the people, from the lobby's winners: a seat left to a bot last."""
    return [
        len(row["players"]) + 1 if seat == left else 1 if seat in row["winners"] else 2
        for seat in people
    ]


def _until_ended(stack: Stack, match_ids: list[str], people: list[str]) -> None:
    """Until the ratings read model has every match's result."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        found = set()
        for name in people:
            reply = httpx.get(f"{stack.gateway}/players/{name}/stats")
            if reply.status_code == 200:
                found |= {r["match_id"] for r in reply.json()["results"]}
        if set(match_ids) <= found:
            return
        assert time.monotonic() < deadline, found
        time.sleep(0.1)


async def _cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return await asyncio.to_thread(args.func, args)


async def test_ratings_and_statistics_follow_the_matches_people_finish(
    shared_stack: Stack,
    browser: Browser,
    screenshots: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    stack, run = shared_stack, uuid.uuid4().hex[:6]
    ann, bob, cara = (f"{name}-{run}" for name in ("ann", "bob", "cara"))
    model = PlackettLuce()
    expected = {name: model.rating() for name in (ann, bob, cara)}

    def rate(people: dict[int, str], ranks: list[int]) -> None:
        rated = model.rate([[expected[p]] for p in people.values()], ranks=ranks)
        for player, [after] in zip(people.values(), rated, strict=True):
            expected[player] = after

    first = {0: ann, 1: bob}
    m1, row = await asyncio.to_thread(_match, stack, first, {2: "greedy"})
    rate(first, _places(row, first))
    three = {0: bob, 1: cara, 2: ann}
    m2, row = await asyncio.to_thread(_match, stack, three, {})
    rate(three, _places(row, three))
    unrated = {0: cara, 1: ann}
    m3, _ = await asyncio.to_thread(_match, stack, unrated, {2: "greedy"}, unrated=True)
    m4, _ = await asyncio.to_thread(_match, stack, {0: ann}, {1: "greedy"})
    await asyncio.to_thread(_open, stack, 2, {0: "greedy", 1: "greedy"})  # bots alone
    # bob resigns before moving: the bot plays his seat (and wins it), he is ranked last
    resigning = {0: ann, 1: bob, 2: cara}
    m5 = await asyncio.to_thread(_open, stack, 3, {})
    seats = {s: await asyncio.to_thread(_join, stack, m5, s, p) for s, p in resigning.items()}
    resigned = httpx.post(f"{stack.gateway}/matches/{m5}/resign", headers=seats[1]).json()
    await asyncio.to_thread(_until_ruled, stack, m5, resigned["decision_id"], 1)
    early = {"decision_id": "early", "body": {"type": "race.add", "amount": 3}}
    httpx.post(f"{stack.gateway}/matches/{m5}/decisions", json=early, headers=seats[2])
    refused = await asyncio.to_thread(_until_ruled, stack, m5, "early", 2)
    assert refused["rule"] == "T-2"  # seat 0 moves first
    row = await asyncio.to_thread(_play, stack, m5, {0: seats[0], 2: seats[2]})
    rate(resigning, _places(row, resigning, left=1))
    await asyncio.to_thread(_until_ended, stack, [m1, m2, m3, m4, m5], [ann, bob, cara])

    stats = httpx.get(f"{stack.gateway}/games/{SHORT_GAME}/stats").json()
    served = {r["player"]: r for r in stats["ratings"] if r["player"] in expected}
    assert {p: (r["mu"], r["sigma"]) for p, r in served.items()} == {
        p: (pytest.approx(r.mu, abs=1e-9), pytest.approx(r.sigma, abs=1e-9))
        for p, r in expected.items()
    }
    assert {p: r["matches"] for p, r in served.items()} == {ann: 3, bob: 3, cara: 2}
    mine = httpx.get(f"{stack.gateway}/players/{ann}/stats").json()
    assert [(r["match_id"], r["rated"]) for r in mine["results"]] == [
        (m5, True),
        (m4, False),
        (m3, False),
        (m2, True),
        (m1, True),
    ]
    [bobs] = httpx.get(f"{stack.gateway}/players/{bob}/stats").json()["games"]
    assert (bobs["reliability"]["resigned"], bobs["reliability"]["decisions"]) == (1, 3)
    assert [h["match_id"] for h in bobs["history"]] == [m1, m2, m5]

    # the ratings read model rebuilt from the log's start gives every number again
    pool = await db.connect(stack.settings.database_url, size=4)
    try:
        await rebuild(stack.settings, pool, [Ratings])
    finally:
        await pool.close()
    rebuilt = httpx.get(f"{stack.gateway}/games/{SHORT_GAME}/stats").json()
    # this test's players (the database holds other modules' matches, from other topics)
    assert {r["player"]: r for r in rebuilt["ratings"] if r["player"] in expected} == served
    assert httpx.get(f"{stack.gateway}/players/{ann}/stats").json() == mine

    # the pages: charts drawn, and the API's numbers in their tables
    page = await (await browser.new_context()).new_page()
    await page.goto(f"{stack.gateway}/web/games/{SHORT_GAME}/stats")
    charts = page.locator("img.chart")
    await expect(charts.first).to_be_visible()
    assert await charts.count() >= 3  # seats, match length, refusals at least
    drawn = await charts.evaluate_all("(images) => images.map((i) => i.complete && i.naturalWidth)")
    assert all(drawn), drawn
    await expect(page.locator("#finished")).to_have_text(str(stats["finished"]))
    for name, rating in served.items():
        shown = page.locator(f'tr.rating[data-player="{name}"]')
        await expect(shown.locator(".mu")).to_have_text(f"{rating['mu']:.4f}")
        await expect(shown.locator(".sigma")).to_have_text(f"{rating['sigma']:.4f}")
    refusals = {r["rule"]: r["refused"] for r in stats["refusals"]}
    assert refusals["T-2"] >= 1
    for rule, refused in refusals.items():
        shown = page.locator(f'tr.refusal[data-rule="{rule}"] .refused')
        await expect(shown).to_have_text(str(refused))
    for seat in stats["seats"]:
        shown = page.locator(f'tr.seat[data-table="{seat["table"]}"][data-seat="{seat["seat"]}"]')
        await expect(shown.locator(".rate")).to_have_text(f"{100 * seat['wins']['win_rate']:.1f} %")
        await expect(shown.locator(".seats")).to_have_text(str(seat["wins"]["seats"]))
    await page.screenshot(path=screenshots / "game-stats.png", full_page=True)

    await page.goto(f"{stack.gateway}/web/players/{bob}/stats")
    await expect(page.locator("img.chart")).to_have_count(1)
    section = page.locator(f'section.game[data-game="{SHORT_GAME}"]')
    await expect(section.locator("span.mu")).to_have_text(f"{served[bob]['mu']:.4f}")
    steps = [f"{h['mu']:.4f}" for h in bobs["history"]]
    await expect(section.locator("tr.step .mu")).to_have_text(steps)
    await expect(section.locator(".resigned")).to_have_text("1")
    await expect(page.locator(f'tr.result[data-match="{m5}"] .place')).to_have_text("left")
    await page.screenshot(path=screenshots / "player-stats.png", full_page=True)
    await page.context.close()

    # the command line: the API's answer, and in words
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    capsys.readouterr()
    assert await _cli("stats", SHORT_GAME, "--player", ann, "--json") == 0
    assert json.loads(capsys.readouterr().out) == mine
    assert await _cli("stats", SHORT_GAME) == 0
    words = capsys.readouterr().out
    assert f"  {bob}: {served[bob]['ordinal']:.2f} (mu {served[bob]['mu']:.2f}," in words
