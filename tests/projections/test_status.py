"""`starledger projections status`: how far each projection is behind the log end, in records,
entries and seconds, each column saying so, for a log whose records and entries are known."""

import re
import subprocess
import sys

import asyncpg
import pytest

from events.codec import decode_record
from events.envelope import EntryBatch
from projections import rebuild
from projections.archive import Archive
from projections.registry import PROJECTIONS
from services.settings import Settings
from tests.projections.support import judged, wait_caught_up, workers, write_log
from tests.support import ROOT, service_env
from tests.workload import race_decisions


def _size(*logs: dict[int, list[bytes]]) -> tuple[int, int]:
    """Records, and the entries they carry, in these logs."""
    values = [v for records in logs for vs in records.values() for v in vs]
    batches = [r for r in map(decode_record, values) if isinstance(r, EntryBatch)]
    return len(values), sum(len(b.entries) for b in batches)


@pytest.mark.tansu_too  # Tansu reports a partition's end short of its records
async def test_status_shows_each_projection_behind_the_log_end(
    settings: Settings, pool: asyncpg.Pool
) -> None:
    projected = judged(race_decisions(matches=12, seed=41), settings.partitions)
    await write_log(settings, projected)
    async with workers(settings):
        await wait_caught_up(settings, pool)
    await rebuild.reset(settings, pool, Archive)  # the archive starts again from zero
    not_yet = judged(race_decisions(matches=4, seed=42), settings.partitions)
    await write_log(settings, not_yet)

    shown = subprocess.run(
        [sys.executable, "-m", "services", "projections", "status"],
        env=service_env(settings),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    title, header, *rows = shown.stdout.splitlines()
    assert "behind the end of the match-log" in title
    columns = ["projection", "behind (records)", "behind (entries)", "behind (s)"]
    assert re.split(r"\s{2,}", header.strip()) == columns
    behind = {name: (int(r), int(e), float(s)) for name, r, e, s in map(str.split, rows)}
    assert behind.keys() == PROJECTIONS.keys()
    for name, (records, entries, seconds) in behind.items():
        expected = _size(projected, not_yet) if name == Archive.name else _size(not_yet)
        assert (records, entries) == expected, name
        assert seconds > 0
