"""Take-backs and disputes through the whole stack, from the command line: given a race between
two players with mail, a seat takes back a decision alone; a roll is asked of the other seat,
which refuses, and the seat that asked hears of it; a take-back after the other seat moved is
accepted; a dispute is upheld, another corrected by setting the match back, and every seat's
mail notice names what was seen meanwhile; the view is as if the undone decisions had not been
made, and `verify` re-judges the whole log to the same hashes. Given races played under version
1 of their rules, the organiser moves one to version 2 (the fix `rejudge` names) from the
command line, set back to before the add version 1 refused, and another it judges the same from
the organiser's page; both play on under it and verify."""

import argparse
import asyncio
import uuid
from typing import Any

import asyncpg
import httpx
import pytest

from services.client import add_parsers, tokens
from services.gateway import api
from services.web import session
from tests.stack import Stack


async def _cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="starledger")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return await asyncio.to_thread(args.func, args)


class _Race:
    def __init__(self, http: httpx.AsyncClient, match_id: str, seats: list[api.Joined]) -> None:
        self.http, self.match_id, self.seats = http, match_id, seats

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.seats[seat].token}"}

    async def view(self, seat: int) -> dict[str, Any]:
        reply = await self.http.get(f"/matches/{self.match_id}/view", headers=self.auth(seat))
        return reply.json()

    async def until(self, seat: int, total: int, turn: int) -> None:
        """Once the seat's view shows this total and turn."""
        for _ in range(300):
            view = (await self.view(seat)).get("view", {})
            if (view.get("total"), view.get("turn")) == (total, turn):
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"seat {seat}'s view never showed {total} on seat {turn}'s turn")

    async def add(self, seat: int, body: dict[str, Any]) -> int:
        """Send a game decision the judge accepts; the seq of its ruling."""
        ruling = await self.send(seat, body)
        assert ruling["status"] == "accepted", ruling
        return ruling["first_seq"]

    async def send(self, seat: int, body: dict[str, Any]) -> dict[str, Any]:
        """Send a game decision; its ruling, once judged."""
        decision_id = uuid.uuid4().hex
        await self.http.post(
            f"/matches/{self.match_id}/decisions",
            json={"decision_id": decision_id, "body": body},
            headers=self.auth(seat),
        )
        for _ in range(300):
            reply = await self.http.get(
                f"/matches/{self.match_id}/decisions/{decision_id}", headers=self.auth(seat)
            )
            if reply.json()["status"] != "pending":
                return reply.json()
            await asyncio.sleep(0.1)
        raise AssertionError("no ruling")

    async def lines(self, seat: int) -> list[str]:
        reply = await self.http.get(f"/matches/{self.match_id}/narration", headers=self.auth(seat))
        return [f"#{e['seq']} {e['line']}" for e in reply.json()["entries"]]

    async def told(self, seat: int, words: str) -> int:
        """The entry whose line for the seat holds these words, once it is told."""
        for _ in range(300):
            reply = await self.http.get(
                f"/matches/{self.match_id}/narration", headers=self.auth(seat)
            )
            found = [e["seq"] for e in reply.json()["entries"] if words in e["line"]]
            if found:
                return int(found[-1])
            await asyncio.sleep(0.1)
        raise AssertionError(f"seat {seat} was never told {words!r}")


async def test_take_backs_and_disputes_from_the_command_line(
    shared_stack: Stack, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stack = shared_stack
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv(tokens.TOKEN_ENV, stack.organiser_token)
    monkeypatch.setenv("DATABASE_URL", stack.settings.database_url)
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=stack.organiser(),
            json={"game": "race-to-21", "seats": 2, "options": {"target": 100}},
        )
        match_id = opened.json()["match_id"]
        while (await http.get(f"/matches/{match_id}")).status_code != 200:
            await asyncio.sleep(0.1)
        seats = []
        for seat, name in enumerate(("ann", "ben")):
            joined = await http.post(
                f"/matches/{match_id}/join",
                json={"seat": seat, "player": name, "mail": {"address": f"{name}@race.test"}},
            )
            seats.append(api.Joined(**joined.json()))
            tokens.save_seat_token(match_id, seat, seats[-1].token)
        race = _Race(http, match_id, seats)
        await race.until(1, 0, 0)  # both seats claimed: play starts

        # Alone: nothing depends on Ann's 3 yet.
        await race.add(0, {"type": "race.add", "amount": 3})
        assert await _cli("takeback", match_id, "--seat", "0") == 0
        assert "seat 0 takes back its last decision: accepted" in capsys.readouterr().out
        await race.until(1, 0, 0)  # as if it had not been made

        # A roll drew chance: asked of Ben, who refuses; it stands.
        rolled = await race.add(0, {"type": "race.roll"})
        assert await _cli("takeback", match_id, "--seat", "0") == 0
        lines = "\n".join(await race.lines(1))
        assert "asks to take back the decision at entry" in lines and "it drew chance" in lines
        assert await _cli("takeback", match_id, "--seat", "1", "--refuse") == 0
        refused = await race.told(0, "ben refused ann's take-back")
        after_roll = (await race.view(1))["view"]["total"]
        assert after_roll in (1, 2, 3) and (await race.view(1))["view"]["turn"] == 1

        # Ben moved, then asks to take it back after Ann moved: Ann accepts.
        await race.add(1, {"type": "race.add", "amount": 2})
        await race.add(0, {"type": "race.add", "amount": 1})
        assert await _cli("takeback", match_id, "--seat", "1") == 0
        assert await _cli("takeback", match_id, "--seat", "0", "--accept") == 0
        await race.until(0, after_roll, 1)  # Ben's and Ann's moves since, set aside

        # Disputes: one upheld, one corrected by setting the match back past the roll.
        assert await _cli("dispute", match_id, "--seat", "1", str(rolled), "a loaded die") == 0
        assert await _cli("resolve", match_id, str(rolled), "--uphold", "--note", "fair") == 0
        assert "upheld: accepted" in capsys.readouterr().out
        await race.add(1, {"type": "race.add", "amount": 1})
        assert await _cli("dispute", match_id, "--seat", "1", str(rolled), "again") == 0
        assert await _cli("resolve", match_id, str(rolled), "--roll-back") == 0
        await race.until(1, 0, 0)
        told = "\n".join(await race.lines(1))
        assert f"are set aside (dispute): play goes on from before entry {rolled}" in told
        assert f"what entries {rolled} drew or showed" in told  # the roll was seen
        await race.add(0, {"type": "race.add", "amount": 2})  # play goes on from there

        conn = await asyncpg.connect(stack.settings.database_url)
        try:
            for _ in range(300):
                notices = await conn.fetch(
                    "SELECT seat, upto_seq FROM mail_outbox WHERE match_id = $1"
                    " AND kind = 'correction'",
                    match_id,
                )
                if len(notices) == 2 * 8 + 1:  # 5 take-back steps but a refusal, 2 disputes,
                    break  # 2 resolutions: each told to both seats; the refusal to Ann alone
                await asyncio.sleep(0.1)
        finally:
            await conn.close()
        heard = sorted((n["seat"], n["upto_seq"]) for n in notices)
        told_ann = [seq for seat, seq in heard if seat == 0]
        told_ben = [seq for seat, seq in heard if seat == 1]
        assert len(told_ben) == 8 and sorted([*told_ben, refused]) == told_ann
        capsys.readouterr()
        assert await _cli("verify", match_id) == 0
        assert "OK" in capsys.readouterr().out


