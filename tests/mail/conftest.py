"""The real stack with the mail worker, and an in-process `aiosmtpd` relay as the players'
mail server; one per test module. A local HTTP receiver for webhooks."""

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import aiosmtplib
import asyncpg
import msgspec
import pytest

from services import db
from services.broker import free_port
from tests.conftest import Broker, fresh_settings
from tests.mail.relay import Relay
from tests.stack import Stack, running_stack

DOMAIN = "mail.test"
PUBLIC_URL = "https://play.mail.test"  # where mails say the gateway is (one-click unsubscribe)
DEADLINE_MS = 2000  # a webhook delivery's, short for the dripping receiver
DELIVERIES = 2  # webhook deliveries at once: a few slow seats fill them
SLOW_S = 0.5  # how long `/slow` holds each post


class MailStack(msgspec.Struct):
    stack: Stack
    relay: Relay
    inbound: int  # the mail worker's SMTP port
    lmtp: str  # the mail worker's LMTP socket
    pool: asyncpg.Pool


@pytest.fixture(scope="module")
async def mail_stack(
    main_broker: Broker, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[MailStack]:
    async with running_mail_stack(main_broker, database_url, tmp_path_factory.mktemp("mail")) as ms:
        yield ms


@asynccontextmanager
async def running_mail_stack(
    broker: Broker, database_url: str, folder: Path, **more: Any
) -> AsyncIterator[MailStack]:
    """The stack with the mail worker, its logs in `folder`; `more` settings on top."""
    relay = await Relay().start()
    secret = folder / "mail-secret"
    secret.write_text("11" * 32)  # a known secret: the transcript's tokens are normalised anyway
    inbound = free_port()
    settings = msgspec.structs.replace(
        await fresh_settings(broker, database_url),
        smtp_relay=f"127.0.0.1:{relay.port}",
        mail_listen=f"127.0.0.1:{inbound}",
        mail_lmtp_listen=str(folder / "lmtp.sock"),
        mail_domain=DOMAIN,
        mail_secret_file=str(secret),
        mail_tick_ms=100,
        clock_tick_ms=200,
        webhook_allow_private=True,  # the tests' receivers listen on 127.0.0.1
        webhook_deadline_ms=DEADLINE_MS,
        webhook_deliveries=DELIVERIES,
        public_url=PUBLIC_URL,
        **more,
    )
    pool = await db.connect(settings.database_url, size=2)
    try:
        async with running_stack(settings, folder, mail=True) as stack:
            await inbound_answers(inbound)
            yield MailStack(stack, relay, inbound, settings.mail_lmtp_listen, pool)
    finally:
        await pool.close()
        await relay.stop()


async def inbound_answers(port: int) -> None:
    async def answers() -> bool:
        try:
            smtp = aiosmtplib.SMTP(hostname="127.0.0.1", port=port)
            await smtp.connect()
            await smtp.quit()
            return True
        except (OSError, aiosmtplib.SMTPException):
            return False

    await until(answers, 30)


async def until(check: Callable[[], Awaitable[bool]], timeout: float = 60.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("condition not met in time")


class Receiver:
    """Keeps every POST (path, headers, body); `/flaky` answers 500 once, `/moved` a 302,
    `/drip` a byte every 0.3 s for ever, `/slow` after SLOW_S (counting how many it holds at
    once)."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, dict[str, str], bytes]] = []
        self.holding = self.most_held = 0
        lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["content-length"]))
                receiver.posts.append((self.path, dict(self.headers.items()), body))
                if self.path == "/drip":
                    self.drip()
                    return
                if self.path == "/slow":
                    with lock:
                        receiver.holding += 1
                        receiver.most_held = max(receiver.most_held, receiver.holding)
                    time.sleep(SLOW_S)
                    with lock:
                        receiver.holding -= 1
                if self.path == "/moved":
                    self.send_response(302)
                    self.send_header("location", "/json")
                elif self.path == "/flaky" and len(receiver.at("/flaky")) == 1:
                    self.send_response(500)
                else:
                    self.send_response(204)
                self.end_headers()

            def drip(self) -> None:
                """A status line, then a header that never ends, each byte well within any
                read timeout; until the client hangs up."""
                try:
                    for byte in b"HTTP/1.1 200 OK\r\nX-Drip: " + b"a" * 100_000:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        time.sleep(0.3)
                except OSError:
                    self.close_connection = True

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"

    def at(self, path: str) -> list[tuple[str, dict[str, str], bytes]]:
        return [p for p in self.posts if p[0] == path]


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    found = Receiver()
    thread = threading.Thread(target=found.server.serve_forever, daemon=True)
    thread.start()
    yield found
    found.server.shutdown()
