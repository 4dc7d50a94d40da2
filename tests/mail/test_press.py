"""Messages and standing orders by mail, through the real SMTP server, and message notices on
webhooks: given a 3-seat match opened for private messages, every seat with a confirmed
address, bob with a Discord webhook and cid a Slack one, when ann mails `press to 1:` …
`endpress` (a sign-off inside it kept as written), then it is a message to bob alone: her
answer tells its ruling, bob's notice mail and his Discord post carry it, and no mail, post or
outbox row (the record of ann's mail included) holds its text; cid's `press:` to everyone
reaches bob and ann, and the organiser's announcement reaches cid's Slack without it.
`orders` and `order …` lines list and leave standing orders, refused with the game's reason
where it asks no such prompt."""

from email.message import EmailMessage
from typing import Any

import httpx
import msgspec

from services.mail.compose import ISOLATE
from tests.mail.conftest import MailStack, Receiver, until
from tests.mail.relay import confirm, reply_to, send

SECRET = "SECRET-PLAN: **strike** Zeus"
ANNOUNCED = "No play on Friday"
PLAYERS = ("ann", "bob", "cid")
HOOKS = {1: "discord", 2: "slack"}


def _address(seat: int) -> str:
    return f"{PLAYERS[seat]}@press.test"


async def _opened(ms: MailStack, receiver: Receiver) -> tuple[str, list[str]]:
    """The match, and each seat's reply address (from the mail asking to confirm it)."""
    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        opened = await http.post(
            "/matches",
            headers=ms.stack.organiser(),
            json={"game": "race-to-21", "seats": 3, "messages": {"allowed": "private"}},
        )
        match_id = str(opened.json()["match_id"])

        async def listed() -> bool:
            return (await http.get(f"/matches/{match_id}")).status_code == 200

        await until(listed)
        replies = []
        for seat, player in enumerate(PLAYERS):
            join = {"seat": seat, "player": player, "mail": {"address": _address(seat)}}
            joined = await http.post(f"/matches/{match_id}/join", json=join)
            auth = {"authorization": f"Bearer {joined.json()['token']}"}
            replies.append(reply_to(await confirm(ms.relay, ms.inbound, _address(seat))))
            if seat in HOOKS:
                hook = {"url": f"{receiver.url}/{PLAYERS[seat]}", "format": HOOKS[seat]}

                async def hooked(hook: dict[str, Any] = hook, auth: dict = auth) -> bool:
                    put = await http.put(f"/matches/{match_id}/webhook", json=hook, headers=auth)
                    return put.status_code == 200

                await until(hooked)
    return match_id, replies


async def _mail(ms: MailStack, to: str, holding: str) -> EmailMessage:
    """The next mail to `to` whose text holds `holding`."""
    mail = await ms.relay.next(to)
    while holding not in mail.get_content():
        mail = await ms.relay.next(to)
    return mail


def _posted(receiver: Receiver, player: str, match_id: str) -> list[str]:
    """The texts posted to the player's target about the match, as its chat shows them (its
    escapes taken away)."""
    bodies = [msgspec.json.decode(body) for _, _, body in receiver.at(f"/{player}")]
    texts = [b.get("content") or b.get("text") for b in bodies]
    shown = [t.replace("\\", "").replace("&lt;", "<").replace("&gt;", ">") for t in texts]
    return [t.replace("&amp;", "&") for t in shown if match_id in t]


async def test_press_by_mail_is_a_message_its_readers_alone_are_told(
    mail_stack: MailStack, receiver: Receiver
) -> None:
    ms = mail_stack
    match_id, replies = await _opened(ms, receiver)
    body = f"press to 1:\n{SECRET}\n\nRegards,\nendpress\norders\norder explore: keep all\n"
    await send(ms.inbound, replies[0], body, sender=_address(0), subject="Re: talk")

    answer = await _mail(ms, _address(0), "Your mail was read")
    words = answer.get_content()
    assert "press to seats 1: accepted (SL-21" in words
    assert "no standing orders" in words
    assert "order explore: keep all: not left: race-to-21 asks no prompt 'explore'" in words

    told = (await _mail(ms, _address(1), SECRET)).get_content()
    assert "Messages since your last mail:" in told
    assert f"ann to bob: {ISOLATE}{SECRET}" in told
    assert f"{ISOLATE}Regards," in told  # a sign-off inside a press is its text

    async def posted_to_bob() -> bool:
        return any("SECRET-PLAN" in t for t in _posted(receiver, "bob", match_id))

    await until(posted_to_bob)
    [discord] = [b for _, _, b in receiver.at("/bob") if b"SECRET" in b]
    assert "SECRET-PLAN: \\*\\*strike\\*\\* Zeus" in msgspec.json.decode(discord)["content"]

    press = "press: truce on the rim?\nendpress\n"
    await send(ms.inbound, replies[2], press, sender=_address(2), subject="Re: talk")
    for seat in (0, 1):
        assert "cid: " in (await _mail(ms, _address(seat), "truce on the rim?")).get_content()

    async with httpx.AsyncClient(base_url=ms.stack.gateway, timeout=10) as http:
        path, organiser = f"/matches/{match_id}/messages", ms.stack.organiser()
        assert (await http.post(path, json={"text": ANNOUNCED}, headers=organiser)).is_success

    async def posted_to_cid() -> bool:  # told since the secret was written, to cid's eyes
        return any(ANNOUNCED in t for t in _posted(receiver, "cid", match_id))

    await until(posted_to_cid)
    assert not any("SECRET" in t for t in _posted(receiver, "cid", match_id))
    kept = await ms.pool.fetchval(
        "SELECT count(*) FROM mail_outbox WHERE match_id = $1 AND detail::text LIKE '%SECRET%'",
        match_id,
    )
    assert kept == 0
    while not ms.relay.mails.empty():  # every mail sent so far
        mail = ms.relay.mails.get_nowait()
        assert mail["To"] != _address(2) or "SECRET" not in mail.get_content()
