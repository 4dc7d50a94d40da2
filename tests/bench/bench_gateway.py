"""Gateway push latency: from a decision's POST to its seat's pushed view reflecting it.

Runs the rules service, projection workers and gateway as processes on Kafka, then on Tansu
(`scratch.on_each_broker`), with a scratch database on $DATABASE_URL's server. Opens
BENCH_GATEWAY_MATCHES race-to-21 matches that never end, follows seat 0 of each over SSE,
and submits BENCH_GATEWAY_RATE decisions a second spread over them, each match's next one
only once the view showing its last has arrived, for BENCH_GATEWAY_WARM_UP seconds (40) before
measuring; first, LONE decisions one at a time give a quiet stack's latency. Goal on Kafka:
p50 <= 15 ms, p99 <= 60 ms. The figures are a running server's: under this load the broker's
JIT compiler takes up to a third of the broker's CPU for its first 40-50 s, so the warm-up
lasts until it has settled (a 5 s warm-up measures the start instead: p99 84-178 ms).
"""

import asyncio
import gc
import os
import socket
import time
from collections import deque
from pathlib import Path
from typing import Any

import asyncpg
import msgspec
import uvloop

from projections.announce import ViewNotice
from services.broker import free_port
from services.stack import prepare
from tests.bench.http_client import Client, events
from tests.bench.scratch import Scratch, on_each_broker
from tests.bench.table import Goal, Row, print_table
from tests.support import ServiceProcess, wait_for

MATCHES = int(os.environ.get("BENCH_GATEWAY_MATCHES", 1000))
RATE = int(os.environ.get("BENCH_GATEWAY_RATE", 1000))
WARM_UP_S = float(os.environ.get("BENCH_GATEWAY_WARM_UP", 40))
MEASURE_S = float(os.environ.get("BENCH_GATEWAY_SECONDS", 20))
LONE = 40  # decisions sent one at a time before the load
OPEN_S = 120  # the longest a created match may take to reach the lobby
GOAL_P50_MS, GOAL_P99_MS = 15, 60
HOST = "127.0.0.1"
ADD = b'{"type": "race.add", "amount": 1}'


class _View(msgspec.Struct):
    total: int


class Match(msgspec.Struct):
    match_id: str
    seats: list[str] = []  # tokens of seats 0 and 1
    sent: int = 0  # decisions submitted; each adds 1, so view total `sent` shows the last
    sent_at: float = 0.0
    measured: bool = False  # the decision in flight was sent while measuring


