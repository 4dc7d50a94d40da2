"""Whether a sealed attempt was refused shows to no one but its seat until the reveal, through
the real stack: in one match seat 0 picks and then misspells its pick (refused), in the other
it picks and then changes its pick (accepted). Until seat 1's pick reveals them, everything
seat 1, the public and the organiser read of the two is the same (views, lobby row and seq,
narration, replay steps, explanations, rejections, rulings, seat 1's stream, the audit and
archive rows, analytics); then each tells its own verdict, and both verify."""

import re
import time
import uuid
from collections.abc import Callable
from typing import Any

import asyncpg
import msgspec

from events.envelope import SealedRefusal
from projections import replay
from services import db
from services.client.http import ClientError, Gateway, segment
from services.gateway import api
from services.rules.rejudge import check_version, verify
from tests.stack import Stack

GAME = "sealed-picks"
SECOND = {"refused": "pick quasar9", "accepted": "pick comet"}  # seat 0's second attempt
SEALED = re.compile(r'":\s?"sealed"')  # a value shown as `sealed`, in JSON as sent or stored
TABLES = ("archive", "audit", "analytics_matches", "analytics_facts", "analytics_rejections")


def _until(found: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := found()):
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        time.sleep(0.1)
    return value


def _read(gateway: Gateway, path: str, params: dict[str, Any] | None = None) -> str:
    """The answer's text, or its refusal's status; slowing down when the gateway says so."""
    while True:
        try:
            return gateway.request("GET", path, params=params).text
        except ClientError as error:
            if error.status != 429:
                return f"refused {error.status}"
            time.sleep(0.2)


class Played(msgspec.Struct):
    match_id: str
    path: str
    alice: Gateway
    bob: Gateway


def _opened(stack: Stack, organiser: Gateway) -> Played:
    match_id = f"verdicts-{uuid.uuid4().hex[:8]}"
    new = api.NewMatch(seats=2, game=GAME, match_id=match_id)
    opened = organiser.post("/matches", new, api.MatchOpened)
    assert organiser.ruling(match_id, opened.decision_id).status == "accepted"
    path, tokens = f"/matches/{segment(match_id)}", []
    for seat, player in enumerate(("alice", "bob")):
        joined = organiser.post(f"{path}/join", api.Join(seat=seat, player=player), api.Joined)
        assert organiser.ruling(match_id, joined.decision_id, seat).status == "accepted"
        tokens.append(joined.token)
    return Played(match_id, path, *(Gateway(t, stack.gateway) for t in tokens))


def _said(played: Played, gateway: Gateway, text: str, decision_id: str) -> api.Ruling:
    gateway.post(f"{played.path}/say", api.Say(text, decision_id), api.Submitted)
    ruling = gateway.ruling(played.match_id, decision_id)
    last = ruling.last_seq or 0
    _until(lambda: gateway.get(played.path, dict)["seq"] >= last, "the lobby to show it")
    return ruling


async def _seen(
    stack: Stack, pool: asyncpg.Pool, played: Played, public: Gateway, organiser: Gateway
) -> dict[str, str]:
    """Everything seat 1 (bob), the public and the organiser read of the match, each text
    with what differs between any two matches (ids, times, the seed's digest) made plain."""
    path, bob = played.path, played.bob
    seen = {
        "bob's view": _read(bob, f"{path}/view"),
        "public view": _read(public, f"{path}/public"),
        "lobby row": _read(public, path),
        "organiser's rejections": _read(organiser, f"{path}/rejections"),
        "bob's rejections": _read(bob, f"{path}/rejections"),
    }
    for who, gateway in (("public", public), ("bob", bob), ("organiser", organiser)):
        seen[f"{who}'s narration"] = _read(gateway, f"{path}/narration")
    for decision_id in ("pick", "again"):
        ruling = f"{path}/decisions/{decision_id}"
        seen[f"organiser's ruling on {decision_id}"] = _read(organiser, ruling, {"seat": 0})
    last = organiser.get(path, dict)["seq"]
    for k in range(1, last + 1):
        for who, gateway in (("public", public), ("bob", bob), ("organiser", organiser)):
            seen[f"{who}'s replay {k}"] = _read(gateway, f"{path}/replay/{k}")
        for who, gateway in (("bob", bob), ("organiser", organiser)):
            seen[f"{who}'s explanation of {k}"] = _read(gateway, f"{path}/explain/{k}")
        seen[f"the web's replay {k}"] = _read(public, f"/web{path}/replay/{k}")
    stream = bob.events(f"{path}/stream")
    first = next(stream)  # the view, numbered by the entry it is as of
    stream.close()
    seen["bob's stream"] = f"{first.event} {first.id} {first.data}"
    for table in TABLES:
        rows = await pool.fetch(
            f"SELECT (to_jsonb(t) - 'match_id')::text FROM {table} AS t WHERE match_id = $1"
            " ORDER BY 1",
            played.match_id,
        )
        seen[table] = " ".join(r[0] for r in rows)
    return await _plain(pool, played.match_id, seen)


