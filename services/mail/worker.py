"""The mail worker (`starledger mail`): the inbound server for orders by mail, and the outbox
sender (mail, then webhooks), every `mail_tick_ms`. One per database: deliveries are marked as
they are sent, not claimed, so two workers could send one twice."""

import asyncio
from contextlib import suppress

import structlog
from aiosmtpd.smtp import SMTP

from services import db
from services.gateway.submit import Submitter
from services.mail.addresses import secret
from services.mail.inbound import Orders
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
        pool = await db.connect(settings.database_url, size=2)
        await db.migrate(pool)
        key = secret(settings)
        await self.submitter.start()
        send, where = sender(settings)
        outbox = Outbox(settings, pool, key, send)
        orders = Orders(pool, self.submitter, key)
        webhooks = Webhooks(settings, pool)
        host, _, port = settings.mail_listen.rpartition(":")
        server = await asyncio.get_running_loop().create_server(
            lambda: SMTP(orders, data_size_limit=SMTP_SIZE_LIMIT, hostname=settings.mail_domain),
            host,
            int(port),
        )
        log.info("mail_started", sends=where, orders_to=f"smtp://{settings.mail_listen}")
        try:
            await outbox.resubmit(self.submitter)
            while not stop.is_set():
                try:
                    await outbox.run_once()
                    await webhooks.run_once()
                except Exception:  # a database hiccup: logged, the next pass tries again
                    log.exception("mail_pass_failed")
                with suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), settings.mail_tick_ms / 1000)
        finally:
            server.close()
            await server.wait_closed()
            await self.submitter.stop()
            await webhooks.close()
            await pool.close()
