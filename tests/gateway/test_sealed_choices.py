"""A sealed simultaneous choice through the real stack: until every seat has picked and the
picks are revealed, no channel shows seat 0's pick to anyone but seat 0 (the other seats'
views and streams, the public view, the lobby, narration, replays, the audit for another
seat and for an organiser, the archive, analytics, a bot's input, which is the same whatever
seat 0 picked); once revealed, the audit, the archive and analytics show it whole."""

import asyncio
import json
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import asyncpg
import msgspec
import pytest

from events.codec import encode
from events.envelope import ClaimSeat
from events.platform_rules import ORGANISER
from events.ruleset import get_ruleset
from projections import replay
from services import db
from services.bots.worker import BotsWorker
from services.client.http import ClientError, Gateway, ServerEvent, segment
from services.gateway import api
from tests.sealed_ruleset import Pick
from tests.stack import Stack

SECRET = "quasar"  # seat 0's pick; its misspelling quasar9 is refused with a reason quoting it
GAME = "sealed-picks"


def _until(found: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := found()):
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        time.sleep(0.1)
    return value


class Listener:
    """A seat's push stream, heard on a thread until closed."""

    def __init__(self, stack: Stack, token: str, path: str) -> None:
        self.gateway, self.heard = Gateway(token, stack.gateway), list[ServerEvent]()
        self.thread = threading.Thread(target=self._listen, args=(path,), daemon=True)
        self.thread.start()

    def _listen(self, path: str) -> None:
        try:
            for event in self.gateway.events(f"{path}/stream"):
                self.heard.append(event)
        except ClientError:
            pass  # closed at the end

    def close(self) -> None:
        self.gateway.close()


def _text(gateway: Gateway, path: str, params: dict[str, Any] | None = None) -> str:
    """The answer's text, slowing down when the gateway says so (50 reads a second)."""
    while True:
        try:
            return gateway.request("GET", path, params=params).text
        except ClientError as error:
            if error.status != 429:
                raise
            time.sleep(0.2)


async def _stored(pool: asyncpg.Pool, match_id: str) -> dict[str, str]:
    """What the archive, the audit and analytics hold of the match, as text."""
    found = {}
    for table in ("archive", "audit", "analytics_facts", "analytics_rejections"):
        found[table] = await pool.fetchval(
            f"SELECT coalesce(string_agg(t::text, ' '), '') FROM {table} AS t WHERE match_id = $1",
            match_id,
        )
    return found


