"""Reading a long match, before and after one redaction point (issue 43), side by side.

A Star Realms match the random bots play past LONG entries (kept running there), and the
same match played to its end under another id, written to the match-log (on Kafka) and
projected by a worker in this process. Then:
- what telling costs the projection worker: the fold of the long match alone, and with
  every seat's and the public's lines told (pure, no database); and the backlog drained by every
  read model, with and without `seat_lines`, in entries/s and the worker's CPU per entry;
- the rows each eyes' lines take on disk, per entry and per seat, running and ended;
- reading it: a whole narration and the seat page's lines (its last SEAT_LOG entries) for
  seat 0, before (the fold a reader did, `projections.replay.narrated`: a checkpoint and the
  entries after it, told) and after (`seat_lines.lines_between`), p50 and p99 and the CPU of a call,
  in this process; then after, through a gateway process: `GET /narration` (whole, and the
  last SEAT_LOG entries) and the seat page, with the gateway's CPU per request.
"""

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import asyncpg
import httpx
import msgspec

from events.codec import decode_record, encode
from events.envelope import ClaimSeat, CreateMatch, Decision
from events.held_answers import owed, seat_state
from events.match import PartitionMatches
from events.ruleset import get_ruleset
from projections import replay, seat_lines
from projections.narrating import Narrations
from projections.rebuild import reset
from projections.registry import PROJECTIONS
from projections.runner import supervise
from projections.seat_lines import SeatLines
from projections.worker import Worker
from services import db
from services.broker import free_port
from services.gateway import tokens
from services.rules.judge import rule_on
from services.settings import Settings
from services.topics import ensure_topics
from services.web.live import SEAT_LOG
from tests.bench.bench_gateway import _cpu_s, percentile
from tests.bench.scratch import KAFKA, Scratch, on_each_broker
from tests.bench.table import Row, print_table
from tests.projections.support import judged, partition_of, write_log
from tests.support import ServiceProcess, wait_for

GAME, SEATS, LEVEL = "star-realms", 2, "random"
SEED = "s24"  # a match of GAME its random bots play for 3,259 entries
LONG = 3_000  # entries the running match holds at least
READS = 100  # of each kind, before and after
PACE_S = 0.025  # between a gateway's reads: within its 50 a second per token
RUNNING, ENDED = "long-running", "long-ended"


def bot_match(match_id: str, most: int | None = None) -> list[Decision]:
    """GAME's match of SEED as its LEVEL bots play it, until its log holds `most` entries
    (None: to its end)."""
    folded, rng, sent, written = PartitionMatches(), random.Random(SEED), [], 0

    def send(seat: int | None, body: Any) -> None:
        nonlocal written
        decision = Decision(
            decision_id=f"{match_id}:{len(sent) + 1}",
            match_id=match_id,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=f"bot-{seat}",
            sent_at_ms=1_700_000_000_000 + len(sent),
        )
        sent.append(decision)
        outcome = rule_on(
            folded,
            encode(decision),
            partition=0,
            offset=len(sent),
            now_ms=0,
            fresh_seed=lambda: SEED,
        )
        written += len(outcome) if isinstance(outcome, list) else 0

    send(None, CreateMatch(ruleset=GAME, seats=SEATS, seed=SEED))
    for seat in range(SEATS):
        send(seat, ClaimSeat(player=f"player-{seat}"))
    ruleset = get_ruleset(GAME)
    while not folded.matches[match_id].over and (most is None or written < most):
        record = folded.matches[match_id]
        seat = owed(record, ruleset)[0]
        state = seat_state(record, ruleset, seat)
        send(seat, ruleset.default_decision(state, seat, LEVEL, rng))
    return sent


def _narrating_us(records: list[bytes]) -> dict[str, float]:
    """CPU µs an entry to fold the match's records, and to fold and tell them."""
    batches = [decode_record(r) for r in records]
    entries = sum(len(getattr(b, "entries", ())) for b in batches)
    figures = {}
    for name, narrates in (("fold", False), ("fold_and_tell", True)):
        took = []
        for _ in range(3):
            folded, started = PartitionMatches(), time.process_time()
            for batch in batches:
                narrations = Narrations() if narrates else None
                _, match = folded.fold_match(batch, narrations and narrations.before)
                if narrations is not None and match is not None:
                    narrations.narrated(match)
            took.append(time.process_time() - started)
        figures[f"{name}_us"] = min(took) / entries * 1e6
    return figures


