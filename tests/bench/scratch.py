"""The brokers a bench runs on, one after the other: Apache Kafka, then Tansu, each started for
the bench (only the one $KAFKA_BOOTSTRAP names, when set; only those $BENCH_BROKERS names,
as `kafka` or `tansu,kafka`, when set), each with a database of its own on $DATABASE_URL's
server (else on a server the bench starts, kept in the run folder), dropped at the end."""

import asyncio
import os
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import NamedTuple, TypeVar

import msgspec

from services import db, run_folder
from services.broker import BrokerProcess, KafkaBroker, TansuBroker
from services.broker.jars import kafka_runs_here
from services.embedded_db import server_url
from services.settings import Settings, load_settings

KAFKA, TANSU = "Kafka", "Tansu"
BROKERS = (KAFKA, TANSU)
PARTITIONS = 12  # of each topic a bench makes, as the stack's
T = TypeVar("T")


class Scratch(NamedTuple):
    broker: str  # KAFKA or TANSU
    settings: Settings
    broker_pid: int | None  # None for $KAFKA_BOOTSTRAP's broker, which is not the bench's


def on_each_broker(run: Callable[[Scratch], T], brokers: tuple[str, ...] = BROKERS) -> dict[str, T]:
    """What `run` returns on each of `brokers` in turn, by broker; one it cannot use is
    skipped with a line saying why."""
    found: dict[str, T] = {}
    # Not a temporary folder: the server's own exit handler makes its lock folder there again.
    server = server_url(run_folder.RUN / "bench-pgdata")
    for broker in brokers:
        if (why := _unavailable(broker)) is not None:
            print(f"{broker}: skipped, {why}", flush=True)
            continue
        with _scratch(broker, server) as scratch:
            found[broker] = run(scratch)
    return found


def _unavailable(broker: str) -> str | None:
    chosen = os.environ.get("BENCH_BROKERS")
    if chosen is not None and broker.lower() not in chosen.lower().split(","):
        return "not in $BENCH_BROKERS"
    if "KAFKA_BOOTSTRAP" in os.environ:
        # Tansu's stack turns the idempotent producer off, Kafka's keeps it (`Settings`).
        named = KAFKA if load_settings().idempotent_producer else TANSU
        return None if broker == named else f"$KAFKA_BOOTSTRAP names a {named} broker"
    if broker == KAFKA and not kafka_runs_here():
        return "no Java 17+ here to run Apache Kafka"
    return None


def _own_broker(broker: str, stack: ExitStack) -> BrokerProcess:
    if broker == TANSU:
        return stack.enter_context(TansuBroker())
    log_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-kafka-")))
    return stack.enter_context(KafkaBroker(log_dir))


@contextmanager
def _scratch(broker: str, server: str) -> Iterator[Scratch]:
    with ExitStack() as stack:
        settings, pid = load_settings(), None
        if "KAFKA_BOOTSTRAP" not in os.environ:
            own = _own_broker(broker, stack)
            settings = msgspec.structs.replace(
                settings, kafka_bootstrap=own.bootstrap, idempotent_producer=own.idempotent
            )
            pid = own.pid
        url = asyncio.run(db.create_database(server, "starledger_bench"))
        try:
            yield Scratch(
                broker,
                msgspec.structs.replace(
                    settings,
                    database_url=url,
                    partitions=PARTITIONS,
                    namespace=f"bench{uuid.uuid4().hex[:6]}-",
                    log_format="json",
                ),
                pid,
            )
        finally:
            asyncio.run(db.drop_database(server, url))
