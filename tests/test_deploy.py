"""`deploy/` runs what the tests prove: the Kafka version the local stack resolves, three KRaft
brokers with the replication settings of the cluster `tests/test_kafka_cluster.py` kills a
broker of (three copies of each topic, two in sync), PostgreSQL and every service."""

from pathlib import Path
from typing import Any

import yaml

from services.broker.jars import kafka_version
from services.broker.kafka import replication
from services.settings import Settings
from services.stack import services
from services.topics import topic_configs

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"
SERVICES = {service.name for service in services(8000)}  # every one `starledger up` runs


def _as_environment(properties: dict[str, str]) -> dict[str, str]:
    """Broker properties as the apache/kafka image reads them from its environment."""
    return {f"KAFKA_{key.upper().replace('.', '_')}": value for key, value in properties.items()}


def _k8s() -> list[dict[str, Any]]:
    kustomization = yaml.safe_load((DEPLOY / "k8s" / "kustomization.yaml").read_text())
    return [
        document
        for name in kustomization["resources"]
        for document in yaml.safe_load_all((DEPLOY / "k8s" / name).read_text())
    ]


def test_compose_runs_three_brokers_of_the_tested_version_postgres_and_every_service() -> None:
    services = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    brokers = {name: s for name, s in services.items() if name.startswith("kafka")}
    assert {s["image"] for s in brokers.values()} == {f"apache/kafka:{kafka_version()}"}
    assert sorted(s["environment"]["KAFKA_NODE_ID"] for s in brokers.values()) == [1, 2, 3]
    for broker in brokers.values():
        env = broker["environment"]
        tested = _as_environment(replication(len(brokers)))
        assert {name: str(env.get(name)) for name in tested} == tested
        assert env["KAFKA_CONTROLLER_QUORUM_VOTERS"].count("@") == 3
    assert {"postgres", *SERVICES} <= services.keys()
    for name in SERVICES:
        env = services[name]["environment"]
        assert env["STARLEDGER_REPLICATION_FACTOR"] == "3"
        assert set(env["KAFKA_BOOTSTRAP"].split(",")) == {f"{b}:9092" for b in brokers}


def test_kubernetes_runs_the_same() -> None:
    documents = _k8s()
    by_name = {(d["kind"], d["metadata"]["name"]): d for d in documents}
    kafka = by_name["StatefulSet", "kafka"]
    assert kafka["spec"]["replicas"] == 3
    [container] = kafka["spec"]["template"]["spec"]["containers"]
    assert container["image"] == f"apache/kafka:{kafka_version()}"
    env = {e["name"]: e.get("value") for e in container["env"]}
    tested = _as_environment(replication(kafka["spec"]["replicas"]))
    assert {name: env.get(name) for name in tested} == tested
    assert ("StatefulSet", "postgres") in by_name
    assert {name for kind, name in by_name if kind == "Deployment"} == SERVICES
    config = by_name["ConfigMap", "starledger"]["data"]
    assert config["STARLEDGER_REPLICATION_FACTOR"] == "3"
    assert len(config["KAFKA_BOOTSTRAP"].split(",")) == 3


def test_topics_on_a_cluster_count_a_write_once_two_copies_hold_it() -> None:
    settings = Settings(replication_factor=3)
    for topic in (settings.decisions_topic, settings.match_log_topic, settings.dead_letter_topic):
        assert topic_configs(settings, topic)["min.insync.replicas"] == "2"
    assert "min.insync.replicas" not in topic_configs(Settings(), Settings().match_log_topic)
