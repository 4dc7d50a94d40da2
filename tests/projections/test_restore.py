"""A broker that holds no match-log while PostgreSQL holds matches (Tansu after a restart, a
Kafka whose data folder is gone): `starledger log restore`, and `up`, write the log anew
from the read models, every entry as it was, and leave the read models as they were; a
restore that cannot give back every entry the read models show refuses."""

import subprocess
import sys
from typing import Any

import asyncpg
import msgspec
import pytest

from events.codec import encode
from events.envelope import CreateMatch, Entry
from projections import log_end, offsets
from projections.status import lags
from services import db
from services.restore import CannotRestore, partition_for
from services.settings import Settings
from services.stack import prepare
from tests.conftest import Broker, fresh_settings
from tests.projections.support import ALL, checksums, judged, wait_caught_up, workers, write_log
from tests.support import ROOT, LogReader, decision, empty_the_log, service_env
from tests.workload import race_decisions


async def _log(settings: Settings, records: int) -> LogReader:
    async with LogReader(settings, settings.match_log_topic) as log:
        await log.until(lambda r: len(r.records) >= records)
        return log


def _entries(log: LogReader) -> dict[str, list[bytes]]:
    return {m: [encode(e) for e in es] for m, es in log.entries().items()}


async def _projected(broker: Broker, database_url: str) -> tuple[Settings, asyncpg.Pool, Any]:
    """Race matches (some running, one created without a seed, so only the log knows it) on
    the log and in the read models; the log as written."""
    settings = await fresh_settings(broker, database_url)
    pool = await db.connect(database_url, size=2)
    unseeded = decision("unseeded", None, CreateMatch(ruleset="race-to-21", seats=2))
    written = judged([*race_decisions(30, seed=41)[:300], unseeded], settings.partitions)
    await write_log(settings, written)
    async with workers(settings):
        await wait_caught_up(settings, pool)
    return settings, pool, await _log(settings, sum(len(v) for v in written.values()))


@pytest.mark.tansu_too
async def test_log_restore_writes_every_entry_back_and_the_read_models_stay_as_they_were(
    broker: Broker, own_database: str
) -> None:
    settings, pool, old = await _projected(broker, own_database)
    models = await checksums(pool)
    await empty_the_log(settings)

    restore = [sys.executable, "-m", "services", "log", "restore"]
    done = subprocess.run(restore, env=service_env(settings), cwd=ROOT, capture_output=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(old.entries())} matches".encode() in done.stdout, done.stdout

    ends = await log_end.ends(settings)
    new = await _log(settings, sum(ends.values()))
    assert _entries(new) == _entries(old)  # seeds, seqs, hashes, bodies: every entry
    seed = next(e.body.seed for e in new.entries()["unseeded"] if e.seq == 1)
    assert seed == next(e.body.seed for e in old.entries()["unseeded"] if e.seq == 1)
    assert all(
        p == partition_for(msgspec.json.decode(v, type=_Batch).entries[0].match_id, len(ends))
        for p, _, v in new.records
    )
    assert await checksums(pool) == models
    stored = await offsets.positions(pool, settings.match_log_topic)
    assert stored == {(p.name, n): end for p in ALL for n, end in ends.items()}
    assert not any(lag.records or lag.another_log for lag in await lags(settings, pool, ALL))
    async with workers(settings) as running:  # they resume on the restored log, at its end
        await wait_caught_up(settings, pool)
        assert not running.done()
    assert await checksums(pool) == models

    again = subprocess.run(restore, env=service_env(settings), cwd=ROOT, capture_output=True)
    assert again.returncode == 1 and b"holds records already" in again.stdout, again.stdout
    await pool.close()


class _Batch(msgspec.Struct):
    entries: list[Entry[msgspec.Raw]]


async def test_up_refuses_to_serve_when_the_read_models_show_more_than_it_can_restore(
    broker: Broker, own_database: str
) -> None:
    settings, pool, _ = await _projected(broker, own_database)
    await pool.execute(  # the replay read model lost its last batches (a restored backup, say)
        "UPDATE projection_offsets SET next_offset = next_offset - 1"
        " WHERE projection = 'replay' AND next_offset > 0"
    )
    models = await checksums(pool)
    held = await offsets.positions(pool, settings.match_log_topic)
    await empty_the_log(settings)

    with pytest.raises(CannotRestore, match="further than the replay read model"):
        await prepare(settings)
    assert not any((await log_end.ends(settings)).values())  # nothing written
    assert await checksums(pool) == models  # nothing emptied
    assert await offsets.positions(pool, settings.match_log_topic) == held
    await pool.close()
