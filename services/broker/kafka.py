"""Apache Kafka in KRaft combined mode (broker and controller in one JVM) on 127.0.0.1, run
from the jars Maven Central serves, with its log in a folder the caller names: a restart
finds every topic and record of the last run."""

import base64
import subprocess
import uuid
from pathlib import Path
from typing import IO

from services.broker.jars import kafka_libs, kafka_version
from services.broker.process import BrokerProcess, free_port

# A modest heap and the serial collector: one small broker on a machine of 2 cores. The heap
# starts at its full size: growing it took full collections that stopped the broker for up to
# 92 ms, half a minute after its start. Each collection's pause goes to the broker's log.
JVM_OPTIONS = [
    "-Xms512m",
    "-Xmx512m",
    "-XX:+UseSerialGC",
    "-Xlog:gc",
    "-Djava.awt.headless=true",
    "-Dorg.slf4j.simpleLogger.showDateTime=true",  # slf4j-simple's lines, to the broker's log
    "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd HH:mm:ss.SSS",
]


def replication(nodes: int) -> dict[str, str]:
    """How many copies each topic keeps on `nodes` nodes, and how many must hold a write for it
    to count: three and two on a cluster, as `deploy/` runs it (and `services.topics` asks)."""
    copies = str(min(nodes, 3))
    in_sync = str(min(nodes, 2))
    return {
        "default.replication.factor": copies,
        "min.insync.replicas": in_sync,
        "offsets.topic.replication.factor": copies,
        "transaction.state.log.replication.factor": copies,
        "transaction.state.log.min.isr": in_sync,
        "share.coordinator.state.topic.replication.factor": copies,
        "share.coordinator.state.topic.min.isr": in_sync,
    }


def server_properties(node_id: int, port: int, voters: dict[int, int], log_dir: Path) -> str:
    """One node of the quorum `voters` (node id -> controller port), each broker and controller."""
    quorum = ",".join(f"{node}@127.0.0.1:{controller}" for node, controller in voters.items())
    settings = {
        "process.roles": "broker,controller",
        "node.id": str(node_id),
        "controller.quorum.voters": quorum,
        "listeners": f"PLAINTEXT://127.0.0.1:{port},CONTROLLER://127.0.0.1:{voters[node_id]}",
        "advertised.listeners": f"PLAINTEXT://127.0.0.1:{port}",
        "controller.listener.names": "CONTROLLER",
        "inter.broker.listener.name": "PLAINTEXT",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "log.dirs": str(log_dir),
        **replication(len(voters)),
        # Fewer partitions than the default 50: each costs files and start-up time.
        "offsets.topic.num.partitions": "4",
        "transaction.state.log.num.partitions": "4",
        "group.initial.rebalance.delay.ms": "0",
        "auto.create.topics.enable": "false",  # services/topics.py creates them
    }
    return "".join(f"{key}={value}\n" for key, value in settings.items())


def new_cluster_id() -> str:
    """A random Kafka Uuid in its base64 form; one starting with '-' would read as an option."""
    while True:
        cluster_id = base64.urlsafe_b64encode(uuid.uuid4().bytes).rstrip(b"=").decode()
        if not cluster_id.startswith("-"):
            return cluster_id


class KafkaBroker(BrokerProcess):
    """One node; alone by default, or one of the quorum `voters` (node id -> controller port)
    formatted with their shared `cluster_id`. Its ports stay the same across restarts."""

    keeps_log = True
    idempotent = True
    start_timeout = 90.0  # a first JVM start on a busy machine
    stop_timeout = 30.0  # a clean shutdown closes every log segment

    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        log_path: Path | None = None,
        *,
        node_id: int = 1,
        voters: dict[int, int] | None = None,
        cluster_id: str | None = None,
    ):
        super().__init__(port, log_path)
        self.data_dir = data_dir
        self.log_dir = data_dir / "log"
        self.node_id = node_id
        # A static quorum keeps no controller port on disk: a node alone takes any free one.
        self.voters = voters or {node_id: free_port()}
        self.cluster_id = cluster_id or new_cluster_id()

    def describe(self) -> str:
        return f"Apache Kafka {kafka_version()} on {self.bootstrap}, log in {self.log_dir}/"

    def _command(self, log: IO[bytes] | int) -> list[str]:
        java = ["java", *JVM_OPTIONS, "-cp", f"{kafka_libs()}/*"]
        self.data_dir.mkdir(parents=True, exist_ok=True)
        config = self.data_dir / "server.properties"
        config.write_text(server_properties(self.node_id, self.port, self.voters, self.log_dir))
        if not (self.log_dir / "meta.properties").exists():  # a new log folder
            format_storage = ["kafka.tools.StorageTool", "format", "--config", str(config)]
            subprocess.run(
                [*java, *format_storage, "--cluster-id", self.cluster_id],
                stdout=log,
                stderr=log,
                check=True,
            )
        return [*java, "kafka.Kafka", str(config)]
