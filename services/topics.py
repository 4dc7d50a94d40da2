"""The topics, created idempotently at start-up."""

from contextlib import suppress

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import TopicAlreadyExistsError

from services.settings import Settings


async def ensure_topics(settings: Settings) -> None:
    """`decisions` and `match-log` share the partition count so a match sits on the same
    partition number in both; the match-log keeps everything."""
    keep_forever = {"retention.ms": "-1", "retention.bytes": "-1"}
    wanted = [
        NewTopic(settings.decisions_topic, settings.partitions, 1),
        NewTopic(settings.match_log_topic, settings.partitions, 1, topic_configs=keep_forever),
        NewTopic(settings.dead_letter_topic, 1, 1, topic_configs=keep_forever),
    ]
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        missing = [topic for topic in wanted if topic.name not in existing]
        for topic in missing:
            with suppress(TopicAlreadyExistsError):  # created meanwhile by another process
                await admin.create_topics([topic])
        await _check_partitions(admin, settings)
    finally:
        await admin.close()


async def _check_partitions(admin: AIOKafkaAdminClient, settings: Settings) -> None:
    described = await admin.describe_topics([settings.decisions_topic, settings.match_log_topic])
    counts = {t["topic"]: len(t["partitions"]) for t in described}
    if len(set(counts.values())) != 1:
        raise RuntimeError(f"decisions and match-log must have equal partition counts: {counts}")
