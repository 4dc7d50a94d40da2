"""`starledger up`: the whole stack on one machine, as processes, until Ctrl-C (or
`starledger down`).

Starts its own broker (unless $KAFKA_BOOTSTRAP names one): Apache Kafka with its log in
`.run/kafka/` where Java 17+ runs, else Tansu in memory. Then checks PostgreSQL, creates
topics, applies migrations, restores the match-log from the read models when the broker holds
none of it (or refuses to start when it cannot), then runs each service as its own process,
restarting any that dies. Every log goes to `.run/logs/`.
"""

import asyncio
import os
import signal
import subprocess
import sys
import time
from contextlib import ExitStack
from dataclasses import dataclass, field

import httpx
import msgspec

from events.ruleset import default_game, get_ruleset
from services import db, restore
from services.broker import local_broker
from services.embedded_db import server_url
from services.gateway import tokens
from services.leagues import read_model as league_read_model
from services.mail.outbox import sender
from services.run_folder import (
    DATABASE_URL,
    KAFKA_DATA,
    LOGS,
    ORGANISER_TOKEN,
    PGDATA,
    PID_FILE,
    write_private,
)
from services.settings import Settings, load_settings
from services.topic_check import UnfitTopics
from services.topics import ensure_topics

GATEWAY_PORT = 8000
RESTART_AFTER_S = 2.0
DEMO = """
A {game} match is open: seat 0 is yours, {bots}.
  join it:    .venv/bin/starledger match join {match_id} --seat 0 --player you
  play it:    .venv/bin/starledger play {match_id}
  watch it:   .venv/bin/starledger match show {match_id}
  or in a browser: {gateway}/web/ (the lobby: join seat 0 there, watch, replay; organise
  and open matches there with the organiser token)
API: {gateway}/schema (OpenAPI); organiser token in {token_file}
Ctrl-C stops everything."""


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


def services(gateway_port: int) -> list[Service]:
    starledger = [sys.executable, "-m", "services"]
    return [
        Service("rules", [*starledger, "rules"]),
        Service("projections", [*starledger, "projections", "run"]),
        Service("gateway", [*starledger, "gateway", "--port", str(gateway_port)]),
        Service("bots", [*starledger, "bots"]),
        Service("clock", [*starledger, "clock"]),
        Service("leagues", [*starledger, "leagues"]),
        Service("mail", [*starledger, "mail"]),
    ]


def _database_url() -> str:
    if url := os.environ.get("DATABASE_URL"):
        return url
    print(f"database: PostgreSQL of the stack's own, data in {PGDATA}/", flush=True)
    url = server_url(PGDATA)
    DATABASE_URL.write_text(url)
    return url


async def prepare(settings: Settings, kept: str | None = None) -> str:
    """Migrations and topics, and the match-log restored from the read models if the broker
    holds none of it while they hold matches (Tansu after every restart, a Kafka whose data
    folder is gone), and the leagues topic likewise before any service may write to it;
    raises `restore.CannotRestore` rather than serve without it. Returns the
    organiser token `kept` if it is one still, else a new one (so each start adds no token to
    those that open matches)."""
    pool = await db.connect(settings.database_url, size=1)
    try:
        await db.migrate(pool)
        await ensure_topics(settings)
        if await restore.needed(settings, pool):
            print("the broker holds no match-log: restoring it from PostgreSQL…", flush=True)
            print(f"{(await restore.restore(settings, pool)).describe(settings.match_log_topic)}")
        if restored := await league_read_model.restore(settings, pool):
            print(f"the broker held no league: {restored} league records written back", flush=True)
        bearer = await tokens.bearer_of(pool, kept) if kept else None
        if bearer is None or bearer.kind != "organiser":
            kept = await tokens.issue(pool, tokens.Bearer(kind="organiser"))
    finally:
        await pool.close()
    return kept


