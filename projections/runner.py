"""Running projection workers: each running its read models fed by one consumer group. A
projection that fails stops alone within its worker; a worker that stops (an unreadable
record) is logged and the other workers keep serving."""

import asyncio

import structlog

from projections.projection import Projection
from projections.worker import UnreadableLog, Worker
from services import db
from services.settings import Settings

log = structlog.get_logger("projections")


async def _guarded(worker: Worker) -> bool:
    try:
        await worker.run()
        return not worker.stopped
    except UnreadableLog as error:
        log.error("projection_stopped", projection=worker.name, error=str(error))
    except Exception as error:
        log.exception("projection_stopped", projection=worker.name, error=str(error))
    return False


async def supervise(workers: list[Worker], stop: asyncio.Event) -> bool:
    """Run the workers until `stop` is set or all have stopped; True if none failed."""

    async def stopper() -> None:
        await stop.wait()
        for worker in workers:
            worker.stop()

    watch = asyncio.create_task(stopper())
    try:
        return all(await asyncio.gather(*map(_guarded, workers)))
    finally:
        watch.cancel()


async def serve(
    settings: Settings, projections: list[type[Projection]], stop: asyncio.Event
) -> bool:
    pool = await db.connect(
        settings.database_url, size=len(projections) + 2, reset=False, derived=True
    )
    try:
        await db.migrate(pool)
        return await supervise([Worker(settings, projections, pool)], stop)
    finally:
        await pool.close()
