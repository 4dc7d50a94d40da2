"""The whole stack's CPU a decision at BENCH_STACK_RATE (500) decisions a second on Kafka, before
and after one redaction point (issue 43), side by side.

Each side runs its own tree's stack (`services.stack.services`: rules, projections, gateway,
bots, clock, mail, and leagues where the tree has it) as processes on a Kafka and a database of
its own; before is BEFORE's tree, taken out of git into the run folder once. The load is
bench_gateway's (race-to-21 matches, seat 0 followed over SSE, each match's next decision once
its last is pushed), warmed up for BENCH_GATEWAY_WARM_UP seconds, measured over
BENCH_GATEWAY_SECONDS. A process's CPU is its own and its living children's over the window
(/proc), divided by the decisions the rules service judged in it (the audit's rows recorded
then); the load generator is apart, and so are the broker and PostgreSQL, shown beside.
BENCH_STACK_RUNS (1) runs each side that many times, in turn (0: none); BENCH_STACK_PROFILE
names services (`rules,projections`) to run under cProfile, timing CPU rather than wall time,
in a run of their own after, whose heaviest functions are printed (its CPU is not measured: the
profiler costs its own).
"""

import asyncio
import gc
import json
import os
import pstats
import subprocess
import sys
import tarfile
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg
import msgspec
import uvloop

from services import db, run_folder
from services.broker import free_port
from services.broker.process import stop_with_parent
from services.settings import Settings
from tests.bench.bench_gateway import (
    HOST,
    MATCHES,
    MEASURE_S,
    WARM_UP_S,
    Load,
    Match,
    _answers,
    _cpu_s,
    _open,
    _postmaster,
    _server_cpu_s,
    _stat,
    listen,
)
from tests.bench.http_client import Client
from tests.bench.scratch import KAFKA, Scratch, on_each_broker
from tests.bench.table import Row, print_table
from tests.support import ROOT, ServiceProcess, service_env, wait_for

BEFORE = "a998fef^1"  # the merge before one redaction point's first slices
RATE = int(os.environ.get("BENCH_STACK_RATE", 500))
RUNS = int(os.environ.get("BENCH_STACK_RUNS", 1))
PROFILED = [name for name in os.environ.get("BENCH_STACK_PROFILE", "").split(",") if name]
PROFILE_LINES = 25
SERVERS = ("broker", "postgres")  # the stack's too, but not Python: shown beside


class TreeProcess(ServiceProcess):
    """A service of the tree at `root`, under cProfile writing to `profile` if one is given."""

    def __init__(
        self, root: Path, settings: Settings, log_path: Path, argv: list[str], profile: Path | None
    ) -> None:
        super().__init__(settings, log_path.parent, log_path.stem, argv)
        self.root, self.profile = root, profile

    def start(self) -> "TreeProcess":
        profiler = ["-c", _PROFILED, str(self.profile)] if self.profile else ["-m", "services"]
        self.process = subprocess.Popen(
            [sys.executable, *profiler, *self.argv],
            env=_env(self.root, self.settings),
            cwd=self.root,
            stdout=open(self.log_path, "ab"),  # noqa: SIM115
            stderr=subprocess.STDOUT,
            preexec_fn=stop_with_parent,
        )
        return self


def _env(root: Path, settings: Settings) -> dict[str, str]:
    # the one ruleset the load plays: an older tree may lack the tests' others
    return {**service_env(settings), "PYTHONPATH": str(root), "STARLEDGER_RULESETS": RULESET}


RULESET = "tests.tiny_ruleset"