async def test_a_sealed_choice_shows_nowhere_but_to_its_seat_until_revealed(
    stack: Stack, monkeypatch: pytest.MonkeyPatch
) -> None:
    organiser = Gateway(stack.organiser_token, stack.gateway)
    public = Gateway(None, stack.gateway)
    opened = organiser.post("/matches", api.NewMatch(seats=3, game=GAME), api.MatchOpened)
    match_id, path = opened.match_id, f"/matches/{segment(opened.match_id)}"
    assert organiser.ruling(opened.match_id, opened.decision_id).status == "accepted"
    tokens = []
    for seat, player in enumerate(("alice", "bob")):
        joined = organiser.post(f"{path}/join", api.Join(seat=seat, player=player), api.Joined)
        assert organiser.ruling(opened.match_id, joined.decision_id, seat).status == "accepted"
        tokens.append(joined.token)
    alice, bob = Gateway(tokens[0], stack.gateway), Gateway(tokens[1], stack.gateway)
    # seat 2 the organiser gives a bot the stack's bots worker does not know: this test's plays
    worker = BotsWorker(stack.settings)
    await worker.submitter.start()
    pool = await db.connect(stack.settings.database_url, size=2)
    streams: list[Listener] = []
    try:
        claim = ClaimSeat(player="bot:recorder")
        seated = await worker.submitter.submit(match_id, 2, claim, sender=ORGANISER)
        assert (await asyncio.to_thread(organiser.ruling, match_id, seated, 2)).status == "accepted"
        _until(lambda: organiser.get(path, dict)["status"] == "in_progress", "the match to start")
        streams += [Listener(stack, token, path) for token in tokens[:2]]
        _until(lambda: all(s.heard for s in streams), "both streams to send their first view")

        # Seat 0 picks the secret, then sends its misspelling as text: refused, quoting it.
        body = {"type": "sealed.pick", "star": SECRET}
        pick = f"{match_id}:pick"
        alice.post(f"{path}/decisions", api.Submit(pick, body), api.Submitted)
        said = alice.post(f"{path}/say", api.Say(f"pick {SECRET}9"), api.Submitted)
        picked = alice.ruling(match_id, pick)
        misspelt = alice.ruling(match_id, said.decision_id)
        assert picked.status == "accepted" and misspelt.status == "rejected"
        assert f"{SECRET}9" in (misspelt.reason or "")  # its own seat reads it whole
        last = misspelt.last_seq or 0
        _until(lambda: organiser.get(path, dict)["seq"] >= last, "the lobby to show the pick")
        _until(
            lambda: sum(e.event == "ruling" for e in streams[0].heard) == 2,
            "seat 0's stream to push its rulings",
        )

        # A bot deciding now is handed a state with no trace of the pick, though the worker read it.
        record = await replay.record_at(pool, match_id)
        assert record is not None and SECRET in encode(record.state).decode()
        inputs: list[bytes] = []

        def recorder(state: Any, seat: int, rng: Any) -> Pick:
            inputs.append(encode(state))
            return Pick(star="nebula")

        monkeypatch.setitem(get_ruleset(GAME).bots, "recorder", recorder)
        worker.pool, worker.id_key = pool, b"a key of this test"
        await worker.play(match_id)
        # what it was handed is the same whatever seat 0 picked (dealt anew, at random)
        bot_decision = worker.decision_id(match_id, 2, record.seq)
        other = msgspec.structs.replace(record.state, picks=("comet", *record.state.picks[1:]))
        dealt = get_ruleset(GAME).resample(other, 2, random.Random(bot_decision))
        assert inputs == [encode(dealt)]
        # judged, its verdict sealed from the organiser as the rest of it
        bot_ruling = await asyncio.to_thread(organiser.ruling, match_id, bot_decision, 2)
        assert bot_ruling.status == "sealed"
        bot_seq = bot_ruling.last_seq or 0
        _until(lambda: organiser.get(path, dict)["seq"] >= bot_seq, "the lobby to reach it")
        # who has yet to pick shows nowhere: the lobby waits for every seat choosing
        assert organiser.get(path, dict)["to_act"] == [0, 1, 2]

        # Before the reveal: nowhere but to seat 0.
        last = organiser.get(path, dict)["seq"]
        seen = {
            "bob's view": _text(bob, f"{path}/view"),
            "public view": _text(public, f"{path}/public"),
            "lobby row": _text(public, path),
            "lobby": _text(public, "/matches"),
            "bob's narration": _text(bob, f"{path}/narration"),
            "public narration": _text(public, f"{path}/narration"),
            "organiser's narration": _text(organiser, f"{path}/narration"),
            "organiser's rejections": _text(organiser, f"{path}/rejections"),
            "organiser's ruling": _text(
                organiser, f"{path}/decisions/{said.decision_id}", {"seat": 0}
            ),
        }
        for k in range(1, last + 1):
            for who, gateway in (("public", public), ("bob", bob), ("organiser", organiser)):
                seen[f"{who}'s replay {k}"] = _text(gateway, f"{path}/replay/{k}")
                if who == "public":
                    continue
                try:
                    seen[f"{who}'s explanation of {k}"] = _text(gateway, f"{path}/explain/{k}")
                except ClientError as error:  # another seat's decision, while the match runs
                    assert (who, error.status) == ("bob", 403)
        explained = organiser.get(f"{path}/explain/{picked.first_seq}", dict)
        assert (explained["asked"], explained["rule"]) == ("sealed:seat 0", "sealed")
        with pytest.raises(ClientError) as refused:
            bob.get(f"{path}/explain/{picked.first_seq}", dict)
        assert refused.value.status == 403
        seen["bob's stream"] = " ".join(f"{e.event} {e.data}" for e in streams[1].heard)
        seen |= await _stored(pool, match_id)
        assert [where for where, text in seen.items() if SECRET in text] == []
        explanations = [where.split("'")[0] for where in seen if "explanation" in where]
        # bob explains his own seat's decisions and the match's own (its creation): not alice's
        decided = await pool.fetch(
            "SELECT first_seq, last_seq, seat FROM audit WHERE match_id = $1", match_id
        )
        bobs = sum(
            len(range(r["first_seq"], min(r["last_seq"], last) + 1))
            for r in decided
            if r["seat"] in (None, 1)
        )
        assert explanations.count("bob") == bobs and explanations.count("organiser") == last

        # Seat 0 itself sees its pick and its refusal, by every channel of its own.
        own = [
            _text(alice, f"{path}/view"),
            _text(alice, f"{path}/narration"),
            _text(alice, f"{path}/explain/{picked.first_seq}"),
            " ".join(f"{e.event} {e.data}" for e in streams[0].heard),
        ]
        assert all(SECRET in text for text in own), own
        assert any(f"{SECRET}9" in e.data for e in streams[0].heard if e.event == "ruling")

        # Bob picks: every seat has, the picks are revealed, and the record shows them whole.
        comet = api.Submit(f"{match_id}:comet", {"type": "sealed.pick", "star": "comet"})
        bob.post(f"{path}/decisions", comet, api.Submitted)
        assert bob.ruling(match_id, comet.decision_id).status == "accepted"
        _until(lambda: organiser.get(path, dict)["round"] == 2, "the reveal")
        explained = organiser.get(f"{path}/explain/{picked.first_seq}", dict)
        assert explained["asked"] == body and explained["rule"] == "SP-1"
        refusal = organiser.get(f"{path}/explain/{misspelt.first_seq}", dict)
        assert refusal["asked"] == {"type": "match.say", "text": f"pick {SECRET}9"}
        assert refusal["read"] == {"type": "sealed.pick", "star": f"{SECRET}9"}
        assert f"{SECRET}9" in refusal["reason"]
        stored = await _stored(pool, match_id)
        assert all(SECRET in stored[t] for t in ("archive", "audit", "analytics_facts")), stored
        assert "SP-1" in stored["analytics_rejections"]
        sealed = "SELECT array_agg(kind) FROM archive WHERE match_id = $1 AND sealed"
        assert await pool.fetchval(sealed, match_id) == ["match.created"]  # its seed, to the end
        for kept in ("archive_sealed", "audit_sealed", "analytics_sealed_facts"):
            query = f"SELECT count(*) FROM {kept} WHERE match_id = $1"
            assert not await pool.fetchval(query, match_id), kept
        facts = await pool.fetch(
            "SELECT seat, subject FROM analytics_facts WHERE match_id = $1 ORDER BY seq", match_id
        )
        picks = [(f["seat"], f["subject"]) for f in facts]
        assert picks == [(0, SECRET), (2, "nebula"), (1, "comet")]
        assert SECRET in json.dumps(organiser.get(f"{path}/narration", dict))
    finally:
        await worker.submitter.stop()
        await pool.close()
        for stream in streams:
            stream.close()
        for gateway in (organiser, public, alice, bob):
            gateway.close()
