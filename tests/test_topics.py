"""Topics that exist already when the stack starts: settings that keep or take too little are
healed and logged, a partition count that differs refuses the start, fitting topics are left
as they are. On a new broker the start also waits for its consumer groups' coordinator."""

import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
from structlog.testing import capture_logs

from services.broker import KafkaBroker, TansuBroker
from services.broker.jars import kafka_runs_here
from services.settings import Settings
from services.topic_check import UnfitTopics
from services.topics import ensure_topics, topic_configs, topics
from tests.conftest import Broker, _main_broker_is_tansu
from tests.support import ROOT, service_env

# What an operator might have made the match-log with: it forgets after a minute or a
# megabyte, keeps a match's latest record only, takes 1000-byte records, and rolls its
# segments hourly.
SHORT_LIVED = {
    "retention.ms": "60000",
    "retention.bytes": "1000000",
    "max.message.bytes": "1000",
    "segment.ms": "3600000",
    "cleanup.policy": "compact",
}


def _settings(broker: Broker) -> Settings:
    return Settings(
        kafka_bootstrap=broker.bootstrap, partitions=4, namespace=f"t{uuid.uuid4().hex[:8]}-"
    )


@pytest.fixture
async def admin(broker: Broker) -> AsyncIterator[AIOKafkaAdminClient]:
    client = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap)
    await client.start()
    yield client
    await client.close()


async def _described(admin: AIOKafkaAdminClient, topic: str) -> dict[str, str]:
    [response] = await admin.describe_configs([ConfigResource(ConfigResourceType.TOPIC, topic)])
    [resource] = response.to_object()["resources"]
    return {entry["config_names"]: entry["config_value"] for entry in resource["config_entries"]}


@pytest.mark.skipif(_main_broker_is_tansu(), reason="Tansu cannot change a topic's settings")
async def test_a_match_log_that_keeps_too_little_is_healed_on_start(
    broker: Broker, admin: AIOKafkaAdminClient
) -> None:
    settings = _settings(broker)
    topic = settings.match_log_topic
    await admin.create_topics([NewTopic(topic, 4, 1, topic_configs=SHORT_LIVED)])

    with capture_logs() as logs:
        await ensure_topics(settings)

    wanted = topic_configs(settings, topic)
    found = await _described(admin, topic)
    assert found["retention.ms"] == found["retention.bytes"] == "-1"
    assert found["cleanup.policy"] == "delete"
    assert found["max.message.bytes"] == wanted["max.message.bytes"]
    assert found["segment.ms"] == "3600000"  # the topic's own other settings stay
    healed = {(e["topic"], e["setting"]): (e["old"], e["new"]) for e in logs}
    assert healed == {
        (topic, name): (SHORT_LIVED[name], wanted[name])
        for name in ("retention.ms", "retention.bytes", "cleanup.policy", "max.message.bytes")
    }


async def test_a_match_log_with_another_partition_count_refuses_the_start_changing_nothing(
    broker: Broker, admin: AIOKafkaAdminClient
) -> None:
    settings = _settings(broker)
    topic = settings.match_log_topic
    await admin.create_topics([NewTopic(topic, 3, 1, topic_configs=SHORT_LIVED)])

    with pytest.raises(UnfitTopics, match=f"{topic}: partitions is 3, must be 4"):
        await ensure_topics(settings)
    # a rules service started on its own says so in one line, and stops
    started = subprocess.run(
        [sys.executable, "-m", "services", "rules"],
        env=service_env(settings),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert started.returncode == 1
    assert started.stderr.startswith("not starting: ") and "Traceback" not in started.stderr
    assert f"{topic}: partitions is 3, must be 4" in started.stderr

    assert (await _described(admin, topic))["retention.ms"] == "60000"


@pytest.mark.tansu_too
async def test_a_start_on_fitting_topics_changes_nothing(
    broker: Broker, admin: AIOKafkaAdminClient
) -> None:
    settings = _settings(broker)
    await ensure_topics(settings)
    before = {topic: await _described(admin, topic) for topic in topics(settings)}

    with capture_logs() as logs:
        await ensure_topics(settings)

    assert logs == []
    assert {topic: await _described(admin, topic) for topic in topics(settings)} == before


async def test_tansu_which_cannot_heal_a_setting_refuses_the_start_saying_so(
    tansu_broker: Broker,
) -> None:
    settings = _settings(tansu_broker)
    topic = settings.match_log_topic
    admin = AIOKafkaAdminClient(bootstrap_servers=tansu_broker.bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(topic, 4, 1, topic_configs=SHORT_LIVED)])
    finally:
        await admin.close()

    with pytest.raises(UnfitTopics) as refused:
        await ensure_topics(settings)

    assert (
        f"{topic}: retention.ms is 60000, must be -1"
        " (healing it failed: the broker cannot change a topic's settings)"
    ) in str(refused.value)


async def test_on_a_new_broker_the_group_coordinator_answers_once_the_topics_are_made(
    tmp_path: Path,
) -> None:
    # A new Kafka answers its first coordinator lookup "not available" while it makes its
    # offsets topic; each service's first join would log that failure at ERROR.
    with KafkaBroker(tmp_path) if kafka_runs_here() else TansuBroker() as new:
        await ensure_topics(Settings(kafka_bootstrap=new.bootstrap, partitions=4))
        client = AIOKafkaAdminClient(bootstrap_servers=new.bootstrap)
        await client.start()
        try:
            assert await client.find_coordinator("a-service-group") >= 0  # raises if not ready
        finally:
            await client.close()
