"""The AsyncAPI 3.0 document of every Kafka topic (`services.topics.topics`): who sends and who
receives on each, the record key, and each message's JSON Schema from the very msgspec types the
one codec reads. A game's decision and event bodies are its own (`events/ruleset.py`), so the
document leaves them open."""

from typing import Any

import msgspec

from events.envelope import DeadLetter, Decision, EntryBatch, OwnerFence
from services.settings import Settings
from services.topics import topic_configs, topics

REF = "#/components/schemas/{name}"


class Channel(msgspec.Struct, frozen=True):
    description: str
    messages: tuple[type, ...]
    sent_by: str
    read_by: str
    key: str


def channels(settings: Settings) -> dict[str, Channel]:
    """Each topic's channel, by the topic's name; a topic without one fails here."""
    known = {
        settings.decisions_topic: Channel(
            "What players, bots, the clock and organisers ask for, judged in order per match.",
            (Decision,),
            "gateway, bots worker, clock service, mail worker",
            "rules service (one consumer group; the owner of a partition judges its matches)",
            "match_id",
        ),
        settings.match_log_topic: Channel(
            "The match log, kept forever: each decision's entries in one record, and each new "
            "owner's fence.",
            (EntryBatch[Any], OwnerFence),
            "rules service (the owner of the partition alone)",
            "projection worker, rules service (catch-up), `log restore`",
            "match_id",
        ),
        settings.dead_letter_topic: Channel(
            "Decisions no match can answer for, with the reason, kept for an operator.",
            (DeadLetter,),
            "rules service",
            "operators",
            "match_id, or none",
        ),
    }
    return {name: known[name] for name in topics(settings)}


def document(settings: Settings) -> dict[str, Any]:
    found = channels(settings)
    kinds = [kind for channel in found.values() for kind in channel.messages]
    refs, schemas = msgspec.json.schema_components(kinds, ref_template=REF)
    named = {kind: ref["$ref"].rsplit("/", 1)[1] for kind, ref in zip(kinds, refs, strict=True)}
    doc_channels, operations, messages = {}, {}, {}
    for topic, channel in found.items():
        base = topic.removeprefix(settings.namespace)
        names = [named[kind] for kind in channel.messages]
        doc_channels[base] = {
            "address": topic,
            "description": channel.description,
            "messages": {n: {"$ref": f"#/components/messages/{n}"} for n in names},
            "bindings": {
                "kafka": {
                    "partitions": topics(settings)[topic],
                    "replicas": settings.replication_factor,
                    "topicConfiguration": {
                        k.replace(".", "_"): v for k, v in topic_configs(settings, topic).items()
                    },
                }
            },
        }
        for action, who in (("send", channel.sent_by), ("receive", channel.read_by)):
            operations[f"{action}-{base}"] = {
                "action": action,
                "channel": {"$ref": f"#/channels/{base}"},
                "description": who,
            }
        for name in names:
            messages[name] = {
                "name": name,
                "contentType": "application/json",
                "payload": {"$ref": REF.format(name=name)},
                "bindings": {"kafka": {"key": {"type": "string", "description": channel.key}}},
            }
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Starledger topics",
            "version": "1.0.0",
            "description": "Every Kafka topic of a Starledger stack and the records on it.",
        },
        "servers": {"kafka": {"host": settings.kafka_bootstrap, "protocol": "kafka"}},
        "channels": doc_channels,
        "operations": operations,
        "components": {"messages": messages, "schemas": schemas},
    }
