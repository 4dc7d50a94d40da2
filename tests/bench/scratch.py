"""A bench's own broker (unless $KAFKA_BOOTSTRAP names one) and a database of its own on
$DATABASE_URL's server, dropped at the end."""

import asyncio
import os
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import asyncpg
import msgspec

from services.broker import LocalBroker
from services.settings import Settings, load_settings


async def _create(server: str) -> tuple[str, str]:
    name = f"starledger_bench_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(server)
    await admin.execute(f'CREATE DATABASE "{name}"')
    await admin.close()
    return name, f"{server.rpartition('/')[0]}/{name}"


async def _drop(server: str, name: str) -> None:
    admin = await asyncpg.connect(server)
    await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await admin.close()


@contextmanager
def scratch_settings() -> Iterator[Settings]:
    base = load_settings()
    with ExitStack() as stack:
        bootstrap = (
            os.environ.get("KAFKA_BOOTSTRAP") or stack.enter_context(LocalBroker()).bootstrap
        )
        name, url = asyncio.run(_create(base.database_url))
        try:
            yield msgspec.structs.replace(
                base,
                kafka_bootstrap=bootstrap,
                database_url=url,
                partitions=12,
                namespace=f"bench{uuid.uuid4().hex[:6]}-",
                log_format="json",
            )
        finally:
            asyncio.run(_drop(base.database_url, name))
