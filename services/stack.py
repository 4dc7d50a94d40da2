"""`starledger up`: the whole stack on one machine, as processes, until Ctrl-C.

Starts the Tansu broker (unless $KAFKA_BOOTSTRAP names one), checks PostgreSQL, creates
topics, applies migrations, then runs each service as its own process, restarting any
that dies. Every log goes to `.run/logs/`.
"""

import asyncio
import os
import signal
import subprocess
import sys
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from services import db
from services.broker import LocalBroker
from services.settings import Settings, load_settings
from services.topics import ensure_topics

LOGS = Path(".run/logs")
RESTART_AFTER_S = 2.0


@dataclass
class Service:
    name: str
    argv: list[str]
    process: subprocess.Popen[bytes] | None = None
    started_at: float = field(default=0.0)

    def start(self, env: dict[str, str]) -> None:
        log = open(LOGS / f"{self.name}.log", "ab")  # noqa: SIM115
        self.process = subprocess.Popen(self.argv, env=env, stdout=log, stderr=log)
        self.started_at = time.monotonic()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def services() -> list[Service]:
    python = sys.executable
    return [
        Service("rules", [python, "-m", "services.rules"]),
    ]


async def _prepare(settings: Settings) -> None:
    try:
        pool = await db.connect(settings.database_url, size=1)
    except (OSError, asyncpg.PostgresError) as error:
        raise SystemExit(f"PostgreSQL at {settings.database_url} does not answer ({error}); "
                         "start one or set DATABASE_URL") from None
    try:
        await db.migrate(pool)
    finally:
        await pool.close()
    await ensure_topics(settings)


def _wait_for_stop(running: list[Service], env: dict[str, str]) -> None:
    stop_signals = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
    while signal.sigtimedwait(stop_signals, 1.0) is None:
        for service in running:
            if service.process is not None and service.process.poll() is not None:
                code = service.process.returncode
                if time.monotonic() - service.started_at > RESTART_AFTER_S:
                    print(f"{service.name} exited ({code}); restarting; see "
                          f"{LOGS / service.name}.log", flush=True)
                    service.start(env)


def up() -> int:
    LOGS.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        bootstrap = os.environ.get("KAFKA_BOOTSTRAP")
        if not bootstrap:
            broker = stack.enter_context(LocalBroker(port=9092, log_path=LOGS / "broker.log"))
            bootstrap = broker.bootstrap
            print(f"broker: Tansu on {bootstrap} (memory only: Ctrl-C forgets every match)")
        settings = load_settings(kafka_bootstrap=bootstrap)
        asyncio.run(_prepare(settings))
        env = {**os.environ, "KAFKA_BOOTSTRAP": bootstrap, "STARLEDGER_LOG_FORMAT": "json"}
        running = services()
        for service in running:
            service.start(env)
            stack.callback(service.stop)
        print(f"running: {', '.join(s.name for s in running)}; logs in {LOGS}/")
        print("Ctrl-C stops everything.", flush=True)
        _wait_for_stop(running, env)
        print("stopping…", flush=True)
    return 0
