"""The clock service with many running clocks. Idle: what a sweep costs with 10,000 matches'
deadlines running and none due (the service's CPU and the sweep's time, once a tick). Due: the
delay from a deadline to its default decision applied on the log, through the clock service,
the rules service and the projections as processes, for BENCH_CLOCK_MATCHES matches whose
deadlines fall due together. In process: 10,000 matches whose deadlines fall due over ten
seconds, each swept by the real clock worker (its decisions captured instead of sent) and judged
by the real judge, from the deadline to its `match.default_applied` entry. Calendar: what
reckoning a deadline in running time costs the judge (weekends and quiet hours in a zone).
Goals: an idle sweep well under 1 % of a core at one a second; a p99 delay within a tick and a
second.

On Kafka, then on Tansu (`scratch.on_each_broker`), each with a scratch database.
"""

import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

import msgspec

from events.calendar import due_after
from events.clock import Clock, DeadlineReached, DefaultApplied, Timeout
from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision
from events.match import PartitionMatches
from services import db
from services.clock.worker import ClockWorker, now_ms
from services.gateway.submit import Submitter
from services.rules.judge import rule_on
from services.settings import Settings
from services.topics import ensure_topics
from tests.bench.scratch import Scratch, on_each_broker
from tests.bench.table import Goal, Row, print_table
from tests.support import LogReader, ServiceProcess, wait_for

IDLE_MATCHES = 10_000
DUE_MATCHES = int(os.environ.get("BENCH_CLOCK_MATCHES", 300))
SWEEPS = 50
SPREAD_MS = 10_000  # the in-process deadlines fall due over this long
PER_DECISION_S = 8  # time enough to open every match before the first deadline falls due


async def _idle(settings: Settings) -> tuple[float, float]:
    """CPU seconds and wall seconds per sweep (with its heartbeat), nothing due."""
    pool = await db.connect(settings.database_url, size=1)
    try:
        await db.migrate(pool)
        later = now_ms() + 86_400_000
        rows = [(f"idle-{m}", 0, later, later, 1) for m in range(IDLE_MATCHES)]
        columns = ["match_id", "seat", "due_ms", "fires_ms", "at_seq"]
        await pool.copy_records_to_table("deadlines", records=rows, columns=columns)
        worker = ClockWorker(settings)
        worker.pool = pool
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(SWEEPS):
            now = now_ms()
            await worker.beat(now)
            await worker.sweep(now)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        await pool.execute("DELETE FROM deadlines")
        return cpu / SWEEPS, wall / SWEEPS
    finally:
        await pool.close()


async def _delays(settings: Settings, log_dir: Path) -> list[int]:
    """Milliseconds from each match's first deadline to its default decision's entry."""
    await ensure_topics(settings)
    processes = [
        ServiceProcess(settings, log_dir, name, argv).start()
        for name, argv in (
            ("rules", ["rules"]),
            ("projections", ["projections", "run"]),
            ("clock", ["clock"]),
        )
    ]
    await wait_for(lambda: "partitions_assigned" in processes[0].log_text(), timeout=60)
    submitter = Submitter(settings)
    await submitter.start()
    clock = Clock(per_decision_s=PER_DECISION_S, level="pass")
    try:
        create = CreateMatch(ruleset="race-to-21", seats=2, clock=clock)
        matches = [f"due-{m}" for m in range(DUE_MATCHES)]
        # each step for every match at once, so the deadlines fall due within a moment
        await asyncio.gather(*(submitter.submit(m, None, create, sender="b") for m in matches))
        for seat, player in enumerate(("ann", "bob")):
            claim = ClaimSeat(player)
            await asyncio.gather(
                *(submitter.submit(m, seat, claim, sender=player) for m in matches)
            )
        async with LogReader(settings, settings.match_log_topic) as log:

            def applied(reader: LogReader) -> bool:
                entries = reader.entries().values()
                done = sum(any(isinstance(e.body, DefaultApplied) for e in es) for es in entries)
                return done >= DUE_MATCHES

            await log.until(applied, timeout=300)
            delays = []
            for entries in log.entries().values():
                due = next(e.body.due_ms for e in entries if isinstance(e.body, DeadlineReached))
                done = next(e for e in entries if isinstance(e.body, DefaultApplied))
                delays.append(done.recorded_at_ms - due)
            return delays
    finally:
        await submitter.stop()
        for process in processes:
            process.stop()


class _Captured:
    """The clock worker's submitter, keeping each decision for the judge in this process."""

    def __init__(self) -> None:
        self.decisions: list[Decision] = []

    async def submit(self, match_id: str, seat: int | None, body: object, **kw: str) -> str:
        decision = Decision(
            decision_id=kw["decision_id"],
            match_id=match_id,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=kw["sender"],
            sent_at_ms=now_ms(),
        )
        self.decisions.append(decision)
        return decision.decision_id