class Load:
    """The paced decisions and what they took, POST written to view pushed."""

    def __init__(self, client: Client, matches: list[Match], rate: int = RATE) -> None:
        self.client, self.matches, self.rate = client, matches, rate
        self.ready: deque[Match] = deque(matches)
        self.measuring = False
        self.latencies_ms: list[float] = []
        self.post_ms: list[float] = []
        self.missed = 0  # ticks with no match free to act
        self.failures = 0
        self.in_flight: set[asyncio.Task[None]] = set()
        # (match, seq) -> when PostgreSQL announced seat 0's view: perf_counter, wall clock ms
        self.announced: dict[tuple[str, int], tuple[float, float]] = {}
        self.notify_to_push_ms: list[float] = []

    def heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        if kind == "views":
            for notice in msgspec.json.decode(rest, type=list[ViewNotice]):
                if notice.seat == 0:
                    self.announced[(notice.match_id, notice.seq)] = (
                        time.perf_counter(),
                        time.time() * 1000,
                    )

    def viewed(self, match: Match, event: str, seq: str, data: bytes) -> None:
        if event != "view" or match.sent == 0 or match.sent_at == 0.0:
            return
        if msgspec.json.decode(data, type=_View).total >= match.sent:
            now = time.perf_counter()
            if match.measured:
                self.latencies_ms.append((now - match.sent_at) * 1000)
                if (announced := self.announced.get((match.match_id, int(seq)))) is not None:
                    self.notify_to_push_ms.append((now - announced[0]) * 1000)
            match.sent_at = 0.0
            self.ready.append(match)

    async def _decide(self, match: Match) -> None:
        seat = match.sent % 2
        match.sent += 1
        match.measured = self.measuring
        body = b'{"decision_id": "%s/%d", "body": %s}' % (match.match_id.encode(), match.sent, ADD)

        written_at = 0.0

        def written() -> None:
            nonlocal written_at
            match.sent_at = written_at = time.perf_counter()

        try:
            reply = await self.client.send(
                "POST", f"/matches/{match.match_id}/decisions", body, match.seats[seat], written
            )
        except (OSError, IndexError, asyncio.IncompleteReadError):  # the connection broke
            reply = None
        if match.measured and reply is not None:
            self.post_ms.append((time.perf_counter() - written_at) * 1000)
        if reply is None or reply.status != 202:  # perhaps not on the log: go on without it
            self.failures += 1
            match.sent, match.sent_at = match.sent - 1, 0.0
            self.ready.append(match)

    async def lone(self, count: int) -> list[float]:
        """POST to pushed view of one decision at a time, 0.2 s apart: a quiet stack's latency,
        as a match played a move an hour sees it."""
        self.measuring = True
        for _ in range(count):
            await asyncio.sleep(0.2)
            match = self.ready.popleft()
            await self._decide(match)
            while match.sent_at != 0.0:  # its view not pushed yet
                await asyncio.sleep(0.001)
        lone, self.latencies_ms, self.post_ms = self.latencies_ms, [], []
        self.notify_to_push_ms, self.measuring = [], False
        return lone

    async def run(self, seconds: float) -> int:
        """Submit at the rate for `seconds`; returns how many were submitted."""
        started, sent, missed = time.perf_counter(), 0, self.missed
        while (elapsed := time.perf_counter() - started) < seconds:
            due = int(elapsed * self.rate) - sent
            for _ in range(due):
                sent += 1
                if not self.ready:
                    self.missed += 1
                    continue
                task = asyncio.create_task(self._decide(self.ready.popleft()))
                self.in_flight.add(task)
                task.add_done_callback(self.in_flight.discard)
            await asyncio.sleep(0.001)
        return sent - (self.missed - missed)


def _cpu_s(pid: int | str, *, with_children: bool = False) -> float:
    """CPU seconds a process has used, and with its children ended and waited for (Linux)."""
    fields = _stat(pid)
    ticks = int(fields[11]) + int(fields[12])
    if with_children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def _stat(pid: int | str) -> list[str]:
    """/proc/PID/stat's fields after the command name: state, parent, ... (Linux)."""
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()


def listen(load: Load, matches: list[Match], port: int) -> list[asyncio.Task[None]]:
    """Seat 0's push stream of each match, every view it sends told to the load."""
    return [
        asyncio.create_task(
            events(
                HOST,
                port,
                f"/matches/{match.match_id}/stream",
                match.seats[0],
                lambda event, seq, data, m=match: load.viewed(m, event, seq, data),
            )
        )
        for match in matches
    ]


async def _postmaster(database_url: str) -> int | None:
    """The PostgreSQL server's own process, the parent of a connection's; None when the
    server is not on this machine."""
    conn = await asyncpg.connect(database_url)
    try:
        backend = await conn.fetchval("SELECT pg_backend_pid()")
        if not Path(f"/proc/{backend}/cmdline").read_bytes().startswith(b"postgres"):
            return None  # another machine's process number
        return int(_stat(backend)[1])
    except OSError:
        return None
    finally:
        await conn.close()


def _server_cpu_s(postmaster: int | None) -> float:
    """CPU seconds of a PostgreSQL server: its own process, its connections and workers,
    living and ended (a connection's CPU passes to the server when it ends)."""
    if postmaster is None:
        return float("nan")
    total = _cpu_s(postmaster, with_children=True)
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and int(_stat(proc.name)[1]) == postmaster:
                total += _cpu_s(proc.name)
        except OSError:
            continue  # gone meanwhile
    return total


def _usage(postmaster: int | None) -> dict[str, float]:
    return {"postgres": _server_cpu_s(postmaster), "machine": busy_s()}


