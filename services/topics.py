"""The topics, created idempotently at start-up and checked when they exist already."""

import asyncio
import time
from contextlib import suppress

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import (
    CoordinatorLoadInProgressError,
    GroupCoordinatorNotAvailableError,
    TopicAlreadyExistsError,
)

from events.platform_rules import MAX_DECISION_BYTES
from services.settings import Settings
from services.topic_check import check_topics

# Between a client's retries of a broker it cannot reach: a broker that is gone costs a line
# of log a second per connection, not hundreds, and one that is back is found within a second.
RETRY_BACKOFF_MS = 1000
# The largest match-log record: one decision's `EntryBatch` (its ruling keeps what was asked,
# up to MAX_DECISION_BYTES, and a `match.say` what it was read as, beside the events `decide`
# and `react` made); the rules service's producer sends nothing larger.
MAX_RECORD_BYTES = 64 * MAX_DECISION_BYTES  # 4 MiB
# A decision past MAX_DECISION_BYTES from a producer other than the gateway still reaches the
# rules service, which records its refusal (SL-1); the broker refuses one past this outright.
MAX_DECISION_RECORD_BYTES = 16 * MAX_DECISION_BYTES  # 1 MiB
BATCH_OVERHEAD = 1024  # a record batch's header and a record's framing, with room to spare
COORDINATOR_WAIT_S = 60.0  # a new broker making its consumer offsets topic


async def ensure_topics(settings: Settings) -> None:
    """`decisions` and `match-log` share the partition count so a match sits on the same
    partition number in both; the match-log keeps everything. Raises
    `topic_check.UnfitTopics` over a topic that differs where it cannot be healed. Returns once
    the broker's consumer groups have a coordinator."""
    wanted = [
        NewTopic(
            name, count, settings.replication_factor, topic_configs=topic_configs(settings, name)
        )
        for name, count in topics(settings).items()
    ]
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        missing = [topic for topic in wanted if topic.name not in existing]
        for topic in missing:
            with suppress(TopicAlreadyExistsError):  # created meanwhile by another process
                await admin.create_topics([topic])
        await check_topics(admin, wanted)
        await await_group_coordinator(admin)
    finally:
        await admin.close()


async def await_group_coordinator(admin: AIOKafkaAdminClient) -> None:
    """A new broker makes its consumer offsets topic at the first lookup of a group's
    coordinator and answers "not available" until it is ready: wait for that here, so no
    service's first join logs the failure (aiokafka's own line, at ERROR)."""
    deadline = time.monotonic() + COORDINATOR_WAIT_S
    while True:
        try:
            await admin.find_coordinator("starledger")
            return
        except (GroupCoordinatorNotAvailableError, CoordinatorLoadInProgressError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


def topics(settings: Settings) -> dict[str, int]:
    """Every topic the project uses, with its partition count (`services.asyncapi` documents
    each)."""
    return {
        settings.decisions_topic: settings.partitions,
        settings.match_log_topic: settings.partitions,
        settings.dead_letter_topic: 1,
        # A few records a player and a round: one partition keeps every league in one order.
        settings.leagues_topic: 1,
    }


def topic_configs(settings: Settings, name: str) -> dict[str, str]:
    """What each topic is created with: the match-log and dead letters keep everything; every
    topic takes records as large as its producers send; with replicas, a write counts once
    two hold it (producers ask acks=all)."""
    largest = MAX_DECISION_RECORD_BYTES if name == settings.decisions_topic else MAX_RECORD_BYTES
    configs = {"max.message.bytes": str(largest + BATCH_OVERHEAD)}
    if name != settings.decisions_topic:
        # Named, not left to the broker: compaction would keep only a match's latest record.
        configs |= {"retention.ms": "-1", "retention.bytes": "-1", "cleanup.policy": "delete"}
    if settings.replication_factor >= 3:
        configs["min.insync.replicas"] = "2"
    return configs
