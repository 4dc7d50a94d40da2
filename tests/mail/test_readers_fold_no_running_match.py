"""No process serving people folds a running match (issue 43): with the fold watch on
(`services.fold_watch`), a live match served through every reader (the seat and watch pages,
the seat's view and legal decisions, narration, explain, a replay step, a mail and an order by
mail, a webhook notice) leaves the gateway's and the mail worker's counts of folds empty, so
neither held the match's seed or another seat's hand. The replay of a finished match, the
gateway's one named exception, is counted: the watch sees a fold where there is one."""

from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from tests.conftest import Broker
from tests.mail.conftest import MailStack, Receiver, running_mail_stack, until
from tests.mail.relay import confirm, reply_to, send

BOB = "bob@players.mail.test"
ADD = {"type": "race.add", "amount": 1}


@pytest.fixture(scope="module")
async def watched(
    main_broker: Broker, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[MailStack]:
    folder = tmp_path_factory.mktemp("watched")
    async with running_mail_stack(main_broker, database_url, folder, watch_folds=True) as ms:
        yield ms


async def _judged(
    http: httpx.AsyncClient, match_id: str, token: str, decision_id: str, body: Any
) -> int:
    """`body` decided by the seat of `token`; the last entry it caused, once projected."""
    auth = {"authorization": f"Bearer {token}"}
    decided = {"decision_id": decision_id, "body": body}
    sent = await http.post(f"/matches/{match_id}/decisions", headers=auth, json=decided)
    assert sent.status_code == 202, sent.text
    path = f"/matches/{match_id}/decisions/{decision_id}"
    last: list[int] = []

    async def judged() -> bool:
        found = (await http.get(path, headers=auth)).json()
        if found["status"] == "pending":
            return False
        assert found["status"] == "accepted", found
        last.append(found["last_seq"])
        narration = await http.get(f"/matches/{match_id}/narration", headers=auth)
        return narration.json()["entries"][-1]["seq"] >= found["last_seq"]

    await until(judged)
    return last[-1]


async def _running_match(
    ms: MailStack, receiver: Receiver, http: httpx.AsyncClient
) -> tuple[str, str, int]:
    """A race to 99: ann's seat with a webhook, bob's by mail (confirmed); ann has added 1, bob
    has asked for help by mail (the game's commands and the mail's own lines), then added 1,
    and ann's webhook heard her turn. The match, ann's token, her decision's last entry."""
    opened = await http.post(
        "/matches",
        headers=ms.stack.organiser(),
        json={"game": "race-to-21", "seats": 2, "options": {"target": 99}},
    )
    match_id = opened.json()["match_id"]

    async def listed() -> bool:
        return (await http.get(f"/matches/{match_id}")).status_code == 200

    await until(listed)
    ann = (await http.post(f"/matches/{match_id}/join", json={"seat": 0, "player": "ann"})).json()
    hook = {"url": f"{receiver.url}/json", "format": "json", "remind_s": 0}
    auth = {"authorization": f"Bearer {ann['token']}"}

    async def hooked() -> bool:
        put = await http.put(f"/matches/{match_id}/webhook", json=hook, headers=auth)
        return put.status_code == 200

    await until(hooked)
    mail = {"address": BOB, "remind_s": 0}
    joined = {"seat": 1, "player": "bob", "mail": mail}
    bob = (await http.post(f"/matches/{match_id}/join", json=joined)).json()
    await confirm(ms.relay, ms.inbound, BOB)

    async def started() -> bool:
        return (await http.get(f"/matches/{match_id}")).json()["status"] == "in_progress"

    await until(started)
    seq = await _judged(http, match_id, ann["token"], "ann-1", ADD)
    turn = await ms.relay.next(BOB, "your turn")
    await send(ms.inbound, reply_to(turn), "help\n", sender=BOB, subject="Re: your turn")
    helped = (await ms.relay.next(BOB, "your mail answered")).get_content()
    assert "Lines the mail reads itself:" in helped  # beside the game's, the mail's own
    assert "fork SEQ [against BOT]" in helped
    await _judged(http, match_id, bob["token"], "bob-1", ADD)

    async def posted() -> bool:
        return any(match_id in body.decode() for _, _, body in receiver.at("/json"))

    await until(posted)
    return match_id, ann["token"], seq


async def test_no_reader_folds_a_running_match_and_a_finished_ones_replay_is_seen(
    watched: MailStack, receiver: Receiver
) -> None:
    ms = watched
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=30) as http:
        match_id, token, seq = await _running_match(ms, receiver, http)
        auth = {"authorization": f"Bearer {token}"}
        api = f"/matches/{match_id}"
        for path in ("view", "public", "legal", "narration", f"explain/{seq}", f"replay/{seq}"):
            assert (await http.get(f"{api}/{path}", headers=auth)).status_code == 200, path
        web = f"{ms.stack.gateway}/web/matches/{quote(match_id, safe='')}"
        async with httpx.AsyncClient(cookies={"seat": token}, timeout=30) as browser:
            for path in ("seat", "seat/live", "watch", "watch/live", f"replay/{seq}"):
                assert (await browser.get(f"{web}/{path}")).status_code == 200, path
        assert (await http.get(f"{api}/replay/{seq}")).json()["over"] is False

        assert (await http.get("/debug/folds")).json() == {}
        assert "fold_seen" not in ms.stack.log_text("mail")
        assert "fold_watch_on" in ms.stack.log_text("mail")

        bots = [{"seat": 0, "bot": "greedy"}, {"seat": 1, "bot": "greedy"}]
        body = {"game": "race-to-21", "seats": 2, "options": {"target": 3}, "bots": bots}
        ended = (await http.post("/matches", headers=ms.stack.organiser(), json=body)).json()

        async def finished() -> bool:
            row = await http.get(f"/matches/{ended['match_id']}")
            return row.status_code == 200 and row.json()["status"] == "finished"

        await until(finished)
        assert (await http.get(f"/matches/{ended['match_id']}/replay/1")).status_code == 200
        counted = (await http.get("/debug/folds")).json()
        assert counted["events.match.apply from services.gateway.replays"] > 0
        assert all(key.endswith("from services.gateway.replays") for key in counted)
