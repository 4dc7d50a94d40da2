"""Tokens: a seat token acts and reads for its own seat only; organisers open matches."""

import asyncio
import time

import asyncpg
import httpx

from tests.stack import Stack


async def _open(http: httpx.AsyncClient, stack: Stack, seats: int = 2) -> str:
    opened = await http.post("/matches", headers=stack.organiser(), json={"seats": seats})
    assert opened.status_code == 202, opened.text
    match_id = opened.json()["match_id"]
    await _wait(lambda: http.get(f"/matches/{match_id}"), 200)
    return match_id


async def _wait(call, status: int, timeout: float = 30.0) -> httpx.Response:
    deadline = time.monotonic() + timeout
    while (reply := await call()).status_code != status:
        assert time.monotonic() < deadline, reply.text
        await asyncio.sleep(0.1)
    return reply


async def _join(http: httpx.AsyncClient, match_id: str, seat: int) -> dict[str, str]:
    joined = await http.post(f"/matches/{match_id}/join", json={"seat": seat, "player": f"p{seat}"})
    assert joined.status_code == 202, joined.text
    token = {"authorization": f"Bearer {joined.json()['token']}"}
    await _wait(lambda: http.get(f"/matches/{match_id}/view", headers=token), 200)
    return token


async def test_seat_tokens_reach_only_their_own_seat(stack: Stack) -> None:
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        match_id = await _open(http, stack)
        other_match = await _open(http, stack)
        ann, bob = await _join(http, match_id, 0), await _join(http, match_id, 1)
        stranger = await _join(http, other_match, 0)

        ann_view = (await http.get(f"/matches/{match_id}/view", headers=ann)).json()
        bob_view = (await http.get(f"/matches/{match_id}/view", headers=bob)).json()
        assert (ann_view["seat"], bob_view["seat"]) == (0, 1)
        assert ann_view["view"]["hand"] != bob_view["view"]["hand"]

        # A token of another match neither acts nor reads here.
        body = {"decision_id": "x-1", "body": {"type": "cw.pass"}}
        for call in (
            http.post(f"/matches/{match_id}/decisions", headers=stranger, json=body),
            http.get(f"/matches/{match_id}/view", headers=stranger),
            http.get(f"/matches/{match_id}/legal", headers=stranger),
        ):
            assert (await call).status_code == 403
        # No token: 401; an unknown token: 401; the organiser does not act for a seat.
        assert (await http.post(f"/matches/{match_id}/decisions", json=body)).status_code == 401
        forged = {"authorization": "Bearer not-a-token"}
        assert (await http.get(f"/matches/{match_id}/view", headers=forged)).status_code == 401
        assert (
            await http.post(f"/matches/{match_id}/decisions", headers=stack.organiser(), json=body)
        ).status_code == 403
        # A seat cannot open matches.
        assert (await http.post("/matches", headers=ann, json={"seats": 2})).status_code == 403

        # A running match's full state is nobody's: replays show the caller's view only.
        step = (await http.get(f"/matches/{match_id}/replay/3", headers=ann)).json()
        assert step["full"] is False and step["shown"]["seat"] == 0
        public = (await http.get(f"/matches/{match_id}/replay/3")).json()
        assert public["full"] is False and public["shown"]["seat"] is None
        assert public["shown"]["hand"] == []
        spectators = (await http.get(f"/matches/{match_id}/public")).json()["view"]
        hers = {str(card) for card in ann_view["view"]["hand"]}  # views name cards by id
        assert hers and hers <= set(ann_view["view"]["cards"])  # her own view names them
        assert spectators["hand"] == [] and not hers & set(spectators["cards"])
        organiser = (
            await http.get(f"/matches/{match_id}/replay/3", headers=stack.organiser())
        ).json()
        assert organiser["full"] is False
        # Another seat's decisions are not open to audit while the match runs.
        rejections = await http.get(f"/matches/{match_id}/rejections", headers=ann)
        assert rejections.status_code == 403
        # Narration is told for the caller's eyes: her own draw named, the other's counted.
        told = (await http.get(f"/matches/{match_id}/narration", headers=ann)).json()
        lines = [t["line"] for t in told["entries"]]
        assert told["seat"] == 0 and "seat 1 drew 6 cards" in lines
        assert "seat 0 drew 6 cards" not in lines and any(
            a.startswith("seat 0 drew ") for a in lines
        )
        public_lines = [
            t["line"] for t in (await http.get(f"/matches/{match_id}/narration")).json()["entries"]
        ]
        assert "seat 0 drew 6 cards" in public_lines
        assert [s["title"] for s in ann_view["description"]["sections"]][1] == "Your cards (p0)"
        # Nobody borrows another seat's eyes while the match runs.
        for path in ("narration", "replay/3"):
            asked = await http.get(f"/matches/{match_id}/{path}", headers=ann, params={"seat": 1})
            assert asked.status_code == 403


