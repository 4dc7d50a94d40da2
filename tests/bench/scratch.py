"""A bench's own broker (unless $KAFKA_BOOTSTRAP names one) and a database of its own on
$DATABASE_URL's server (else on a server the bench starts), dropped at the end."""

import asyncio
import os
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import msgspec

from services import db
from services.broker import TansuBroker
from services.embedded_db import server_url
from services.settings import Settings, load_settings


@contextmanager
def scratch_settings() -> Iterator[Settings]:
    with ExitStack() as stack:
        settings = load_settings()
        if "KAFKA_BOOTSTRAP" not in os.environ:
            tansu = stack.enter_context(TansuBroker())
            settings = msgspec.structs.replace(
                settings, kafka_bootstrap=tansu.bootstrap, idempotent_producer=tansu.idempotent
            )
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-pg-")))
        server = server_url(folder / "data")
        url = asyncio.run(db.create_database(server, "starledger_bench"))
        try:
            yield msgspec.structs.replace(
                settings,
                database_url=url,
                partitions=12,
                namespace=f"bench{uuid.uuid4().hex[:6]}-",
                log_format="json",
            )
        finally:
            asyncio.run(db.drop_database(server, url))
