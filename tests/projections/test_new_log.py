"""A match-log emptied and written anew under the same name, other matches than those the
read models hold: a worker refuses to resume on a log its rows did not come from."""

import asyncio

import asyncpg
import pytest

from projections import log_end, offsets, rebuild
from projections.status import lags
from projections.worker import AnotherLog, Worker
from services.settings import Settings
from tests.projections.support import ALL, judged, wait_caught_up, workers, write_log
from tests.support import empty_the_log
from tests.workload import race_decisions


async def _lobby(pool: asyncpg.Pool) -> set[str]:
    return {row["match_id"] for row in await pool.fetch("SELECT match_id FROM lobby")}


async def _projected(settings: Settings, pool: asyncpg.Pool, matches: int, seed: int) -> None:
    """A log of race matches, projected to its end."""
    await write_log(settings, judged(race_decisions(matches, seed), settings.partitions))
    async with workers(settings):
        await wait_caught_up(settings, pool)


async def _written_anew(settings: Settings, matches: int, seed: int) -> dict[int, int]:
    """The log emptied and written again with other matches; where it ends now."""
    await empty_the_log(settings)
    await write_log(settings, judged(race_decisions(matches, seed), settings.partitions))
    return await log_end.ends(settings)


async def test_a_worker_on_another_log_stops_and_says_how_to_rebuild(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    await _projected(settings, pool, matches=8, seed=33)
    held = await offsets.positions(pool, settings.match_log_topic)

    ends = await _written_anew(settings, matches=80, seed=34)
    assert all(o <= ends[p] for (_, p), o in held.items()), "the offsets alone would tell"
    assert all(lag.another_log for lag in await lags(settings, pool, ALL))

    with pytest.raises(RuntimeError) as stopped:
        await asyncio.wait_for(Worker(settings, ALL, pool).run(), timeout=60)
    # found as it takes its partitions, or as it takes one back after a claim was lost
    found = stopped.value if isinstance(stopped.value, AnotherLog) else stopped.value.__cause__
    assert isinstance(found, AnotherLog)
    assert "starledger projections rebuild all" in str(found)
    assert await offsets.positions(pool, settings.match_log_topic) == held  # nothing written

    await rebuild.rebuild(settings, pool, ALL)
    assert await _lobby(pool) == {f"race-34-{m}" for m in range(80)}
    assert not any(lag.another_log for lag in await lags(settings, pool, ALL))
    async with workers(settings):  # and a restart on the log it was rebuilt from goes on
        await write_log(settings, judged(race_decisions(matches=2, seed=35), settings.partitions))
        await wait_caught_up(settings, pool)
    assert {f"race-35-{m}" for m in range(2)} <= await _lobby(pool)