async def test_a_decision_id_names_a_ruling_only_within_its_match_and_seat(stack: Stack) -> None:
    """Two seats sending under one id each get their own ruling; nobody learns of an id in a
    match their token holds no seat of, nor of another seat's while the match runs."""
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        match_id, other_match = await _open(http, stack), await _open(http, stack)
        seats = [await _join(http, match_id, 0), await _join(http, match_id, 1)]
        stranger = await _join(http, other_match, 0)
        for me in seats:  # one seat passes in turn, the other out of turn: both judged
            body = {"decision_id": "same-id", "body": {"type": "cw.pass"}}
            sent = await http.post(f"/matches/{match_id}/decisions", headers=me, json=body)
            assert sent.status_code == 202, sent.text
        path = f"/matches/{match_id}/decisions/same-id"
        ruled = []
        for me in seats:
            reply = await _wait(lambda me=me: http.get(path, headers=me), 200)
            while (found := reply.json())["status"] == "pending":
                await asyncio.sleep(0.1)
                reply = await http.get(path, headers=me)
            ruled.append(found)
        assert ruled[0]["first_seq"] != ruled[1]["first_seq"]
        organiser = stack.organiser()
        for seat in (0, 1):
            found = (await http.get(path, headers=organiser, params={"seat": seat})).json()
            assert found == ruled[seat]
        assert (await http.get(path, headers=seats[0], params={"seat": 1})).status_code == 403
        for asked in (path, f"/matches/{match_id}/decisions/never-sent"):
            assert (await http.get(asked, headers=stranger)).status_code == 403
        assert (await http.get(path)).status_code == 401


async def test_a_full_replay_fails_closed_while_the_lobby_lags(stack: Stack) -> None:
    """A finished match's replay is open to anyone, whole; but the replay shows it whole only
    once the lobby says it ended and its own model holds the end: a lobby that still says the
    match runs (behind, or stopped) leaves an anonymous reader the public view."""
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        bots = [{"seat": 0, "bot": "greedy"}, {"seat": 1, "bot": "greedy"}]
        body = {"game": "race-to-21", "seats": 2, "bots": bots}
        opened = await http.post("/matches", headers=stack.organiser(), json=body)
        match_id = opened.json()["match_id"]
        finished = await _wait(lambda: http.get(f"/matches/{match_id}"), 200)
        while (row := finished.json())["status"] != "finished":
            await asyncio.sleep(0.1)
            finished = await http.get(f"/matches/{match_id}")
        last = f"/matches/{match_id}/replay/{row['seq']}"
        assert (await http.get(last)).json()["full"] is True  # the seed is out: nothing hides
        assert (await http.get(last, headers=stack.organiser())).json()["full"] is True
        conn = await asyncpg.connect(stack.settings.database_url)
        try:
            await conn.execute(
                "UPDATE lobby SET status = 'in_progress' WHERE match_id = $1", match_id
            )
            step = (await http.get(last)).json()
        finally:
            await conn.close()
        assert step["full"] is False and "seed" not in str(step["shown"])