async def _opened(http: httpx.AsyncClient, stack: Stack) -> _Race:
    opened = await http.post(
        "/matches", headers=stack.organiser(), json={"game": "race-to-21", "seats": 2}
    )
    match_id = opened.json()["match_id"]
    while (await http.get(f"/matches/{match_id}")).status_code != 200:
        await asyncio.sleep(0.1)
    seats = []
    for seat, name in enumerate(("ann", "ben")):
        joined = await http.post(f"/matches/{match_id}/join", json={"seat": seat, "player": name})
        seats.append(api.Joined(**joined.json()))
    race = _Race(http, match_id, seats)
    await race.until(1, 0, 0)
    return race


async def test_matches_moved_to_the_fixed_version_play_on_under_it_and_verify(
    shared_stack: Stack, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stack = shared_stack
    monkeypatch.setenv("STARLEDGER_GATEWAY", stack.gateway)
    monkeypatch.setenv(tokens.TOKEN_ENV, stack.organiser_token)
    monkeypatch.setenv("DATABASE_URL", stack.settings.database_url)
    add = {"type": "race.add", "amount": 3}
    four = {"type": "race.add", "amount": 4}
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        race, same = await _opened(http, stack), await _opened(http, stack)
        await race.add(0, add)
        refused = await race.send(1, four)  # version 1 refuses adding 4
        assert refused["status"] == "rejected"
        rolled = await race.add(1, {"type": "race.roll"})
        await race.told(0, "ann's turn")
        await same.add(0, add)
        await same.until(1, 3, 1)
        capsys.readouterr()
        assert await _cli("rejudge", "--version", "2", "race-to-21") == 0
        listed = capsys.readouterr().out
        first = refused["first_seq"]
        assert f"upgrade {race.match_id} --version 2 sets it back to before entry {first}" in listed
        assert f"{same.match_id} (version 1): same" in listed

        # From the command line: set back to before Ben's refused 4, which now counts.
        assert await _cli("upgrade", race.match_id, "--version", "2") == 0
        assert "set back to before the first decision" in capsys.readouterr().out
        await race.until(1, 3, 1)  # Ben's roll set aside: his turn again
        told = "\n".join(await race.lines(0))
        assert f"are set aside (upgrade): play goes on from before entry {first}" in told
        assert f"what entries {rolled} drew or showed" in told  # Ben's roll was seen
        assert "moved the match from version 1 of its rules to version 2" in told
        await race.add(1, four)
        await race.until(0, 7, 0)

        # From the organiser's page: nothing differs, so nothing is set aside.
        organiser = {"cookie": f"organiser={stack.organiser_token}", "origin": stack.gateway}
        page = f"/web/matches/{same.match_id}/organise"
        shown = await http.get(page, headers=organiser)
        assert "judged by version 1 of race-to-21" in shown.text
        assert "Move to version 2" in shown.text
        form = {"csrf": session.csrf_token(stack.organiser_token), "version": "2"}
        moved = await http.post(f"{page}/upgrade", data=form, headers=organiser)
        assert moved.status_code in (302, 303), moved.text
        ruled = moved.headers["location"].partition("ruled=")[2]
        decision = f"/matches/{same.match_id}/decisions/{ruled}"
        while (await http.get(decision, headers=stack.organiser())).json()["status"] == "pending":
            await asyncio.sleep(0.1)
        assert (await http.get(decision, headers=stack.organiser())).json()["status"] == "accepted"
        await same.add(1, four)
        await same.until(0, 7, 0)
        assert "Move to version" not in (await http.get(page, headers=organiser)).text
        assert "set aside" not in "\n".join(await same.lines(0))
    capsys.readouterr()
    for match_id in (race.match_id, same.match_id):
        assert await _cli("verify", match_id) == 0
        assert "OK" in capsys.readouterr().out
