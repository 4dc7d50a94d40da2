"""The players' side of the mail in tests: an in-process `aiosmtpd` relay that keeps every mail
the stack sends, and sending a player's mail to the stack's inbound server."""

import asyncio
import re
from collections.abc import Callable
from email import message_from_bytes, policy
from email.message import EmailMessage

import aiosmtplib
from aiosmtpd.smtp import SMTP, Envelope, Session

from services.broker import free_port
from services.mail.compose import CONFIRM_SUBJECT


class Relay:
    """Takes every mail, by recipient, in the order it came."""

    def __init__(self) -> None:
        self.mails: asyncio.Queue[EmailMessage] = asyncio.Queue()
        self.port = free_port()
        self.server: asyncio.Server | None = None
        self.on_mail: Callable[[EmailMessage], None] | None = None  # run before answering 250

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        mail = message_from_bytes(envelope.content, policy=policy.default)
        self.mails.put_nowait(mail)
        if self.on_mail is not None:
            self.on_mail(mail)
        return "250 OK"

    async def start(self) -> "Relay":
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: SMTP(self), "127.0.0.1", self.port)
        return self

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()

    async def next(self, to: str, subject: str = "", timeout: float = 90.0) -> EmailMessage:
        """The next mail to `to`, whose subject holds `subject` (others are kept for later)."""
        others = []
        try:
            while True:
                mail = await asyncio.wait_for(self.mails.get(), timeout)
                if mail["To"] == to and subject in str(mail["Subject"]):
                    return mail
                others.append(mail)
        finally:
            for mail in others:
                self.mails.put_nowait(mail)


async def send(port: int, to: str, body: str, *, sender: str, subject: str, **headers: str) -> None:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = sender, to, subject
    for name, value in headers.items():
        mail[name.replace("_", "-")] = value
    mail.set_content(body)
    await aiosmtplib.send(mail, hostname="127.0.0.1", port=port)


async def confirm(relay: Relay, port: int, address: str) -> EmailMessage:
    """As the reader of `address` does: the mail asking to confirm it, answered `confirm`."""
    mail = await relay.next(address, CONFIRM_SUBJECT)
    await send(port, reply_to(mail), "confirm\n", sender=address, subject="Re: confirm")
    return mail


def reply_to(mail: EmailMessage) -> str:
    return str(mail["Reply-To"])


def commands_of(mail: EmailMessage) -> list[str]:
    """The commands a mail offers, in order."""
    text = mail.get_content()
    if "You may now send" not in text:
        return []
    listed = text.split("You may now send", 1)[1].splitlines()[1:]
    return [line.strip() for line in listed if line.startswith("  ") and "… and" not in line]


def entry_of(mail: EmailMessage) -> int:
    return int(re.findall(r"keep `#(\d+)`", mail.get_content())[-1])