async def test_a_token_in_the_address_is_taken_by_the_stream_alone(stack: Stack) -> None:
    """Addresses end up in logs and histories: only the push stream, which a browser's
    EventSource cannot send a header to, reads its token from one."""
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        match_id = await _open(http, stack)
        me = await _join(http, match_id, 0)
        token = me["authorization"].removeprefix("Bearer ")
        for path in ("view", "legal"):
            found = await http.get(f"/matches/{match_id}/{path}", params={"token": token})
            assert found.status_code == 401, path
        async with http.stream("GET", f"/matches/{match_id}/stream?token={token}") as reply:
            assert reply.status_code == 200


async def _ruled(http: httpx.AsyncClient, match_id: str, token: dict, decision_id: str) -> str:
    path = f"/matches/{match_id}/decisions/{decision_id}"
    while (status := (await http.get(path, headers=token)).json()["status"]) == "pending":
        await asyncio.sleep(0.1)
    return status


async def test_the_loser_of_a_join_race_holds_no_seat_anywhere(stack: Stack) -> None:
    """Two joins for one seat, both let through by a lobby that lags, both get a token; the log
    seats only the first claim, and the other token acts and reads for nobody."""
    async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as http:
        match_id = await _open(http, stack)
        stack.processes["projections"].pause()  # the lobby shows seat 0 open to both
        try:
            joins = [
                await http.post(f"/matches/{match_id}/join", json={"seat": 0, "player": name})
                for name in ("ann", "eve")
            ]
        finally:
            stack.processes["projections"].resume()
        assert [j.status_code for j in joins] == [202, 202], [j.text for j in joins]
        tokens = [{"authorization": f"Bearer {j.json()['token']}"} for j in joins]
        claims = [j.json()["decision_id"] for j in joins]
        ruled = [await _ruled(http, match_id, t, c) for t, c in zip(tokens, claims, strict=True)]
        assert sorted(ruled) == ["accepted", "rejected"]
        won = ruled.index("accepted")
        (winner, won_claim), loser = (tokens[won], claims[won]), tokens[1 - won]
        await _join(http, match_id, 1)
        seen = await _wait(lambda: http.get(f"/matches/{match_id}/view", headers=winner), 200)
        hand = seen.json()["view"]["hand"]
        assert hand

        body = {"decision_id": "l-1", "body": {"type": "cw.pass"}}
        for call in (
            http.post(f"/matches/{match_id}/decisions", headers=loser, json=body),
            http.post(f"/matches/{match_id}/say", headers=loser, json={"text": "pass"}),
            http.post(f"/matches/{match_id}/say", headers=loser, json={"text": "help"}),
            http.get(f"/matches/{match_id}/view", headers=loser),
            http.get(f"/matches/{match_id}/legal", headers=loser),
            http.get(f"/matches/{match_id}/rejections", headers=loser),
            http.get(f"/matches/{match_id}/explain/1", headers=loser),
            http.get(
                f"/matches/{match_id}/decisions/{won_claim}", headers=loser, params={"seat": 0}
            ),
            http.get(f"/matches/{match_id}/decisions/{won_claim}", headers=loser),
            http.get(f"/matches/{match_id}/replay/3", headers=loser, params={"seat": 0}),
        ):
            reply = await call
            assert reply.status_code == 403, (reply.request.url, reply.text)
        async with http.stream("GET", f"/matches/{match_id}/stream", headers=loser) as reply:
            assert reply.status_code == 403
        # Where anyone may read, the loser reads as anyone does: the public eyes, no hand.
        step = (await http.get(f"/matches/{match_id}/replay/3", headers=loser)).json()
        assert step["shown"]["seat"] is None and step["shown"]["hand"] == []
        assert step["shown"] == (await http.get(f"/matches/{match_id}/replay/3")).json()["shown"]
        told = (await http.get(f"/matches/{match_id}/narration", headers=loser)).json()
        assert told["seat"] is None
        # The winner's seat is untouched: nothing the loser sent was judged for it.
        own = (await http.get(f"/matches/{match_id}/view", headers=winner)).json()
        assert own["view"]["hand"] == hand
