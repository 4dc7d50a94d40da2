"""PostgreSQL access: connection pools and the ordered SQL migrations every process applies."""

import uuid
from importlib import resources
from urllib.parse import urlsplit, urlunsplit

import asyncpg

_LOCK_ID = 0x5354524C  # one migrator at a time across processes


class DatabaseUnavailable(ConnectionError):
    """PostgreSQL does not answer at the configured address."""


def shown(database_url: str) -> str:
    """The URL without its password, fit for logs and messages."""
    parts = urlsplit(database_url)
    if parts.password is None:
        return database_url
    netloc = parts.netloc.replace(f":{parts.password}@", "@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


async def _as_is(_conn: asyncpg.Connection) -> None:
    """Skips asyncpg's reset query, a second round trip after every use of a connection."""


async def connect(
    database_url: str, size: int = 4, *, reset: bool = True, derived: bool = False
) -> asyncpg.Pool:
    """`reset=False` only for pools whose users never LISTEN, SET or hold locks. `derived`
    for pools that write only what the log re-derives (read models with their offsets in the
    same transaction): a commit does not wait for its WAL flush, and a crash that loses the
    last commits loses their offsets with them, so the worker projects those records again."""
    try:
        return await asyncpg.create_pool(
            database_url,
            min_size=1,
            max_size=size,
            server_settings={"synchronous_commit": "off"} if derived else None,
            **({} if reset else {"reset": _as_is}),
        )
    except (OSError, TimeoutError) as error:
        raise DatabaseUnavailable(
            f"PostgreSQL at {shown(database_url)} does not answer ({error})"
        ) from error


def _migrations() -> list[tuple[str, str]]:
    folder = resources.files("services.migrations")
    files = sorted(f for f in folder.iterdir() if f.name.endswith(".sql"))
    return [(f.name, f.read_text()) for f in files]


async def migrate(pool: asyncpg.Pool) -> list[str]:
    """Apply the SQL files not yet recorded, in name order; return the names applied."""
    applied: list[str] = []
    async with pool.acquire() as conn:
        await conn.execute("SELECT pg_advisory_lock($1)", _LOCK_ID)
        try:
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
            )
            done = {r["name"] for r in await conn.fetch("SELECT name FROM schema_migrations")}
            for name, sql in _migrations():
                if name in done:
                    continue
                async with conn.transaction():
                    await conn.execute(sql)
                    await conn.execute("INSERT INTO schema_migrations (name) VALUES ($1)", name)
                applied.append(name)
        finally:
            await conn.execute("SELECT pg_advisory_unlock($1)", _LOCK_ID)
    return applied


def with_database(server_url: str, name: str) -> str:
    """The URL of database `name` on the server `server_url` names (TCP or Unix socket)."""
    parts = urlsplit(server_url)
    return urlunsplit(parts._replace(path=f"/{name}"))


async def create_database(server_url: str, prefix: str) -> str:
    """A new, migrated database of its own on that server; returns its URL."""
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    url = with_database(server_url, name)
    pool = await connect(url, size=1)
    try:
        await migrate(pool)
    finally:
        await pool.close()
    return url


async def drop_database(server_url: str, url: str) -> None:
    """Drop the database `url` names, connected as `server_url` (a database on that server)."""
    name = urlsplit(url).path.lstrip("/")
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def identity(conn: asyncpg.Connection | asyncpg.Pool) -> str:
    """This database's own id (made by its migrations), short enough for a group name."""
    found: str = await conn.fetchval("SELECT id FROM database_identity")
    return found[:12]