def _tree(commit: str) -> Path:
    """The tree of `commit`, taken out of git into the run folder once."""
    sha = subprocess.run(
        ["git", "rev-parse", commit], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    tree = run_folder.RUN / f"bench-tree-{sha[:12]}"
    if not tree.exists():
        unpacked = Path(tempfile.mkdtemp(dir=run_folder.RUN))
        archive = subprocess.Popen(["git", "archive", sha], cwd=ROOT, stdout=subprocess.PIPE)
        with tarfile.open(fileobj=archive.stdout, mode="r|") as tar:
            tar.extractall(unpacked, filter="data")
        if archive.wait() != 0:
            raise RuntimeError(f"git archive {sha} failed")
        unpacked.rename(tree)
    return tree


def _in_tree(root: Path, settings: Settings, code: str, *args: str) -> str:
    """What `code` prints, run by the tree at `root` with the stack's settings."""
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=root,
        env=_env(root, settings),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


# The CPU a function takes, not the wall time (the cores are shared): written as the service
# returns from its stop (the gateway's server ends its process by the signal: no profile).
_PROFILED = """import cProfile, runpy, sys, time
profile, sys.argv = sys.argv[1], [sys.argv[0], *sys.argv[2:]]
profiler = cProfile.Profile(time.process_time)
try:
    profiler.runcall(runpy.run_module, "services", run_name="__main__")
finally:
    profiler.dump_stats(profile)"""
_SERVICES = """import json, sys
from services.stack import services
print(json.dumps({s.name: s.argv[3:] for s in services(int(sys.argv[1]))}))"""
_PREPARE = """import asyncio
from services.settings import load_settings
from services.stack import prepare
print(asyncio.run(prepare(load_settings())))"""


def _tree_cpu_s(pid: int) -> float:
    """CPU seconds of a process and of its living descendants."""
    total, parents = _cpu_s(pid), {pid}
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and int(_stat(proc.name)[1]) in parents:
                total += _tree_cpu_s(int(proc.name))
        except OSError:
            continue  # gone meanwhile
    return total


async def _judged(database_url: str, from_ms: int, to_ms: int) -> int:
    conn = await asyncpg.connect(database_url)
    try:
        return await conn.fetchval(
            "SELECT count(*) FROM audit WHERE recorded_at_ms >= $1 AND recorded_at_ms < $2",
            from_ms,
            to_ms,
        )
    finally:
        await conn.close()


async def _load(
    port: int, organiser: str, settings: Settings, pids: dict[str, int]
) -> dict[str, Any]:
    """The paced load; each process's CPU seconds over the measured window, and the decisions
    judged in it."""
    client = Client(HOST, port, size=64)
    await client.start()
    matches = [Match(f"bench-{i}") for i in range(MATCHES)]
    streams: list[asyncio.Task[None]] = []
    try:
        await _open(client, organiser, matches)
        load = Load(client, matches, RATE)
        streams += listen(load, matches, port)
        await asyncio.sleep(2.0)  # every stream has sent its first view
        gc.collect()
        gc.freeze()
        await load.run(WARM_UP_S)
        postmaster = await _postmaster(settings.database_url)
        load_1min = os.getloadavg()[0]  # the other users of the cores, and this stack
        started_ms, before = int(time.time() * 1000), _usage(pids, postmaster)
        submitted = await load.run(MEASURE_S)
        after, ended_ms = _usage(pids, postmaster), int(time.time() * 1000)
        await asyncio.gather(*load.in_flight)
    finally:
        for stream in streams:
            stream.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
        await client.close()
    await asyncio.sleep(1.0)  # the last rulings in flight are recorded
    return {
        "load_1min": load_1min,
        "submitted": submitted,
        "judged": await _judged(settings.database_url, started_ms, ended_ms),
        "seconds": (ended_ms - started_ms) / 1000,
        "cpu_s": {name: after[name] - before[name] for name in after},
    }


def _usage(pids: dict[str, int], postmaster: int | None) -> dict[str, float]:
    return {name: _tree_cpu_s(pid) for name, pid in pids.items()} | {
        "postgres": _server_cpu_s(postmaster)
    }


async def _side(scratch: Scratch, root: Path, log_dir: Path, profiled: list[str]) -> dict[str, Any]:
    # A database the tree migrates itself: the scratch one holds this tree's newer schema.
    server = scratch.settings.database_url
    database_url = db.with_database(server, f"bench_stack_{uuid.uuid4().hex[:8]}")
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f'CREATE DATABASE "{urlsplit(database_url).path[1:]}"')
    finally:
        await admin.close()
    try:
        return await _stack(scratch, root, database_url, log_dir, profiled)
    finally:
        await db.drop_database(server, database_url)


