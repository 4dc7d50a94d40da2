"""Workers of two databases on one broker each feed their own read models with every match:
a worker started against the wrong database takes none of the right one's partitions."""

import asyncpg
import msgspec

from services import db
from services.settings import Settings
from tests.projections.support import judged, wait_caught_up, workers, write_log
from tests.workload import race_decisions


async def _lobby(pool: asyncpg.Pool) -> set[str]:
    return {row["match_id"] for row in await pool.fetch("SELECT match_id FROM lobby")}


async def test_workers_of_another_database_leave_this_ones_partitions_alone(
    settings: Settings, pool: asyncpg.Pool, database_server: str
) -> None:
    other_url = await db.create_database(database_server, "starledger_other")
    other = msgspec.structs.replace(settings, database_url=other_url)
    other_pool = await db.connect(other_url, size=2)
    try:
        await db.migrate(other_pool)
        await db.migrate(pool)
        assert await db.identity(pool) != await db.identity(other_pool)
        await write_log(settings, judged(race_decisions(40, seed=7), settings.partitions))
        async with workers(settings), workers(other):
            await wait_caught_up(settings, pool)
            await wait_caught_up(other, other_pool)
        expected = {f"race-7-{m}" for m in range(40)}
        assert await _lobby(pool) == await _lobby(other_pool) == expected
    finally:
        await other_pool.close()
        await db.drop_database(database_server, other_url)
