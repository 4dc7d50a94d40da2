"""The local stack's broker keeps nothing between runs: a second `starledger up` must show the
new log's matches, not the last run's (whose offsets lie past the new log's end)."""

import asyncio

import asyncpg
from aiokafka.admin import AIOKafkaAdminClient

from projections import log_end
from services.settings import Settings
from services.stack import prepare
from services.topics import ensure_topics
from tests.projections.support import judged, wait_caught_up, workers, write_log
from tests.workload import race_decisions


async def _lobby(pool: asyncpg.Pool) -> set[str]:
    return {row["match_id"] for row in await pool.fetch("SELECT match_id FROM lobby")}


async def _empty_the_log(settings: Settings) -> None:
    """The broker forgets the match-log, as a restarted in-memory one does."""
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        await admin.delete_topics([settings.decisions_topic, settings.match_log_topic])
    finally:
        await admin.close()
    for _ in range(50):
        try:
            await ensure_topics(settings)
            if not any((await log_end.ends(settings)).values()):
                return
        except Exception:  # the deletion is still under way
            pass
        await asyncio.sleep(0.2)
    raise AssertionError("the match-log could not be made anew")


async def test_a_stack_on_a_new_log_shows_its_matches_and_forgets_the_old_ones(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    await write_log(settings, judged(race_decisions(matches=60, seed=31), settings.partitions))
    async with workers(settings):
        await wait_caught_up(settings, pool)
    old = await _lobby(pool)
    held = await pool.fetch("SELECT partition, next_offset FROM projection_offsets")

    await _empty_the_log(settings)
    new_records = judged(race_decisions(matches=6, seed=32), settings.partitions)
    await write_log(settings, new_records)
    ends = await log_end.ends(settings)
    assert any(r["next_offset"] > ends[r["partition"]] for r in held), "offsets not past the end"

    await prepare(settings, new_log=True)
    async with workers(settings):
        await wait_caught_up(settings, pool)
    new = {f"race-32-{m}" for m in range(6)}
    assert await _lobby(pool) == new
    assert not old & new
    views = await pool.fetch("SELECT DISTINCT match_id FROM seat_views")
    assert {row["match_id"] for row in views} == new