async def _drain(
    settings: Settings, pool: asyncpg.Pool, read_models: list[Any], entries: int
) -> Any:
    """Entries/s of a worker projecting the backlog into `read_models`, and its CPU µs an entry."""
    worker = Worker(settings, read_models, pool)
    stop = asyncio.Event()
    running = asyncio.create_task(supervise([worker], stop))
    while not worker.partitions:
        await asyncio.sleep(0.005)
    started, cpu = time.perf_counter(), time.process_time()
    while worker.meter.entries < entries:
        await asyncio.sleep(0.002)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    stop.set()
    await running
    return entries / seconds, cpu / entries * 1e6


async def _rows(pool: asyncpg.Pool, match_id: str) -> dict[str, tuple[int, int]]:
    """Rows and their bytes as stored, per table (and per eyes in `seat_lines`), of the match:
    the lines and views issue 43 added, then what replays and audits keep anyway."""
    found = {}
    for table, where in (
        ("seat_lines public", "eyes = -1"),
        ("seat_lines seats", "eyes >= 0"),
        ("seat_lines_sealed", "true"),
        ("replay_views", "true"),
        ("archive", "true"),
        ("audit", "true"),
        ("replay_steps", "true"),
        ("replay_checkpoints", "true"),
    ):
        row = await pool.fetchrow(
            f"SELECT count(*) AS n, coalesce(sum(pg_column_size(t.*)), 0) AS bytes"
            f" FROM {table.split()[0]} AS t WHERE match_id = $1 AND {where}",
            match_id,
        )
        found[table] = (row["n"], row["bytes"])
    return found


async def _timed(call: Callable[[], Awaitable[Any]], pace_s: float = 0.0) -> list[float]:
    """Milliseconds of each of READS calls, and the CPU µs of a call in this process."""
    took, cpu = [], time.process_time()
    for _ in range(READS):
        started = time.perf_counter()
        await call()
        took.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(pace_s)
    return [*sorted(took), (time.process_time() - cpu) / READS * 1e6]


def _summary(prefix: str, timed: list[float]) -> dict[str, float]:
    *took, cpu_us = timed
    return {
        f"{prefix} p50 ms": percentile(took, 0.5),
        f"{prefix} p99 ms": percentile(took, 0.99),
        f"{prefix} CPU us": cpu_us,
    }


async def _in_process(pool: asyncpg.Pool, last: int) -> dict[str, dict[str, float]]:
    recent = max(0, last - SEAT_LOG)
    kinds = {
        "whole narration": (0, last),
        f"seat page's lines (last {SEAT_LOG})": (recent, last),
    }
    found: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    for kind, (after, upto) in kinds.items():
        found["before"] |= _summary(
            kind, await _timed(lambda a=after, u=upto: replay.narrated(pool, RUNNING, 0, a, u, 0))
        )
        found["after"] |= _summary(
            kind,
            await _timed(
                lambda a=after, u=upto: seat_lines.lines_between(pool, RUNNING, 0, a, u, 0)
            ),
        )
    return found


async def _through_gateway(
    settings: Settings, pool: asyncpg.Pool, log_dir: Path, last: int
) -> dict[str, float]:
    claim = f"{RUNNING}:2"  # seat 0's claim, `bot_match`'s second decision
    bearer = tokens.Bearer(
        kind="seat", match_id=RUNNING, seat=0, player="player-0", claim_decision_id=claim
    )
    token = await tokens.issue(pool, bearer)
    port = free_port()
    gateway = ServiceProcess(settings, log_dir, "gateway", ["gateway", "--port", str(port)])
    gateway.start()
    url = f"http://127.0.0.1:{port}"
    try:
        await wait_for(lambda: _answers(url), timeout=60)
        pid = gateway.process.pid if gateway.process else 0
        found: dict[str, float] = {}
        narration = f"{url}/matches/{RUNNING}/narration"
        async with httpx.AsyncClient(
            headers={"authorization": f"Bearer {token}"}, cookies={"seat": token}, timeout=30
        ) as http:
            reads = {
                "whole narration": (narration, {}),
                f"seat page's lines (last {SEAT_LOG})": (narration, {"after": last - SEAT_LOG}),
                "seat page": (f"{url}/web/matches/{quote(RUNNING, safe='')}/seat", {}),
            }
            for kind, (path, params) in reads.items():

                async def read(path: str = path, params: dict[str, int] = params) -> None:
                    reply = await http.get(path, params=params)
                    assert reply.status_code == 200, reply.text[:200]

                await read()  # the first, which warms the gateway's memos, apart
                if path == narration:
                    assert (await http.get(path, params=params)).json()["seat"] == 0
                cpu = _cpu_s(pid)
                *took, _ = await _timed(read, PACE_S)
                found |= _summary(kind, [*took, (_cpu_s(pid) - cpu) / READS * 1e6])
        return found
    finally:
        gateway.stop()


