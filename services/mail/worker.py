"""The mail worker (`starledger mail`): the inbound server for orders by mail (SMTP, and LMTP
where a mail server hands them on), and the outbox sender, every `mail_tick_ms`, by the one
worker that holds the database's sender lease (`lease.py`): mail and webhooks in loops of their
own, so that no webhook target, however slow, holds back a mail."""

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import suppress
from pathlib import Path

import structlog
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP

from services import db
from services.gateway.submit import Submitter
from services.mail.addresses import secret
from services.mail.inbound import Orders
from services.mail.lease import SenderLease
from services.mail.outbox import Outbox, sender
from services.settings import Settings
from services.webhooks.sender import Webhooks

log = structlog.get_logger("mail")

SMTP_SIZE_LIMIT = 1 << 20  # past this the server refuses the data; past 64 KiB, it is answered


class MailWorker:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.submitter = Submitter(settings)

    async def run(self, stop: asyncio.Event) -> None:
        settings = self.settings
        pool = await db.connect(settings.database_url, size=4)  # mail, webhooks under way
        await db.migrate(pool)
        key = secret(settings)
        await self.submitter.start()
        send, where = sender(settings)
        outbox = Outbox(settings, pool, key, send)
        orders = Orders(pool, self.submitter, key)
        webhooks = Webhooks(settings, pool)
        lease = SenderLease(settings.database_url)
        servers = [await _listen(SMTP, orders, settings.mail_listen, settings.mail_domain)]
        if settings.mail_lmtp_listen:
            lmtp = await _listen(LMTP, orders, settings.mail_lmtp_listen, settings.mail_domain)
            servers.append(lmtp)
        log.info(
            "mail_started",
            sends=where,
            orders_to=f"smtp://{settings.mail_listen}",
            lmtp=settings.mail_lmtp_listen or None,
        )
        try:
            await outbox.resubmit(self.submitter)
            tick_s = settings.mail_tick_ms / 1000
            await asyncio.gather(
                _every_tick(stop, tick_s, lease, outbox.run_once, "mail_pass_failed"),
                _every_tick(stop, tick_s, lease, webhooks.run_once, "webhook_pass_failed"),
            )
        finally:
            for server in servers:
                server.close()
                await server.wait_closed()
            await self.submitter.stop()
            await webhooks.close()
            await lease.release()
            await pool.close()


async def _every_tick(
    stop: asyncio.Event,
    tick_s: float,
    lease: SenderLease,
    work: Callable[[], Awaitable[None]],
    failed: str,
) -> None:
    while not stop.is_set():
        try:
            if await lease.held():
                await work()
        except Exception:  # a database hiccup: logged, the next pass tries again
            log.exception(failed)
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), tick_s)


async def _listen(protocol: type[SMTP], orders: Orders, where: str, domain: str) -> asyncio.Server:
    """A server for orders at `where`: "host:port", or the path of a Unix socket."""
    loop = asyncio.get_running_loop()

    def serve() -> SMTP:
        return protocol(orders, data_size_limit=SMTP_SIZE_LIMIT, hostname=domain)

    if where.startswith("/"):
        Path(where).unlink(missing_ok=True)  # a socket left by a worker that died
        return await loop.create_unix_server(serve, where)
    host, _, port = where.rpartition(":")
    return await loop.create_server(serve, host, int(port))
