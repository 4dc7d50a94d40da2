"""Projection tests get a database of their own: rebuilds empty whole tables, and row
checksums compare whole tables."""

import uuid
from collections.abc import AsyncIterator

import asyncpg
import msgspec
import pytest

from services import db
from services.settings import Settings


@pytest.fixture
async def settings(settings: Settings) -> AsyncIterator[Settings]:
    base, _, _ = settings.database_url.rpartition("/")
    name = f"starledger_proj_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(settings.database_url)
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        url = f"{base}/{name}"
        pool = await db.connect(url)
        await db.migrate(pool)
        await pool.close()
        yield msgspec.structs.replace(settings, database_url=url)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


@pytest.fixture
async def pool(settings: Settings) -> AsyncIterator[asyncpg.Pool]:
    pool = await db.connect(settings.database_url, size=4)
    yield pool
    await pool.close()
