"""Topics that exist already, checked at start-up against what the stack would create: what
can change without losing or moving a record is healed, anything else refuses the start."""

import asyncio
import time
from collections.abc import Iterable
from typing import Any

import msgspec
import structlog
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
from aiokafka.errors import IncompatibleBrokerVersion

log = structlog.get_logger("topics")

TOPIC_CONFIG_SOURCE = 1  # a described setting's source when it was set on the topic itself
# Where more than the stack needs loses nothing: larger records, more replicas in sync.
AT_LEAST = {"max.message.bytes", "min.insync.replicas"}


class UnfitTopics(RuntimeError):
    """A topic differs where healing it could lose or move records; the message says which."""


class Setting(msgspec.Struct, frozen=True):
    value: str | None
    own: bool  # set on the topic, not inherited from the broker


async def check_topics(admin: AIOKafkaAdminClient, wanted: list[NewTopic]) -> None:
    """Refuses a partition count or replication factor that differs (the count places each
    match, so changing it moves matches); heals settings that keep or take less than needed."""
    layouts = await _layouts(admin, [topic.name for topic in wanted])
    if problems := [p for topic in wanted for p in _layout_problems(topic, layouts[topic.name])]:
        raise UnfitTopics(_refusal(problems))
    described = await _described(admin, [topic.name for topic in wanted])
    for topic in wanted:
        if topic.name in described:
            await _heal(admin, topic, described[topic.name])


async def _layouts(admin: AIOKafkaAdminClient, names: list[str]) -> dict[str, list[Any]]:
    """Each topic's partitions, once the broker describes every topic: Kafka finishes a
    creation after it answers, and a client started before then would find no partitions."""
    deadline = time.monotonic() + 30
    while True:
        described = await admin.describe_topics(names)
        found = {t["topic"]: t["partitions"] for t in described if t["error_code"] == 0}
        if len(found) == len(names):
            return found
        if time.monotonic() > deadline:
            raise RuntimeError(f"the broker does not describe every topic: {sorted(found)}")
        await asyncio.sleep(0.05)


def _layout_problems(topic: NewTopic, partitions: list[Any]) -> list[str]:
    problems = []
    if len(partitions) != topic.num_partitions:
        problems.append(
            f"{topic.name}: partitions is {len(partitions)}, must be {topic.num_partitions}"
            " (partitions decide where each match's records live: the stack never changes them)"
        )
    copies = sorted({len(partition["replicas"]) for partition in partitions})
    if copies != [topic.replication_factor]:
        problems.append(
            f"{topic.name}: replication factor is {'/'.join(map(str, copies))}, must be"
            f" {topic.replication_factor} (STARLEDGER_REPLICATION_FACTOR says how many copies;"
            " Kafka's partition reassignment changes a topic's)"
        )
    return problems


async def _described(admin: AIOKafkaAdminClient, names: list[str]) -> dict[str, dict[str, Setting]]:
    """Every setting of each topic the broker describes; all, not those named: Tansu drops the
    connection of a request that names some."""
    resources = [ConfigResource(ConfigResourceType.TOPIC, name) for name in names]
    try:
        responses = await admin.describe_configs(resources)
    except IncompatibleBrokerVersion:
        log.warning("topic settings not checked", topics=names, reason="the broker cannot say")
        return {}
    found: dict[str, dict[str, Setting]] = {}
    for resource in (r for response in responses for r in response.to_object()["resources"]):
        if resource["error_code"]:
            log.warning(
                "topic settings not checked",
                topic=resource["resource_name"],
                reason=resource["error_message"],
            )
            continue
        found[resource["resource_name"]] = {
            entry["config_names"]: Setting(
                entry["config_value"], entry["config_source"] == TOPIC_CONFIG_SOURCE
            )
            for entry in resource["config_entries"]
        }
    return found


async def _heal(admin: AIOKafkaAdminClient, topic: NewTopic, found: dict[str, Setting]) -> None:
    wanted: dict[str, str] = topic.topic_configs
    if unchecked := [name for name in wanted if name not in found]:
        log.warning(
            "topic settings not checked",
            topic=topic.name,
            settings=unchecked,
            reason="the broker does not describe them",
        )
    healed = {
        name: value
        for name, value in wanted.items()
        if name in found and not _enough(name, found[name].value, value)
    }
    if not healed:
        return
    # AlterConfigs sets a topic's whole own settings: one left out returns to the broker's default.
    own = {name: s.value for name, s in found.items() if s.own and s.value is not None}
    resource = ConfigResource(ConfigResourceType.TOPIC, topic.name, own | healed)
    try:
        [response] = await admin.alter_configs([resource])
        [answer] = response.to_object()["resources"]
        refused = answer["error_message"] if answer["error_code"] else None
    except IncompatibleBrokerVersion:
        refused = "the broker cannot change a topic's settings"
    if refused:
        raise UnfitTopics(
            _refusal(
                f"{topic.name}: {name} is {found[name].value}, must be {_bound(name)}{value}"
                f" (healing it failed: {refused})"
                for name, value in healed.items()
            )
        )
    for name, value in healed.items():
        log.warning(
            "topic setting healed", topic=topic.name, setting=name, old=found[name].value, new=value
        )


def _enough(name: str, found: str | None, wanted: str) -> bool:
    if name in AT_LEAST:
        return found is not None and int(found) >= int(wanted)
    return found == wanted


def _bound(name: str) -> str:
    return "at least " if name in AT_LEAST else ""


def _refusal(problems: Iterable[str]) -> str:
    return "the broker's topics are not what the stack needs:\n  " + "\n  ".join(problems)