async def _plain(pool: asyncpg.Pool, match_id: str, seen: dict[str, str]) -> dict[str, str]:
    ids = await pool.fetch(
        "SELECT decision_id FROM audit WHERE match_id = $1 ORDER BY first_seq", match_id
    )
    commitment = await pool.fetchval(
        "SELECT body->>'seed_commitment' FROM archive WHERE match_id = $1 AND seq = 1", match_id
    )
    plain = [(match_id, "M"), (commitment, "C"), (commitment[:16], "C")]
    plain += [(r["decision_id"], f"D{n}") for n, r in enumerate(ids)]
    found = {}
    for where, text in seen.items():
        for value, word in plain:
            text = text.replace(value, word)
        text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:[\d.]+(Z|[+-]\d\d:\d\d)?", "TIME", text)
        found[where] = re.sub(r"\b\d{13}\b", "MS", text)
    return found


async def test_a_refused_sealed_attempt_reads_as_an_accepted_one_until_the_reveal(
    stack: Stack,
) -> None:
    organiser, public = Gateway(stack.organiser_token, stack.gateway), Gateway(None, stack.gateway)
    pool = await db.connect(stack.settings.database_url, size=2)
    played = {verdict: _opened(stack, organiser) for verdict in SECOND}
    try:
        for verdict, second in SECOND.items():
            match = played[verdict]
            assert _said(match, match.alice, "pick quasar", "pick").status == "accepted"
            again = _said(match, match.alice, second, "again")
            assert again.status == ("rejected" if verdict == "refused" else "accepted")
            assert again.last_seq == (again.first_seq or 0) + 1  # its ruling and one more
        # Before the reveal: every channel of anyone but seat 0 reads the two the same.
        before = {v: await _seen(stack, pool, m, public, organiser) for v, m in played.items()}
        differ = [w for w in before["refused"] if before["refused"][w] != before["accepted"][w]]
        assert differ == []
        kept = before["refused"]
        assert '"status":"sealed"' in kept["organiser's ruling on again"]
        assert 'data-verdict="sealed"' in kept[f"the web's replay {again.first_seq}"]
        refused = played["refused"]
        explained = organiser.get(f"{refused.path}/explain/{again.first_seq}", dict)
        assert explained["accepted"] is None and explained["rule"] == "sealed"
        assert (explained["hash_before"], explained["hash_after"]) == ("sealed", "sealed")
        assert explained["caused"] == ["ruling", "match.sealed"]
        assert "quasar9" not in kept["organiser's rejections"]
        assert kept[f"bob's explanation of {again.first_seq}"] == "refused 403"
        # ... but seat 0 reads its own verdict
        own = refused.alice.get(f"{refused.path}/explain/{again.first_seq}", dict)
        assert own["accepted"] is False and "quasar9" in own["reason"]

        # Seat 1 picks: the picks are revealed, and each match tells its own.
        for match in played.values():
            assert _said(match, match.bob, "pick nebula", "bob").status == "accepted"
            _until(lambda m=match: organiser.get(m.path, dict)["round"] == 2, "the reveal")
        after = {v: await _seen(stack, pool, m, public, organiser) for v, m in played.items()}
        told, accepted = after["refused"], after["accepted"]
        assert '"status":"rejected"' in told["organiser's ruling on again"]
        assert '"status":"accepted"' in accepted["organiser's ruling on again"]
        assert "quasar9" in told["organiser's rejections"]
        assert "quasar9" not in accepted["organiser's rejections"]
        assert "alice's sealed choice was refused: nothing changes" in told["public's narration"]
        assert 'data-verdict="rejected"' in told[f"the web's replay {again.first_seq}"]
        for told in after.values():
            assert [where for where, text in told.items() if SEALED.search(text)] == []
        for match in played.values():
            entries = await replay.entries(pool, match.match_id)
            check_version(match.match_id, entries)
            assert verify(entries) is None
        refusals = await replay.entries(pool, refused.match_id)
        assert sum(isinstance(e.body, SealedRefusal) for e in refusals) == 1
    finally:
        await pool.close()
        for gateway in (organiser, public, *(g for m in played.values() for g in (m.alice, m.bob))):
            gateway.close()
