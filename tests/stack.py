"""The whole stack as real processes on the test broker and database: rules service,
projection workers, gateway and bots worker, each killable like in production."""

import os
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import msgspec

from services import db
from services.broker import free_port
from services.gateway import tokens
from services.settings import Settings
from tests.support import ROOT, wait_for


class Stack(msgspec.Struct):
    settings: Settings
    gateway: str  # base URL
    organiser_token: str
    log_dir: Path

    def organiser(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.organiser_token}"}

    def log_text(self, name: str) -> str:
        return (self.log_dir / f"{name}.log").read_text(errors="replace")


def stack_env(settings: Settings) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "KAFKA_BOOTSTRAP": settings.kafka_bootstrap,
        "DATABASE_URL": settings.database_url,
        "STARLEDGER_NAMESPACE": settings.namespace,
        "STARLEDGER_PARTITIONS": str(settings.partitions),
        "STARLEDGER_SESSION_TIMEOUT_MS": str(settings.session_timeout_ms),
        "STARLEDGER_LOG_FORMAT": "json",
    }


@asynccontextmanager
async def running_stack(settings: Settings, log_dir: Path) -> AsyncIterator[Stack]:
    port = free_port()
    commands = {
        "rules": ["rules"],
        "projections": ["projections", "run"],
        "gateway": ["gateway", "--port", str(port)],
        "bots": ["bots"],
    }
    env = stack_env(settings)
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "services", *argv],
            env=env,
            cwd=ROOT,
            stdout=open(log_dir / f"{name}.log", "ab"),  # noqa: SIM115
            stderr=subprocess.STDOUT,
        )
        for name, argv in commands.items()
    ]
    pool = await db.connect(settings.database_url, size=1)
    try:
        token = await tokens.issue(pool, tokens.Holder(kind="organiser"))
        gateway = f"http://127.0.0.1:{port}"

        def answers() -> bool:
            try:
                return httpx.get(f"{gateway}/health", timeout=1).status_code == 200
            except httpx.HTTPError:
                return False

        await wait_for(answers, timeout=30)
        yield Stack(settings=settings, gateway=gateway, organiser_token=token, log_dir=log_dir)
    finally:
        await pool.close()
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
