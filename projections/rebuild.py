"""Rebuilding a read model: empty it and re-derive it from offset zero.

`reset` empties the projection's tables and sends its offsets back to zero, held by nobody,
in one transaction. `rebuild` then runs a worker of its own for the projections rebuilt
until their stored offsets reach the log end as it was when the rebuild began, and lets go
of its claims. A live worker feeding the same projections among others sees the claims
taken and leaves them to the rebuild, so its other read models keep serving, fresh, all the
while; when the rebuild lets go, it takes them back up from their stored offsets.
"""

import asyncio
import time

import asyncpg
import structlog

from projections import log_end, offsets, unreadable_records
from projections.projection import Projection
from projections.runner import supervise
from projections.status import caught_up
from projections.worker import Worker
from services.settings import Settings

log = structlog.get_logger("projections")


async def reset(settings: Settings, pool: asyncpg.Pool, projection: type[Projection]) -> None:
    topic = settings.match_log_topic
    async with pool.acquire() as conn, conn.transaction():
        await offsets.reset(conn, projection.name, topic)  # first: workers lock offsets first
        await conn.execute(f"TRUNCATE {', '.join(projection.tables)}")
        await unreadable_records.forget(conn, topic)
    log.info("projection_reset", projection=projection.name)


async def rebuild(
    settings: Settings, pool: asyncpg.Pool, projections: list[type[Projection]]
) -> float:
    """Reset the projections and wait until they are re-derived; the seconds it took."""
    started = time.monotonic()
    ends = await log_end.ends(settings)
    for projection in projections:
        await reset(settings, pool, projection)
    stop = asyncio.Event()
    running = asyncio.create_task(supervise([Worker(settings, projections, pool)], stop))
    try:
        while not await caught_up(pool, settings.match_log_topic, projections, ends):
            if running.done():
                raise RuntimeError("a rebuilding worker stopped; see the log")
            await asyncio.sleep(0.2)
    finally:
        stop.set()
        await running
    return time.monotonic() - started