async def _stack(
    scratch: Scratch, root: Path, database_url: str, log_dir: Path, profiled: list[str]
) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-stack-"))
    secret = folder / "mail-secret"
    secret.write_text("11" * 32)
    settings = msgspec.structs.replace(
        scratch.settings,
        database_url=database_url,
        mail_listen=f"{HOST}:{free_port()}",
        maildir=str(folder / "mail"),
        mail_secret_file=str(secret),
    )
    organiser = _in_tree(root, settings, _PREPARE).splitlines()[-1]
    port = free_port()
    stack = json.loads(_in_tree(root, settings, _SERVICES, str(port)))
    processes = {
        name: TreeProcess(
            root,
            settings,
            log_dir / f"{name}.log",
            argv,
            log_dir / f"{name}.prof" if name in profiled else None,
        ).start()
        for name, argv in stack.items()
    }
    try:
        await wait_for(lambda: _answers(port), timeout=60)
        pids = {name: p.process.pid for name, p in processes.items() if p.process is not None}
        if scratch.broker_pid is not None:
            pids["broker"] = scratch.broker_pid
        measured = await _load(port, organiser, settings, pids)
    finally:
        for process in processes.values():
            process.stop()
    measured["services"] = list(stack)
    measured["profiles"] = {n: p.profile for n, p in processes.items() if p.profile}
    return measured


def _figures(measured: dict[str, Any]) -> dict[str, float]:
    judged, cpu_s = measured["judged"], measured["cpu_s"]
    stack = [name for name in measured["services"] if name in cpu_s]
    found = {
        "load_1min": measured["load_1min"],
        "submitted_per_s": measured["submitted"] / measured["seconds"],
        "judged_per_s": judged / measured["seconds"],
        "stack_ms": sum(cpu_s[name] for name in stack) / judged * 1000,
        "stack_cores": sum(cpu_s[name] for name in stack) / measured["seconds"],
        "with_servers_ms": sum(cpu_s[n] for n in cpu_s if n in stack or n in SERVERS)
        / judged
        * 1000,
    }
    for name, seconds in cpu_s.items():
        found[f"ms_{name}"] = seconds / judged * 1000
    return found


def _run(side: str, root: Path, profiled: list[str]) -> dict[str, Any]:
    log_dir = run_folder.RUN / "bench-stack" / side
    log_dir.mkdir(parents=True, exist_ok=True)
    print(f"{side}: the stack of {root}, logs in {log_dir}", flush=True)
    found = on_each_broker(lambda s: uvloop.run(_side(s, root, log_dir, profiled)), (KAFKA,))
    return found[KAFKA]


def main() -> dict[str, dict[str, float]]:
    sides = {"before": _tree(BEFORE), "after": ROOT}
    figures: dict[str, dict[str, float]] = {}
    for run in range(1, RUNS + 1):
        for side, root in sides.items():
            column = side if RUNS == 1 else f"{side} {run}"
            figures[column] = _figures(_run(side, root, []))
    names = list(dict.fromkeys(k for f in figures.values() for k in f if k.startswith("ms_")))
    if figures:  # BENCH_STACK_RUNS=0: the profiles alone
        print_table(
            f"the whole stack at {RATE:,} decisions/s on Kafka for {MEASURE_S:.0f} s, {MATCHES:,} "
            f"matches: CPU ms a decision judged, before and after one redaction point ({BEFORE})",
            [
                Row("machine load (1 min) as measuring began", "load_1min", "{:.1f}"),
                Row("decisions/s submitted", "submitted_per_s"),
                Row("decisions/s judged", "judged_per_s"),
                Row("the stack: CPU ms a decision", "stack_ms", "{:.2f}"),
                Row("the stack: cores busy", "stack_cores", "{:.2f}"),
                Row(
                    "with the broker and PostgreSQL: CPU ms a decision", "with_servers_ms", "{:.2f}"
                ),
                *(Row(f"  {name[3:]}", name, "{:.3f}") for name in names),
            ],
            figures,
        )
    if PROFILED:
        for side, root in sides.items():
            measured = _run(side, root, PROFILED)
            for name, path in measured["profiles"].items():
                print(f"== {side}: {name} under cProfile, heaviest by own CPU time", flush=True)
                if not path.exists():
                    print("no profile: the process did not end through Python", flush=True)
                    continue
                pstats.Stats(str(path)).sort_stats("tottime").print_stats(PROFILE_LINES)
    return figures


if __name__ == "__main__":
    main()
