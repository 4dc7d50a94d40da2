"""How long `starledger projections status` takes on a 12-partition match-log with a tail not
yet projected: `lags()` alone, and the command as a user runs it (Python's start included).
Goal: under 1 s against a local broker.

On Kafka, then on Tansu (`scratch.on_each_broker`), each with a scratch database.
BENCH_STATUS_MATCHES sizes the log.
"""

import asyncio
import os
import subprocess
import sys
import time

from projections.registry import PROJECTIONS
from projections.status import lags
from services import db
from services.settings import Settings
from services.topics import ensure_topics
from tests.bench.scratch import PARTITIONS, Scratch, on_each_broker
from tests.bench.table import Goal, Row, print_table
from tests.projections.support import judged, wait_caught_up, workers, write_log
from tests.support import ROOT, service_env
from tests.workload import race_decisions

MATCHES = int(os.environ.get("BENCH_STATUS_MATCHES", 300))
ROUNDS = 5


async def _lags_s(settings: Settings) -> tuple[float, int]:
    """Seconds per `lags()`, and the records it finds behind."""
    await ensure_topics(settings)
    pool = await db.connect(settings.database_url, size=4)
    try:
        await db.migrate(pool)
        projections = list(PROJECTIONS.values())
        projected = judged(race_decisions(matches=MATCHES, seed=3), settings.partitions)
        await write_log(settings, projected)
        async with workers(settings, projections):
            await wait_caught_up(settings, pool, projections, timeout=300)
        tail = judged(race_decisions(matches=MATCHES // 10, seed=4), settings.partitions)
        await write_log(settings, tail)
        started = time.perf_counter()
        for _ in range(ROUNDS):
            found = await lags(settings, pool, projections)
        return (time.perf_counter() - started) / ROUNDS, found[0].records
    finally:
        await pool.close()


def _on(scratch: Scratch) -> dict[str, float]:
    lags_s, behind = asyncio.run(_lags_s(scratch.settings))
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "services", "projections", "status"],
        env=service_env(scratch.settings),
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return {"behind": behind, "lags_s": lags_s, "command_s": time.perf_counter() - started}


ROWS = [
    Row("records behind", "behind"),
    Row("lags() (s)", "lags_s", "{:.2f}"),
    Row("the command (s)", "command_s", "{:.2f}", Goal("<=", 1)),
]


def main() -> dict[str, dict[str, float]]:
    figures = on_each_broker(_on)
    print_table(f"projections status, {PARTITIONS} partitions", ROWS, figures)
    return figures


if __name__ == "__main__":
    main()