def open_demo_match(gateway: str, token: str, timeout: float = 30.0) -> str:
    """A match of the default game, one free human seat against bots (three seats where the
    game allows), opened through the gateway like any match; what to tell the user of it."""
    game = get_ruleset(default_game())
    seats = max(game.min_seats, min(3, game.max_seats))
    level = "greedy" if "greedy" in game.bots else list(game.bots)[-1]
    bots = [{"seat": seat, "bot": level} for seat in range(1, seats)]
    deadline = time.monotonic() + timeout
    while True:
        try:
            reply = httpx.post(
                f"{gateway}/matches",
                headers={"authorization": f"Bearer {token}"},
                json={"game": game.name, "seats": seats, "bots": bots},
            )
            reply.raise_for_status()
            match_id = reply.json()["match_id"]
            break
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)
    while not _joinable(gateway, match_id, seats - 1):  # announced once a join would find it
        if time.monotonic() > deadline:
            raise TimeoutError(f"the demo match {match_id} did not reach the lobby in {timeout} s")
        time.sleep(0.2)
    told = f"seat 1 is a {level} bot" if seats == 2 else f"seats 1 and 2 are {level} bots"
    return DEMO.format(
        game=game.name,
        bots=told,
        gateway=gateway,
        match_id=match_id,
        token_file=ORGANISER_TOKEN,
    )


def _joinable(gateway: str, match_id: str, bots: int) -> bool:
    reply = httpx.get(f"{gateway}/matches/{match_id}")
    seated = reply.json()["players"][1:] if reply.status_code == 200 else []
    return len([p for p in seated if p is not None]) == bots


def _running_stack() -> int | None:
    """The process of a stack `up` runs from this run folder, if one still runs."""
    try:
        pid = int(PID_FILE.read_text())
        os.kill(pid, 0)
    except (FileNotFoundError, ValueError, ProcessLookupError):
        return None
    return pid


def _wait_for_stop(running: list[Service], env: dict[str, str]) -> None:
    stop_signals = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
    while signal.sigtimedwait(stop_signals, 1.0) is None:
        for service in running:
            if service.process is not None and service.process.poll() is not None:
                code = service.process.returncode
                if time.monotonic() - service.started_at > RESTART_AFTER_S:
                    print(
                        f"{service.name} exited ({code}); restarting; see "
                        f"{LOGS / service.name}.log",
                        flush=True,
                    )
                    service.start(env)


def down() -> int:
    """Stop the stack `up` started (in another terminal)."""
    if (pid := _running_stack()) is None:
        print("no stack is running")
        return 1
    os.kill(pid, signal.SIGTERM)
    print(f"stopping the stack (process {pid})")
    return 0


def up() -> int:
    if (pid := _running_stack()) is not None:
        print(f"a stack already runs from {PID_FILE.parent} (process {pid}); `starledger down`")
        return 1
    LOGS.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        PID_FILE.write_text(str(os.getpid()))
        stack.callback(PID_FILE.unlink, missing_ok=True)
        settings = load_settings(database_url=_database_url())
        if "KAFKA_BOOTSTRAP" not in os.environ:
            broker = local_broker(KAFKA_DATA, port=9092, log_path=LOGS / "broker.log")
            stack.enter_context(broker)
            print(f"broker: {broker.describe()}", flush=True)
            settings = msgspec.structs.replace(
                settings, kafka_bootstrap=broker.bootstrap, idempotent_producer=broker.idempotent
            )
        stack.callback(DATABASE_URL.unlink, missing_ok=True)
        kept = ORGANISER_TOKEN.read_text().strip() if ORGANISER_TOKEN.is_file() else None
        try:
            token = asyncio.run(prepare(settings, kept=kept))
        except restore.CannotRestore as error:
            print(f"not starting: the broker holds no match-log to serve, and {error}", flush=True)
            return 1
        except UnfitTopics as error:
            print(f"not starting: {error}", flush=True)
            return 1
        write_private(ORGANISER_TOKEN, token)
        env = {
            **os.environ,
            "KAFKA_BOOTSTRAP": settings.kafka_bootstrap,
            "DATABASE_URL": settings.database_url,
            "STARLEDGER_IDEMPOTENT_PRODUCER": str(settings.idempotent_producer).lower(),
            "STARLEDGER_LOG_FORMAT": "json",
            "STARLEDGER_PUBLIC_URL": settings.public_url or f"http://127.0.0.1:{GATEWAY_PORT}",
        }
        running = services(GATEWAY_PORT)
        for service in running:
            service.start(env)
            stack.callback(service.stop)
        gateway = f"http://127.0.0.1:{GATEWAY_PORT}"
        print(f"running: {', '.join(s.name for s in running)}; logs in {LOGS}/")
        print(f"mail: {sender(settings)[1]}; orders by mail to smtp://{settings.mail_listen}")
        print(open_demo_match(gateway, token), flush=True)
        _wait_for_stop(running, env)
        print("stopping…", flush=True)
    return 0
