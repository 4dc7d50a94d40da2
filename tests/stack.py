"""The whole stack as real processes on the test broker and database: rules service,
projection workers, gateway and bots worker, each killable like in production; or the gateway
alone."""

import asyncio
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
    processes: dict[str, ServiceProcess] = {}  # by name, to kill and start again

    def organiser(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.organiser_token}"}

    def log_text(self, name: str) -> str:
        return (self.log_dir / f"{name}.log").read_text(errors="replace")


def _gateway(settings: Settings, log_dir: Path) -> tuple[ServiceProcess, str]:
    """A gateway process, and its base URL."""
    port = free_port()
    argv = ["gateway", "--port", str(port)]
    return ServiceProcess(settings, log_dir, "gateway", argv).start(), f"http://127.0.0.1:{port}"


async def answering(gateway: str) -> None:
    def answers() -> bool:
        try:
            return httpx.get(f"{gateway}/health", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    await wait_for(answers, timeout=60)  # a machine busy with other stacks starts slowly


@asynccontextmanager
async def running_gateway(settings: Settings, log_dir: Path) -> AsyncIterator[str]:
    """The gateway alone: enough for what needs no match to be played. Yields its URL."""
    process, gateway = _gateway(settings, log_dir)
    try:
        await answering(gateway)
        yield gateway
    finally:
        process.stop()


@asynccontextmanager
async def running_stack(
    settings: Settings, log_dir: Path, *, mail: bool = False
) -> AsyncIterator[Stack]:
    """The stack; with `mail`, the mail worker too (it listens on `settings.mail_listen`)."""
    gateway_process, gateway = _gateway(settings, log_dir)
    processes = [
        ServiceProcess(settings, log_dir, "rules", ["rules"]).start(),
        ServiceProcess(settings, log_dir, "projections", ["projections", "run"]).start(),
        gateway_process,
        ServiceProcess(settings, log_dir, "bots", ["bots"]).start(),
        ServiceProcess(settings, log_dir, "clock", ["clock"]).start(),
        ServiceProcess(settings, log_dir, "leagues", ["leagues"]).start(),
    ]
    if mail:
        processes.append(ServiceProcess(settings, log_dir, "mail", ["mail"]).start())
    pool = await db.connect(settings.database_url, size=1)
    try:
        token = await tokens.issue(pool, tokens.Bearer(kind="organiser"))
        await answering(gateway)
        yield Stack(
            settings=settings,
            gateway=gateway,
            organiser_token=token,
            log_dir=log_dir,
            processes={Path(p.log_path).stem: p for p in processes},
        )
    finally:
        await pool.close()
        for process in processes:
            process.resume()  # a paused process hears no request to stop
        # All at once, and off the loop: the tests' own servers (the mail relay) live on it,
        # and a worker finishing a send to one of them must be answered to stop.
        await asyncio.gather(*(asyncio.to_thread(process.stop) for process in processes))