def busy_s() -> float:
    """CPU seconds the whole machine has been busy, all cores (Linux)."""
    ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def _open(client: Client, organiser: str, matches: list[Match]) -> None:
    """Open every match, claim both seats, and wait until the claims are accepted; raises
    with the gateway's reply if it refuses a create or a join, or a match never opens."""
    options = b'{"game": "race-to-21", "seats": 2, "options": {"target": 1000000000}'

    async def create(match: Match) -> None:
        body = options + b', "match_id": "%s"}' % match.match_id.encode()
        reply = await client.send("POST", "/matches", body, organiser)
        if reply.status != 202:
            raise RuntimeError(f"create refused: {reply.status} {reply.body[:200]!r}")

    # The first alone: until the gateway has found the organiser's token standing, each request
    # naming it counts against the address's 50 reads a second (`edge.limit_reads`), and a
    # thousand at once were refused past the fiftieth (429), their joins waiting for ever.
    await create(matches[0])
    await asyncio.gather(*map(create, matches[1:]))

    async def join(match: Match) -> None:
        for seat in (0, 1):
            body = b'{"seat": %d, "player": "p%d"}' % (seat, seat)
            path = f"/matches/{match.match_id}/join"
            deadline = time.monotonic() + OPEN_S
            while (reply := await client.send("POST", path, body)).status == 404:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{match.match_id} not in the lobby after {OPEN_S:.0f} s")
                await asyncio.sleep(0.2)  # not in the lobby yet
            if reply.status != 202:
                raise RuntimeError(f"join refused: {reply.status} {reply.body[:200]!r}")
            match.seats.append(msgspec.json.decode(reply.body)["token"])
        view = f"/matches/{match.match_id}/view"
        while (reply := await client.send("GET", view, None, match.seats[0])).status != 200:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{match.match_id}'s claims not accepted: {reply.status}")
            await asyncio.sleep(0.2)  # claims not accepted yet

    await asyncio.gather(*map(join, matches))


async def _measure(
    port: int, organiser: str, database_url: str, pids: dict[str, int]
) -> dict[str, Any]:
    client = Client(HOST, port, size=64)
    await client.start()
    matches = [Match(f"bench-{i}") for i in range(MATCHES)]
    streams: list[asyncio.Task[None]] = []
    try:
        opened = time.perf_counter()
        await _open(client, organiser, matches)
        setup_s = time.perf_counter() - opened
        load = Load(client, matches)
        listener = await asyncpg.connect(database_url)
        await listener.add_listener("starledger", load.heard)
        streams += listen(load, matches, port)
        await asyncio.sleep(2.0)  # every stream has sent its first view
        gc.collect()  # the load's own collector pauses would count as latency: see services.heap
        gc.freeze()
        lone_ms = await load.lone(LONE)
        await load.run(WARM_UP_S)
        load.measuring, load.missed = True, 0
        measured_from_ms = int(time.time() * 1000)
        pids = {**pids, "load": os.getpid()}
        postmaster = await _postmaster(database_url)
        before = {name: _cpu_s(pid) for name, pid in pids.items()} | _usage(postmaster)
        submitted = await load.run(MEASURE_S)
        after = {name: _cpu_s(pid) for name, pid in pids.items()} | _usage(postmaster)
        load.measuring = False
        await asyncio.gather(*load.in_flight)
        await asyncio.sleep(1.0)  # the last views in flight
        await listener.close()
    finally:
        for stream in streams:
            stream.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
        await client.close()
    judged_ms, projected_ms = await _stages_ms(database_url, measured_from_ms, load.announced)
    return {
        "setup_s": round(setup_s, 1),
        "lone_p50_ms": round(percentile(lone_ms, 0.50), 1),
        "decisions_per_s": round(len(load.latencies_ms) / MEASURE_S),
        "submitted_per_s": round(submitted / MEASURE_S),
        "missed": load.missed,
        "refused": load.failures,
        "p50_ms": round(percentile(load.latencies_ms, 0.50), 1),
        "p99_ms": round(percentile(load.latencies_ms, 0.99), 1),
        "post_p50_ms": round(percentile(load.post_ms, 0.50), 1),
        "post_p99_ms": round(percentile(load.post_ms, 0.99), 1),
        "notify_to_push_p50_ms": round(percentile(load.notify_to_push_ms, 0.50), 1),
        "notify_to_push_p99_ms": round(percentile(load.notify_to_push_ms, 0.99), 1),
        **{f"cpu_{name}": round(100 * (after[name] - before[name]) / MEASURE_S) for name in after},
        "judged_p50_ms": round(percentile(judged_ms, 0.50), 1),
        "judged_p99_ms": round(percentile(judged_ms, 0.99), 1),
        "projected_p50_ms": round(percentile(projected_ms, 0.50), 1),
        "projected_p99_ms": round(percentile(projected_ms, 0.99), 1),
    }