async def _in_process(settings: Settings) -> tuple[list[int], float, float]:
    """Delays (ms) from deadline to default applied, the sweeps' CPU and the judge's CPU per
    timeout, for IDLE_MATCHES matches judged here."""
    folded, offset = PartitionMatches(), 0

    def judge(decision: Decision) -> list:
        nonlocal offset
        offset += 1
        wrote = rule_on(
            folded, encode(decision), partition=0, offset=offset, now_ms=now_ms(), fresh_seed=str
        )
        assert isinstance(wrote, list)
        return wrote

    def decided(match: str, seat: int | None, body: object, at: int, sender: str) -> list:
        return judge(
            Decision(
                decision_id=f"{match}:{offset}",
                match_id=match,
                seat=seat,
                body=msgspec.Raw(encode(body)),
                sender=sender,
                sent_at_ms=at,
            )
        )

    clock = Clock(per_decision_s=1, level="pass")
    matches = [f"in-{m}" for m in range(IDLE_MATCHES)]
    now = now_ms()
    for match in matches:
        decided(match, None, CreateMatch(ruleset="race-to-21", seats=2, clock=clock), now, "b")
        decided(match, 0, ClaimSeat("ann"), now, "ann")
    start = now_ms() + 3000  # the last claims set the deadlines, due from a second after this
    for m, match in enumerate(matches):
        decided(match, 1, ClaimSeat("bob"), start + m * SPREAD_MS // IDLE_MATCHES, "bob")
    rows = []
    for match in matches:
        timing = folded.matches[match].timing
        assert timing is not None
        d = timing.deadlines[0]
        rows.append((match, 0, d.due_ms, timing.fires_ms(d), d.at_seq))
    pool = await db.connect(settings.database_url, size=1)
    try:
        await pool.copy_records_to_table(
            "deadlines",
            records=rows,
            columns=["match_id", "seat", "due_ms", "fires_ms", "at_seq"],
        )
        worker = ClockWorker(settings)
        worker.pool, captured = pool, _Captured()
        worker.submitter = captured  # type: ignore[assignment]
        delays: list[int] = []
        sweep_cpu = judge_cpu = 0.0
        tick = settings.clock_tick_ms / 1000
        while len(delays) < IDLE_MATCHES:
            swept = time.perf_counter()
            began = time.process_time()
            await worker.sweep(now_ms())
            sweep_cpu += time.process_time() - began
            began = time.process_time()
            judged = []
            for decision in captured.decisions:
                wrote = judge(decision)
                if any(isinstance(e.body, DefaultApplied) for e in wrote):
                    asked = msgspec.json.decode(decision.body, type=Timeout)
                    delays.append(wrote[-1].recorded_at_ms - asked.due_ms)
                    judged.append(decision.match_id)
            judge_cpu += time.process_time() - began
            captured.decisions.clear()
            # what the lobby projection does once the log says the deadline was reached
            await pool.execute("DELETE FROM deadlines WHERE match_id = ANY($1::text[])", judged)
            # the service sweeps once a tick while the rules service judges beside it
            await asyncio.sleep(max(0.0, tick - (time.perf_counter() - swept)))
        return delays, sweep_cpu, judge_cpu / IDLE_MATCHES
    finally:
        await pool.execute("DELETE FROM deadlines")
        await pool.close()


def _calendar_cost() -> float:
    """Seconds to reckon one deadline of a day's running time, weekends and nights off."""
    clock = Clock(
        per_decision_s=86_400, zone="Europe/Rome", days_off=("sat", "sun"), quiet_hours=(22, 7)
    )
    starts = range(1_700_000_000_000, 1_700_000_000_000 + 365 * 86_400_000, 3_153_600)
    began = time.perf_counter()
    for start in starts:
        due_after(clock, start, 86_400_000)
    return (time.perf_counter() - began) / len(starts)


def _percentiles(delays: list[int]) -> tuple[float, int]:
    delays = sorted(delays)
    return statistics.median(delays), delays[min(len(delays) - 1, int(len(delays) * 0.99))]


def _on(scratch: Scratch) -> dict[str, float]:
    settings = msgspec.structs.replace(scratch.settings, clock_tick_ms=1000)
    cpu_s, wall_s = asyncio.run(_idle(settings))
    local, sweep_cpu, judge_cpu = asyncio.run(_in_process(settings))
    with tempfile.TemporaryDirectory() as logs:
        delays = sorted(asyncio.run(_delays(settings, Path(logs))))
    p50, p99 = _percentiles(delays)
    local_p50, local_p99 = _percentiles(local)
    return {
        "idle_sweep_ms": wall_s * 1000,
        "idle_core_percent": cpu_s * 100,
        "due": len(delays),
        "p50_ms": p50,
        "p99_ms": p99,
        "in_process_p50_ms": local_p50,
        "in_process_p99_ms": local_p99,
        "sweeps_cpu_s": sweep_cpu,
        "judge_us": judge_cpu * 1e6,
    }


ROWS = [
    Row(f"idle, {IDLE_MATCHES:,} running deadlines: a sweep (ms)", "idle_sweep_ms", "{:.1f}"),
    Row("idle: % of a core at one sweep a second", "idle_core_percent", "{:.2f}", Goal("<=", 1)),
    Row("deadlines due together", "due"),
    Row("their deadline to default applied p50 (ms)", "p50_ms"),
    Row("their deadline to default applied p99 (ms)", "p99_ms", goal=Goal("<=", 2000)),
    Row(
        f"in process, {IDLE_MATCHES:,} due over {SPREAD_MS // 1000} s: p50 (ms)",
        "in_process_p50_ms",
    ),
    Row("in process: p99 (ms)", "in_process_p99_ms"),
    Row("in process: the sweeps' CPU in all (s)", "sweeps_cpu_s", "{:.2f}"),
    Row("in process: the judge's CPU a timeout (µs)", "judge_us"),
]


def main() -> dict[str, dict[str, float]]:
    figures = on_each_broker(_on)
    print_table(
        "clock (goals: an idle sweep well under 1 % of a core; a p99 within a tick and a second)",
        ROWS,
        figures,
    )
    calendar_s = _calendar_cost()
    print(
        f"clock, calendar: a day's running time reckoned across weekends and nights in"
        f" Europe/Rome takes {calendar_s * 1e6:.1f} µs a deadline"
    )
    return figures


if __name__ == "__main__":
    main()
