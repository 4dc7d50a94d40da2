"""The AsyncAPI 3.0 document of every Kafka topic (`services.topics.topics`): who sends and who
receives on each, the record key, and each message's JSON Schema from the very msgspec types the
one codec reads. A decision's body is one of the platform's decisions or a game's, an entry's
one of the platform's entries or a game's events: each game's are a schema of their own
(`decisions.<game>`, `events.<game>`), from the types its ruleset declares."""

from typing import Any

import msgspec

from events.envelope import (
    PLATFORM_DECISIONS,
    PLATFORM_ENTRIES,
    DeadLetter,
    Decision,
    EntryBatch,
    OwnerFence,
)
from events.leagues.entries import LeagueRecord
from events.ruleset import load_rulesets
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
        settings.leagues_topic: Channel(
            "Leagues and tournaments, kept forever: openings, sign-ups and withdrawals (judged "
            "in log order by every fold), each round drawn and the end.",
            (LeagueRecord,),
            "gateway (openings, sign-ups, withdrawals), league worker (rounds, ends)",
            "league worker (the league read model)",
            "league_id",
        ),
    }
    return {name: known[name] for name in topics(settings)}


def _schemable(kind: type) -> type:
    """`kind`, or where a field's default is raw JSON (which a schema cannot quote), a twin
    whose default is the value that JSON holds."""
    fields = msgspec.structs.fields(kind)
    if not any(isinstance(f.default, msgspec.Raw) for f in fields):
        return kind
    twin = [
        (f.encode_name, f.type)
        if f.required
        else (f.encode_name, f.type, msgspec.json.decode(f.default))
        if isinstance(f.default, msgspec.Raw)
        else (f.encode_name, f.type, f.default)
        for f in fields
    ]
    config = kind.__struct_config__
    return msgspec.defstruct(kind.__name__, twin, tag=config.tag, tag_field=config.tag_field)


def _bodies() -> dict[str, tuple[type, ...]]:
    """The bodies a decision or an entry may have, by the schema that names them."""
    found = {"decisions.platform": PLATFORM_DECISIONS, "entries.platform": PLATFORM_ENTRIES}
    for name, ruleset in sorted(load_rulesets().items()):
        found[f"decisions.{name}"] = ruleset.decision_types
        found[f"events.{name}"] = ruleset.event_types
    return {group: tuple(map(_schemable, kinds)) for group, kinds in found.items()}


def _schemas(kinds: list[type]) -> tuple[dict[type, str], dict[str, Any]]:
    """The messages' schemas, their bodies spelled out: each message type's schema name."""
    bodies = _bodies()
    every = [*kinds, *(kind for group in bodies.values() for kind in group)]
    refs, schemas = msgspec.json.schema_components(every, ref_template=REF)
    named = {kind: ref["$ref"].rsplit("/", 1)[1] for kind, ref in zip(every, refs, strict=True)}
    for group, members in bodies.items():
        schemas[group] = {"oneOf": [{"$ref": REF.format(name=named[m])} for m in members]}

    def either(*groups: str) -> dict[str, Any]:
        return {"anyOf": [{"$ref": REF.format(name=g)} for g in bodies if g.startswith(groups)]}

    schemas[named[Decision]]["properties"]["body"] = either("decisions.")
    entry = schemas[named[EntryBatch[Any]]]["properties"]["entries"]["items"]["$ref"]
    schemas[entry.rsplit("/", 1)[1]]["properties"]["body"] = either("entries.", "events.")
    return named, schemas


def document(settings: Settings) -> dict[str, Any]:
    found = channels(settings)
    kinds = [kind for channel in found.values() for kind in channel.messages]
    named, schemas = _schemas(kinds)
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
