"""Projection tests get a database of their own: rebuilds empty whole tables, and row
checksums compare whole tables."""

from collections.abc import AsyncIterator

import asyncpg
import msgspec
import pytest

from services import db
from services.settings import Settings


@pytest.fixture
async def settings(settings: Settings, database_server: str) -> AsyncIterator[Settings]:
    url = await db.create_database(database_server, "starledger_proj")
    try:
        yield msgspec.structs.replace(settings, database_url=url)
    finally:
        await db.drop_database(database_server, url)


@pytest.fixture
async def pool(settings: Settings) -> AsyncIterator[asyncpg.Pool]:
    pool = await db.connect(settings.database_url, size=4)
    yield pool
    await pool.close()
