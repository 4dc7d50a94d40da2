"""The topics, created idempotently at start-up."""

import asyncio
import time
from contextlib import suppress

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import TopicAlreadyExistsError

from services.settings import Settings

# Between a client's retries of a broker it cannot reach: a broker that is gone costs a line
# of log a second per connection, not hundreds, and one that is back is found within a second.
RETRY_BACKOFF_MS = 1000


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
    """Waits until the broker describes every topic: Kafka finishes a creation after it
    answers, and a client started before then would find no partitions."""
    names = [settings.decisions_topic, settings.match_log_topic, settings.dead_letter_topic]
    deadline = time.monotonic() + 30
    while True:
        described = await admin.describe_topics(names)
        counts = {t["topic"]: len(t["partitions"]) for t in described if t["error_code"] == 0}
        if len(counts) == len(names):
            break
        if time.monotonic() > deadline:
            raise RuntimeError(f"the broker does not describe every topic: {counts}")
        await asyncio.sleep(0.05)
    if counts[settings.decisions_topic] != counts[settings.match_log_topic]:
        raise RuntimeError(f"decisions and match-log must have equal partition counts: {counts}")
