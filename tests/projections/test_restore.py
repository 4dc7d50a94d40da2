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

from events.codec import decode_record, encode
from events.envelope import CreateMatch, Entry, EntryBatch, OwnerFence
from projections import log_end, offsets, replay
from projections.status import lags
from services import db
from services.restore import CannotRestore, partition_for
from services.settings import Settings
from services.stack import prepare
from tests.conftest import Broker, fresh_settings
from tests.projections.held_window import JOL_NAR, MENTAK, Window
from tests.projections.support import (
    ALL,
    checksums,
    judged,
    wait_caught_up,
    workers,
    write_log,
)
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


async def test_a_windows_held_answers_restore_batch_for_batch(
    broker: Broker, own_database: str
) -> None:
    """Two matches whose Sabotage window was answered by hand, and by the judge at once for a
    seat holding only a Plague (SL-28: held entries, in batches of their own or with numbered
    ones): restored, the log holds every batch as it was, and the replay gives back every entry
    of each match in log order, held ones in their place (`replay.entries`, what `verify`
    re-judges; these matches' hands are arranged, so only a match played from its seed
    re-judges)."""
    settings = await fresh_settings(broker, own_database)
    pool = await db.connect(own_database, size=2)
    automatic, by_hand = Window("restore-automatic", "plague"), Window("restore-hand", "sabotage")
    by_hand.by_hand(JOL_NAR, sent_at_ms=3_600_000)
    for window in (automatic, by_hand):
        window.by_hand(MENTAK, sent_at_ms=7_200_000)
    records = {p: [encode(OwnerFence(writer="judge"))] for p in range(settings.partitions)}
    for window in (automatic, by_hand):
        p = partition_for(window.match_id, settings.partitions)
        records[p] += [
            encode(EntryBatch(writer="judge", decision_partition=p, decision_offset=n, entries=b))
            for n, b in enumerate(window.batches)
        ]
    await write_log(settings, records)
    async with workers(settings):
        await wait_caught_up(settings, pool)
    old = await _log(settings, sum(len(v) for v in records.values()))
    models = await checksums(pool)
    await empty_the_log(settings)

    restore = [sys.executable, "-m", "services", "log", "restore"]
    done = subprocess.run(restore, env=service_env(settings), cwd=ROOT, capture_output=True)
    assert done.returncode == 0, done.stdout + done.stderr
    new = await _log(settings, sum((await log_end.ends(settings)).values()))
    assert (
        _by_batch(new)
        == _by_batch(old)
        == {w.match_id: [[encode(e) for e in b] for b in w.batches] for w in (automatic, by_hand)}
    )
    assert await checksums(pool) == models
    for window in (automatic, by_hand):  # what `verify` re-judges: every entry, in log order
        assert await replay.entries(pool, window.match_id) == window.entries
    await pool.close()


def _by_batch(log: LogReader) -> dict[str, list[list[bytes]]]:
    """Each match's batches on the log, in order, each entry encoded."""
    batches: dict[str, list[list[bytes]]] = {}
    for _, _, value in sorted(log.records, key=lambda r: (r[0], r[1])):
        record = decode_record(value)
        if isinstance(record, EntryBatch):
            match_id = record.entries[0].match_id
            batches.setdefault(match_id, []).append([encode(e) for e in record.entries])
    return batches
