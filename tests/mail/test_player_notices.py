"""A player's notice preferences on the real stack: set once with the player token, they reach
every seat the player joins (mail and a signed webhook, in two matches at once; the notice is
the organiser's message, which every seat hears whoever's turn it is), change every seat held
at once, and only a player token sets them."""

import hashlib
import hmac
from typing import Any

import httpx
import msgspec

from services.mail.outbox import SUBJECTS
from services.webhooks import formats
from tests.mail.conftest import MailStack, Receiver, until
from tests.mail.relay import confirm

RACE = "race-to-21"
CLEO = "cleo@notices.test"


async def _match_with_cleo(
    ms: MailStack, http: httpx.AsyncClient, cleo: dict[str, str]
) -> tuple[str, str]:
    """A two-seat race to 3: cleo (by her player token) at seat 0, dan at seat 1; dan's seat
    token."""
    opened = await http.post(
        "/matches",
        headers=ms.stack.organiser(),
        json={"game": RACE, "seats": 2, "options": {"target": 3}},
    )
    match_id = opened.json()["match_id"]

    async def listed() -> bool:
        return (await http.get(f"/matches/{match_id}")).status_code == 200

    await until(listed)
    joined = await http.post(f"/matches/{match_id}/join", json={"seat": 0}, headers=cleo)
    assert joined.status_code == 202, joined.text
    dan = await http.post(f"/matches/{match_id}/join", json={"seat": 1, "player": "dan"})
    assert dan.status_code == 202, dan.text
    return match_id, dan.json()["token"]


async def test_a_players_preferences_reach_every_seat_and_change_them_all_at_once(
    mail_stack: MailStack, receiver: Receiver
) -> None:
    ms = mail_stack
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        made = await http.post("/players", json={"name": "cleo"})
        cleo = {"authorization": f"Bearer {made.json()['token']}"}
        wishes: dict[str, Any] = {
            "mail": {"address": CLEO, "kinds": ["message"]},
            "webhook": {"url": f"{receiver.url}/cleo", "kinds": ["message"], "remind_s": 0},
        }
        assert (await http.put("/players/me/notices", json=wishes)).status_code == 401
        set_ = await http.put("/players/me/notices", json=wishes, headers=cleo)
        assert set_.status_code == 200, set_.text
        assert set_.json()["seats"] == 0  # no seat yet
        secret = set_.json()["secret"]
        opened = [await _match_with_cleo(ms, http, cleo) for _ in range(2)]
        for _ in opened:  # a mail asking her to confirm, for each seat
            await confirm(ms.relay, ms.inbound, CLEO)
        matches = [match_id for match_id, _ in opened]
        dan = {"authorization": f"Bearer {opened[0][1]}"}
        assert (await http.put("/players/me/notices", json=wishes, headers=dan)).status_code == 403
        bad = {"mail": {"address": "not an address"}}
        assert (await http.put("/players/me/notices", json=bad, headers=cleo)).status_code == 422

        for match_id in matches:  # heard by every seat, whoever's turn it is
            said = await http.post(
                f"/matches/{match_id}/messages",
                json={"text": "welcome"},
                headers=ms.stack.organiser(),
            )
            assert said.status_code == 202, said.text
        told = ""  # an address's notices due together come in one mail
        while not all(m in told for m in matches):
            mail = await ms.relay.next(CLEO)
            assert SUBJECTS["message"] in str(mail["Subject"])
            told += mail.get_content()
        assert told.count("the organiser wrote to the players: 'welcome'") == len(matches)

        async def posted() -> bool:
            bodies = [body.decode() for _, _, body in receiver.at("/cleo")]
            return all(any(m in b for b in bodies) for m in matches)

        await until(posted)
        for _, headers, body in receiver.at("/cleo"):
            signed = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
            assert headers[formats.SIGNATURE] == f"sha256={signed}"
            assert msgspec.json.decode(body, type=formats.Notice).seat == 0

        only_hooks = {"webhook": wishes["webhook"]}
        changed = await http.put("/players/me/notices", json=only_hooks, headers=cleo)
        assert changed.status_code == 200 and changed.json()["seats"] == 2
        assert changed.json()["secret"] == secret  # one secret for all her seats, kept
        mail_seats = await ms.pool.fetchval(
            "SELECT count(*) FROM mail_seats WHERE match_id = ANY($1)", matches
        )
        assert mail_seats == 0
        shown = await http.get("/players/me/notices", headers=cleo)
        assert shown.json()["mail"] is None and shown.json()["webhook"]["url"].endswith("/cleo")