async def _stages_ms(
    database_url: str, since_ms: int, announced: dict[tuple[str, int], tuple[float, float]]
) -> tuple[list[float], list[float]]:
    """Per decision, from the gateway's send to the rules service's ruling (the audit has
    both), and from that ruling to PostgreSQL announcing seat 0's view of it."""
    conn = await asyncpg.connect(database_url)
    try:
        rows = await conn.fetch(
            "SELECT match_id, last_seq, sent_at_ms, recorded_at_ms FROM audit"
            " WHERE sent_at_ms >= $1",
            since_ms,
        )
    finally:
        await conn.close()
    judged = [float(r["recorded_at_ms"] - r["sent_at_ms"]) for r in rows]
    projected = [
        heard[1] - r["recorded_at_ms"]
        for r in rows
        if (heard := announced.get((r["match_id"], r["last_seq"]))) is not None
    ]
    return judged, projected


async def _bench(scratch: Scratch, log_dir: Path) -> dict[str, Any]:
    settings = scratch.settings
    organiser = await prepare(settings)
    port = free_port()
    processes = {
        name: ServiceProcess(
            settings, log_dir, f"bench-gateway-{scratch.broker}-{name}", argv
        ).start()
        for name, argv in (
            ("rules", ["rules"]),
            ("projections", ["projections", "run"]),
            ("gateway", ["gateway", "--port", str(port)]),
        )
    }
    try:
        await wait_for(lambda: _answers(port), timeout=30)
        pids = {name: p.process.pid for name, p in processes.items() if p.process is not None}
        if scratch.broker_pid is not None:  # not $KAFKA_BOOTSTRAP's, which is not ours
            pids["broker"] = scratch.broker_pid
        return await _measure(port, organiser, settings.database_url, pids)
    finally:
        for process in processes.values():
            process.stop()


def _answers(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex((HOST, port)) == 0


ROWS = [
    Row("matches opened and joined in (s)", "setup_s", "{:.1f}"),
    Row(f"one decision at a time ({LONE}): POST to pushed view p50 (ms)", "lone_p50_ms", "{:.1f}"),
    Row("decisions/s submitted", "submitted_per_s"),
    Row("decisions/s pushed as views", "decisions_per_s"),
    Row("ticks with no match free", "missed"),
    Row("decisions refused", "refused"),
    Row("POST to pushed view p50 (ms)", "p50_ms", "{:.1f}", Goal("<=", GOAL_P50_MS)),
    Row("POST to pushed view p99 (ms)", "p99_ms", "{:.1f}", Goal("<=", GOAL_P99_MS)),
    Row("the POST alone p50 (ms)", "post_p50_ms", "{:.1f}"),
    Row("the POST alone p99 (ms)", "post_p99_ms", "{:.1f}"),
    Row("sent to judged p50 (ms)", "judged_p50_ms", "{:.1f}"),
    Row("sent to judged p99 (ms)", "judged_p99_ms", "{:.1f}"),
    Row("judged to view announced p50 (ms)", "projected_p50_ms", "{:.1f}"),
    Row("judged to view announced p99 (ms)", "projected_p99_ms", "{:.1f}"),
    Row("view announced to pushed p50 (ms)", "notify_to_push_p50_ms", "{:.1f}"),
    Row("view announced to pushed p99 (ms)", "notify_to_push_p99_ms", "{:.1f}"),
    *(
        Row(f"CPU % {name}", f"cpu_{name}")
        for name in ("rules", "projections", "gateway", "load", "broker", "postgres", "machine")
    ),
]


def main() -> dict[str, dict[str, Any]]:
    log_dir = Path(".run")
    log_dir.mkdir(exist_ok=True)
    # the load on uvloop, as the services: it shares the cores with the stack it measures
    figures = on_each_broker(lambda scratch: uvloop.run(_bench(scratch, log_dir)))
    print_table(
        f"gateway, {MATCHES:,} matches, {RATE:,} decisions/s for {MEASURE_S:.0f} s (CPU while "
        "measured; postgres: the whole server, machine: all cores)",
        ROWS,
        figures,
    )
    return figures


if __name__ == "__main__":
    main()