def _answers(url: str) -> bool:
    try:
        return httpx.get(f"{url}/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


async def _bench(settings: Settings, log_dir: Path) -> dict[str, dict[str, Any]]:
    await ensure_topics(settings)
    pool = await db.connect(settings.database_url, size=8, derived=True)
    try:
        await db.migrate(pool)
        running, ended = bot_match(RUNNING, LONG), bot_match(ENDED)
        records = judged([*running, *ended], settings.partitions)
        await write_log(settings, records)
        long_records = records[partition_of(RUNNING, settings.partitions)]
        batches = [decode_record(r) for r in long_records]
        own = [r for r, b in zip(long_records, batches, strict=True) if _of(b, RUNNING)]
        entries = sum(len(getattr(decode_record(r), "entries", ())) for r in _all(records))
        narrating = _narrating_us(own)
        figures: dict[str, dict[str, Any]] = {"before": {}, "after": {}}
        every = list(PROJECTIONS.values())
        without = [p for p in every if p is not SeatLines]
        for column, read_models in (("before", without), ("after", every)):
            rate, cpu_us = await _drain(settings, pool, read_models, entries)
            figures[column] |= {"drain entries/s": rate, "drain CPU us an entry": cpu_us}
            if column == "before":
                for kind in read_models:
                    await reset(settings, pool, kind)
        figures["before"]["fold (before), and tell (after): CPU us an entry"] = narrating["fold_us"]
        figures["after"]["fold (before), and tell (after): CPU us an entry"] = narrating[
            "fold_and_tell_us"
        ]
        last = await pool.fetchval(
            "SELECT last_seq FROM replay_matches WHERE match_id = $1", RUNNING
        )
        for state, match_id in (("running", RUNNING), ("ended", ENDED)):
            length = await pool.fetchval(
                "SELECT last_seq FROM replay_matches WHERE match_id = $1", match_id
            )
            shown = figures["after"]
            shown[f"{state}: entries"] = length
            for table, (n, size) in (await _rows(pool, match_id)).items():
                per = length * (SEATS if table == "seat_lines seats" else 1)
                each = " and seat" if table == "seat_lines seats" else ""
                shown[f"{state}: {table} rows"] = n
                shown[f"{state}: {table} bytes an entry{each}"] = size / per
        reads = await _in_process(pool, last)
        for column in ("before", "after"):
            figures[column] |= {f"in process: {k}": v for k, v in reads[column].items()}
        through = await _through_gateway(settings, pool, log_dir, last)
        figures["after"] |= {f"gateway: {k}": v for k, v in through.items()}
        return figures
    finally:
        await pool.close()


def _of(batch: Any, match_id: str) -> bool:
    return bool(getattr(batch, "entries", None)) and batch.entries[0].match_id == match_id


def _all(records: dict[int, list[bytes]]) -> list[bytes]:
    return [r for values in records.values() for r in values]


def _on(scratch: Scratch) -> dict[str, dict[str, Any]]:
    log_dir = Path(".run")
    log_dir.mkdir(exist_ok=True)
    return asyncio.run(_bench(scratch.settings, log_dir))


def main() -> dict[str, dict[str, Any]]:
    figures = on_each_broker(_on, (KAFKA,))[KAFKA]
    print_table("reads of a long match (before: fold; after: rows)", _rows_shown(figures), figures)
    return figures


def _rows_shown(figures: dict[str, dict[str, Any]]) -> list[Row]:
    keys = list(dict.fromkeys([*figures["before"], *figures["after"]]))
    return [Row(key, key, "{:,.0f}" if key.endswith("entries/s") else "{:,.2f}") for key in keys]


if __name__ == "__main__":
    main()
