"""The whole stack as real processes on the test broker and database: rules service,
projection workers, gateway and bots worker, each killable like in production."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import msgspec

from services import db
from services.broker import free_port
from services.gateway import tokens
from services.settings import Settings
from tests.support import ServiceProcess, wait_for


class Stack(msgspec.Struct):
    settings: Settings
    gateway: str  # base URL
    organiser_token: str
    log_dir: Path

    def organiser(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.organiser_token}"}

    def log_text(self, name: str) -> str:
        return (self.log_dir / f"{name}.log").read_text(errors="replace")


@asynccontextmanager
async def running_stack(settings: Settings, log_dir: Path) -> AsyncIterator[Stack]:
    port = free_port()
    processes = [
        ServiceProcess(settings, log_dir, "rules", ["rules"]).start(),
        ServiceProcess(settings, log_dir, "projections", ["projections", "run"]).start(),
        ServiceProcess(settings, log_dir, "gateway", ["gateway", "--port", str(port)]).start(),
        ServiceProcess(settings, log_dir, "bots", ["bots"]).start(),
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
            process.stop()
